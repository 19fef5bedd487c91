//===- ForwardedArgument.cpp - Values converted inside a forwarder --------===//

#include "ForwardedArgument.h"
#include "LegacyCacheType.h"
#include "SinkContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <set>
#include <tuple>

using namespace clang;

namespace transformers_tidy {

namespace {
/// Where the followed value is inside a tuple-typed expression: the element
/// indices, innermost last. Empty: the expression is the value itself.
using TuplePath = llvm::SmallVector<unsigned, 2>;

/// Bounds the search through recursive templates.
constexpr unsigned MaxDepth = 24;
} // namespace

const FunctionDecl *calleeOf(const Expr *Call) {
  if (const auto *CE = dyn_cast<CallExpr>(Call))
    return CE->getDirectCallee();
  if (const auto *C = dyn_cast<CXXConstructExpr>(Call))
    return C->getConstructor();
  return nullptr;
}

llvm::SmallVector<const Expr *, 4> parameterArguments(const Expr *Call) {
  llvm::SmallVector<const Expr *, 4> Args;
  if (const auto *C = dyn_cast<CXXConstructExpr>(Call)) {
    Args.append(C->arg_begin(), C->arg_end());
    return Args;
  }
  const auto *CE = cast<CallExpr>(Call);
  Args.append(CE->arg_begin(), CE->arg_end());
  // A member operator's object is its first argument, not a parameter.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE))
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
        MD && MD->isImplicitObjectMemberFunction() && !Args.empty())
      Args.erase(Args.begin());
  return Args;
}

static bool isInSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

static bool mayForwardArguments(const FunctionDecl &FD);

/// `P` declared `T&&` in a function template (T deduced): a forwarding
/// reference, whatever T was deduced as.
static bool isForwardingReference(const ParmVarDecl *P) {
  const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!FD || !FD->getPrimaryTemplate())
    return false;
  const auto *RT = P->getType()->getAs<ReferenceType>();
  // `T&&` with T = U& collapses to an lvalue reference not spelled `&`.
  if (!RT || RT->isSpelledAsLValue())
    return false;
  QualType Pointee = RT->getPointeeTypeAsWritten();
  return !Pointee.hasLocalQualifiers() &&
         isa<SubstTemplateTypeParmType>(Pointee.getTypePtr());
}

/// Whether \p T could name a class of the user's: a class outside namespace
/// std, or a std class template specialized (at any depth) with one. A whole
/// legacy cache stops the walk: constructing one copies or moves tensors,
/// never converts a legacy value to a sink. Unknown kinds of types count as
/// naming one.
static bool namesUserClass(QualType T, const TypeNames &TensorTypes,
                           unsigned Depth);

static bool namesUserClass(llvm::ArrayRef<TemplateArgument> Args,
                           const TypeNames &TensorTypes, unsigned Depth) {
  for (const TemplateArgument &A : Args) {
    switch (A.getKind()) {
    case TemplateArgument::Null:
    case TemplateArgument::Integral:
    case TemplateArgument::NullPtr:
      continue;
    case TemplateArgument::Type:
      if (namesUserClass(A.getAsType(), TensorTypes, Depth + 1))
        return true;
      continue;
    case TemplateArgument::Pack:
      if (namesUserClass(A.pack_elements(), TensorTypes, Depth))
        return true;
      continue;
    default:
      // A declaration (a function pointer), a template, an expression:
      // code the template may call or instantiate.
      return true;
    }
  }
  return false;
}

static bool isInStdTree(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

static bool namesUserClass(QualType T, const TypeNames &TensorTypes,
                           unsigned Depth) {
  if (Depth > MaxDepth || T.isNull())
    return true;
  T = T.getCanonicalType().getNonReferenceType();
  while (true) {
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    else if (const auto *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType();
    else
      break;
  }
  if (T->isBuiltinType() || T->isEnumeralType())
    return false;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return true;
  if (legacyLayerArity(T, TensorTypes) != 0)
    return false;
  if (!isInStdTree(RD))
    return true;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  return Spec &&
         namesUserClass(Spec->getTemplateArgs().asArray(), TensorTypes, Depth);
}

/// Whether the instantiation \p FD of a system template may construct a
/// class of the user's (a sink type among them): only through the types it
/// was instantiated with, its own template arguments and those of the class
/// templates around it. `std::make_shared<const LegacyCache>(legacy)` cannot;
/// `std::vector<PastKeyValues>::emplace_back(legacy)` can.
static bool mayConstructUserClass(const FunctionDecl &FD,
                                  const TypeNames &TensorTypes) {
  if (FD.isDependentContext())
    return true;
  if (const TemplateArgumentList *Args = FD.getTemplateSpecializationArgs())
    if (namesUserClass(Args->asArray(), TensorTypes, 0))
      return true;
  // The classes and functions around it (a lambda's call operator sits in
  // the function that wrote the lambda).
  for (const DeclContext *DC = FD.getDeclContext(); DC; DC = DC->getParent()) {
    const TemplateArgumentList *Args = nullptr;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC))
      Args = &Spec->getTemplateArgs();
    else if (const auto *Outer = dyn_cast<FunctionDecl>(DC))
      Args = Outer->getTemplateSpecializationArgs();
    if (Args && namesUserClass(Args->asArray(), TensorTypes, 0))
      return true;
  }
  return false;
}

