//===- CacheFlow.cpp - Can anyone observe a cache after a call? -----------===//

#include "CacheFlow.h"
#include "CacheHandleReuse.h"
#include "CacheOrigin.h"
#include "LegacyCacheType.h"
#include "LocalParentMap.h"
#include "SinkContext.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace transformers_tidy {

/// std::move and the shared_ptr casts: the same cache.
static bool isSameCacheCall(const CallExpr *CE) {
  return CE->getNumArgs() == 1 &&
         isStdNamed(CE->getDirectCallee(),
                    {"move", "dynamic_pointer_cast", "static_pointer_cast",
                     "const_pointer_cast"});
}

static bool isStdContainer(const CXXRecordDecl *RD) {
  return isStdNamed(RD, {"vector", "array", "deque", "list", "map",
                         "unordered_map", "optional"});
}

/// One step from an expression yielding a cache (or a holder of one) to the
/// object it was read from; null at the root.
static const Expr *accessBase(const Expr *E) {
  E = ignoreImplicitAsWritten(E)->IgnoreParens();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) ? ME->getBase()
                                                                 : nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    OverloadedOperatorKind K = Op->getOperator();
    return (K == OO_Subscript || K == OO_Star || K == OO_Arrow) &&
                   Op->getNumArgs() >= 1
               ? Op->getArg(0)
               : nullptr;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    return MD && MD->getIdentifier() && isStdContainer(MD->getParent()) &&
                   llvm::is_contained({"front", "back", "at", "value"},
                                      MD->getName())
               ? MC->getImplicitObjectArgument()
               : nullptr;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return isSameCacheCall(CE) ? CE->getArg(0) : nullptr;
  return nullptr;
}

const Expr *cacheAccessRoot(const Expr *E) {
  while (const Expr *Base = accessBase(E))
    E = Base;
  return ignoreImplicitAsWritten(E)->IgnoreParens();
}

/// Whether functional cast \p FC makes no other value than its operand
/// (`GenerateKwargs{cache}`, `PastKeyValues(cache)`).
static bool passesOperandOn(const CXXFunctionalCastExpr *FC) {
  return FC->getCastKind() == CK_NoOp ||
         FC->getCastKind() == CK_ConstructorConversion;
}

/// \p E as written: also through a functional cast that passes its operand
/// on.
static const Expr *valueAsWritten(const Expr *E) {
  E = ignoreImplicitAsWritten(E)->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E);
      FC && passesOperandOn(FC))
    return valueAsWritten(FC->getSubExpr());
  return E;
}

/// Whether a value of type \p T may hold (a handle to) a cache.
static bool mayHoldCache(QualType T, const CacheOrigin &Origin,
                         unsigned Depth = 0) {
  if (T.isNull() || Depth > 4)
    return false;
  T = T.getNonReferenceType();
  if (T->isPointerType())
    return mayHoldCache(T->getPointeeType(), Origin, Depth + 1);
  const CXXRecordDecl *RD = recordOf(T);
  if (!RD)
    return false;
  if (isCacheRecord(RD) || isCacheHandle(T) || Origin.mayCarryCache(T))
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          mayHoldCache(A.getAsType(), Origin, Depth + 1))
        return true;
  if (!RD->hasDefinition())
    return false;
  return llvm::any_of(RD->getDefinition()->fields(), [&](const FieldDecl *F) {
    return mayHoldCache(F->getType(), Origin, Depth + 1);
  });
}

namespace {

/// What one reference to an alias does to the cache.
enum class UseKind {
  /// Does not touch the cache (another field, a container's size).
  Ignore,
  /// Reads, copies, passes or writes the cache.
  Observe,
  /// The left-hand side of an assignment of the whole variable.
  Define,
};

class AliasFlow {
public:
  AliasFlow(const FunctionDecl &FD, const CacheOrigin &Origin,
            LocalParentMap &Parents)
      : FD(FD), Origin(Origin), Parents(Parents) {
    collectReferences(FD.getBody());
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        collectReferences(Init->getInit());
  }

