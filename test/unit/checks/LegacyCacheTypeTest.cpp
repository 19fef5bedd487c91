//===- LegacyCacheTypeTest.cpp - What counts as a legacy cache ------------===//
//
// Unit tests of LegacyCacheType.h: legacyLayerArity, the rule that decides
// whether a type is a legacy tuple-shaped KV cache (an outer std::vector,
// std::array or std::tuple of std::tuple / std::pair layers of 2 or 4 tensor
// types, the tensor types named by the TensorTypes option), on canonical
// types; and the smaller predicates beside it (recordOf, withoutGlobalPrefix,
// hasQualifiedName, isStdNamed, isOrDerivesFrom, isCacheRecord,
// isCacheHandle).
//
// Most snippets declare minimal stand-ins for the standard templates (the
// rule recognises them by name in namespace std); one test parses the real
// library headers and checks that the analysis agrees with the library's own
// trait, transformers::legacy_cache_arity_v, type by type.
//
//===----------------------------------------------------------------------===//

#include "LegacyCacheType.h"
#include "ASTTestUtil.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "gtest/gtest.h"
#include <iterator>

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {
namespace {

/// Stand-ins for the standard templates the rule looks at, in namespace std
/// as the real ones, and the library's tensor.
constexpr llvm::StringLiteral StandIns = R"cpp(
namespace std {
using size_t = decltype(sizeof(0));
template <class T> struct allocator {};
template <class T, class A = allocator<T>> class vector {};
template <class T, class A = allocator<T>> class deque {};
template <class T, size_t N> struct array {};
template <class... Ts> class tuple {};
template <class A, class B> struct pair {};
template <class T> class shared_ptr {};
} // namespace std
namespace transformers {
class Tensor {};
} // namespace transformers
using transformers::Tensor;
)cpp";

const std::vector<std::string> DefaultTensors = {"::transformers::Tensor"};

/// legacyLayerArity of the type \p Code (after the stand-ins) gives `Subject`
/// (see declaredType), with \p Tensors as the TensorTypes option; -1 when the
/// snippet does not compile or declares no `Subject`.
int arityOf(llvm::StringRef Code,
            const std::vector<std::string> &Tensors = DefaultTensors) {
  std::unique_ptr<ASTUnit> AST = test::parseCode((StandIns + Code).str());
  if (!AST)
    return -1;
  QualType T = test::declaredType(AST->getASTContext(), "Subject");
  if (T.isNull()) {
    ADD_FAILURE() << "the snippet declares no Subject";
    return -1;
  }
  TypeNames TensorTypes(Tensors);
  return static_cast<int>(legacyLayerArity(T, TensorTypes));
}

// The outer containers.

TEST(LegacyLayerArityTest, VectorOfTwoTensorTuples) {
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<Tensor, Tensor>>;"),
            2);
}

TEST(LegacyLayerArityTest, VectorOfFourTensorTuples) {
  EXPECT_EQ(arityOf("using Subject = "
                    "std::vector<std::tuple<Tensor, Tensor, Tensor, Tensor>>;"),
            4);
}

TEST(LegacyLayerArityTest, PairLayers) {
  EXPECT_EQ(arityOf("using Subject = std::vector<std::pair<Tensor, Tensor>>;"),
            2);
}

TEST(LegacyLayerArityTest, ArrayOfLayers) {
  EXPECT_EQ(
      arityOf("using Subject = std::array<std::tuple<Tensor, Tensor>, 3>;"), 2);
  EXPECT_EQ(
      arityOf("using Subject = "
              "std::array<std::tuple<Tensor, Tensor, Tensor, Tensor>, 1>;"),
      4);
}

TEST(LegacyLayerArityTest, ArrayOfNoLayerIsNotACache) {
  // The library's cache_arity is 0 for std::array<L, 0>.
  EXPECT_EQ(
      arityOf("using Subject = std::array<std::tuple<Tensor, Tensor>, 0>;"), 0);
}

TEST(LegacyLayerArityTest, TupleOfLayers) {
  EXPECT_EQ(arityOf("using L = std::tuple<Tensor, Tensor>;\n"
                    "using Subject = std::tuple<L, L, L>;"),
            2);
  EXPECT_EQ(arityOf("using L = std::tuple<Tensor, Tensor, Tensor, Tensor>;\n"
                    "using Subject = std::tuple<L>;"),
            4);
}

