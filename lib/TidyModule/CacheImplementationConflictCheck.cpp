//===- CacheImplementationConflictCheck.cpp -------------------------------===//
//
// A call of a function named `generate` that has a GenerationConfig parameter
// and receives a Cache object (a PastKeyValues constructed from a
// std::shared_ptr to a Cache) as a sink-typed argument or as a sink-typed
// field of a kwargs aggregate, while the config argument visibly sets
// `cache_implementation`:
//  - the config is built inline with the field set, or
//  - the config is a local variable of the same function whose last write of
//    `cache_implementation` before the call (in source order) sets a value:
//    its initialiser, `cfg.cache_implementation = v`, or `.emplace(...)`.
// Writes whose value is unknown (another optional, a whole-object assignment)
// and resets (std::nullopt, {}, .reset()) clear the state: no finding.
//
//===----------------------------------------------------------------------===//

#include "CacheImplementationConflictCheck.h"
#include "LegacyCacheType.h"
#include "MacroOrigin.h"
#include "OptionDefaults.h"
#include "SinkContext.h"
#include "TypeOptions.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {

namespace {

constexpr llvm::StringLiteral CacheImplementationField = "cache_implementation";

enum class ValueState { Set, Reset, Unknown };

bool isStdRecord(QualType T, llvm::StringRef Name) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && RD->isInStdNamespace() && RD->getIdentifier() &&
         RD->getName() == Name;
}

/// What storing \p E into an std::optional field does.
ValueState optionalValueState(const Expr *E) {
  while (E) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (isa<CXXDefaultInitExpr, ImplicitValueInitExpr>(E))
      return ValueState::Reset;
    if (isStdRecord(E->getType(), "nullopt_t"))
      return ValueState::Reset;
    if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
      if (ILE->getNumInits() == 0)
        return ValueState::Reset;
      if (ILE->getNumInits() != 1)
        return ValueState::Unknown;
      E = ILE->getInit(0);
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (!isStdRecord(CE->getType(), "optional"))
        return ValueState::Set; // e.g. std::string("static")
      if (CE->getNumArgs() == 0)
        return ValueState::Reset;
      E = CE->getArg(0);
      continue;
    }
    if (isStdRecord(E->getType(), "optional"))
      return ValueState::Unknown;
    return ValueState::Set;
  }
  return ValueState::Unknown;
}

/// The written cache expression when \p Init constructs a sink from a Cache
/// handle, else null.
const Expr *cacheFromSinkInit(const Expr *Init, const TypeNames &SinkTypes) {
  if (!Init)
    return nullptr;
  const Expr *E = Init->IgnoreImplicit()->IgnoreParens();
  if (const auto *ILE = dyn_cast<InitListExpr>(E))
    if (ILE->getNumInits() == 1)
      E = ILE->getInit(0)->IgnoreImplicit();
  const auto *CE = dyn_cast<CXXConstructExpr>(E);
  if (!CE || CE->getNumArgs() == 0 || !CE->getConstructor() ||
      CE->getConstructor()->isCopyOrMoveConstructor() ||
      !SinkTypes.match(CE->getConstructor()->getParent()))
    return nullptr;
  const Expr *Arg = ignoreImplicitAsWritten(CE->getArg(0));
  if (!Arg || Arg->isTypeDependent() || !isCacheHandle(Arg->getType()))
    return nullptr;
  return Arg;
}

/// The semantic init list of an aggregate argument / initialiser, looking
/// through `T{...}` casts.
const InitListExpr *aggregateInit(const Expr *E) {
  if (!E)
    return nullptr;
  E = ignoreImplicitAsWritten(E)->IgnoreParens();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    E = ignoreImplicitAsWritten(FC->getSubExpr());
  const auto *ILE = dyn_cast<InitListExpr>(E);
  if (!ILE)
    return nullptr;
  if (!ILE->isSemanticForm() && ILE->getSemanticForm())
    ILE = ILE->getSemanticForm();
  return ILE;
}

