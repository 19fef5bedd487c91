//===- TypeNames.cpp - Configured type names, resolved per TU -------------===//

#include "transformers-tidy/TypeNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace transformers_tidy {

namespace {

/// The declaration a using-declaration brings in, or \p D itself.
const NamedDecl *throughUsing(const NamedDecl *D) {
  if (const auto *Shadow = dyn_cast<UsingShadowDecl>(D))
    return Shadow->getTargetDecl();
  return D;
}

/// The class a type names (through sugar), or null.
const CXXRecordDecl *classOf(QualType T) {
  return T.isNull() ? nullptr : T.getCanonicalType()->getAsCXXRecordDecl();
}

/// The scope a non-final component names: a namespace (through aliases) or
/// a class (through typedefs), or null.
const DeclContext *scopeOf(const NamedDecl *D) {
  D = throughUsing(D);
  if (const auto *Alias = dyn_cast<NamespaceAliasDecl>(D))
    return Alias->getNamespace();
  if (const auto *NS = dyn_cast<NamespaceDecl>(D))
    return NS;
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
    D = classOf(TD->getUnderlyingType());
  if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(D))
    return RD->getDefinition();
  return nullptr;
}

/// What a final component names, canonical: a class, or a class template.
const Decl *typeOf(const NamedDecl *D) {
  D = throughUsing(D);
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
    D = classOf(TD->getUnderlyingType());
  if (const auto *CT = dyn_cast_or_null<ClassTemplateDecl>(D))
    return CT->getCanonicalDecl();
  if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(D))
    return RD->getCanonicalDecl();
  return nullptr;
}

/// The canonical declarations \p Name names in \p Ctx (several when a
/// component is ambiguous, e.g. a namespace and a class of one name).
llvm::SmallVector<const Decl *, 2> declarationsNamed(const ASTContext &Ctx,
                                                     llvm::StringRef Name) {
  std::vector<std::string> Parts = qualifiedNameComponents(Name);
  llvm::SmallVector<const DeclContext *, 2> Scopes{
      Ctx.getTranslationUnitDecl()};
  llvm::SmallVector<const Decl *, 2> Out;
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::StringRef Part = Parts[I];
    // An identifier no file of the TU spells names nothing. A precompiled
    // preamble's (the language server's) are read into the table only as
    // they are needed: ask it for one the table does not have yet.
    if (Part.empty())
      return {};
    IdentifierInfo *II = nullptr;
    if (auto It = Ctx.Idents.find(Part); It != Ctx.Idents.end())
      II = It->getValue();
    else if (IdentifierInfoLookup *Preamble =
                 Ctx.Idents.getExternalIdentifierLookup())
      II = Preamble->get(Part);
    if (!II)
      return {};
    bool Last = I + 1 == Parts.size();
    llvm::SmallVector<const DeclContext *, 2> Next;
    llvm::SmallPtrSet<const void *, 4> Seen;
    for (const DeclContext *DC : Scopes) {
      // Members of inline namespaces are in their parent's lookup table
      // too (DeclContext puts them there, as for extern "C++" blocks).
      for (const NamedDecl *D : DC->lookup(DeclarationName(II))) {
        if (Last) {
          if (const Decl *T = typeOf(D); T && Seen.insert(T).second)
            Out.push_back(T);
        } else if (const DeclContext *S = scopeOf(D)) {
          S = S->getPrimaryContext();
          if (Seen.insert(S).second)
            Next.push_back(S);
        }
      }
    }
    Scopes = std::move(Next);
  }
  return Out;
}

} // namespace

std::vector<std::string> qualifiedNameComponents(llvm::StringRef Name) {
  Name = Name.trim();
  Name.consume_front("::");
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Name.split(Parts, "::");
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    Out.push_back(P.trim().str());
  return Out;
}

TypeNames::TypeNames(std::vector<std::string> E) : Entries(std::move(E)) {}

void TypeNames::resolve(const ASTContext &Ctx) const {
  ResolvedIn = &Ctx;
  Named.clear();
  for (size_t I = 0; I < Entries.size(); ++I)
    for (const Decl *D : declarationsNamed(Ctx, Entries[I]))
      Named.try_emplace(D, I); // the first entry naming a type keeps it
}

void TypeNames::forget() const {
  ResolvedIn = nullptr;
  Named.clear();
}

const std::string *TypeNames::match(const CXXRecordDecl *RD) const {
  if (!RD || Entries.empty())
    return nullptr;
  const ASTContext &Ctx = RD->getASTContext();
  if (ResolvedIn != &Ctx)
    resolve(Ctx);
  if (Named.empty())
    return nullptr;
  auto Find = [this](const Decl *D) -> const std::string * {
    auto It = Named.find(D);
    return It == Named.end() ? nullptr : &Entries[It->second];
  };
  if (const std::string *E = Find(RD->getCanonicalDecl()))
    return E;
  // Any specialization of a configured class template, and the template's
  // own pattern.
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return Find(Spec->getSpecializedTemplate()->getCanonicalDecl());
  if (const ClassTemplateDecl *CT = RD->getDescribedClassTemplate())
    return Find(CT->getCanonicalDecl());
  return nullptr;
}

std::vector<bool> resolveTypeNames(const ASTContext &Ctx,
                                   llvm::ArrayRef<std::string> Names) {
  std::vector<bool> Out;
  for (const std::string &N : Names)
    Out.push_back(!declarationsNamed(Ctx, N).empty());
  return Out;
}

} // namespace transformers_tidy
