//===- DecayCopiedArgumentTest.cpp - Arguments stored for a later call ----===//
//
// Unit tests of DecayCopiedArgument.h: which std facilities store their
// arguments for a later call, and which parameter of the callable a stored
// argument reaches (callable kinds, std::async's launch policy, a member
// function pointer's object, std::jthread's stop_token, the reference kinds
// a converted temporary binds to). The snippets declare stand-ins with the
// standard's signatures in namespace std.
//
//===----------------------------------------------------------------------===//

#include "DecayCopiedArgument.h"
#include "ASTTestUtil.h"
#include "ForwardedArgument.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {
namespace {

constexpr llvm::StringLiteral StandIns = R"cpp(
namespace std {
enum class launch { async = 1, deferred = 2 };
class stop_token {};
template <class F, class... A> int bind(F &&, A &&...) { return 0; }
template <class F, class... A> int bind_front(F &&, A &&...) { return 0; }
template <class F, class... A> int async(F &&, A &&...) { return 0; }
template <class F, class... A> int async(launch, F &&, A &&...) { return 0; }
struct thread {
  template <class F, class... A> explicit thread(F &&, A &&...) {}
};
struct jthread {
  template <class F, class... A> explicit jthread(F &&, A &&...) {}
};
namespace placeholders {
struct Placeholder {};
inline Placeholder _1;
} // namespace placeholders
} // namespace std
struct Legacy {};
struct Sink {
  Sink(const Legacy &);
};
)cpp";

/// What decayCopyTarget() says about the argument `legacy` of the std
/// call in function `subject`: "none", or "<facility> <callable> <param>".
std::string targetOf(llvm::StringRef Snippet) {
  std::string Code = (StandIns + Snippet).str();
  std::unique_ptr<ASTUnit> AST = test::parseCode(Code, {"-std=c++20"});
  if (!AST)
    return "does not compile";
  ASTContext &Ctx = AST->getASTContext();
  auto InSubject = hasAncestor(functionDecl(hasName("subject")));
  auto StdClass = cxxRecordDecl(hasAnyName("::std::thread", "::std::jthread"));
  const Expr *Call = test::findFirst<Expr>(
      Ctx,
      expr(InSubject,
           anyOf(callExpr(callee(functionDecl(hasAnyName(
                     "::std::bind", "::std::bind_front", "::std::async")))),
                 cxxConstructExpr(
                     hasDeclaration(cxxConstructorDecl(ofClass(StdClass)))))));
  if (!Call)
    return "no call";
  if (!storesArgumentsForLaterCall(calleeOf(Call)))
    return "not a facility";
  llvm::SmallVector<const Expr *, 4> Args = parameterArguments(Call);
  TypeNames Sinks({"::Sink"});
  for (unsigned I = 0; I < Args.size(); ++I) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Args[I]->IgnoreParenImpCasts());
    if (!Ref || Ref->getDecl()->getName() != "legacy")
      continue;
    std::optional<DecayCopyTarget> T = decayCopyTarget(Call, I, Sinks);
    if (!T)
      return "none";
    return T->Facility + " " + T->CallableName + " " +
           (T->ParameterName.empty() ? "-" : T->ParameterName);
  }
  return "no legacy argument";
}

TEST(DecayCopiedArgumentTest, BindToAFunction) {
  EXPECT_EQ(targetOf(R"cpp(
    int run(int model, Sink past);
    void subject(const Legacy &legacy) { std::bind(run, 1, legacy); })cpp"),
            "std::bind 'run' past");
}

TEST(DecayCopiedArgumentTest, PlaceholderTakesAPosition) {
  EXPECT_EQ(targetOf(R"cpp(
    int run(int model, int ids, const Sink &cache);
    void subject(const Legacy &legacy) {
      std::bind(&run, std::placeholders::_1, 2, legacy);
    })cpp"),
            "std::bind 'run' cache");
}

TEST(DecayCopiedArgumentTest, AsyncWithAndWithoutPolicy) {
  EXPECT_EQ(targetOf(R"cpp(
    int run(int model, Sink past);
    void subject(const Legacy &legacy) {
      std::async(std::launch::async, run, 1, legacy);
    })cpp"),
            "std::async 'run' past");
  EXPECT_EQ(targetOf(R"cpp(
    int run(Sink past);
    void subject(const Legacy &legacy) { std::async(run, legacy); })cpp"),
            "std::async 'run' past");
}

