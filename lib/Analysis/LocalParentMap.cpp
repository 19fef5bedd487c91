//===- LocalParentMap.cpp - Parents within one declaration ----------------===//

#include "LocalParentMap.h"
#include "transformers-tidy/LLVMCompat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace transformers_tidy {

/// Records child -> parent edges where clang's parent map records them: at
/// every Decl, Stmt, TypeLoc, NestedNameSpecifierLoc and Attr the visitor
/// enters.
class LocalParentMap::Recorder : public RecursiveASTVisitor<Recorder> {
  using Base = RecursiveASTVisitor<Recorder>;

public:
  Recorder(LocalParentMap &Map, llvm::SmallVectorImpl<DynTypedNode> &Stack)
      : Map(Map), Stack(Stack) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    return enter(DynTypedNode::create(*D),
                 [&] { return Base::TraverseDecl(D); });
  }
  bool TraverseTypeLoc(TT_TRAVERSE_TYPELOC_PARAMS) {
    if (!TL)
      return true;
    return enter(DynTypedNode::create(TL), [&] {
      return Base::TraverseTypeLoc(TT_TRAVERSE_TYPELOC_ARGS);
    });
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc NNS) {
    if (!NNS)
      return true;
    return enter(DynTypedNode::create(NNS),
                 [&] { return Base::TraverseNestedNameSpecifierLoc(NNS); });
  }
  bool TraverseAttr(Attr *A) {
    if (!A)
      return true;
    return enter(DynTypedNode::create(*A),
                 [&] { return Base::TraverseAttr(A); });
  }
  // Statements keep the visitor's data recursion (no Traverse override).
  bool dataTraverseStmtPre(Stmt *S) {
    DynTypedNode N = DynTypedNode::create(*S);
    Map.addParent(N, Stack.back());
    Stack.push_back(N);
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    Stack.pop_back();
    return true;
  }

private:
  template <typename Fn> bool enter(const DynTypedNode &N, Fn TraverseBelow) {
    Map.addParent(N, Stack.back());
    Stack.push_back(N);
    bool Result = TraverseBelow();
    Stack.pop_back();
    return Result;
  }

  LocalParentMap &Map;
  llvm::SmallVectorImpl<DynTypedNode> &Stack;
};

void LocalParentMap::addParent(const DynTypedNode &Child,
                               const DynTypedNode &Parent) {
  NodeList &List = Child.getNodeKind().hasPointerIdentity()
                       ? PointerParents[Child.getMemoizationData()]
                       : OtherParents[Child];
  // Like clang's map: a parent with identity is listed once.
  if (Parent.getMemoizationData() && llvm::is_contained(List, Parent))
    return;
  List.push_back(Parent);
}

const LocalParentMap::NodeList *
LocalParentMap::find(const DynTypedNode &Node) const {
  if (Node.getNodeKind().hasPointerIdentity()) {
    auto It = PointerParents.find(Node.getMemoizationData());
    return It == PointerParents.end() ? nullptr : &It->second;
  }
  auto It = OtherParents.find(Node);
  return It == OtherParents.end() ? nullptr : &It->second;
}

static SourceLocation locationOf(const DynTypedNode &N) {
  if (const auto *S = N.get<Stmt>())
    return S->getBeginLoc();
  if (const auto *D = N.get<Decl>())
    return D->getLocation();
  if (const auto *TL = N.get<TypeLoc>())
    return TL->getBeginLoc();
  if (const auto *NNS = N.get<NestedNameSpecifierLoc>())
    return NNS->getBeginLoc();
  if (const auto *A = N.get<Attr>())
    return A->getLocation();
  return SourceLocation();
}

/// Whether \p D's source range (as expanded in its file) contains \p Loc (a
/// file location).
static bool containsLoc(const Decl *D, SourceLocation Loc,
                        const SourceManager &SM) {
  SourceRange R = D->getSourceRange();
  if (R.isInvalid())
    return false;
  CharSourceRange File = SM.getExpansionRange(R);
  return !SM.isBeforeInTranslationUnit(Loc, File.getBegin()) &&
         !SM.isBeforeInTranslationUnit(File.getEnd(), Loc);
}

void LocalParentMap::recordAround(SourceLocation Loc, DeclContext *DC,
                                  llvm::SmallVectorImpl<DynTypedNode> &Stack) {
  const SourceManager &SM = Ctx.getSourceManager();
  Recorder R(*this, Stack);
  for (Decl *D : DC->decls()) {
    // The children clang's visitor traverses from a declaration context.
    if (R.canIgnoreChildDeclWhileTraversingDeclContext(D) ||
        !containsLoc(D, Loc, SM))
      continue;
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
      DynTypedNode N = DynTypedNode::create(*D);
      addParent(N, Stack.back());
      Stack.push_back(N);
      recordAround(Loc, cast<DeclContext>(D), Stack);
      Stack.pop_back();
      continue;
    }
    if (Recorded.insert(D).second)
      R.TraverseDecl(D);
  }
}

LocalParentMap::NodeList LocalParentMap::parents(const DynTypedNode &Node) {
  if (const NodeList *L = find(Node))
    return *L;
  if (Node.get<TranslationUnitDecl>())
    return {};
  SourceLocation Loc = locationOf(Node);
  if (Loc.isValid()) {
    llvm::SmallVector<DynTypedNode, 8> Stack;
    Stack.push_back(DynTypedNode::create(*Ctx.getTranslationUnitDecl()));
    recordAround(Ctx.getSourceManager().getExpansionLoc(Loc),
                 Ctx.getTranslationUnitDecl(), Stack);
    if (const NodeList *L = find(Node))
      return *L;
  }
  DynTypedNodeList All = Ctx.getParents(Node);
  return NodeList(All.begin(), All.end());
}

static bool isInstantiation(TemplateSpecializationKind K) {
  return K == TSK_ImplicitInstantiation ||
         K == TSK_ExplicitInstantiationDefinition ||
         K == TSK_ExplicitInstantiationDeclaration;
}

bool isInTemplateInstantiation(const Stmt &S, LocalParentMap &Parents) {
  llvm::SmallVector<DynTypedNode, 8> Work;
  llvm::DenseSet<const void *> Seen;
  Work.push_back(DynTypedNode::create(S));
  while (!Work.empty()) {
    DynTypedNode N = Work.pop_back_val();
    for (const DynTypedNode &P : Parents.parents(N)) {
      if (P.getMemoizationData() && !Seen.insert(P.getMemoizationData()).second)
        continue;
      if (const auto *RD = P.get<CXXRecordDecl>();
          RD && isInstantiation(RD->getTemplateSpecializationKind()))
        return true;
      if (const auto *FD = P.get<FunctionDecl>();
          FD && isInstantiation(FD->getTemplateSpecializationKind()))
        return true;
      Work.push_back(P);
    }
  }
  return false;
}

} // namespace transformers_tidy
