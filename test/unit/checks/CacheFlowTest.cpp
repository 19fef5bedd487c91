//===- CacheFlowTest.cpp - Can anyone observe a cache after a call? -------===//
//
// Unit tests of the flow rule (CacheFlow.h): isCacheUnobservedAfter on the
// one `h->to_legacy_cache()` round trip in a function `subject`, with h
// rooted at a local variable, following the header's four steps:
//
//  1. aliases: copies, pointer casts, elements, fields, GenerateKwargs
//     holding the cache and model outputs join the set, and reading any of
//     them after the call counts;
//  2. escapes: the address taken, a reference bound, a call to other code,
//     a lambda capture, a return, a raw pointer; roots that are parameters,
//     globals or static locals;
//  3. origin: every value an alias is given must be fresh, empty or an alias;
//  4. flow: on every CFG path from the call (loop back edges included) each
//     alias is redefined before it is read; other references in the same
//     full-expression and a call inside a try block count as reads.
//
// Also the pieces around it: cacheAccessRoot, toLegacyCacheHandle, and
// isHandleReuseSafe for handles rooted at a temporary (CacheOrigin.h).
// The snippets use the reference library's real headers, as the checks'
// lit tests do (test/clang-tidy/legacy-cache-to-legacy-flow.cpp).
//
//===----------------------------------------------------------------------===//

