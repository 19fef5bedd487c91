//===- LegacyCacheType.cpp - Type predicates of the analyses --------------===//

#include "LegacyCacheType.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"

using namespace clang;

namespace transformers_tidy {

const CXXRecordDecl *recordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType();
  return T->getAsCXXRecordDecl();
}

llvm::StringRef withoutGlobalPrefix(llvm::StringRef Name) {
  Name = Name.trim();
  Name.consume_front("::");
  return Name;
}

bool hasQualifiedName(const NamedDecl *D, llvm::StringRef Name) {
  if (!D || !D->getDeclName().isIdentifier())
    return false;
  // Cheap rejection before building the qualified name.
  if (!Name.ends_with(D->getName()))
    return false;
  return D->getQualifiedNameAsString() == Name;
}

bool isStdNamed(const NamedDecl *D,
                std::initializer_list<llvm::StringRef> Names) {
  if (!D || !D->getIdentifier() || !D->isInStdNamespace())
    return false;
  return llvm::is_contained(Names, D->getName());
}

/// The specialization \p T names when it is std::<Name><...>.
static const ClassTemplateSpecializationDecl *
stdSpecialization(QualType T, std::initializer_list<llvm::StringRef> Names,
                  llvm::StringRef &Which) {
  const auto *Spec =
      llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(T));
  if (!Spec || !Spec->isInStdNamespace() || !Spec->getIdentifier())
    return nullptr;
  for (llvm::StringRef N : Names)
    if (Spec->getName() == N) {
      Which = N;
      return Spec;
    }
  return nullptr;
}

/// The type arguments of a std::tuple / std::pair specialization.
static llvm::SmallVector<QualType, 4>
typeArguments(const ClassTemplateSpecializationDecl *Spec,
              llvm::StringRef Which) {
  llvm::SmallVector<QualType, 4> Out;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Which == "tuple") {
    if (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Pack)
      return {};
    for (const TemplateArgument &A : Args[0].pack_elements()) {
      if (A.getKind() != TemplateArgument::Type)
        return {};
      Out.push_back(A.getAsType());
    }
    return Out;
  }
  for (unsigned I = 0; I < Args.size() && I < 2; ++I) {
    if (Args[I].getKind() != TemplateArgument::Type)
      return {};
    Out.push_back(Args[I].getAsType());
  }
  return Out;
}

static bool isTensor(QualType T, const TypeNames &TensorTypes) {
  // As the library's is_tensor: cv and references are ignored.
  return TensorTypes.match(recordOf(T));
}

/// Arity (2 or 4) of a layer type, 0 if it is not a layer.
static unsigned layerArity(QualType T, const TypeNames &Tensors) {
  llvm::StringRef Which;
  const auto *Spec = stdSpecialization(T, {"tuple", "pair"}, Which);
  if (!Spec)
    return 0;
  llvm::SmallVector<QualType, 4> Elems = typeArguments(Spec, Which);
  if (Elems.size() != 2 && Elems.size() != 4)
    return 0;
  for (QualType E : Elems)
    if (!isTensor(E, Tensors))
      return 0;
  return Elems.size();
}

unsigned legacyLayerArity(QualType T, const TypeNames &Tensors) {
  llvm::StringRef Which;
  const auto *Outer = stdSpecialization(T, {"vector", "array", "tuple"}, Which);
  if (!Outer)
    return 0;
  llvm::SmallVector<QualType, 4> Layers;
  const TemplateArgumentList &Args = Outer->getTemplateArgs();
  if (Which == "tuple") {
    Layers = typeArguments(Outer, Which);
  } else if (Args.size() >= 1 && Args[0].getKind() == TemplateArgument::Type) {
    // std::array<L, 0> holds no layer: not a legacy cache for the library.
    if (Which == "array" &&
        (Args.size() < 2 || Args[1].getKind() != TemplateArgument::Integral ||
         Args[1].getAsIntegral() == 0))
      return 0;
    Layers.push_back(Args[0].getAsType());
  }
  if (Layers.empty())
    return 0;
  unsigned Arity = 0;
  for (QualType L : Layers) {
    unsigned A = layerArity(L, Tensors);
    if (A == 0 || (Arity != 0 && A != Arity))
      return 0;
    Arity = A;
  }
  return Arity;
}

bool isOrDerivesFrom(const CXXRecordDecl *RD, llvm::StringRef Name) {
  if (!RD)
    return false;
  RD = RD->getCanonicalDecl();
  if (hasQualifiedName(RD, Name))
    return true;
  const CXXRecordDecl *Def = RD->getDefinition();
  if (!Def)
    return false;
  for (const CXXBaseSpecifier &B : Def->bases())
    if (isOrDerivesFrom(recordOf(B.getType()), Name))
      return true;
  return false;
}

bool isCacheRecord(const CXXRecordDecl *RD) {
  return isOrDerivesFrom(RD, CacheBaseName);
}

bool isCacheHandle(QualType T) {
  llvm::StringRef Which;
  const auto *Spec = stdSpecialization(T, {"shared_ptr"}, Which);
  if (!Spec)
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  return Args.size() >= 1 && Args[0].getKind() == TemplateArgument::Type &&
         isCacheRecord(recordOf(Args[0].getAsType()));
}

} // namespace transformers_tidy