TEST(LegacyLayerArityTest, TupleMixingPairAndTupleLayersOfOneArity) {
  EXPECT_EQ(arityOf("using Subject = std::tuple<std::pair<Tensor, Tensor>,\n"
                    "                           std::tuple<Tensor, Tensor>>;"),
            2);
}

TEST(LegacyLayerArityTest, TupleOfLayersOfDifferentAritiesIsNotACache) {
  EXPECT_EQ(arityOf("using Subject = std::tuple<std::tuple<Tensor, Tensor>,\n"
                    "    std::tuple<Tensor, Tensor, Tensor, Tensor>>;"),
            0);
}

TEST(LegacyLayerArityTest, EmptyTupleIsNotACache) {
  EXPECT_EQ(arityOf("using Subject = std::tuple<>;"), 0);
}

TEST(LegacyLayerArityTest, OtherContainersAreNotCaches) {
  EXPECT_EQ(arityOf("using Subject = std::deque<std::tuple<Tensor, Tensor>>;"),
            0);
  // A vector that is not std's.
  EXPECT_EQ(
      arityOf("namespace mylib { template <class T> class vector {}; }\n"
              "using Subject = mylib::vector<std::tuple<Tensor, Tensor>>;"),
      0);
  // A class deriving from std::vector is not a specialization of it.
  EXPECT_EQ(
      arityOf("struct Layers : std::vector<std::tuple<Tensor, Tensor>> {};\n"
              "using Subject = Layers;"),
      0);
}

TEST(LegacyLayerArityTest, StdInInlineNamespace) {
  // libc++ declares its templates in std::__1.
  EXPECT_EQ(arityOf("namespace std { inline namespace __1 {\n"
                    "template <class T> class vector {};\n"
                    "template <class... Ts> class tuple {};\n"
                    "} }\n"
                    "using Subject = std::__1::vector<std::__1::tuple<Tensor, "
                    "Tensor>>;"),
            2);
}

// The layers.

TEST(LegacyLayerArityTest, LayersOfOtherTensorCountsAreNotCaches) {
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<Tensor>>;"), 0);
  EXPECT_EQ(
      arityOf(
          "using Subject = std::vector<std::tuple<Tensor, Tensor, Tensor>>;"),
      0);
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<Tensor, Tensor, "
                    "Tensor, Tensor, Tensor>>;"),
            0);
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<>>;"), 0);
}

TEST(LegacyLayerArityTest, NonTensorTuplesAreNotCaches) {
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<int, int>>;"), 0);
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<Tensor, int>>;"),
            0);
  EXPECT_EQ(arityOf("using Subject = std::vector<std::pair<int, Tensor>>;"), 0);
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<Tensor *, "
                    "Tensor *>>;"),
            0);
}

TEST(LegacyLayerArityTest, ClassDerivedFromTensorIsNotATensor) {
  // As the library's is_tensor (std::is_same), a subclass is another type.
  EXPECT_EQ(arityOf("struct MyTensor : Tensor {};\n"
                    "using Subject = std::vector<std::tuple<MyTensor, "
                    "MyTensor>>;"),
            0);
}

TEST(LegacyLayerArityTest, TensorNamesakeInAnotherNamespaceIsNotATensor) {
  EXPECT_EQ(arityOf("namespace other { class Tensor {}; }\n"
                    "using Subject = std::vector<std::tuple<other::Tensor, "
                    "other::Tensor>>;"),
            0);
}

TEST(LegacyLayerArityTest, NestedOrOddShapesAreNotCaches) {
  // A single layer is not a cache.
  EXPECT_EQ(arityOf("using Subject = std::tuple<Tensor, Tensor>;"), 0);
  EXPECT_EQ(arityOf("using Subject = std::pair<std::tuple<Tensor, Tensor>, "
                    "std::tuple<Tensor, Tensor>>;"),
            0);
  // One level too deep.
  EXPECT_EQ(arityOf("using Subject = "
                    "std::vector<std::vector<std::tuple<Tensor, Tensor>>>;"),
            0);
  EXPECT_EQ(arityOf("using L = std::tuple<Tensor, Tensor>;\n"
                    "using Subject = std::vector<std::tuple<L, L>>;"),
            0);
  EXPECT_EQ(arityOf("using Subject = std::vector<Tensor>;"), 0);
  EXPECT_EQ(arityOf("using Subject = Tensor;"), 0);
  EXPECT_EQ(arityOf("using Subject = int;"), 0);
  // A pointer to a cache is not a cache.
  EXPECT_EQ(
      arityOf("using Subject = std::vector<std::tuple<Tensor, Tensor>> *;"), 0);
}