#include "CacheFlow.h"
#include "ASTTestUtil.h"
#include "CacheHandleReuse.h"
#include "CacheOrigin.h"
#include "LocalParentMap.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "gtest/gtest.h"
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {
namespace {

constexpr llvm::StringLiteral Prelude = R"cpp(
#include <transformers/transformers.h>
#include <memory>
#include <utility>
#include <vector>

using transformers::Cache;
using transformers::DynamicCache;
using transformers::GenerateKwargs;
using transformers::LlamaForCausalLM;
using transformers::TokenIds;

void print(const TokenIds &);
void remember(std::shared_ptr<Cache>);
void inspect(const GenerateKwargs &);
std::shared_ptr<Cache> shared_cache();
bool more();
std::shared_ptr<Cache> global_cache;
)cpp";

/// What the flow rule says about a snippet.
enum class Verdict {
  /// Nothing can observe the cache after the round trip: `h` may replace it.
  Unobserved,
  /// Something may observe it: the round trip is kept.
  Observed,
  /// The snippet is not what the test meant (no single round trip on a
  /// handle rooted at a variable).
  Invalid,
};

void PrintTo(Verdict V, std::ostream *OS) {
  *OS << (V == Verdict::Unobserved ? "Unobserved"
          : V == Verdict::Observed ? "Observed"
                                   : "Invalid");
}

/// The SinkTypes option's default. One per translation unit: a TypeNames
/// keeps its resolution for an ASTContext's address, which the next parse
/// may reuse (TypeNames::forget).
TypeNames sinkTypes() { return TypeNames({"::transformers::PastKeyValues"}); }

/// The one round trip in a function of a parsed snippet.
struct RoundTrip {
  const FunctionDecl *Function = nullptr;
  const CXXMemberCallExpr *Call = nullptr;
  const Expr *Handle = nullptr;
};

/// The one to_legacy_cache() call in the function \p Name of \p Ctx, and its
/// handle; a test failure when there is not exactly one.
RoundTrip findRoundTrip(ASTContext &Ctx, llvm::StringRef Name = "subject") {
  RoundTrip R;
  R.Function = test::findFirst<FunctionDecl>(
      Ctx, functionDecl(hasName(Name), isDefinition()));
  if (!R.Function) {
    ADD_FAILURE() << "no function " << Name.str();
    return R;
  }
  // Within the body only (no parent map of the whole TU); an initializer
  // list is visited in both its forms: count each call once.
  llvm::SmallPtrSet<const CXXMemberCallExpr *, 2> Calls;
  for (const BoundNodes &N :
       match(findAll(cxxMemberCallExpr(
                         callee(cxxMethodDecl(hasName("to_legacy_cache"))))
                         .bind("call")),
             *R.Function->getBody(), Ctx))
    Calls.insert(N.getNodeAs<CXXMemberCallExpr>("call"));
  if (Calls.size() != 1) {
    ADD_FAILURE() << "expected one to_legacy_cache() call in " << Name.str()
                  << ", found " << Calls.size();
    return R;
  }
  R.Call = *Calls.begin();
  R.Handle = toLegacyCacheHandle(R.Call);
  if (!R.Handle)
    ADD_FAILURE() << "the round trip is not on a cache handle";
  return R;
}

/// \p Code after the prelude, parsed (C++17 unless \p ExtraArgs say).
std::unique_ptr<ASTUnit>
parseWithPrelude(llvm::StringRef Code,
                 const std::vector<std::string> &ExtraArgs = {}) {
  return test::parseCode((Prelude + Code).str(), ExtraArgs);
}

/// isCacheUnobservedAfter for the round trip in `subject` of \p Code.
Verdict flowOf(llvm::StringRef Code,
               const std::vector<std::string> &ExtraArgs = {}) {
  std::unique_ptr<ASTUnit> AST = parseWithPrelude(Code, ExtraArgs);
  if (!AST)
    return Verdict::Invalid;
  ASTContext &Ctx = AST->getASTContext();
  RoundTrip R = findRoundTrip(Ctx);
  if (!R.Handle)
    return Verdict::Invalid;
  const auto *Root = dyn_cast<DeclRefExpr>(cacheAccessRoot(R.Handle));
  const auto *Var = Root ? dyn_cast<VarDecl>(Root->getDecl()) : nullptr;
  if (!Var) {
    ADD_FAILURE() << "the handle is not rooted at a variable";
    return Verdict::Invalid;
  }
  TypeNames Sinks = sinkTypes();
  CacheOrigin Origin(Sinks);
  LocalParentMap Parents(Ctx);
  bool Unobserved = isCacheUnobservedAfter(R.Call, R.Handle, Var, *R.Function,
                                           Origin, Parents);
  // The check asks through isHandleReuseSafe: it must say the same.
  LocalParentMap Fresh(Ctx);
  EXPECT_EQ(isHandleReuseSafe(R.Call, R.Handle, Sinks, Fresh), Unobserved);
  return Unobserved ? Verdict::Unobserved : Verdict::Observed;
}

/// isHandleReuseSafe for the round trip in `subject` of \p Code, whatever
/// its handle is rooted at.
Verdict reuseOf(llvm::StringRef Code) {
  std::unique_ptr<ASTUnit> AST = parseWithPrelude(Code);
  if (!AST)
    return Verdict::Invalid;
  RoundTrip R = findRoundTrip(AST->getASTContext());
  if (!R.Handle)
    return Verdict::Invalid;
  LocalParentMap Parents(AST->getASTContext());
  TypeNames Sinks = sinkTypes();
  return isHandleReuseSafe(R.Call, R.Handle, Sinks, Parents)
             ? Verdict::Unobserved
             : Verdict::Observed;
}

// Nothing observes the cache after the call.

TEST(CacheFlowTest, NothingAfterTheCall) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, ReadsBeforeTheCallOnly) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      (void)cache->get_seq_length();
      model.forward(ids, cache);
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, AnotherFieldReadAfterwards) {
  // `sequences` holds no cache.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto out = model.generate(ids);
      model.forward(ids, out.past_key_values->to_legacy_cache());
      print(out.sequences);
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, ElementOfAContainer) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      std::vector<std::shared_ptr<Cache>> caches;
      caches.push_back(model.forward(ids).past_key_values);
      if (!caches.empty())
        model.forward(ids, caches[0]->to_legacy_cache());
      (void)caches.size();
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, PointerCast) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto out = model.forward(ids);
      auto dynamic =
          std::dynamic_pointer_cast<DynamicCache>(out.past_key_values);
      if (dynamic)
        model.forward(ids, dynamic->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, FreshOrigins) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids,
                 const transformers::LegacyCache &legacy) {
      auto cache = DynamicCache::from_legacy_cache(legacy);
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      std::shared_ptr<Cache> cache;
      cache = model.forward(ids).past_key_values;
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, HandedToAnEarlierCallInKwargs) {
  // The output of the call, and a named GenerateKwargs, hold the cache:
  // aliases, not escapes. `sequences` holds no cache.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto out = model.generate(ids, {}, {.past_key_values = cache});
      model.forward(ids, cache->to_legacy_cache());
      print(out.sequences);
    })cpp",
                   {"-std=c++20"}),
            Verdict::Unobserved);
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const transformers::MambaForCausalLM &model,
                 const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      GenerateKwargs kwargs{.cache_params = cache};
      model.generate(ids, {}, kwargs);
      model.forward(ids, cache->to_legacy_cache());
    })cpp",
                   {"-std=c++20"}),
            Verdict::Unobserved);
  // C++17: braced, a functional cast, a copy of a named one.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.generate(ids, {}, {cache});
      model.generate(ids, {}, GenerateKwargs{cache});
      GenerateKwargs kwargs = {cache, nullptr};
      GenerateKwargs copy = kwargs;
      model.generate(ids, {}, std::move(copy));
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
  // Given by a field assignment.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      GenerateKwargs kwargs;
      kwargs.past_key_values = cache;
      model.generate(ids, {}, kwargs);
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