/// Whether the search follows \p P (a parameter of \p FD) into \p FD: a
/// forwarding reference of the user's, or any parameter of a system
/// function whose declaration, as written, may forward and whose
/// instantiation may construct a class of the user's.
static bool followsParameter(const FunctionDecl *FD, const ParmVarDecl *P,
                             const TypeNames &TensorTypes,
                             const SourceManager &SM) {
  if (!isInSystemHeader(FD, SM))
    return isForwardingReference(P);
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  return mayForwardArguments(Pattern ? *Pattern : *FD) &&
         mayConstructUserClass(*FD, TensorTypes);
}

/// Whether a parse that skips function bodies (SkipFunctionBodies) skipped
/// the body of \p FD or of the template it instantiates.
static bool bodyWasSkipped(const FunctionDecl *FD) {
  const FunctionDecl *Pattern =
      FD->getTemplateInstantiationPattern(/*ForDefinition=*/false);
  for (const FunctionDecl *D : {FD, Pattern})
    if (D && llvm::any_of(D->redecls(), [](const FunctionDecl *R) {
          return R->hasSkippedBody();
        }))
      return true;
  return false;
}

/// Whether \p FD's parameters make it a function that may forward its
/// arguments: a parameter pack, a forwarding reference, or a parameter whose
/// type expands a pack (std::tuple<Args...>).
static bool mayForwardArguments(const FunctionDecl &FD) {
  for (const ParmVarDecl *P : FD.parameters()) {
    if (P->isParameterPack())
      return true;
    QualType T = P->getType();
    if (const auto *RT = T->getAs<RValueReferenceType>()) {
      QualType Pointee = RT->getPointeeTypeAsWritten();
      if (!Pointee.hasLocalQualifiers() &&
          isa<TemplateTypeParmType>(Pointee.getTypePtr()))
        return true;
    }
    if (const auto *TST =
            T.getNonReferenceType()->getAs<TemplateSpecializationType>())
      for (const TemplateArgument &A : TST->template_arguments())
        if (A.isPackExpansion())
          return true;
  }
  return false;
}