/// The initialiser of field \p Field in \p ILE and where it is written: the
/// designator when designated, else the value.
const Expr *fieldInit(const InitListExpr *ILE, const FieldDecl *Field,
                      SourceLocation &WrittenAt) {
  const RecordDecl *RD = ILE->getType()->getAsRecordDecl();
  if (!RD || RD->isUnion())
    return nullptr;
  unsigned Index = 0;
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD))
    Index = CXX->getNumBases();
  for (const FieldDecl *F : RD->fields()) {
    if (F->isUnnamedBitField())
      continue;
    if (F == Field) {
      if (Index >= ILE->getNumInits())
        return nullptr;
      const Expr *Init = ILE->getInit(Index);
      WrittenAt = Init->getBeginLoc();
      if (const InitListExpr *Syn = ILE->getSyntacticForm())
        for (const Expr *I : Syn->inits())
          if (const auto *DIE = dyn_cast<DesignatedInitExpr>(I))
            if (DIE->size() >= 1 &&
                DIE->getDesignator(0)->isFieldDesignator() &&
                DIE->getDesignator(0)->getFieldDecl() == Field)
              WrittenAt = DIE->getBeginLoc();
      return Init;
    }
    ++Index;
  }
  return nullptr;
}

const FieldDecl *fieldNamed(const RecordDecl *RD, llvm::StringRef Name) {
  if (!RD)
    return nullptr;
  for (const FieldDecl *F : RD->fields())
    if (F->getIdentifier() && F->getName() == Name)
      return F;
  return nullptr;
}

/// One write of a field of a local variable.
struct FieldWrite {
  SourceLocation Loc; // where the user wrote it (for the note)
  const Expr *Value;  // the stored value; null when unknown
  ValueState Forced;  // for .reset() / .emplace() / whole-object writes
  bool HasForced;
};

/// Collects, in \p Body, the writes to \p V.\p Field before \p Before.
class FieldWriteCollector {
public:
  FieldWriteCollector(const VarDecl *V, const FieldDecl *Field,
                      SourceLocation Before, const SourceManager &SM)
      : V(V), Field(Field), Before(Before), SM(SM) {}

  std::vector<FieldWrite> Writes;

  void visit(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      inspect(E);
    for (const Stmt *Child : S->children())
      visit(Child);
  }

private:
  bool isVar(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  }
  bool isField(const Expr *E) const {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return ME && !ME->isArrow() && ME->getMemberDecl() == Field &&
           isVar(ME->getBase());
  }
  bool before(SourceLocation L) const {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L),
                                        SM.getExpansionLoc(Before));
  }
  void add(SourceLocation L, const Expr *Value) {
    if (before(L))
      Writes.push_back({L, Value, ValueState::Unknown, false});
  }
  void addForced(SourceLocation L, ValueState State) {
    if (before(L))
      Writes.push_back({L, nullptr, State, true});
  }

  void inspect(const Expr *E) {
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
        if (isField(Op->getArg(0)))
          add(Op->getBeginLoc(), Op->getArg(1));
        else if (isVar(Op->getArg(0)))
          addForced(Op->getBeginLoc(), ValueState::Unknown);
      }
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Assign && isVar(BO->getLHS()))
        addForced(BO->getBeginLoc(), ValueState::Unknown);
      return;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (!ME || !isField(ME->getBase()) || !MC->getMethodDecl() ||
          !MC->getMethodDecl()->getIdentifier())
        return;
      llvm::StringRef Name = MC->getMethodDecl()->getName();
      if (Name == "emplace")
        addForced(MC->getBeginLoc(), ValueState::Set);
      else if (Name == "reset")
        addForced(MC->getBeginLoc(), ValueState::Reset);
      else if (Name == "swap")
        addForced(MC->getBeginLoc(), ValueState::Unknown);
    }
  }

  const VarDecl *V;
  const FieldDecl *Field;
  SourceLocation Before;
  const SourceManager &SM;
};

