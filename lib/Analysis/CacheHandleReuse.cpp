//===- CacheHandleReuse.cpp - Dropping a to_legacy_cache() round trip -----===//

#include "CacheHandleReuse.h"
#include "LegacyCacheType.h"
#include "SinkContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

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

namespace {
/// Finds uses of a variable that could observe the shared cache after Call.
class LaterUseFinder {
public:
  LaterUseFinder(const VarDecl *V, SourceRange Call, const SourceManager &SM)
      : V(V), Call(Call), SM(SM) {}

  bool found(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (DRE->getDecl() == V) {
        // Used in a lambda: it may run at any time.
        if (DRE->refersToEnclosingVariableOrCapture())
          return true;
        SourceLocation L = SM.getExpansionLoc(DRE->getBeginLoc());
        SourceLocation End = SM.getExpansionLoc(Call.getEnd());
        if (SM.isBeforeInTranslationUnit(End, L))
          return true;
      }
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && C.getCapturedVar() == V)
          return true;
    }
    for (const Stmt *Child : S->children())
      if (found(Child))
        return true;
    return false;
  }

private:
  const VarDecl *V;
  SourceRange Call;
  const SourceManager &SM;
};
} // namespace

/// The local variable (or by-value parameter) the handle is, or is a
/// (non-static) member of; null if
/// the handle is something else. Sets \p IsTemporary for (members of)
/// temporaries.
static const VarDecl *handleRoot(const Expr *Handle, bool &IsTemporary) {
  IsTemporary = false;
  const Expr *E = Handle->IgnoreImplicit()->IgnoreParens();
  while (true) {
    if (E->isPRValue()) {
      IsTemporary = true;
      return nullptr;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()))
        return nullptr;
      E = ME->getBase()->IgnoreImplicit()->IgnoreParens();
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  }
}

static bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

bool isHandleReuseSafe(const Expr *Call, const Expr *Handle, ASTContext &Ctx) {
  bool IsTemporary = false;
  const VarDecl *V = handleRoot(Handle, IsTemporary);
  if (IsTemporary)
    return true;
  // A by-value parameter is a local variable of the function too.
  if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
    return false;
  const FunctionDecl *FD = enclosingFunction(Call, Ctx);
  if (!FD || FD->getBody() == nullptr || V->getParentFunctionOrMethod() != FD)
    return false;

  const SourceManager &SM = Ctx.getSourceManager();
  // Every loop around the call must also contain the declaration: otherwise
  // the next iteration sees the updated cache.
  SourceLocation DeclLoc = SM.getExpansionLoc(V->getLocation());
  DynTypedNode Node = DynTypedNode::create(*Call);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      break;
    Node = Parents[0];
    if (Node.get<FunctionDecl>() || Node.get<LambdaExpr>())
      break;
    const Stmt *S = Node.get<Stmt>();
    if (S && isLoop(S)) {
      SourceRange R(SM.getExpansionLoc(S->getBeginLoc()),
                    SM.getExpansionLoc(S->getEndLoc()));
      if (!(SM.isBeforeInTranslationUnit(R.getBegin(), DeclLoc) &&
            SM.isBeforeInTranslationUnit(DeclLoc, R.getEnd())))
        return false;
    }
  }

  LaterUseFinder Finder(V, Call->getSourceRange(), SM);
  return !Finder.found(FD->getBody());
}

} // namespace transformers_tidy