// Redefinitions.

TEST(CacheFlowTest, RedefinedBeforeRead) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      cache = std::make_shared<DynamicCache>();
      (void)cache->get_seq_length();
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, RedefinedOnEveryBranchBeforeRead) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      if (more())
        cache = std::make_shared<DynamicCache>();
      else
        cache = nullptr;
      (void)cache->get_seq_length();
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, RedefinedOnOneBranchOnly) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      if (more())
        cache = std::make_shared<DynamicCache>();
      (void)cache->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, RedefinedByTheCallsOwnStatementInALoop) {
  // `out` is assigned before it is read again: the old cache is dead.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto out = model.generate(ids);
      for (int turn = 0; turn < 3; ++turn) {
        out = model.generate(ids, {}, {out.past_key_values->to_legacy_cache()});
        print(out.sequences);
      }
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, DeclaredAgainInTheNextIteration) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      while (more()) {
        auto cache = std::make_shared<DynamicCache>();
        model.forward(ids, cache->to_legacy_cache());
      }
    })cpp"),
            Verdict::Unobserved);
}

TEST(CacheFlowTest, RedefinedAtTheTopOfTheLoop) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      std::shared_ptr<DynamicCache> cache;
      while (more()) {
        cache = std::make_shared<DynamicCache>();
        model.forward(ids, cache->to_legacy_cache());
      }
    })cpp"),
            Verdict::Unobserved);
}

// Reads after the call.

TEST(CacheFlowTest, ReadAfterTheCall) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      (void)cache->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadOnOneBranch) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids,
                 bool verbose) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      if (verbose)
        (void)cache->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ComparedAfterTheCall) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      if (cache)
        print(ids);
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadThroughACopy) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto out = model.forward(ids);
      auto copy = out.past_key_values;
      model.forward(ids, out.past_key_values->to_legacy_cache());
      (void)copy->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadThroughACopyAssignedLater) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      std::shared_ptr<Cache> copy;
      copy = cache;
      model.forward(ids, cache->to_legacy_cache());
      (void)copy->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadThroughAPointerCast) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto base = std::static_pointer_cast<Cache>(cache);
      model.forward(ids, cache->to_legacy_cache());
      (void)base->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadThroughAModelOutput) {
  // The library returns the cache it was passed.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto first = model.forward(ids, cache);
      model.forward(ids, cache->to_legacy_cache());
      (void)first.past_key_values->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadThroughKwargs) {
  // Passed again.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      GenerateKwargs kwargs{.past_key_values = cache};
      model.generate(ids, {}, kwargs);
      model.forward(ids, cache->to_legacy_cache());
      model.generate(ids, {}, kwargs);
    })cpp",
                   {"-std=c++20"}),
            Verdict::Observed);
  // Its field read.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      GenerateKwargs kwargs{cache};
      model.forward(ids, cache->to_legacy_cache());
      model.forward(ids, kwargs.past_key_values);
    })cpp"),
            Verdict::Observed);
  // A copy of it, given by a field assignment.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      GenerateKwargs kwargs;
      kwargs.past_key_values = cache;
      GenerateKwargs copy = kwargs;
      model.forward(ids, cache->to_legacy_cache());
      model.generate(ids, {}, copy);
    })cpp"),
            Verdict::Observed);
  // The output of the call it was given to.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto out = model.generate(ids, {}, GenerateKwargs{cache});
      model.forward(ids, cache->to_legacy_cache());
      (void)out.past_key_values->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadThroughAContainer) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      std::vector<std::shared_ptr<Cache>> caches;
      caches.push_back(cache);
      model.forward(ids, cache->to_legacy_cache());
      (void)caches.front()->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadInTheSameFullExpression) {
  // The order against the call is unspecified.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      int64_t n = model.forward(ids, cache->to_legacy_cache()).logits.size(0) +
                  cache->get_seq_length();
      (void)n;
    })cpp"),
            Verdict::Observed);
}

// Loops.