  /// Steps 1-3 of the file comment; false when an alias escapes or holds a
  /// cache of unknown origin.
  bool build(const VarDecl *Root) {
    if (!addVar(Root))
      return false;
    for (unsigned I = 0; I < Aliases.size(); ++I) {
      const VarDecl *V = Aliases[I];
      if (V->getInit() && !acceptSource(V->getInit()))
        return false;
      for (const DeclRefExpr *DRE : Refs.lookup(V))
        if (!classify(DRE))
          return false;
    }
    return true;
  }

  /// Step 4: whether an alias may be read after \p Call.
  bool observedAfter(const Expr *Call, const Expr *Handle) {
    if (readInSameFullExpression(Call, Handle) || isInTryBlock(Call))
      return true;
    ASTContext &Ctx = Parents.context();
    CFG::BuildOptions Options;
    Options.setAllAlwaysAdd();
    Options.AddInitializers = true;
    std::unique_ptr<CFG> Graph =
        CFG::buildCFG(&FD, FD.getBody(), &Ctx, Options);
    if (!Graph)
      return true;
    const CFGBlock *Start = nullptr;
    unsigned StartIndex = 0;
    for (const CFGBlock *B : *Graph)
      for (unsigned I = 0; I < B->size() && !Start; ++I)
        if (auto S = (*B)[I].getAs<CFGStmt>(); S && S->getStmt() == Call) {
          Start = B;
          StartIndex = I + 1;
        }
    if (!Start)
      return true;
    for (const VarDecl *V : Aliases)
      if (readOnSomePath(V, Start, StartIndex))
        return true;
    return false;
  }

private:
  void collectReferences(const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Refs[V].push_back(DRE);
    if (const auto *LE = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable())
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
            Captured.insert(V);
    for (const Stmt *Child : S->children())
      collectReferences(Child);
  }

  /// A local of this function the analysis can follow: not a parameter,
  /// global, static, reference or lambda capture.
  bool addVar(const VarDecl *V) {
    if (!V)
      return false;
    if (Aliases.contains(V))
      return true;
    if (isa<ParmVarDecl>(V) || !V->isLocalVarDecl() || V->isStaticLocal() ||
        V->getType()->isReferenceType() || Captured.contains(V) ||
        V->getParentFunctionOrMethod() != &FD)
      return false;
    Aliases.insert(V);
    return true;
  }

