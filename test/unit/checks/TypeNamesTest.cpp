//===- TypeNamesTest.cpp - Configured type names, resolved per TU ---------===//
//
// Unit tests of TypeNames.h: a configured qualified name (the TensorTypes
// and SinkTypes options) is resolved by qualified lookup from the global
// namespace and matches records by declaration, never by spelling. Covered:
// the optional leading "::", whitespace and empty components, typedefs,
// aliases and using-declarations as the last component, namespace aliases,
// inline namespaces, classes as scopes, class templates (every
// specialization) against aliases of one specialization, names that name
// nothing, namesakes in other namespaces, using directives (not followed),
// the first entry winning, and the per-TU resolution (resolve / forget).
//
//===----------------------------------------------------------------------===//

#include "transformers-tidy/TypeNames.h"
#include "ASTTestUtil.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {
namespace {

/// The entry of \p Names that names \p RD, or "<none>".
std::string matchOf(const TypeNames &Names, const CXXRecordDecl *RD) {
  const std::string *Entry = Names.match(RD);
  return Entry ? *Entry : "<none>";
}

/// Whether \p Name names a type in \p Ctx.
bool resolves(const ASTContext &Ctx, const std::string &Name) {
  std::vector<bool> Found = resolveTypeNames(Ctx, {Name});
  return Found.size() == 1 && Found[0];
}

/// The library's tensor, namesakes elsewhere, and probes: aliases through
/// which a test reaches each record.
constexpr llvm::StringLiteral Tensors = R"cpp(
namespace transformers {
class Tensor {};
using TensorAlias = Tensor;
typedef Tensor TensorTypedef;
using NotAClass = int;
namespace detail { class Tensor {}; }
} // namespace transformers
namespace other { class Tensor {}; }
namespace shadow { using transformers::Tensor; }
namespace directive { using namespace transformers; }
namespace tf = transformers;
class Tensor {};
struct Missing {};
using ProbeTensor = transformers::Tensor;
using ProbeDetail = transformers::detail::Tensor;
using ProbeGlobal = ::Tensor;
)cpp";

class TypeNamesTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = test::parseCode(Tensors);
    ASSERT_TRUE(AST);
    Tensor = record("ProbeTensor");
    ASSERT_TRUE(Tensor);
  }

  const CXXRecordDecl *record(llvm::StringRef Probe) {
    return test::recordNamedBy(AST->getASTContext(), Probe);
  }
  const ASTContext &context() { return AST->getASTContext(); }

  std::unique_ptr<ASTUnit> AST;
  const CXXRecordDecl *Tensor = nullptr;
};

TEST_F(TypeNamesTest, LeadingColonsAreOptional) {
  EXPECT_EQ(matchOf(TypeNames({"::transformers::Tensor"}), Tensor),
            "::transformers::Tensor");
  EXPECT_EQ(matchOf(TypeNames({"transformers::Tensor"}), Tensor),
            "transformers::Tensor");
  EXPECT_TRUE(resolves(context(), "::transformers::Tensor"));
  EXPECT_TRUE(resolves(context(), "transformers::Tensor"));
}

TEST_F(TypeNamesTest, ComponentsAreTrimmed) {
  EXPECT_EQ(matchOf(TypeNames({" :: transformers :: Tensor "}), Tensor),
            " :: transformers :: Tensor ");
}

TEST_F(TypeNamesTest, EmptyComponentsNameNothing) {
  for (const char *Name :
       {"", "::", "transformers::", "transformers::::Tensor", "::::Tensor"}) {
    SCOPED_TRACE(Name);
    EXPECT_FALSE(resolves(context(), Name));
    EXPECT_EQ(matchOf(TypeNames({Name}), Tensor), "<none>");
  }
}

TEST_F(TypeNamesTest, NamesThatNameNothing) {
  // An identifier no file of the TU spells.
  EXPECT_FALSE(resolves(context(), "torch::Tensor"));
  EXPECT_FALSE(resolves(context(), "transformers::Tensr"));
  // Spelled, but not declared there.
  EXPECT_FALSE(resolves(context(), "transformers::Missing"));
  EXPECT_FALSE(resolves(context(), "Missing::Tensor"));
  // Not a class.
  EXPECT_FALSE(resolves(context(), "transformers::NotAClass"));
  // A namespace, not a type.
  EXPECT_FALSE(resolves(context(), "transformers"));
  EXPECT_FALSE(resolves(context(), "transformers::detail"));
  EXPECT_EQ(
      matchOf(TypeNames({"transformers::Tensr", "torch::Tensor"}), Tensor),
      "<none>");
}

TEST_F(TypeNamesTest, NamesakesInOtherNamespacesDoNotMatch) {
  TypeNames Names({"::transformers::Tensor"});
  EXPECT_EQ(matchOf(Names, Tensor), "::transformers::Tensor");
  EXPECT_EQ(matchOf(Names, record("ProbeDetail")), "<none>");
  EXPECT_EQ(matchOf(Names, record("ProbeGlobal")), "<none>");
  const auto *Other = test::findFirst<CXXRecordDecl>(
      AST->getASTContext(), cxxRecordDecl(hasName("::other::Tensor")));
  ASSERT_TRUE(Other);
  EXPECT_EQ(matchOf(Names, Other), "<none>");
  // And the other way round.
  EXPECT_EQ(matchOf(TypeNames({"::Tensor"}), Tensor), "<none>");
  EXPECT_EQ(matchOf(TypeNames({"::Tensor"}), record("ProbeGlobal")),
            "::Tensor");
  EXPECT_EQ(matchOf(TypeNames({"transformers::detail::Tensor"}), Tensor),
            "<none>");
}