TEST(CacheFlowTest, ReadAgainInTheNextIteration) {
  // The call reads `cache` itself, on the back edge.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      for (int i = 0; i < 2; ++i)
        model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadAtTheTopOfTheLoopBeforeTheRedefinition) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      std::shared_ptr<DynamicCache> cache;
      while (more()) {
        if (cache)
          print(ids);
        cache = std::make_shared<DynamicCache>();
        model.forward(ids, cache->to_legacy_cache());
      }
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReadAfterTheLoop) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      std::shared_ptr<DynamicCache> cache;
      while (more()) {
        cache = std::make_shared<DynamicCache>();
        model.forward(ids, cache->to_legacy_cache());
      }
      (void)cache->get_seq_length();
    })cpp"),
            Verdict::Observed);
}

// Exceptions.

TEST(CacheFlowTest, InsideATryBlock) {
  // Even with no read anywhere: the CFG has no edges to the handler.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      try {
        model.forward(ids, cache->to_legacy_cache());
      } catch (...) {
      }
    })cpp"),
            Verdict::Observed);
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      try {
        model.forward(ids, cache->to_legacy_cache());
      } catch (...) {
        (void)cache->get_seq_length();
      }
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, TryBlockBeforeTheCall) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      try {
        print(ids);
      } catch (...) {
      }
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

// Escapes: somewhere the analysis cannot see.

TEST(CacheFlowTest, PassedToOtherCode) {
  // Before the call: the callee may have kept it.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      remember(cache);
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, KwargsPassedToOtherCode) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      GenerateKwargs kwargs{cache};
      inspect(kwargs);
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, AddressTaken) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      std::shared_ptr<DynamicCache> *where = &cache;
      model.forward(ids, cache->to_legacy_cache());
      (void)where;
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, ReferenceBound) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto &ref = cache;
      model.forward(ids, cache->to_legacy_cache());
      (void)ref;
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, CapturedByALambda) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto length = [cache] { return cache->get_seq_length(); };
      model.forward(ids, cache->to_legacy_cache());
      (void)length;
    })cpp"),
            Verdict::Observed);
  // Captured by reference, implicitly, and never called.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      auto length = [&] { return cache->get_seq_length(); };
      model.forward(ids, cache->to_legacy_cache());
      (void)length;
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, Returned) {
  EXPECT_EQ(flowOf(R"cpp(
    std::shared_ptr<DynamicCache> subject(const LlamaForCausalLM &model,
                                          const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      return cache;
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, RawPointerTaken) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = std::make_shared<DynamicCache>();
      DynamicCache *raw = cache.get();
      model.forward(ids, cache->to_legacy_cache());
      (void)raw;
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, RootsTheAnalysisDoesNotOwn) {
  // A parameter.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids,
                 std::shared_ptr<Cache> cache) {
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
  // A global.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      model.forward(ids, global_cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
  // A static local.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      static auto cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

// Origin: every value an alias is given.

TEST(CacheFlowTest, UnknownOrigin) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto cache = shared_cache();
      model.forward(ids, cache->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, UnknownOriginAssignedAnywhere) {
  // Even after the call, as a redefinition.
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      std::shared_ptr<Cache> cache = std::make_shared<DynamicCache>();
      model.forward(ids, cache->to_legacy_cache());
      cache = shared_cache();
    })cpp"),
            Verdict::Observed);
}