// Sugar, cv-qualifiers and references.

TEST(LegacyLayerArityTest, TypedefAndAliasSpellings) {
  EXPECT_EQ(arityOf("typedef std::tuple<Tensor, Tensor> Layer;\n"
                    "typedef std::vector<Layer> Cache;\n"
                    "using Subject = Cache;"),
            2);
  EXPECT_EQ(arityOf("using T = transformers::Tensor;\n"
                    "using Layer = std::pair<T, T>;\n"
                    "template <class L> using Layers = std::vector<L>;\n"
                    "using Subject = Layers<Layer>;"),
            2);
  EXPECT_EQ(arityOf("namespace tf = transformers;\n"
                    "using Subject = std::vector<std::tuple<tf::Tensor, "
                    "::transformers::Tensor>>;"),
            2);
}

TEST(LegacyLayerArityTest, DeducedTypes) {
  EXPECT_EQ(arityOf("std::vector<std::tuple<Tensor, Tensor>> make();\n"
                    "auto Subject = make();"),
            2);
  EXPECT_EQ(arityOf("std::vector<std::tuple<Tensor, Tensor>> make();\n"
                    "using Subject = decltype(make());"),
            2);
}

TEST(LegacyLayerArityTest, CvAndReferencesOfTheCache) {
  EXPECT_EQ(arityOf("using Subject = const std::vector<std::tuple<Tensor, "
                    "Tensor>> &;"),
            2);
  EXPECT_EQ(arityOf("using Subject = volatile std::array<std::pair<Tensor, "
                    "Tensor>, 2> &&;"),
            2);
  EXPECT_EQ(arityOf("void f(const std::vector<std::tuple<Tensor, Tensor>> "
                    "&Subject);"),
            2);
}

TEST(LegacyLayerArityTest, CvAndReferencesOfLayersAndTensors) {
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<const Tensor &, "
                    "Tensor &&>>;"),
            2);
  EXPECT_EQ(arityOf("using Subject = std::vector<const std::pair<Tensor, "
                    "const Tensor>>;"),
            2);
  EXPECT_EQ(arityOf("using L = std::tuple<Tensor, Tensor>;\n"
                    "using Subject = std::tuple<const L &, L &&, volatile L>;"),
            2);
}

// The TensorTypes option.

constexpr llvm::StringLiteral TorchCache = R"cpp(
namespace torch { class Tensor {}; }
using Subject = std::vector<std::tuple<torch::Tensor, torch::Tensor>>;
)cpp";

TEST(LegacyLayerArityTest, TensorTypeRecognisedOnlyWhenConfigured) {
  EXPECT_EQ(arityOf(TorchCache), 0);
  EXPECT_EQ(arityOf(TorchCache, {"torch::Tensor"}), 2);
  EXPECT_EQ(arityOf(TorchCache, {"::transformers::Tensor", "::torch::Tensor"}),
            2);
}

TEST(LegacyLayerArityTest, DefaultTensorNotRecognisedWhenNotConfigured) {
  EXPECT_EQ(arityOf("using Subject = std::vector<std::tuple<Tensor, Tensor>>;",
                    {"torch::Tensor"}),
            0);
  EXPECT_EQ(
      arityOf("using Subject = std::vector<std::tuple<Tensor, Tensor>>;", {}),
      0);
}

TEST(LegacyLayerArityTest, LayersMayMixConfiguredTensorTypes) {
  EXPECT_EQ(arityOf("namespace torch { class Tensor {}; }\n"
                    "using Subject = std::vector<std::tuple<torch::Tensor, "
                    "transformers::Tensor>>;",
                    {"transformers::Tensor", "torch::Tensor"}),
            2);
}

