//===- SinkContext.cpp - What a sink construction initialises -------------===//

#include "SinkContext.h"
#include "LocalParentMap.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace transformers_tidy {

static bool isImplicitWrapper(const Stmt *S) {
  return isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             FullExpr>(S);
}

const Expr *ignoreImplicitAsWritten(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Next)) {
      // An implicit copy/move of the argument (by-value parameter).
      if (!isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() == 1 &&
          !CE->isListInitialization() && CE->getConstructor() &&
          CE->getConstructor()->isCopyOrMoveConstructor()) {
        Next = CE->getArg(0);
      }
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

/// The field initialised by the \p Index-th initialiser of an aggregate
/// initialisation of \p RD (bases come first).
static const FieldDecl *fieldAt(const RecordDecl *RD, unsigned Index) {
  if (!RD)
    return nullptr;
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD)) {
    if (!CXX->hasDefinition())
      return nullptr;
    if (Index < CXX->getNumBases())
      return nullptr;
    Index -= CXX->getNumBases();
  }
  for (const FieldDecl *F : RD->fields()) {
    if (F->isUnnamedBitField())
      continue;
    if (Index == 0)
      return F;
    --Index;
  }
  return nullptr;
}

static std::string nameOrFallback(const NamedDecl *D,
                                  llvm::StringRef Fallback) {
  if (D && D->getIdentifier() && !D->getName().empty())
    return D->getName().str();
  return Fallback.str();
}

static std::string paramName(const FunctionDecl *FD, unsigned Index,
                             llvm::StringRef Fallback) {
  if (!FD || Index >= FD->getNumParams())
    return Fallback.str();
  return nameOrFallback(FD->getParamDecl(Index), Fallback);
}

/// Whether \p Arg (as it appears among a parent's children) contains \p N.
static bool isNode(const Expr *Arg, const DynTypedNode &N) {
  if (!Arg)
    return false;
  const Stmt *S = N.get<Stmt>();
  // Walk down Arg's implicit wrappers.
  const Stmt *Cur = Arg;
  while (Cur) {
    if (Cur == S)
      return true;
    if (!isImplicitWrapper(Cur))
      return false;
    auto Children = Cur->children();
    Cur = Children.empty() ? nullptr : *Children.begin();
  }
  return false;
}

std::string sinkName(const Expr *Sink, LocalParentMap &ParentMap,
                     llvm::StringRef Fallback) {
  // The node directly below the written parent.
  DynTypedNode Child = DynTypedNode::create(*Sink);
  DynTypedNode Parent;
  while (true) {
    LocalParentMap::NodeList Parents = ParentMap.parents(Child);
    if (Parents.empty())
      return Fallback.str();
    // A designated initialiser (syntactic form) names its field directly.
    for (const DynTypedNode &P : Parents)
      if (const auto *DIE = P.get<DesignatedInitExpr>()) {
        if (DIE->size() >= 1) {
          const DesignatedInitExpr::Designator *D =
              DIE->getDesignator(DIE->size() - 1);
          if (D->isFieldDesignator())
            return D->getFieldName() ? D->getFieldName()->getName().str()
                                     : Fallback.str();
        }
      }
    Parent = Parents[0];
    const Stmt *S = Parent.get<Stmt>();
    if (S && isImplicitWrapper(S)) {
      Child = Parent;
      continue;
    }
    break;
  }

  if (const auto *ILE = Parent.get<InitListExpr>()) {
    const InitListExpr *Sem =
        ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
    if (!Sem)
      Sem = ILE;
    const RecordDecl *RD = Sem->getType()->getAsRecordDecl();
    if (!RD)
      return Fallback.str();
    if (RD->isUnion())
      return nameOrFallback(Sem->getInitializedFieldInUnion(), Fallback);
    for (unsigned I = 0, N = Sem->getNumInits(); I < N; ++I)
      if (isNode(Sem->getInit(I), Child))
        return nameOrFallback(fieldAt(RD, I), Fallback);
    return Fallback.str();
  }
  if (const auto *PLE = Parent.get<CXXParenListInitExpr>()) {
    const RecordDecl *RD = PLE->getType()->getAsRecordDecl();
    llvm::ArrayRef<Expr *> Inits = PLE->getInitExprs();
    for (unsigned I = 0; I < Inits.size(); ++I)
      if (isNode(Inits[I], Child))
        return nameOrFallback(fieldAt(RD, I), Fallback);
    return Fallback.str();
  }
  if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        isNode(Op->getArg(1), Child)) {
      const Expr *LHS = Op->getArg(0)->IgnoreParenImpCasts();
      if (const auto *ME = dyn_cast<MemberExpr>(LHS))
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          return nameOrFallback(FD, Fallback);
      return Fallback.str();
    }
    const auto *FD = Op->getDirectCallee();
    unsigned Offset = isa_and_nonnull<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = Offset; I < Op->getNumArgs(); ++I)
      if (isNode(Op->getArg(I), Child))
        return paramName(FD, I - Offset, Fallback);
    return Fallback.str();
  }
  if (const auto *Call = Parent.get<CallExpr>()) {
    const FunctionDecl *FD = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (isNode(Call->getArg(I), Child))
        return paramName(FD, I, Fallback);
    return Fallback.str();
  }
  if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
      if (isNode(Construct->getArg(I), Child))
        return paramName(Construct->getConstructor(), I, Fallback);
    return Fallback.str();
  }
  if (const auto *Init = Parent.get<CXXCtorInitializer>()) {
    if (const FieldDecl *FD = Init->getAnyMember())
      return nameOrFallback(FD, Fallback);
    return Fallback.str();
  }
  // Member initialisers: depending on the traversal the parent is the
  // initialiser or the constructor owning it.
  if (const auto *Ctor = Parent.get<CXXConstructorDecl>()) {
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit() && isNode(Init->getInit(), Child))
        return Init->getAnyMember()
                   ? nameOrFallback(Init->getAnyMember(), Fallback)
                   : Fallback.str();
    return Fallback.str();
  }
  if (const auto *FD = Parent.get<FieldDecl>())
    return nameOrFallback(FD, Fallback);
  if (const auto *PVD = Parent.get<ParmVarDecl>())
    return nameOrFallback(PVD, Fallback);
  return Fallback.str();
}

const FunctionDecl *enclosingFunction(const Stmt *S,
                                      LocalParentMap &ParentMap) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    LocalParentMap::NodeList Parents = ParentMap.parents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *FD = Node.get<FunctionDecl>())
      return FD;
    if (const auto *LE = Node.get<LambdaExpr>())
      return LE->getCallOperator();
  }
}

} // namespace transformers_tidy
