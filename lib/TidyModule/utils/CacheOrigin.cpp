//===- CacheOrigin.cpp - Where a cache handle's cache comes from ----------===//

#include "CacheOrigin.h"
#include "LegacyCacheType.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace transformers_tidy {

static constexpr llvm::StringLiteral ModelBaseName =
    "transformers::PreTrainedModel";

const Expr *stripImplicit(const Expr *E) {
  return E->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
}

bool CacheOrigin::isFresh(const Expr *E) const {
  E = stripImplicit(E);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return isModelCallWithoutCache(MC);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return isCacheFactoryCall(CE);
  return false;
}

bool CacheOrigin::isCacheFactoryCall(const CallExpr *CE) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(CE->getCalleeDecl());
  if (!FD || !FD->getIdentifier())
    return false;
  if (isStdNamed(FD, {"make_shared"}))
    return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return MD && MD->isStatic() && MD->getName() == "from_legacy_cache" &&
         isCacheRecord(MD->getParent());
}

bool CacheOrigin::isModelCall(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  return MD && MD->getIdentifier() &&
         (MD->getName() == "forward" || MD->getName() == "generate") &&
         isOrDerivesFrom(MD->getParent(), ModelBaseName);
}

bool CacheOrigin::isModelCallWithoutCache(const CXXMemberCallExpr *MC) const {
  if (!isModelCall(MC))
    return false;
  for (const Expr *Arg : MC->arguments())
    if (mayCarryCache(Arg->getType()) && !carriesNoCache(Arg))
      return false;
  return true;
}

bool CacheOrigin::isSink(QualType T) const {
  const CXXRecordDecl *RD = recordOf(T);
  return SinkTypes.match(RD);
}

bool CacheOrigin::mayCarryCache(QualType T) const {
  if (isSink(T))
    return true;
  const CXXRecordDecl *RD = recordOf(T);
  if (!RD || !RD->hasDefinition())
    return false;
  return llvm::any_of(RD->getDefinition()->fields(),
                      [this](const auto *F) { return isSink(F->getType()); });
}

bool CacheOrigin::carriesNoCache(const Expr *E) const {
  if (isa<CXXDefaultArgExpr>(E))
    return carriesNoCache(cast<CXXDefaultArgExpr>(E)->getExpr());
  if (isa<CXXDefaultInitExpr>(E))
    return carriesNoCache(cast<CXXDefaultInitExpr>(E)->getExpr());
  E = stripImplicit(E);
  if (isa<ImplicitValueInitExpr, CXXNullPtrLiteralExpr>(E))
    return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() == 0)
      return true;
    // From nullptr, or a copy/move of something that carries none.
    return CE->getNumArgs() == 1 &&
           (CE->getArg(0)->getType()->isNullPtrType() ||
            (CE->getConstructor()->isCopyOrMoveConstructor() &&
             carriesNoCache(CE->getArg(0))));
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E))
    return llvm::all_of(ILE->inits(), [this](const Expr *Init) {
      return !mayCarryCache(Init->getType()) || carriesNoCache(Init);
    });
  return false;
}

} // namespace transformers_tidy