TEST(CacheFlowTest, OutputOfAModelGivenAnUnknownCache) {
  EXPECT_EQ(flowOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      auto out = model.forward(ids, shared_cache());
      model.forward(ids, out.past_key_values->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

// cacheAccessRoot and toLegacyCacheHandle.

TEST(CacheAccessRootTest, ThroughAccessesToTheVariable) {
  struct Case {
    const char *Handle;
    const char *Root;
  };
  const Case Cases[] = {
      {"cache", "cache"},
      {"(cache)", "cache"},
      {"out.past_key_values", "out"},
      {"caches[0]", "caches"},
      {"caches.front()", "caches"},
      {"std::dynamic_pointer_cast<DynamicCache>(cache)", "cache"},
      {"std::move(cache)", "cache"},
      {"std::move(outs[1].past_key_values)", "outs"},
      {"caches.at(0)", "caches"},
  };
  // One function per case, in one translation unit.
  std::string Code;
  for (size_t I = 0; I < std::size(Cases); ++I)
    Code += "void subject" + std::to_string(I) + R"cpp(
        (const LlamaForCausalLM &model, const TokenIds &ids,
         std::shared_ptr<Cache> cache,
         std::vector<std::shared_ptr<Cache>> caches,
         transformers::CausalLMOutput out,
         std::vector<transformers::CausalLMOutput> outs) {
      model.forward(ids, )cpp" +
            Cases[I].Handle + "->to_legacy_cache());\n}\n";
  std::unique_ptr<ASTUnit> AST = parseWithPrelude(Code);
  ASSERT_TRUE(AST);
  for (size_t I = 0; I < std::size(Cases); ++I) {
    SCOPED_TRACE(Cases[I].Handle);
    RoundTrip R =
        findRoundTrip(AST->getASTContext(), "subject" + std::to_string(I));
    ASSERT_TRUE(R.Handle);
    const auto *Root = dyn_cast<DeclRefExpr>(cacheAccessRoot(R.Handle));
    ASSERT_TRUE(Root);
    EXPECT_EQ(Root->getDecl()->getName().str(), Cases[I].Root);
  }
}

constexpr llvm::StringLiteral RoundTripShapes = R"cpp(
void temporary(const LlamaForCausalLM &model, const TokenIds &ids) {
  model.forward(ids, model.forward(ids).past_key_values->to_legacy_cache());
}
void arrow(const LlamaForCausalLM &model, const TokenIds &ids,
           std::shared_ptr<DynamicCache> cache) {
  model.forward(ids, cache->to_legacy_cache());
}
void star(const LlamaForCausalLM &model, const TokenIds &ids,
          std::shared_ptr<DynamicCache> cache) {
  model.forward(ids, (*cache).to_legacy_cache());
}
void on_a_reference(const LlamaForCausalLM &model, const TokenIds &ids,
                    const Cache &cache) {
  model.forward(ids, cache.to_legacy_cache());
}
void on_a_raw_pointer(const LlamaForCausalLM &model, const TokenIds &ids,
                      const Cache *raw) {
  model.forward(ids, raw->to_legacy_cache());
}
)cpp";

TEST(CacheAccessRootTest, ATemporaryIsItsOwnRoot) {
  std::unique_ptr<ASTUnit> AST = parseWithPrelude(RoundTripShapes);
  ASSERT_TRUE(AST);
  RoundTrip R = findRoundTrip(AST->getASTContext(), "temporary");
  ASSERT_TRUE(R.Handle);
  EXPECT_TRUE(CacheOrigin::isModelCall(cacheAccessRoot(R.Handle)));
}

TEST(ToLegacyCacheHandleTest, ArrowAndStarOnAHandle) {
  std::unique_ptr<ASTUnit> AST = parseWithPrelude(RoundTripShapes);
  ASSERT_TRUE(AST);
  for (const char *Name : {"arrow", "star"}) {
    SCOPED_TRACE(Name);
    RoundTrip R = findRoundTrip(AST->getASTContext(), Name);
    ASSERT_TRUE(R.Handle);
    const auto *Handle = dyn_cast<DeclRefExpr>(R.Handle->IgnoreParenImpCasts());
    ASSERT_TRUE(Handle);
    EXPECT_EQ(Handle->getDecl()->getName(), "cache");
  }
}

TEST(ToLegacyCacheHandleTest, NotOnAHandle) {
  std::unique_ptr<ASTUnit> AST = parseWithPrelude(RoundTripShapes);
  ASSERT_TRUE(AST);
  for (const char *Name : {"on_a_reference", "on_a_raw_pointer"}) {
    SCOPED_TRACE(Name);
    const auto *Call = test::findFirst<CXXMemberCallExpr>(
        AST->getASTContext(),
        cxxMemberCallExpr(callee(cxxMethodDecl(hasName("to_legacy_cache"))),
                          hasAncestor(functionDecl(hasName(Name)))));
    ASSERT_TRUE(Call);
    EXPECT_EQ(toLegacyCacheHandle(Call), nullptr);
  }
}

// Handles rooted at a temporary: its origin decides (CacheOrigin.h).

TEST(HandleReuseTest, FreshTemporaries) {
  EXPECT_EQ(reuseOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      model.forward(ids, model.forward(ids).past_key_values->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
  EXPECT_EQ(reuseOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      model.forward(ids, std::make_shared<DynamicCache>()->to_legacy_cache());
    })cpp"),
            Verdict::Unobserved);
}

TEST(HandleReuseTest, SharedTemporaries) {
  EXPECT_EQ(reuseOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids) {
      model.forward(ids, shared_cache()->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
  // A model output holds the cache it was given: not fresh.
  EXPECT_EQ(reuseOf(R"cpp(
    void subject(const LlamaForCausalLM &model, const TokenIds &ids,
                 std::shared_ptr<Cache> cache) {
      model.forward(
          ids, model.forward(ids, cache).past_key_values->to_legacy_cache());
    })cpp"),
            Verdict::Observed);
}

} // namespace
} // namespace transformers_tidy