/// A local variable of \p FD the call argument \p Arg names, or null.
const VarDecl *localVariable(const Expr *Arg, const FunctionDecl *FD) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(ignoreImplicitAsWritten(Arg)->IgnoreParens());
  if (!DRE)
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() ||
      V->getType()->isReferenceType() || V->getParentFunctionOrMethod() != FD)
    return nullptr;
  return V;
}

/// The last write of V.Field before the call (the initialiser counts as the
/// first write), or nullopt if there is none.
std::optional<FieldWrite> lastWrite(const VarDecl *V, const FieldDecl *Field,
                                    const FunctionDecl *FD,
                                    SourceLocation Before,
                                    const SourceManager &SM) {
  std::optional<FieldWrite> Last;
  if (const InitListExpr *ILE = aggregateInit(V->getInit())) {
    SourceLocation At;
    if (const Expr *Init = fieldInit(ILE, Field, At))
      Last = FieldWrite{At, Init, ValueState::Unknown, false};
  } else if (V->getInit() &&
             !isa<CXXConstructExpr>(V->getInit()->IgnoreImplicit())) {
    // Copied from something else: unknown.
    Last = FieldWrite{V->getLocation(), nullptr, ValueState::Unknown, true};
  }
  FieldWriteCollector C(V, Field, Before, SM);
  C.visit(FD->getBody());
  for (const FieldWrite &W : C.Writes)
    if (!Last || !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(W.Loc),
                                               SM.getExpansionLoc(Last->Loc)))
      Last = W;
  return Last;
}

struct CacheArg {
  const Expr *Cache;
  std::string SinkName;
};

} // namespace

CacheImplementationConflictCheck::CacheImplementationConflictCheck(
    llvm::StringRef Name, tidy::ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx),
      TensorTypes(readTypeOption(Options, "TensorTypes", DefaultTensorTypes)),
      SinkTypes(readTypeOption(Options, "SinkTypes", DefaultSinkTypes)),
      IgnoreMacros(Options.getLocalOrGlobal("IgnoreMacros", false)) {}

void CacheImplementationConflictCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  storeTypeOption(Options, Opts, "TensorTypes", TensorTypes);
  storeTypeOption(Options, Opts, "SinkTypes", SinkTypes);
  Options.store(Opts, "IgnoreMacros", IgnoreMacros);
}

void CacheImplementationConflictCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasName("generate")).bind("fn")))
          .bind("call"),
      this);
}

void CacheImplementationConflictCheck::reset() {
  Findings.clear();
  TUSources = nullptr;
  TUParents.reset();
  SinkTypes.forget();
}

void CacheImplementationConflictCheck::onStartOfTranslationUnit() { reset(); }

void CacheImplementationConflictCheck::onEndOfTranslationUnit() {
  if (TUSources)
    Findings.emit(*TUSources, [this](const Finding &F) {
      {
        // The message is an argument, never a format string.
        DiagnosticBuilder D = diag(F.Loc, "%0") << F.Message;
        if (F.Range.isValid())
          D << F.Range;
      }
      for (const FindingNote &N : F.Notes)
        diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
    });
  reset();
}

