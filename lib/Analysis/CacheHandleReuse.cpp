//===- CacheHandleReuse.cpp - Dropping a to_legacy_cache() round trip -----===//

#include "CacheHandleReuse.h"
#include "LegacyCacheType.h"
#include "LocalParentMap.h"
#include "SinkContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
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

/// Implicit nodes, parentheses and default arguments' wrappers stripped.
static const Expr *strip(const Expr *E) {
  return E->IgnoreImplicit()->IgnoreParens()->IgnoreImplicit();
}

namespace {
/// Decides whether an expression yields a cache no other handle refers to.
class Freshness {
public:
  explicit Freshness(llvm::ArrayRef<std::string> SinkTypes)
      : SinkTypes(SinkTypes) {}

  /// A cache handle, or an object holding one (a model output), that
  /// nobody else shares.
  bool isFresh(const Expr *E) const {
    E = strip(E);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      return isModelCallWithoutCache(MC);
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return isCacheFactoryCall(CE);
    return false;
  }

private:
  /// std::make_shared<...>(...) or a static from_legacy_cache of a Cache.
  static bool isCacheFactoryCall(const CallExpr *CE) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(CE->getCalleeDecl());
    if (!FD || !FD->getIdentifier())
      return false;
    if (FD->getName() == "make_shared" && FD->isInStdNamespace())
      return true;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    return MD && MD->isStatic() && MD->getName() == "from_legacy_cache" &&
           isCacheRecord(MD->getParent());
  }

  /// model.forward(...) / model.generate(...) where every argument that can
  /// carry a cache carries none: the model creates the cache it returns.
  bool isModelCallWithoutCache(const CXXMemberCallExpr *MC) const {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || !MD->getIdentifier() ||
        (MD->getName() != "forward" && MD->getName() != "generate") ||
        !isOrDerivesFrom(MD->getParent(), ModelBaseName))
      return false;
    for (const Expr *Arg : MC->arguments())
      if (mayCarryCache(Arg->getType()) && !carriesNoCache(Arg))
        return false;
    return true;
  }

  bool isSink(QualType T) const {
    const CXXRecordDecl *RD = recordOf(T);
    return RD && matchingName(RD, SinkTypes);
  }

  /// A sink type, or an aggregate with a sink-typed field (GenerateKwargs).
  bool mayCarryCache(QualType T) const {
    if (isSink(T))
      return true;
    const CXXRecordDecl *RD = recordOf(T);
    if (!RD || !RD->hasDefinition())
      return false;
    return llvm::any_of(RD->getDefinition()->fields(),
                        [this](const auto *F) { return isSink(F->getType()); });
  }

  /// Default arguments, `{}`, `nullptr` and value-initialised fields.
  bool carriesNoCache(const Expr *E) const {
    if (isa<CXXDefaultArgExpr>(E))
      return carriesNoCache(cast<CXXDefaultArgExpr>(E)->getExpr());
    if (isa<CXXDefaultInitExpr>(E))
      return carriesNoCache(cast<CXXDefaultInitExpr>(E)->getExpr());
    E = strip(E);
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

  static constexpr llvm::StringLiteral ModelBaseName =
      "transformers::PreTrainedModel";
  llvm::ArrayRef<std::string> SinkTypes;
};
} // namespace

/// Counts the references to \p V below \p S (lambda captures included).
static unsigned countReferences(const Stmt *S, const VarDecl *V) {
  if (!S)
    return 0;
  unsigned N = 0;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    N += DRE->getDecl() == V;
  if (const auto *LE = dyn_cast<LambdaExpr>(S))
    for (const LambdaCapture &C : LE->captures())
      N += C.capturesVariable() && C.getCapturedVar() == V;
  for (const Stmt *Child : S->children())
    N += countReferences(Child, V);
  return N;
}

static bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// Whether every loop around \p Call (within its function) also contains
/// the declaration of \p V: otherwise the next iteration would see the cache
/// the callee updated.
static bool noLoopOutlivedBy(const Expr *Call, const VarDecl *V,
                             LocalParentMap &ParentMap) {
  const SourceManager &SM = ParentMap.context().getSourceManager();
  SourceLocation DeclLoc = SM.getExpansionLoc(V->getLocation());
  DynTypedNode Node = DynTypedNode::create(*Call);
  while (true) {
    LocalParentMap::NodeList Parents = ParentMap.parents(Node);
    if (Parents.empty())
      return true;
    Node = Parents[0];
    if (Node.get<FunctionDecl>() || Node.get<LambdaExpr>())
      return true;
    const Stmt *S = Node.get<Stmt>();
    if (S && isLoop(S) &&
        !(SM.isBeforeInTranslationUnit(SM.getExpansionLoc(S->getBeginLoc()),
                                       DeclLoc) &&
          SM.isBeforeInTranslationUnit(DeclLoc,
                                       SM.getExpansionLoc(S->getEndLoc()))))
      return false;
  }
}

bool isHandleReuseSafe(const Expr *Call, const Expr *Handle,
                       llvm::ArrayRef<std::string> SinkTypes,
                       LocalParentMap &Parents) {
  // Walk `a.b.c` down to its root object.
  const Expr *Root = strip(Handle);
  while (const auto *ME = dyn_cast<MemberExpr>(Root)) {
    if (ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()))
      return false;
    Root = strip(ME->getBase());
  }
  Freshness Fresh(SinkTypes);
  const auto *DRE = dyn_cast<DeclRefExpr>(Root);
  if (!DRE)
    return Fresh.isFresh(Root);

  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || V->isStaticLocal() ||
      V->getType()->isReferenceType() || !V->getInit() ||
      !Fresh.isFresh(V->getInit()))
    return false;
  const FunctionDecl *FD = enclosingFunction(Call, Parents);
  if (!FD || !FD->getBody() || V->getParentFunctionOrMethod() != FD)
    return false;
  // The handle is the only reference: no copy shares the cache, nothing
  // reads it afterwards.
  return countReferences(FD->getBody(), V) == 1 &&
         noLoopOutlivedBy(Call, V, Parents);
}

} // namespace transformers_tidy