TEST_F(TypeNamesTest, TypedefsAndAliasesNameTheirClass) {
  EXPECT_EQ(matchOf(TypeNames({"transformers::TensorAlias"}), Tensor),
            "transformers::TensorAlias");
  EXPECT_EQ(matchOf(TypeNames({"transformers::TensorTypedef"}), Tensor),
            "transformers::TensorTypedef");
  // An alias of the snippet's own names the record too (by declaration).
  EXPECT_EQ(matchOf(TypeNames({"ProbeTensor"}), Tensor), "ProbeTensor");
}

TEST_F(TypeNamesTest, UsingDeclarationNamesItsTarget) {
  EXPECT_EQ(matchOf(TypeNames({"shadow::Tensor"}), Tensor), "shadow::Tensor");
  EXPECT_TRUE(resolves(context(), "shadow::Tensor"));
}

TEST_F(TypeNamesTest, UsingDirectivesAreNotFollowed) {
  EXPECT_FALSE(resolves(context(), "directive::Tensor"));
  EXPECT_EQ(matchOf(TypeNames({"directive::Tensor"}), Tensor), "<none>");
}

TEST_F(TypeNamesTest, NamespaceAlias) {
  EXPECT_EQ(matchOf(TypeNames({"tf::Tensor"}), Tensor), "tf::Tensor");
  EXPECT_EQ(matchOf(TypeNames({"::tf::TensorAlias"}), Tensor),
            "::tf::TensorAlias");
}

TEST_F(TypeNamesTest, FirstEntryNamingATypeWins) {
  TypeNames Names(
      {"torch::Tensor", "transformers::TensorAlias", "::transformers::Tensor"});
  const std::string *Entry = Names.match(Tensor);
  ASSERT_TRUE(Entry);
  EXPECT_EQ(Entry, &Names.entries()[1]);
}

TEST_F(TypeNamesTest, NothingMatchesNull) {
  TypeNames Names({"transformers::Tensor"});
  EXPECT_EQ(Names.match(nullptr), nullptr);
  TypeNames None({});
  EXPECT_TRUE(None.empty());
  EXPECT_EQ(None.match(Tensor), nullptr);
}

TEST(TypeNamesScopesTest, InlineNamespaces) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(R"cpp(
    namespace lib {
    inline namespace v1 { class Tensor {}; }
    namespace v0 { class Tensor {}; }
    }
    using ProbeV1 = lib::Tensor;
    using ProbeV0 = lib::v0::Tensor;
  )cpp");
  ASSERT_TRUE(AST);
  const CXXRecordDecl *V1 =
      test::recordNamedBy(AST->getASTContext(), "ProbeV1");
  const CXXRecordDecl *V0 =
      test::recordNamedBy(AST->getASTContext(), "ProbeV0");
  ASSERT_TRUE(V1 && V0);
  EXPECT_EQ(matchOf(TypeNames({"lib::Tensor"}), V1), "lib::Tensor");
  EXPECT_EQ(matchOf(TypeNames({"lib::v1::Tensor"}), V1), "lib::v1::Tensor");
  EXPECT_EQ(matchOf(TypeNames({"lib::Tensor"}), V0), "<none>");
  EXPECT_EQ(matchOf(TypeNames({"lib::v0::Tensor"}), V1), "<none>");
}

TEST(TypeNamesScopesTest, ClassesAsScopes) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(R"cpp(
    namespace ns {
    struct Outer { struct Inner {}; };
    using OuterAlias = Outer;
    }
    struct Inner {};
    using Probe = ns::Outer::Inner;
    using ProbeGlobal = ::Inner;
  )cpp");
  ASSERT_TRUE(AST);
  const CXXRecordDecl *Inner =
      test::recordNamedBy(AST->getASTContext(), "Probe");
  ASSERT_TRUE(Inner);
  EXPECT_EQ(matchOf(TypeNames({"ns::Outer::Inner"}), Inner),
            "ns::Outer::Inner");
  EXPECT_EQ(matchOf(TypeNames({"ns::OuterAlias::Inner"}), Inner),
            "ns::OuterAlias::Inner");
  EXPECT_EQ(matchOf(TypeNames({"ns::Inner"}), Inner), "<none>");
  EXPECT_EQ(matchOf(TypeNames({"ns::Outer::Inner"}),
                    test::recordNamedBy(AST->getASTContext(), "ProbeGlobal")),
            "<none>");
}