void CacheImplementationConflictCheck::check(
    const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Call || !Fn)
    return;
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  const LangOptions &LO = Ctx.getLangOpts();
  const unsigned Offset =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Fn) ? 1 : 0;

  const Expr *ConfigArg = nullptr;
  std::vector<CacheArg> Caches;
  const FunctionDecl *Enclosing = nullptr;

  for (unsigned I = 0; I < Fn->getNumParams(); ++I) {
    if (I + Offset >= Call->getNumArgs())
      break;
    const Expr *Arg = Call->getArg(I + Offset);
    if (isa<CXXDefaultArgExpr>(Arg))
      continue;
    const ParmVarDecl *P = Fn->getParamDecl(I);
    const CXXRecordDecl *RD = recordOf(P->getType());
    if (!RD)
      continue;
    if (hasQualifiedName(RD, GenerationConfigName)) {
      ConfigArg = Arg;
      continue;
    }
    if (const std::string *Sink = SinkTypes.match(RD)) {
      if (const Expr *C = cacheFromSinkInit(Arg, SinkTypes))
        Caches.push_back({C, P->getIdentifier() && !P->getName().empty()
                                 ? P->getName().str()
                                 : withoutGlobalPrefix(*Sink).str()});
      continue;
    }
    // A kwargs aggregate with sink-typed fields.
    const CXXRecordDecl *Def = RD->getDefinition();
    if (!Def)
      continue;
    for (const FieldDecl *F : Def->fields()) {
      if (!SinkTypes.match(recordOf(F->getType())))
        continue;
      const Expr *Value = nullptr;
      if (const InitListExpr *ILE = aggregateInit(Arg)) {
        SourceLocation At;
        Value = fieldInit(ILE, F, At);
      } else {
        if (!Enclosing)
          Enclosing = enclosingFunction(Call, TUParents.of(Ctx));
        if (const VarDecl *V =
                Enclosing ? localVariable(Arg, Enclosing) : nullptr) {
          if (auto W = lastWrite(V, F, Enclosing, Call->getBeginLoc(), SM))
            Value = W->HasForced ? nullptr : W->Value;
        }
      }
      if (const Expr *C = cacheFromSinkInit(Value, SinkTypes))
        Caches.push_back({C, F->getName().str()});
    }
  }
  if (!ConfigArg || Caches.empty())
    return;

  // Is cache_implementation visibly set?
  const CXXRecordDecl *ConfigRD = recordOf(ConfigArg->getType());
  const FieldDecl *CacheImpl = fieldNamed(
      ConfigRD ? ConfigRD->getDefinition() : nullptr, CacheImplementationField);
  if (!CacheImpl)
    return;
  SourceLocation SetAt;
  if (const InitListExpr *ILE = aggregateInit(ConfigArg)) {
    const Expr *Init = fieldInit(ILE, CacheImpl, SetAt);
    if (!Init || optionalValueState(Init) != ValueState::Set)
      return;
  } else {
    if (!Enclosing)
      Enclosing = enclosingFunction(Call, TUParents.of(Ctx));
    const VarDecl *V =
        Enclosing ? localVariable(ConfigArg, Enclosing) : nullptr;
    if (!V)
      return;
    std::optional<FieldWrite> W =
        lastWrite(V, CacheImpl, Enclosing, Call->getBeginLoc(), SM);
    if (!W)
      return;
    ValueState State = W->HasForced ? W->Forced : optionalValueState(W->Value);
    if (State != ValueState::Set)
      return;
    SetAt = W->Loc;
  }

  TUSources = &SM;
  const bool InInstantiation =
      isInTemplateInstantiation(*Call, TUParents.of(Ctx));
  for (const CacheArg &C : Caches) {
    SourceRange R = C.Cache->getSourceRange();
    if (IgnoreMacros && !macroBodyOrigin(C.Cache, SM, LO).empty())
      continue;
    Finding F;
    F.Message = "passing both 'cache_implementation' and a Cache object as '" +
                C.SinkName + "' is unsupported; use only one of the two";
    F.Loc = SM.getFileLoc(R.getBegin());
    CharSourceRange Range =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
    F.Range = Range.isValid() ? Range : SM.getExpansionRange(R);
    F.Notes.push_back(
        {SM.getFileLoc(SetAt), "'cache_implementation' is set here"});
    Findings.add(FindingBuffer::keyFor(R), std::move(F),
                 InInstantiation ? 0 : 1);
  }
}

} // namespace transformers_tidy
