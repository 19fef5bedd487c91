//===- InstantiationAgreementTest.cpp - One fix for every instantiation ---===//
//
// Unit tests of InstantiationAgreement.h. Each snippet has one legacy
// spelling inside a template whose conversion to `Sink` happens only in
// instantiations; the test tells the class every such conversion, as the
// check does, and prints the verdict: whether every instantiation that
// contains the spelling converts it (function templates, member templates,
// class templates, generic lambdas, discarded `if constexpr` branches), or
// why not.
//
//===----------------------------------------------------------------------===//

#include "InstantiationAgreement.h"
#include "ASTTestUtil.h"
#include "LocalParentMap.h"
#include "SinkContext.h"
#include "clang/AST/ExprCXX.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {
namespace {

constexpr llvm::StringLiteral Prelude = R"cpp(
struct Legacy {};
struct Sink {
  Sink(const Legacy &);
};
// Models: one converts the legacy value, one takes it as it is.
struct Converts {
  int take(Sink) const;
};
struct Keeps {
  int take(const Legacy &) const;
};
)cpp";

std::string verdictOf(llvm::StringRef Snippet) {
  std::unique_ptr<ASTUnit> AST =
      test::parseCode((Prelude + Snippet).str(), {"-std=c++20"});
  if (!AST)
    return "does not compile";
  ASTContext &Ctx = AST->getASTContext();
  auto Conversions =
      match(cxxConstructExpr(
                hasDeclaration(cxxConstructorDecl(ofClass(hasName("::Sink")),
                                                  unless(isCopyConstructor()),
                                                  unless(isMoveConstructor()))),
                clang::ast_matchers::isInTemplateInstantiation())
                .bind("sink"),
            Ctx);
  LocalParentMap Parents(Ctx);
  InstantiationAgreement Agreement;
  for (const BoundNodes &B : Conversions) {
    const auto *Sink = B.getNodeAs<CXXConstructExpr>("sink");
    const Expr *Value = ignoreImplicitAsWritten(Sink->getArg(0));
    Agreement.converted(Sink, Value);
    Agreement.ask(Sink, Value, Parents);
  }
  std::map<InstantiationAgreement::Key, InstantiationAgreement::Verdict>
      Verdicts = Agreement.judge();
  if (Verdicts.size() != 1)
    return std::to_string(Verdicts.size()) + " spellings";
  const InstantiationAgreement::Verdict &V = Verdicts.begin()->second;
  switch (V.Kind) {
  case InstantiationAgreement::Verdict::EveryInstantiationConverts:
    return "fix";
  case InstantiationAgreement::Verdict::TypeDependent:
    return "dependent";
  case InstantiationAgreement::Verdict::NotConverted:
    return "not converted in " + V.Instantiation;
  }
  return "?";
}

TEST(InstantiationAgreementTest, FunctionTemplate) {
  EXPECT_EQ(verdictOf(R"cpp(
    template <class M> int go(const M &m, const Legacy &saved) {
      return m.take(saved);
    }
    int use(const Legacy &l) { return go(Converts{}, l); })cpp"),
            "fix");
  EXPECT_EQ(verdictOf(R"cpp(
    template <class M> int go(const M &m, const Legacy &saved) {
      return m.take(saved);
    }
    int use(const Legacy &l) { return go(Converts{}, l) + go(Keeps{}, l); })cpp"),
            "not converted in 'go<Keeps>'");
}

TEST(InstantiationAgreementTest, TypeDependentExpression) {
  EXPECT_EQ(verdictOf(R"cpp(
    template <class L> int go(const Converts &m, const L &saved) {
      return m.take(saved);
    }
    int use(const Legacy &l) { return go(Converts{}, l); })cpp"),
            "dependent");
}

TEST(InstantiationAgreementTest, DiscardedBranchDoesNotCount) {
  EXPECT_EQ(verdictOf(R"cpp(
    template <class M> int go(const M &m, const Legacy &saved) {
      if constexpr (!__is_same(M, Keeps))
        return m.take(saved);
      return 0;
    }
    int use(const Legacy &l) { return go(Converts{}, l) + go(Keeps{}, l); })cpp"),
            "fix");
}

TEST(InstantiationAgreementTest, MemberTemplateOfAClassTemplate) {
  // Every copy of the spelling is in some specialization of Outer.
  EXPECT_EQ(verdictOf(R"cpp(
    template <class T> struct Outer {
      template <class M> int go(const M &m, const Legacy &saved) const {
        return m.take(saved);
      }
    };
    int use(const Legacy &l) {
      return Outer<int>{}.go(Converts{}, l) + Outer<long>{}.go(Converts{}, l);
    })cpp"),
            "fix");
  EXPECT_EQ(verdictOf(R"cpp(
    template <class T> struct Outer {
      template <class M> int go(const M &m, const Legacy &saved) const {
        return m.take(saved);
      }
    };
    int use(const Legacy &l) {
      return Outer<int>{}.go(Converts{}, l) + Outer<long>{}.go(Keeps{}, l);
    })cpp"),
            "not converted in 'Outer<long>'");
}

TEST(InstantiationAgreementTest, ClassTemplateMember) {
  EXPECT_EQ(verdictOf(R"cpp(
    template <class M> struct Driver {
      M model;
      int resume(const Legacy &saved) const { return model.take(saved); }
    };
    int use(const Legacy &l) {
      return Driver<Converts>{}.resume(l) + Driver<Keeps>{}.resume(l);
    })cpp"),
            "not converted in 'Driver<Keeps>'");
}

TEST(InstantiationAgreementTest, GenericLambda) {
  EXPECT_EQ(verdictOf(R"cpp(
    int use(const Legacy &saved) {
      auto f = [&](const auto &m) { return m.take(saved); };
      return f(Converts{});
    })cpp"),
            "fix");
  EXPECT_EQ(verdictOf(R"cpp(
    int use(const Legacy &saved) {
      auto f = [&](const auto &m) { return m.take(saved); };
      return f(Converts{}) + f(Keeps{});
    })cpp"),
            "not converted in 'operator()<Keeps>' of the lambda");
}

TEST(InstantiationAgreementTest, GenericLambdaInAFunctionTemplate) {
  // The lambda's instantiations are reached from the enclosing template's.
  EXPECT_EQ(verdictOf(R"cpp(
    template <class T> int outer(const Legacy &saved) {
      auto f = [&](const auto &m) { return m.take(saved); };
      return f(Converts{}) + f(Keeps{});
    }
    int use(const Legacy &l) { return outer<int>(l); })cpp"),
            "not converted in 'outer<int>'");
}

TEST(InstantiationAgreementTest, BraceInitialisedAggregate) {
  // The semantic form of the initialiser list holds the conversion.
  EXPECT_EQ(verdictOf(R"cpp(
    struct Kwargs { Sink past; };
    struct TakesKwargs { int take(Kwargs) const; };
    template <class M> int go(const M &m, const Legacy &saved) {
      return m.take({.past = saved});
    }
    int use(const Legacy &l) { return go(TakesKwargs{}, l); })cpp"),
            "fix");
}

} // namespace
} // namespace transformers_tidy
