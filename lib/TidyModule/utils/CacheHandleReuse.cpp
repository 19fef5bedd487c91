//===- CacheHandleReuse.cpp - Dropping a to_legacy_cache() round trip -----===//

#include "CacheHandleReuse.h"
#include "CacheFlow.h"
#include "CacheOrigin.h"
#include "LegacyCacheType.h"
#include "SinkContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace transformers_tidy {

const Expr *toLegacyCacheHandle(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParens());
  if (!MC || MC->getNumArgs() != 0)
    return nullptr;
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (!MD || !MD->getIdentifier() || MD->getName() != "to_legacy_cache" ||
      !isCacheRecord(MD->getParent()))
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
  if (!ME)
    return nullptr;
  const auto *Op =
      dyn_cast<CXXOperatorCallExpr>(ME->getBase()->IgnoreParenImpCasts());
  if (!Op || Op->getNumArgs() != 1)
    return nullptr;
  // h->to_legacy_cache()   : operator-> on the handle.
  // (*h).to_legacy_cache() : operator* on the handle.
  if (!(ME->isArrow() && Op->getOperator() == OO_Arrow) &&
      !(!ME->isArrow() && Op->getOperator() == OO_Star))
    return nullptr;
  // libstdc++ implements operator-> in a base class of shared_ptr: look
  // through the implicit derived-to-base cast.
  const Expr *Handle = Op->getArg(0)->IgnoreImpCasts();
  if (!isCacheHandle(Handle->getType()))
    return nullptr;
  return Handle;
}

bool isHandleReuseSafe(const Expr *Call, const Expr *Handle,
                       const TypeNames &SinkTypes, LocalParentMap &Parents) {
  CacheOrigin Origin(SinkTypes);
  const Expr *Root = cacheAccessRoot(Handle);
  const auto *DRE = dyn_cast<DeclRefExpr>(Root);
  if (!DRE)
    return Origin.isFresh(Root);
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  const FunctionDecl *FD = enclosingFunction(Call, Parents);
  return V && FD &&
         isCacheUnobservedAfter(Call, Handle, V, *FD, Origin, Parents);
}

} // namespace transformers_tidy