TEST(TypeNamesTemplatesTest, TemplateMatchesEverySpecialization) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(R"cpp(
    namespace ns {
    template <class T> class Box {};
    template <> class Box<double> {};
    using CharBox = Box<char>;
    }
    using ProbeInt = ns::Box<int>;
    using ProbeChar = ns::CharBox;
    using ProbeDouble = ns::Box<double>;
  )cpp");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const CXXRecordDecl *IntBox = test::recordNamedBy(Ctx, "ProbeInt");
  const CXXRecordDecl *CharBox = test::recordNamedBy(Ctx, "ProbeChar");
  const CXXRecordDecl *DoubleBox = test::recordNamedBy(Ctx, "ProbeDouble");
  const auto *Template = test::findFirst<ClassTemplateDecl>(
      Ctx, classTemplateDecl(hasName("Box")));
  ASSERT_TRUE(IntBox && CharBox && DoubleBox && Template);

  TypeNames All({"ns::Box"});
  EXPECT_EQ(matchOf(All, IntBox), "ns::Box");
  EXPECT_EQ(matchOf(All, CharBox), "ns::Box");
  // An explicit specialization is a specialization too.
  EXPECT_EQ(matchOf(All, DoubleBox), "ns::Box");
  // The template's own pattern.
  EXPECT_EQ(matchOf(All, Template->getTemplatedDecl()), "ns::Box");

  // An alias of one specialization names that one only.
  TypeNames One({"ns::CharBox"});
  EXPECT_EQ(matchOf(One, CharBox), "ns::CharBox");
  EXPECT_EQ(matchOf(One, IntBox), "<none>");
  EXPECT_EQ(matchOf(One, Template->getTemplatedDecl()), "<none>");
}

TEST(TypeNamesTemplatesTest, StandardStrings) {
  // The spellings users copy from compiler messages, on the real <string>.
  std::unique_ptr<ASTUnit> AST = test::parseCode(R"cpp(
    #include <string>
    using ProbeString = std::string;
    using ProbeWide = std::wstring;
  )cpp");
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const CXXRecordDecl *String = test::recordNamedBy(Ctx, "ProbeString");
  const CXXRecordDecl *Wide = test::recordNamedBy(Ctx, "ProbeWide");
  ASSERT_TRUE(String && Wide);
  EXPECT_EQ(matchOf(TypeNames({"::std::string"}), String), "::std::string");
  EXPECT_EQ(matchOf(TypeNames({"::std::string"}), Wide), "<none>");
  EXPECT_EQ(matchOf(TypeNames({"std::basic_string"}), Wide),
            "std::basic_string");
  if (!AST->getPreprocessor().isMacroDefined("_GLIBCXX_USE_CXX11_ABI"))
    GTEST_SKIP() << "libstdc++'s std::__cxx11 only";
  EXPECT_EQ(matchOf(TypeNames({"std::__cxx11::basic_string"}), String),
            "std::__cxx11::basic_string");
}

TEST(TypeNamesTranslationUnitsTest, ResolvedAgainInEachTranslationUnit) {
  const char *Code = R"cpp(
    namespace transformers { class Tensor {}; }
    using Probe = transformers::Tensor;
  )cpp";
  std::unique_ptr<ASTUnit> First = test::parseCode(Code);
  std::unique_ptr<ASTUnit> Second = test::parseCode(Code);
  std::unique_ptr<ASTUnit> Without = test::parseCode("struct Probe {};");
  ASSERT_TRUE(First && Second && Without);
  const CXXRecordDecl *InFirst =
      test::recordNamedBy(First->getASTContext(), "Probe");
  const CXXRecordDecl *InSecond =
      test::recordNamedBy(Second->getASTContext(), "Probe");
  const auto *InWithout = test::findFirst<CXXRecordDecl>(
      Without->getASTContext(), cxxRecordDecl(hasName("Probe")));
  ASSERT_TRUE(InFirst && InSecond && InWithout);

  // One TypeNames for every TU, as a check keeps its options.
  TypeNames Names({"transformers::Tensor"});
  EXPECT_EQ(matchOf(Names, InFirst), "transformers::Tensor");
  EXPECT_EQ(matchOf(Names, InSecond), "transformers::Tensor");
  EXPECT_EQ(matchOf(Names, InWithout), "<none>");
  // After forget(), and with an explicit resolve().
  Names.forget();
  EXPECT_EQ(matchOf(Names, InFirst), "transformers::Tensor");
  Names.resolve(Second->getASTContext());
  EXPECT_EQ(matchOf(Names, InSecond), "transformers::Tensor");
}

TEST(QualifiedNameComponentsTest, Splits) {
  using Parts = std::vector<std::string>;
  EXPECT_EQ(qualifiedNameComponents("::a::b::C"), (Parts{"a", "b", "C"}));
  EXPECT_EQ(qualifiedNameComponents("a::C"), (Parts{"a", "C"}));
  EXPECT_EQ(qualifiedNameComponents("  :: a :: C  "), (Parts{"a", "C"}));
  EXPECT_EQ(qualifiedNameComponents("a::::C"), (Parts{"a", "", "C"}));
  EXPECT_EQ(qualifiedNameComponents("C"), (Parts{"C"}));
  EXPECT_EQ(qualifiedNameComponents(""), (Parts{""}));
}

} // namespace
} // namespace transformers_tidy
