//===- DecayCopiedArgument.cpp - Arguments stored for a later call --------===//

#include "DecayCopiedArgument.h"
#include "ForwardedArgument.h"
#include "LegacyCacheType.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace transformers_tidy {

namespace {
/// The facility a callee is, with the index of its callable argument.
struct Facility {
  std::string Name;
  unsigned CallableIndex;
};

/// What will be called with the stored arguments.
struct CallableSignature {
  const FunctionProtoType *Proto = nullptr;
  /// The declaration, for parameter names; null for a function pointer.
  const FunctionDecl *Decl = nullptr;
  /// A member function pointer: the first stored argument is the object.
  bool TakesObject = false;
  std::string Name;
};
} // namespace

static std::optional<Facility> facilityOf(const FunctionDecl *Callee) {
  if (const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Callee)) {
    const CXXRecordDecl *RD = Ctor->getParent();
    if (!isStdNamed(RD, {"thread", "jthread"}) ||
        Ctor->isCopyOrMoveConstructor() || Ctor->getNumParams() == 0)
      return std::nullopt;
    return Facility{"std::" + RD->getName().str(), 0};
  }
  if (!isStdNamed(Callee, {"bind", "bind_front", "async"}) ||
      Callee->getNumParams() == 0)
    return std::nullopt;
  // std::async(std::launch, F&&, Args&&...): the policy comes first.
  const auto *Policy = Callee->getParamDecl(0)
                           ->getType()
                           .getNonReferenceType()
                           ->getAs<EnumType>();
  unsigned CallableIndex =
      Policy && isStdNamed(Policy->getDecl(), {"launch"}) ? 1 : 0;
  return Facility{"std::" + Callee->getName().str(), CallableIndex};
}

bool storesArgumentsForLaterCall(const FunctionDecl *Callee) {
  return facilityOf(Callee).has_value();
}

static std::string quoted(const NamedDecl *D) {
  return "'" + D->getNameAsString() + "'";
}

/// The one call operator of a class that is not a template: what
/// std::invoke will call. Overloads and templates choose by the argument
/// types, which the stored values only have after the fix: none.
static const CXXMethodDecl *onlyCallOperator(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  const CXXMethodDecl *Found = nullptr;
  DeclarationName Call =
      RD->getASTContext().DeclarationNames.getCXXOperatorName(OO_Call);
  for (const NamedDecl *ND : RD->lookup(Call)) {
    const auto *MD = dyn_cast<CXXMethodDecl>(ND);
    if (!MD || Found)
      return nullptr;
    Found = MD;
  }
  return Found;
}

static std::optional<CallableSignature> signatureOf(const Expr *Callable) {
  const Expr *E = Callable->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl())) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      return CallableSignature{FD->getType()->getAs<FunctionProtoType>(), FD,
                               MD && MD->isImplicitObjectMemberFunction(),
                               quoted(FD)};
    }

  QualType T = Callable->getType().getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (const auto *FPT = T->getAs<FunctionProtoType>())
    return CallableSignature{FPT, nullptr, false, "the callable"};
  if (const auto *MPT = T->getAs<MemberPointerType>()) {
    if (const auto *FPT = MPT->getPointeeType()->getAs<FunctionProtoType>())
      return CallableSignature{FPT, nullptr, true, "the callable"};
    return std::nullopt;
  }
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  const CXXMethodDecl *Op = onlyCallOperator(RD);
  if (!Op)
    return std::nullopt;
  return CallableSignature{Op->getType()->getAs<FunctionProtoType>(), Op, false,
                           RD->isLambda() ? "the lambda" : quoted(RD)};
}

std::optional<DecayCopyTarget> decayCopyTarget(const Expr *Call,
                                               unsigned ArgIndex,
                                               const TypeNames &SinkTypes) {
  std::optional<Facility> F = facilityOf(calleeOf(Call));
  llvm::SmallVector<const Expr *, 4> Args = parameterArguments(Call);
  if (!F || F->CallableIndex >= Args.size() || ArgIndex <= F->CallableIndex ||
      ArgIndex >= Args.size())
    return std::nullopt;
  std::optional<CallableSignature> S = signatureOf(Args[F->CallableIndex]);
  if (!S || !S->Proto)
    return std::nullopt;

  unsigned Position = ArgIndex - F->CallableIndex - 1;
  if (S->TakesObject) {
    if (Position == 0)
      return std::nullopt;
    --Position;
  }
  // std::jthread passes its std::stop_token first to a callable that
  // takes one.
  if (F->Name == "std::jthread" && S->Proto->getNumParams() > 0 &&
      isStdNamed(recordOf(S->Proto->getParamType(0)), {"stop_token"}))
    ++Position;
  if (Position >= S->Proto->getNumParams())
    return std::nullopt;

  QualType Param = S->Proto->getParamType(Position);
  // A stored value reaches the callable as an lvalue (std::bind) or an
  // rvalue (the others); either way it converts to a temporary, which no
  // non-const lvalue reference binds.
  if (const auto *LR = Param->getAs<LValueReferenceType>();
      LR && !LR->getPointeeType().isConstQualified())
    return std::nullopt;
  const CXXRecordDecl *Sink = recordOf(Param);
  if (!Sink || !SinkTypes.match(Sink))
    return std::nullopt;

  DecayCopyTarget Target;
  Target.Facility = F->Name;
  Target.CallableName = S->Name;
  Target.Sink = Sink;
  if (S->Decl && Position < S->Decl->getNumParams())
    if (const IdentifierInfo *II =
            S->Decl->getParamDecl(Position)->getIdentifier())
      Target.ParameterName = II->getName().str();
  return Target;
}

} // namespace transformers_tidy