TEST(LegacyLayerArityTest, TensorTypeConfiguredThroughAnAlias) {
  // The option names the type by a typedef; the cache spells the class.
  EXPECT_EQ(arityOf("namespace lib { class TensorImpl {};\n"
                    "                using Tensor = TensorImpl; }\n"
                    "using Subject = std::vector<std::pair<lib::TensorImpl, "
                    "lib::TensorImpl>>;",
                    {"lib::Tensor"}),
            2);
}

// The real headers: the analysis agrees with the library's trait.

TEST(LegacyLayerArityTest, AgreesWithTheLibraryTrait) {
  // Each Subject<N> with the arity the library computes for it.
  const char *const Types[] = {
      "transformers::LegacyCache",
      "transformers::LegacyEncoderDecoderCache",
      "const transformers::LegacyCache &",
      "std::vector<std::pair<Tensor, Tensor>>",
      "std::vector<std::tuple<const Tensor &, Tensor>>",
      "std::array<std::tuple<Tensor, Tensor>, 2>",
      "std::array<std::tuple<Tensor, Tensor>, 0>",
      "std::tuple<std::pair<Tensor, Tensor>, std::tuple<Tensor, Tensor>>",
      "std::tuple<std::tuple<Tensor, Tensor>, "
      "std::tuple<Tensor, Tensor, Tensor, Tensor>>",
      "std::tuple<>",
      "std::vector<std::tuple<Tensor, Tensor, Tensor>>",
      "std::vector<std::tuple<Tensor, int>>",
      "std::vector<std::vector<std::tuple<Tensor, Tensor>>>",
      "std::deque<std::tuple<Tensor, Tensor>>",
      "std::tuple<Tensor, Tensor>",
  };
  std::string Code = "#include <transformers/cache_utils.h>\n"
                     "#include <deque>\n"
                     "using transformers::Tensor;\n";
  for (size_t I = 0; I < std::size(Types); ++I)
    Code += "using Subject" + std::to_string(I) + " = " + Types[I] +
            ";\nconstexpr unsigned long Expected" + std::to_string(I) +
            " = transformers::legacy_cache_arity_v<Subject" +
            std::to_string(I) + ">;\n";
  std::unique_ptr<ASTUnit> AST = test::parseCode(Code);
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  TypeNames Tensors(DefaultTensors);
  unsigned NonZero = 0;
  for (size_t I = 0; I < std::size(Types); ++I) {
    SCOPED_TRACE(Types[I]);
    std::string N = std::to_string(I);
    QualType T = test::declaredType(Ctx, "Subject" + N);
    const auto *Expected =
        test::findFirst<VarDecl>(Ctx, varDecl(hasName("Expected" + N)));
    ASSERT_FALSE(T.isNull());
    ASSERT_TRUE(Expected);
    const APValue *Value = Expected->evaluateValue();
    ASSERT_TRUE(Value && Value->isInt());
    uint64_t LibraryArity = Value->getInt().getZExtValue();
    EXPECT_EQ(legacyLayerArity(T, Tensors), LibraryArity);
    NonZero += LibraryArity != 0;
  }
  // Both kinds of answers were compared.
  EXPECT_EQ(NonZero, 7u);
}

// The predicates beside it.

TEST(LegacyCacheTypePredicatesTest, WithoutGlobalPrefix) {
  EXPECT_EQ(withoutGlobalPrefix("::transformers::Cache"),
            "transformers::Cache");
  EXPECT_EQ(withoutGlobalPrefix("  ::a::b "), "a::b");
  EXPECT_EQ(withoutGlobalPrefix("a::b"), "a::b");
}

constexpr llvm::StringLiteral CacheHierarchy = R"cpp(
namespace std {
template <class T> class shared_ptr {};
template <class T> class unique_ptr {};
}
namespace transformers {
class Cache {};
class DynamicCache : public Cache {};
class Tensor {};
}
namespace other { class Cache {}; }
class MyCache : public transformers::DynamicCache {};
class Unrelated {};
using PlainCache = transformers::Cache;
using Dynamic = transformers::DynamicCache;
using Mine = MyCache;
using OtherCache = other::Cache;
using NotACache = Unrelated;
using Handle = std::shared_ptr<transformers::DynamicCache>;
using ConstRefHandle = const std::shared_ptr<MyCache> &;
using BaseHandle = std::shared_ptr<transformers::Cache>;
using OtherHandle = std::shared_ptr<other::Cache>;
using UniqueHandle = std::unique_ptr<transformers::Cache>;
using TensorHandle = std::shared_ptr<transformers::Tensor>;
)cpp";

