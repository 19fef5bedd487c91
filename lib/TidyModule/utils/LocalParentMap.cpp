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
  Parents &P = Child.getNodeKind().hasPointerIdentity()
                   ? PointerParents[Child.getMemoizationData()]
                   : OtherParents[Child];
  // Like clang's map: a parent with identity is listed once. Two nodes with
  // identity are equal when their identities are.
  if (const void *Id = Parent.getMemoizationData()) {
    constexpr size_t SearchedUpTo = 16;
    if (!P.Identities && P.List.size() < SearchedUpTo) {
      if (llvm::is_contained(P.List, Parent))
        return;
    } else {
      if (!P.Identities) {
        P.Identities = std::make_unique<llvm::DenseSet<const void *>>();
        for (const DynTypedNode &Listed : P.List)
          if (const void *ListedId = Listed.getMemoizationData())
            P.Identities->insert(ListedId);
      }
      if (!P.Identities->insert(Id).second)
        return;
    }
  }
  P.List.push_back(Parent);
}

const LocalParentMap::NodeList *
LocalParentMap::find(const DynTypedNode &Node) const {
  if (Node.getNodeKind().hasPointerIdentity()) {
    auto It = PointerParents.find(Node.getMemoizationData());
    return It == PointerParents.end() ? nullptr : &It->second.List;
  }
  auto It = OtherParents.find(Node);
  return It == OtherParents.end() ? nullptr : &It->second.List;
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

void LocalParentMap::buildIndex(SpanIndex &SI, DeclContext *DC, Recorder &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Next = 0;
  for (Decl *D : DC->decls()) {
    unsigned Order = Next++;
    if (R.canIgnoreChildDeclWhileTraversingDeclContext(D))
      continue;
    SourceRange Range = D->getSourceRange();
    if (Range.isInvalid())
      continue;
    CharSourceRange File = SM.getExpansionRange(Range);
    SI.Spans.push_back({File.getBegin(), File.getEnd(), Order, D});
  }
  // decls() is in source order, but for the odd declaration made later (an
  // implicit deduction guide, at its template). Ties may end up in any
  // order: declsAround() orders what it finds by Order.
  auto Before = [&SM](const Span &A, const Span &B) {
    return SM.isBeforeInTranslationUnit(A.Begin, B.Begin);
  };
  if (!llvm::is_sorted(SI.Spans, Before))
    llvm::sort(SI.Spans, Before);
  for (const Span &S : SI.Spans) {
    bool Later = SI.MaxEnd.empty() ||
                 SM.isBeforeInTranslationUnit(SI.MaxEnd.back(), S.End);
    SI.MaxEnd.push_back(Later ? S.End : SI.MaxEnd.back());
  }
  SI.Indexed = true;
}

llvm::SmallVector<Decl *, 2>
LocalParentMap::declsAround(SourceLocation Loc, DeclContext *DC, Recorder &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallVector<Decl *, 2> Decls;
  // Of the children clang's visitor enters from a declaration context. The
  // first look-ups in a context scan them, the cheapest for a TU with a
  // finding or two; later ones use an index by position, as a scan per node
  // asked about took time quadratic in the findings of a file.
  SpanIndex &SI = Contexts[DC];
  if (!SI.Indexed && SI.Scans < ScansBeforeIndex) {
    ++SI.Scans;
    for (Decl *D : DC->decls())
      if (!R.canIgnoreChildDeclWhileTraversingDeclContext(D) &&
          containsLoc(D, Loc, SM))
        Decls.push_back(D);
    return Decls;
  }
  if (!SI.Indexed)
    buildIndex(SI, DC, R);
  auto Before = [&SM](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  // Of those that begin at or before Loc, the ones that end at or after it:
  // none before the last whose MaxEnd is before Loc.
  auto BeginAfter = llvm::partition_point(
      SI.Spans, [&](const Span &S) { return !Before(Loc, S.Begin); });
  llvm::SmallVector<const Span *, 2> Around;
  for (size_t I = BeginAfter - SI.Spans.begin();
       I > 0 && !Before(SI.MaxEnd[I - 1], Loc); --I)
    if (!Before(SI.Spans[I - 1].End, Loc))
      Around.push_back(&SI.Spans[I - 1]);
  llvm::sort(Around,
             [](const Span *A, const Span *B) { return A->Order < B->Order; });
  for (const Span *S : Around)
    Decls.push_back(S->D);
  return Decls;
}

void LocalParentMap::recordAround(SourceLocation Loc, DeclContext *DC,
                                  llvm::SmallVectorImpl<DynTypedNode> &Stack) {
  Recorder R(*this, Stack);
  for (Decl *D : declsAround(Loc, DC, R)) {
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
          RD && isTemplateInstantiation(RD->getTemplateSpecializationKind()))
        return true;
      if (const auto *FD = P.get<FunctionDecl>();
          FD && isTemplateInstantiation(FD->getTemplateSpecializationKind()))
        return true;
      Work.push_back(P);
    }
  }
  return false;
}

} // namespace transformers_tidy