/// Strips what the value passes through unchanged: implicit nodes,
/// parentheses, std::forward / std::move and reference casts.
static const Expr *passThrough(const Expr *E) {
  while (E) {
    const Expr *Next = ignoreImplicitAsWritten(E)->IgnoreParens();
    if (const auto *CE = dyn_cast<CallExpr>(Next)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (CE->getNumArgs() == 1 && isStdNamed(FD, {"forward", "move"}))
        Next = CE->getArg(0);
    } else if (const auto *Cast = dyn_cast<CXXNamedCastExpr>(Next)) {
      if (isa<CXXStaticCastExpr>(Cast) &&
          Cast->getTypeAsWritten()->isReferenceType())
        Next = Cast->getSubExpr();
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

/// The path of the value of \p P (itself at \p PPath) inside \p E, or none
/// if \p E does not carry it.
static std::optional<TuplePath> locate(const Expr *E, const ParmVarDecl *P,
                                       const TuplePath &PPath) {
  E = passThrough(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl() == P ? std::optional<TuplePath>(PPath) : std::nullopt;
  auto Packed =
      [&](llvm::ArrayRef<const Expr *> Elements) -> std::optional<TuplePath> {
    for (unsigned K = 0; K < Elements.size(); ++K)
      if (std::optional<TuplePath> R = locate(Elements[K], P, PPath)) {
        R->push_back(K);
        return R;
      }
    return std::nullopt;
  };
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    llvm::SmallVector<const Expr *, 4> Args(CE->arg_begin(), CE->arg_end());
    // std::get<I>(t): element I of t.
    if (isStdNamed(FD, {"get"}) && Args.size() == 1) {
      const TemplateArgumentList *TA = FD->getTemplateSpecializationArgs();
      if (!TA || TA->size() == 0 ||
          TA->get(0).getKind() != TemplateArgument::Integral)
        return std::nullopt;
      std::optional<TuplePath> R = locate(Args[0], P, PPath);
      uint64_t I = TA->get(0).getAsIntegral().getZExtValue();
      if (!R || R->empty() || R->back() != I)
        return std::nullopt;
      R->pop_back();
      return R;
    }
    if (isStdNamed(FD, {"forward_as_tuple", "make_tuple", "tie"}))
      return Packed(Args);
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = C->getConstructor();
    const CXXRecordDecl *RD = Ctor ? Ctor->getParent() : nullptr;
    if (isStdNamed(RD, {"tuple"}) && !Ctor->isCopyOrMoveConstructor())
      return Packed(
          llvm::SmallVector<const Expr *, 4>(C->arg_begin(), C->arg_end()));
  }
  return std::nullopt;
}

/// Calls the callback on every call and construction in \p S, lambdas'
/// bodies excepted (a captured value is not a parameter).
template <class Callback>
static void forEachCall(const Stmt *S, const Callback &CB) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (isa<CallExpr, CXXConstructExpr>(S))
    CB(cast<Expr>(S));
  for (const Stmt *Child : S->children())
    forEachCall(Child, CB);
}

static unsigned countReferences(const Stmt *S, const ParmVarDecl *P) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    N += DRE->getDecl() == P;
  for (const Stmt *Child : S->children())
    N += countReferences(Child, P);
  return N;
}

namespace {
class Search {
public:
  Search(const TypeNames &SinkTypes, const TypeNames &TensorTypes,
         const SourceManager &SM)
      : SinkTypes(SinkTypes), TensorTypes(TensorTypes), SM(SM) {}

  /// Whether the value of parameter \p Index of \p FD (at \p Path inside it)
  /// reaches a sink construction.
  bool follow(const FunctionDecl *FD, unsigned Index, const TuplePath &Path,
              unsigned Depth) {
    if (!FD || Depth > MaxDepth || Index >= FD->getNumParams())
      return false;
    // `using Base::Base;`: the implicit constructor passes its arguments
    // to the base's, one for one.
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
        Ctor && Ctor->isInheritingConstructor())
      return follow(Ctor->getInheritedConstructor().getConstructor(), Index,
                    Path, Depth + 1);
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def || !Def->getBody() ||
        Index >= Def->getNumParams()) {
      if (!Result.SkippedBody && bodyWasSkipped(FD) &&
          followsParameter(FD, FD->getParamDecl(Index), TensorTypes, SM))
        Result.SkippedBody = FD;
      return false;
    }
    const ParmVarDecl *P = Def->getParamDecl(Index);
    if (!followsParameter(Def, P, TensorTypes, SM))
      return false;
    if (!Visited.insert({Def, Index, Path}).second)
      return false;

    llvm::SmallVector<const Stmt *, 4> Roots{Def->getBody()};
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          Roots.push_back(Init->getInit());

    bool Found = false;
    for (const Stmt *Root : Roots) {
      forEachCall(Root, [&](const Expr *Call) {
        if (Found)
          return;
        llvm::SmallVector<const Expr *, 4> Args = parameterArguments(Call);
        for (unsigned J = 0; J < Args.size() && !Found; ++J) {
          std::optional<TuplePath> R = locate(Args[J], P, Path);
          if (!R)
            continue;
          if (J == 0 && R->empty() && isSinkConstruction(Call)) {
            Result.Sink = Call;
            Found = true;
          } else {
            Found = follow(calleeOf(Call), J, *R, Depth + 1);
          }
        }
      });
      if (Found)
        break;
    }
    if (Found && !isInSystemHeader(Def, SM) && !Result.OtherUses) {
      unsigned Uses = 0;
      for (const Stmt *Root : Roots)
        Uses += countReferences(Root, P);
      if (Uses > 1)
        Result.OtherUses = Def;
    }
    return Found;
  }

  ForwardedConversion Result;

private:
  /// A converting construction of a sink type (the matcher's sinks).
  bool isSinkConstruction(const Expr *Call) const {
    const auto *C = dyn_cast<CXXConstructExpr>(Call);
    if (!C || !C->getConstructor() ||
        C->getConstructor()->isCopyOrMoveConstructor())
      return false;
    for (unsigned I = 1; I < C->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(C->getArg(I)))
        return false;
    return SinkTypes.match(C->getConstructor()->getParent());
  }

  const TypeNames &SinkTypes;
  const TypeNames &TensorTypes;
  const SourceManager &SM;
  std::set<std::tuple<const FunctionDecl *, unsigned, TuplePath>> Visited;
};
} // namespace

ForwardedConversion findForwardedConversion(const FunctionDecl *Callee,
                                            unsigned ParamIndex,
                                            const TypeNames &SinkTypes,
                                            const TypeNames &TensorTypes,
                                            const SourceManager &SM) {
  Search S(SinkTypes, TensorTypes, SM);
  if (!S.follow(Callee, ParamIndex, {}, 0))
    return {nullptr, nullptr, S.Result.SkippedBody};
  return S.Result;
}

const ParmVarDecl *forwardedParameter(const Expr *E,
                                      const TypeNames &TensorTypes,
                                      const SourceManager &SM) {
  // Down through std::forward / std::move and std::get<I> of a tuple
  // parameter (a piecewise construction's arguments).
  while (true) {
    E = passThrough(E);
    const auto *CE = dyn_cast<CallExpr>(E);
    if (!CE || CE->getNumArgs() != 1 ||
        !isStdNamed(CE->getDirectCallee(), {"get"}))
      break;
    E = CE->getArg(0);
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  const auto *FD =
      P ? dyn_cast_or_null<FunctionDecl>(P->getDeclContext()) : nullptr;
  return FD && followsParameter(FD, P, TensorTypes, SM) ? P : nullptr;
}

} // namespace transformers_tidy