TEST(LegacyCacheTypePredicatesTest, CacheRecords) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(CacheHierarchy);
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(isCacheRecord(test::recordNamedBy(Ctx, "PlainCache")));
  EXPECT_TRUE(isCacheRecord(test::recordNamedBy(Ctx, "Dynamic")));
  // Derived through another cache class.
  EXPECT_TRUE(isCacheRecord(test::recordNamedBy(Ctx, "Mine")));
  EXPECT_FALSE(isCacheRecord(test::recordNamedBy(Ctx, "OtherCache")));
  EXPECT_FALSE(isCacheRecord(test::recordNamedBy(Ctx, "NotACache")));
  EXPECT_FALSE(isCacheRecord(nullptr));
  EXPECT_TRUE(isOrDerivesFrom(test::recordNamedBy(Ctx, "Mine"),
                              "transformers::DynamicCache"));
  EXPECT_FALSE(isOrDerivesFrom(test::recordNamedBy(Ctx, "PlainCache"),
                               "transformers::DynamicCache"));
}

TEST(LegacyCacheTypePredicatesTest, CacheHandles) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(CacheHierarchy);
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  EXPECT_TRUE(isCacheHandle(test::declaredType(Ctx, "Handle")));
  EXPECT_TRUE(isCacheHandle(test::declaredType(Ctx, "ConstRefHandle")));
  EXPECT_TRUE(isCacheHandle(test::declaredType(Ctx, "BaseHandle")));
  EXPECT_FALSE(isCacheHandle(test::declaredType(Ctx, "OtherHandle")));
  EXPECT_FALSE(isCacheHandle(test::declaredType(Ctx, "UniqueHandle")));
  EXPECT_FALSE(isCacheHandle(test::declaredType(Ctx, "TensorHandle")));
  EXPECT_FALSE(isCacheHandle(test::declaredType(Ctx, "Dynamic")));
  EXPECT_FALSE(isCacheHandle(QualType()));
}

TEST(LegacyCacheTypePredicatesTest, NamesAndRecords) {
  std::unique_ptr<ASTUnit> AST = test::parseCode(CacheHierarchy);
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const CXXRecordDecl *Handle = test::recordNamedBy(Ctx, "Handle");
  ASSERT_TRUE(Handle);
  // recordOf looks through the reference, the const and the alias.
  const CXXRecordDecl *Referenced =
      recordOf(test::declaredType(Ctx, "ConstRefHandle"));
  ASSERT_TRUE(Referenced);
  EXPECT_TRUE(isStdNamed(Referenced, {"shared_ptr"}));
  EXPECT_EQ(recordOf(test::declaredType(Ctx, "Dynamic")),
            test::recordNamedBy(Ctx, "Dynamic"));
  EXPECT_EQ(recordOf(QualType()), nullptr);
  EXPECT_TRUE(isStdNamed(Handle, {"unique_ptr", "shared_ptr"}));
  EXPECT_FALSE(isStdNamed(Handle, {"unique_ptr"}));
  EXPECT_FALSE(isStdNamed(test::recordNamedBy(Ctx, "PlainCache"), {"Cache"}));
  EXPECT_TRUE(hasQualifiedName(test::recordNamedBy(Ctx, "PlainCache"),
                               "transformers::Cache"));
  EXPECT_FALSE(hasQualifiedName(test::recordNamedBy(Ctx, "OtherCache"),
                                "transformers::Cache"));
  // The name must be whole, not a suffix.
  EXPECT_FALSE(
      hasQualifiedName(test::recordNamedBy(Ctx, "PlainCache"), "ers::Cache"));
  EXPECT_FALSE(hasQualifiedName(nullptr, "transformers::Cache"));
}

} // namespace
} // namespace transformers_tidy