TEST(DecayCopiedArgumentTest, MemberFunctionPointerTakesTheObjectFirst) {
  EXPECT_EQ(targetOf(R"cpp(
    struct Session { int resume(Sink past); };
    void subject(const Legacy &legacy, Session *s) {
      std::thread t(&Session::resume, s, legacy);
    })cpp"),
            "std::thread 'resume' past");
  // The legacy value as the object: not a parameter.
  EXPECT_EQ(targetOf(R"cpp(
    struct Session { int resume(Sink past); };
    void subject(const Legacy &legacy) {
      std::thread t(&Session::resume, legacy, legacy);
    })cpp"),
            "none");
}

TEST(DecayCopiedArgumentTest, JthreadPassesAStopTokenFirst) {
  EXPECT_EQ(targetOf(R"cpp(
    void run(std::stop_token, int model, Sink past);
    void subject(const Legacy &legacy) { std::jthread t(run, 1, legacy); })cpp"),
            "std::jthread 'run' past");
  EXPECT_EQ(targetOf(R"cpp(
    void run(int model, Sink past);
    void subject(const Legacy &legacy) { std::jthread t(run, 1, legacy); })cpp"),
            "std::jthread 'run' past");
}

TEST(DecayCopiedArgumentTest, LambdasAndFunctors) {
  EXPECT_EQ(targetOf(R"cpp(
    void subject(const Legacy &legacy) {
      std::bind_front([](Sink p) { return 0; }, legacy);
    })cpp"),
            "std::bind_front the lambda p");
  EXPECT_EQ(targetOf(R"cpp(
    struct Resume { int operator()(Sink past) const; };
    void subject(const Legacy &legacy) { std::thread t(Resume{}, legacy); })cpp"),
            "std::thread 'Resume' past");
  // Which operator() is called depends on the stored types: unknown.
  EXPECT_EQ(targetOf(R"cpp(
    struct Both {
      int operator()(Sink past) const;
      int operator()(const Legacy &past) const;
    };
    void subject(const Legacy &legacy) { std::thread t(Both{}, legacy); })cpp"),
            "none");
  EXPECT_EQ(targetOf(R"cpp(
    void subject(const Legacy &legacy) {
      std::async([](const auto &p) { return 0; }, legacy);
    })cpp"),
            "none");
}

TEST(DecayCopiedArgumentTest, FunctionPointerVariable) {
  EXPECT_EQ(targetOf(R"cpp(
    void subject(const Legacy &legacy, int (*run)(Sink)) {
      std::async(run, legacy);
    })cpp"),
            "std::async the callable -");
}

TEST(DecayCopiedArgumentTest, ParameterKinds) {
  // A converted temporary binds to `const&` and `&&`, never to `&`.
  EXPECT_EQ(targetOf(R"cpp(
    int run(Sink &&past);
    void subject(const Legacy &legacy) { std::thread t(run, legacy); })cpp"),
            "std::thread 'run' past");
  EXPECT_EQ(targetOf(R"cpp(
    int run(Sink &past);
    void subject(const Legacy &legacy) { std::bind(run, legacy); })cpp"),
            "none");
  // Not a sink type.
  EXPECT_EQ(targetOf(R"cpp(
    int run(const Legacy &past);
    void subject(const Legacy &legacy) { std::thread t(run, legacy); })cpp"),
            "none");
  // Beyond the parameters: a C variadic tail.
  EXPECT_EQ(targetOf(R"cpp(
    int run(int, ...);
    void subject(const Legacy &legacy) { std::thread t(run, 1, legacy); })cpp"),
            "none");
}

TEST(DecayCopiedArgumentTest, OnlyTheStdFacilities) {
  EXPECT_EQ(targetOf(R"cpp(
    namespace mine {
    template <class F, class... A> int bind(F &&, A &&...);
    }
    int run(Sink past);
    void subject(const Legacy &legacy) {
      mine::bind(run, legacy);
      std::bind(run, legacy);
    })cpp"),
            "std::bind 'run' past");
  std::unique_ptr<ASTUnit> AST = test::parseCode((StandIns + R"cpp(
    namespace mine {
    template <class F, class... A> int bind(F &&, A &&...);
    }
    int run(Sink past);
    void subject(const Legacy &legacy) { mine::bind(run, legacy); })cpp")
                                                     .str());
  ASSERT_TRUE(AST);
  const auto *Call = test::findFirst<CallExpr>(
      AST->getASTContext(), callExpr(callee(functionDecl(hasName("bind")))));
  ASSERT_TRUE(Call);
  EXPECT_FALSE(storesArgumentsForLaterCall(Call->getDirectCallee()));
}

} // namespace
} // namespace transformers_tidy