  /// Step 3: a value an alias is given.
  bool acceptSource(const Expr *E) {
    if (Origin.carriesNoCache(E))
      return true;
    const Expr *Stripped = valueAsWritten(E);
    if (const auto *ILE = dyn_cast<InitListExpr>(Stripped))
      return llvm::all_of(ILE->inits(), [&](const Expr *Init) {
        return !mayHoldCache(Init->getType(), Origin) || acceptSource(Init);
      });
    // A PastKeyValues made from a value (a model call's argument, a field of
    // GenerateKwargs, a variable): the cache of that value. Only the sink
    // types: what another class's constructor keeps is unknown.
    if (const auto *C = dyn_cast<CXXConstructExpr>(Stripped);
        C && C->getNumArgs() >= 1 &&
        !C->getConstructor()->isCopyOrMoveConstructor() &&
        Origin.sinkTypes().match(C->getConstructor()->getParent())) {
      const Expr *Value = ignoreImplicitAsWritten(C->getArg(0));
      // A legacy value converts to a new cache, unless it is a round trip
      // (which this very fix may drop): then it is the handle's cache.
      if (const Expr *Handle = toLegacyCacheHandle(Value))
        return acceptSource(Handle);
      if (!isCacheHandle(Value->getType()) &&
          !mayHoldCache(Value->getType(), Origin))
        return true;
      return acceptSource(Value);
    }
    const Expr *Root = cacheAccessRoot(Stripped);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Root))
      return addVar(dyn_cast<VarDecl>(DRE->getDecl()));
    if (Origin.isFresh(Root))
      return true;
    if (!CacheOrigin::isModelCall(Root))
      return false;
    // The output of a model call holds the cache it was given.
    for (const Expr *Arg : cast<CXXMemberCallExpr>(Root)->arguments())
      if (Origin.mayCarryCache(Arg->getType()) && !acceptSource(Arg))
        return false;
    return true;
  }

  /// Steps 1-2 for one reference; false when it escapes.
  bool classify(const DeclRefExpr *DRE) {
    const Expr *E = DRE;
    bool Whole = true;
    auto Record = [&](UseKind K) {
      Uses[DRE] = K;
      return true;
    };
    while (true) {
      LocalParentMap::NodeList Ps = Parents.parents(*E);
      // The value of a designated initialiser (`{.past_key_values = h}`) is
      // also a child of the syntactic form's DesignatedInitExpr; the
      // semantic form's parent says what becomes of it (the conversion to
      // the field's type, the aggregate).
      const auto *It = llvm::find_if(Ps, [](const DynTypedNode &N) {
        return !N.get<DesignatedInitExpr>();
      });
      if (It == Ps.end())
        return false;
      const DynTypedNode &P = *It;
      if (const auto *VD = P.get<VarDecl>()) {
        // A copy into another local joins it to the set.
        return VD->getInit() && addVar(VD) && Record(UseKind::Observe);
      }
      const auto *PE = P.get<Expr>();
      if (!PE) {
        const Stmt *PS = P.get<Stmt>();
        if (!PS || isa<ReturnStmt, CoreturnStmt>(PS))
          return false;
        // A condition, or an expression statement whose value is unused.
        return Record(UseKind::Observe);
      }
      if (isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
              CXXBindTemporaryExpr, FullExpr>(PE)) {
        E = PE;
        continue;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(PE)) {
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
          if (ME->isArrow())
            return false;
          if (!mayHoldCache(F->getType(), Origin))
            return Record(UseKind::Ignore);
          E = ME;
          Whole = false;
          continue;
        }
        const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
        LocalParentMap::NodeList Calls = Parents.parents(*ME);
        const auto *MC =
            Calls.empty() ? nullptr : Calls[0].get<CXXMemberCallExpr>();
        if (!MD || !MC)
          return false;
        switch (methodUse(MD, MC)) {
        case MethodUse::Escapes:
          return false;
        case MethodUse::Reads:
          return Record(UseKind::Observe);
        case MethodUse::Ignores:
          return Record(UseKind::Ignore);
        case MethodUse::YieldsElement:
          E = MC;
          Whole = false;
          continue;
        }
      }
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(PE)) {
        OverloadedOperatorKind K = Op->getOperator();
        bool IsLHS = Op->getNumArgs() >= 1 && isSameNode(Op->getArg(0), E);
        if (IsLHS && (K == OO_Arrow || K == OO_Star || K == OO_Subscript)) {
          E = Op;
          Whole = false;
          continue;
        }
        if (K == OO_EqualEqual || K == OO_ExclaimEqual || K == OO_Exclaim)
          return Record(UseKind::Observe);
        if (K == OO_Equal && Op->getNumArgs() == 2)
          return assignment(Op, Op->getArg(0), Op->getArg(1), IsLHS, Whole,
                            Record);
        return false;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(PE)) {
        if (BO->isEqualityOp())
          return Record(UseKind::Observe);
        if (BO->getOpcode() == BO_Assign)
          return assignment(BO, BO->getLHS(), BO->getRHS(),
                            isSameNode(BO->getLHS(), E), Whole, Record);
        return false;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(PE)) {
        if (UO->getOpcode() == UO_LNot)
          return Record(UseKind::Observe);
        return false;
      }
      if (const auto *C = dyn_cast<CXXConstructExpr>(PE)) {
        // A copy of the handle, or a PastKeyValues made from it: the same
        // cache, wherever it goes next.
        const CXXConstructorDecl *Ctor = C->getConstructor();
        if (C->getNumArgs() >= 1 && isSameNode(C->getArg(0), E) &&
            (Ctor->isCopyOrMoveConstructor() ||
             Origin.sinkTypes().match(Ctor->getParent()))) {
          E = C;
          Whole = false;
          continue;
        }
        return false;
      }
      if (const auto *ILE = dyn_cast<InitListExpr>(PE)) {
        if (!Origin.mayCarryCache(ILE->getType()))
          return false;
        E = ILE;
        Whole = false;
        continue;
      }
      if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(PE)) {
        // `GenerateKwargs{...}`, `PastKeyValues(h)`: the value of its operand.
        if (!passesOperandOn(FC))
          return false;
        E = FC;
        Whole = false;
        continue;
      }
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(PE)) {
        // Passed to a model call: its output holds the same cache.
        if (!CacheOrigin::isModelCall(MC))
          return false;
        E = MC;
        Whole = false;
        continue;
      }
      if (const auto *CE = dyn_cast<CallExpr>(PE)) {
        if (!isSameCacheCall(CE))
          return false;
        E = CE;
        Whole = false;
        continue;
      }
      if (const auto *CO = dyn_cast<ConditionalOperator>(PE))
        return isSameNode(CO->getCond(), E) && Record(UseKind::Observe);
      return false;
    }
  }

  /// `LHS = RHS` with the reference on the left (\p IsLHS) or the right.
  template <class RecordFn>
  bool assignment(const Expr *Assign, const Expr *LHS, const Expr *RHS,
                  bool IsLHS, bool Whole, RecordFn &Record) {
    if (IsLHS) {
      if (!acceptSource(RHS))
        return false;
      const auto *Target = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
      if (!Whole || !Target)
        return Record(UseKind::Observe);
      Defines[Assign] = Target->getDecl();
      return Record(UseKind::Define);
    }
    // Copied into the variable on the left, or into a field or element of
    // it (`kwargs.past_key_values = h`): that variable joins the set.
    const auto *Target = dyn_cast<DeclRefExpr>(cacheAccessRoot(LHS));
    return Target && addVar(dyn_cast<VarDecl>(Target->getDecl())) &&
           Record(UseKind::Observe);
  }

  enum class MethodUse { Escapes, Reads, Ignores, YieldsElement };

  /// What calling \p MD on (a part of) an alias does.
  MethodUse methodUse(const CXXMethodDecl *MD, const CXXMemberCallExpr *MC) {
    const CXXRecordDecl *RD = MD->getParent();
    llvm::StringRef Name =
        MD->getIdentifier() ? MD->getName() : llvm::StringRef();
    if (isCacheRecord(RD)) {
      QualType R = MD->getReturnType();
      // A value (a length, a flag, the legacy tuples) cannot refer back.
      return R->isReferenceType() || R->isPointerType() ||
                     mayHoldCache(R, Origin)
                 ? MethodUse::Escapes
                 : MethodUse::Reads;
    }
    if (isStdNamed(RD, {"shared_ptr", "__shared_ptr"}))
      return Name == "get" ? MethodUse::Escapes : MethodUse::Reads;
    if (Origin.sinkTypes().match(RD))
      return Name == "cache" ? MethodUse::YieldsElement : MethodUse::Reads;
    if (isStdContainer(RD)) {
      if (llvm::is_contained(
              {"size", "empty", "capacity", "max_size", "reserve", "has_value"},
              Name))
        return MethodUse::Ignores;
      if (llvm::is_contained({"front", "back", "at", "value"}, Name))
        return MethodUse::YieldsElement;
      if (llvm::is_contained({"push_back", "emplace_back", "push_front",
                              "emplace_front", "emplace", "insert"},
                             Name)) {
        for (const Expr *Arg : MC->arguments())
          if (mayHoldCache(Arg->getType(), Origin) && !acceptSource(Arg))
            return MethodUse::Escapes;
        return MethodUse::Reads;
      }
      if (llvm::is_contained({"clear", "pop_back", "pop_front", "reset"}, Name))
        return MethodUse::Reads;
    }
    return MethodUse::Escapes;
  }

  /// Whether \p Arg, as the parent sees it, is \p E (through implicit nodes).
  static bool isSameNode(const Expr *Arg, const Expr *E) {
    for (const Expr *Cur = Arg; Cur;) {
      if (Cur == E)
        return true;
      const Expr *Next = Cur->IgnoreImplicit()->IgnoreParens();
      if (Next == Cur)
        return false;
      Cur = Next;
    }
    return false;
  }

  static void
  collectAliasRefs(const Stmt *S,
                   llvm::SmallPtrSetImpl<const DeclRefExpr *> &Out) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      Out.insert(DRE);
    for (const Stmt *Child : S->children())
      collectAliasRefs(Child, Out);
  }

  bool readInSameFullExpression(const Expr *Call, const Expr *Handle) {
    const Expr *Full = Call;
    while (true) {
      LocalParentMap::NodeList Ps = Parents.parents(*Full);
      const Expr *PE = Ps.empty() ? nullptr : Ps[0].get<Expr>();
      if (!PE)
        break;
      Full = PE;
    }
    llvm::SmallPtrSet<const DeclRefExpr *, 16> InFull, InHandle;
    collectAliasRefs(Full, InFull);
    collectAliasRefs(Handle, InHandle);
    for (const DeclRefExpr *DRE : InFull) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V || !Aliases.contains(V) || InHandle.contains(DRE))
        continue;
      if (Uses.lookup(DRE) == UseKind::Observe)
        return true;
    }
    return false;
  }

  bool isInTryBlock(const Expr *Call) {
    DynTypedNode N = DynTypedNode::create(*Call);
    while (true) {
      LocalParentMap::NodeList Ps = Parents.parents(N);
      if (Ps.empty())
        return false;
      N = Ps[0];
      if (N.get<CXXTryStmt>())
        return true;
      if (N.get<FunctionDecl>() || N.get<LambdaExpr>())
        return false;
    }
  }

  enum class Scan { Read, Redefined, Continues };

  Scan scanBlock(const CFGBlock &B, unsigned From, const VarDecl *V) {
    for (unsigned I = From; I < B.size(); ++I) {
      auto S = B[I].getAs<CFGStmt>();
      if (!S)
        continue;
      const Stmt *St = S->getStmt();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(St)) {
        if (DRE->getDecl() == V && Uses.lookup(DRE) == UseKind::Observe)
          return Scan::Read;
        continue;
      }
      if (Defines.lookup(St) == V)
        return Scan::Redefined;
      if (const auto *DS = dyn_cast<DeclStmt>(St))
        if (llvm::is_contained(DS->decls(), V))
          return Scan::Redefined;
    }
    return Scan::Continues;
  }

  bool readOnSomePath(const VarDecl *V, const CFGBlock *Start,
                      unsigned StartIndex) {
    llvm::SmallPtrSet<const CFGBlock *, 16> Seen;
    llvm::SmallVector<const CFGBlock *, 16> Work;
    auto Next = [&](const CFGBlock &B) {
      for (const CFGBlock::AdjacentBlock &Succ : B.succs())
        if (const CFGBlock *S = Succ.getReachableBlock())
          if (Seen.insert(S).second)
            Work.push_back(S);
    };
    switch (scanBlock(*Start, StartIndex, V)) {
    case Scan::Read:
      return true;
    case Scan::Redefined:
      return false;
    case Scan::Continues:
      Next(*Start);
    }
    while (!Work.empty()) {
      const CFGBlock *B = Work.pop_back_val();
      switch (scanBlock(*B, 0, V)) {
      case Scan::Read:
        return true;
      case Scan::Redefined:
        break;
      case Scan::Continues:
        Next(*B);
      }
    }
    return false;
  }

  const FunctionDecl &FD;
  const CacheOrigin &Origin;
  LocalParentMap &Parents;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>>
      Refs;
  llvm::SmallPtrSet<const VarDecl *, 4> Captured;
  llvm::SetVector<const VarDecl *> Aliases;
  llvm::DenseMap<const DeclRefExpr *, UseKind> Uses;
  llvm::DenseMap<const Stmt *, const ValueDecl *> Defines;
};

} // namespace

bool isCacheUnobservedAfter(const Expr *Call, const Expr *Handle,
                            const VarDecl *Root, const FunctionDecl &FD,
                            const CacheOrigin &Origin,
                            LocalParentMap &Parents) {
  if (!FD.getBody())
    return false;
  AliasFlow Flow(FD, Origin, Parents);
  return Flow.build(Root) && !Flow.observedAfter(Call, Handle);
}

} // namespace transformers_tidy
