//===- LegacyCacheAnalysis.cpp - transformers-legacy-cache ----------------===//
//
// One matcher: the construction of a sink type (PastKeyValues) by a converting
// constructor -- never its copy or move -- wherever it happens (call and
// constructor arguments, aggregate / designated initialisation, member
// assignment, return, variable initialisation, explicit casts). The written
// argument decides: a legacy value is a finding.
//
//===----------------------------------------------------------------------===//

#include "transformers-tidy/LegacyCacheAnalysis.h"
#include "CacheHandleReuse.h"
#include "FindingBuffer.h"
#include "ForwardedArgument.h"
#include "IncludeFix.h"
#include "LegacyCacheType.h"
#include "LocalParentMap.h"
#include "MacroOrigin.h"
#include "SinkContext.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {

namespace {
/// A call or construction of the user's that may forward a legacy value
/// (ForwardedArgument.h): its callee is a template instantiation and one of
/// its arguments has a legacy cache type. One matcher rather than allOf()
/// of three: clang-tidy runs it on every call of the TU, system code's
/// included, and the cheap location test rejects most of them.
AST_POLYMORPHIC_MATCHER_P(isForwardingCallCandidate,
                          AST_POLYMORPHIC_SUPPORTED_TYPES(CallExpr,
                                                          CXXConstructExpr),
                          const TypeNames *, TensorTypes) {
  const SourceManager &SM = Finder->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Node.getBeginLoc())))
    return false;
  const FunctionDecl *Callee = calleeOf(&Node);
  if (!Callee || !Callee->isTemplateInstantiation())
    return false;
  return llvm::any_of(Node.arguments(), [&](const Expr *Arg) {
    return legacyLayerArity(Arg->getType(), *TensorTypes) != 0;
  });
}

/// A class one of \p Types names (TypeNames.h: by declaration, not by
/// spelling).
AST_MATCHER_P(CXXRecordDecl, isNamedBy, const TypeNames *, Types) {
  return Types->match(&Node) != nullptr;
}

/// Calls that may forward a legacy value to a sink construction in the
/// callee's body (ForwardedArgument.h), bound to "forwardingCall". Only
/// calls of the user's: no finding in system code.
void addForwardingCallMatchers(MatchFinder &Finder,
                               MatchFinder::MatchCallback *Callback,
                               const TypeNames &TensorTypes) {
  Finder.addMatcher(
      callExpr(isForwardingCallCandidate(&TensorTypes)).bind("forwardingCall"),
      Callback);
  Finder.addMatcher(cxxConstructExpr(isForwardingCallCandidate(&TensorTypes))
                        .bind("forwardingCall"),
                    Callback);
}

/// An argument of a forwarding call that the search follows: a legacy
/// value of a known type, not itself a forwarded parameter (those are
/// reported at their callers).
struct FollowedArgument {
  unsigned Index;
  const Expr *Value;
  unsigned Arity;
};

llvm::SmallVector<FollowedArgument, 2>
followedArguments(const Expr *Call, const TypeNames &TensorTypes,
                  const SourceManager &SM) {
  llvm::SmallVector<FollowedArgument, 2> Out;
  llvm::SmallVector<const Expr *, 4> Args = parameterArguments(Call);
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *Value = ignoreImplicitAsWritten(Args[I]);
    if (!Value || Value->isTypeDependent())
      continue;
    unsigned Arity = legacyLayerArity(Value->getType(), TensorTypes);
    if (Arity != 0 && !forwardedParameter(Value, TensorTypes, SM))
      Out.push_back({I, Value, Arity});
  }
  return Out;
}
} // namespace

struct LegacyCacheAnalysis::State {
  FindingBuffer Findings;
  IncludeFixer Includes;
  const SourceManager *SM = nullptr;
  /// Parent walks of this TU's findings. Not an ancestor matcher: that
  /// would build the ASTContext's parent map of the whole TU on every TU
  /// with a mere candidate (LocalParentMap.h).
  TUParentMap Parents;
  /// The type options, resolved in the TU being analysed.
  TypeNames TensorTypes, SinkTypes;

  explicit State(const CheckOptions &O)
      : Includes(O.IncludeHeader, O.Style), TensorTypes(O.TensorTypes),
        SinkTypes(O.SinkTypes) {}

  void reset() {
    Findings.clear();
    Includes.reset();
    SM = nullptr;
    Parents.reset();
    TensorTypes.forget();
    SinkTypes.forget();
  }
};

LegacyCacheAnalysis::LegacyCacheAnalysis(CheckOptions O, bool SelfContained)
    : Opts(std::move(O)), SelfContainedDiags(SelfContained),
      S(std::make_unique<State>(Opts)) {}

LegacyCacheAnalysis::~LegacyCacheAnalysis() = default;

void LegacyCacheAnalysis::registerMatchers(
    MatchFinder &Finder, MatchFinder::MatchCallback *Callback) {
  if (S->SinkTypes.empty())
    return;
  Finder.addMatcher(
      cxxConstructExpr(
          unless(argumentCountIs(0)),
          hasDeclaration(cxxConstructorDecl(
              unless(isCopyConstructor()), unless(isMoveConstructor()),
              ofClass(
                  cxxRecordDecl(isNamedBy(&S->SinkTypes)).bind("sinkType")))))
          .bind("sink"),
      Callback);
  addForwardingCallMatchers(Finder, Callback, S->TensorTypes);
}

void LegacyCacheAnalysis::onStartOfTranslationUnit() { S->reset(); }

void LegacyCacheAnalysis::onEndOfTranslationUnit(FindingConsumer &Out) {
  if (S->SM)
    S->Findings.emit(Out, *S->SM, SelfContainedDiags);
  S->reset();
}

void LegacyCacheAnalysis::check(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<Expr>("forwardingCall"))
    return checkForwardingCall(Call, Result);
  const auto *Sink = Result.Nodes.getNodeAs<CXXConstructExpr>("sink");
  const auto *SinkType = Result.Nodes.getNodeAs<CXXRecordDecl>("sinkType");
  if (!Sink || !SinkType || Sink->getNumArgs() == 0)
    return;
  // Only the first argument is the converted value; the rest must be
  // defaulted.
  for (unsigned I = 1; I < Sink->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(Sink->getArg(I)))
      return;
  const Expr *Legacy = ignoreImplicitAsWritten(Sink->getArg(0));
  if (!Legacy || Legacy->isTypeDependent())
    return;
  unsigned Arity = legacyLayerArity(Legacy->getType(), S->TensorTypes);
  if (Arity == 0)
    return;
  // A forwarded parameter (a perfect-forwarding template of the user's,
  // the standard library's emplace / make_shared / in-place machinery):
  // the value is reported where the user passes it (checkForwardingCall).
  if (forwardedParameter(Legacy, S->TensorTypes, *Result.SourceManager))
    return;

  ASTContext &Ctx = *Result.Context;
  S->SM = Result.SourceManager;
  LocalParentMap &Parents = S->Parents.of(Ctx);
  ReportedValue V;
  V.Value = Legacy;
  V.Arity = Arity;
  V.InInstantiation = isInTemplateInstantiation(*Sink, Parents);
  V.SinkName = sinkName(Sink, Parents, sinkFallbackName(SinkType));
  report(V, Ctx);
}

std::string
LegacyCacheAnalysis::sinkFallbackName(const CXXRecordDecl *SinkType) const {
  const std::string *Spelling = S->SinkTypes.match(SinkType);
  return Spelling ? withoutGlobalPrefix(*Spelling).str()
                  : SinkType->getQualifiedNameAsString();
}

/// How the note names the function the user called.
static std::string forwarderName(const FunctionDecl *Callee) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
      MD && MD->getParent()->isLambda())
    return "the lambda";
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Callee))
    return "the constructor of '" + Ctor->getParent()->getNameAsString() + "'";
  return "'" + Callee->getNameAsString() + "'";
}

void LegacyCacheAnalysis::checkForwardingCall(
    const Expr *Call, const MatchFinder::MatchResult &Result) {
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return;
  const SourceManager &SM = *Result.SourceManager;
  for (const FollowedArgument &A :
       followedArguments(Call, S->TensorTypes, SM)) {
    ForwardedConversion Conversion = findForwardedConversion(
        Callee, A.Index, S->SinkTypes, S->TensorTypes, SM);
    if (!Conversion.Sink)
      continue;

    ASTContext &Ctx = *Result.Context;
    S->SM = &SM;
    LocalParentMap &Parents = S->Parents.of(Ctx);
    const auto *Sink = cast<CXXConstructExpr>(Conversion.Sink);
    std::string Converted =
        sinkFallbackName(Sink->getConstructor()->getParent());
    ReportedValue V;
    V.Value = A.Value;
    V.Arity = A.Arity;
    V.InInstantiation = isInTemplateInstantiation(*Call, Parents);
    // Inside a forwarder of the user's the sink's context names it;
    // system code's names mean nothing to the user.
    bool SinkInSystemCode =
        SM.isInSystemHeader(SM.getExpansionLoc(Sink->getBeginLoc()));
    V.SinkName =
        SinkInSystemCode ? Converted : sinkName(Sink, Parents, Converted);
    V.ForwardedNote = {SM.getExpansionLoc(Call->getExprLoc()),
                       forwarderName(Callee) +
                           " forwards the value to a conversion to '" +
                           Converted + "'"};
    if (Conversion.OtherUses)
      V.NoFixReason = "no fix-it: '" + Conversion.OtherUses->getNameAsString() +
                      "' uses the forwarded parameter beyond forwarding it; "
                      "wrapping the argument would change its type there";
    report(V, Ctx);
  }
}

void LegacyCacheAnalysis::report(const ReportedValue &V, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const Expr *Legacy = V.Value;
  const bool InInstantiation = V.InInstantiation;
  LocalParentMap &Parents = S->Parents.of(Ctx);

  Finding F;
  F.Check = name().str();
  F.Message = "passing a legacy tuple-shaped KV cache as '" + V.SinkName +
              "' is not supported anymore; use a Cache instance";

  SourceRange R = Legacy->getSourceRange();
  std::string Macro = macroBodyOrigin(Legacy, SM, LO);
  CharSourceRange FileRange;
  if (Macro.empty()) {
    FileRange =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
    // Spread over several macro arguments: no file range to rewrite.
    if (FileRange.isInvalid()) {
      SourceLocation M = R.getBegin().isMacroID() ? R.getBegin() : R.getEnd();
      Macro = M.isMacroID() ? Lexer::getImmediateMacroName(M, SM, LO).str()
                            : std::string("<unknown>");
    }
  }

  std::optional<FixItHint> Include;
  if (!Macro.empty() || FileRange.isInvalid()) {
    if (Opts.IgnoreMacros)
      return;
    F.Loc = SM.getExpansionLoc(R.getBegin());
    F.Range = SM.getExpansionRange(R);
    F.Notes.push_back(
        {F.Loc, "no fix-it: the expression is expanded from the body of "
                "macro '" +
                    Macro + "'"});
  } else {
    F.Loc = FileRange.getBegin();
    F.Range = FileRange;
    if (InInstantiation) {
      F.Notes.push_back({F.Loc, "no fix-it: the type of the expression "
                                "depends on a template parameter"});
    } else if (!V.NoFixReason.empty()) {
      F.Notes.push_back({F.Loc, V.NoFixReason});
    } else if (const Expr *Handle = toLegacyCacheHandle(Legacy);
               Handle && isHandleReuseSafe(Legacy->IgnoreParens(), Handle,
                                           S->SinkTypes, Parents)) {
      CharSourceRange CallRange = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(
              Legacy->IgnoreParens()->getSourceRange()),
          SM, LO);
      CharSourceRange HandleRange = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Handle->getSourceRange()), SM, LO);
      if (CallRange.isValid() && HandleRange.isValid()) {
        llvm::StringRef Text = Lexer::getSourceText(HandleRange, SM, LO);
        F.Fixes.push_back(FixItHint::CreateReplacement(CallRange, Text));
      }
    }
    if (F.Fixes.empty() && !InInstantiation && V.NoFixReason.empty()) {
      const std::string &Factory =
          V.Arity == 4 ? Opts.EncoderDecoderCacheFactory : Opts.CacheFactory;
      F.Fixes.push_back(
          FixItHint::CreateInsertion(FileRange.getBegin(), Factory + "("));
      F.Fixes.push_back(FixItHint::CreateInsertion(FileRange.getEnd(), ")"));
      Include =
          S->Includes.insertionFor(SM.getFileID(FileRange.getBegin()), SM);
    }
  }
  if (V.ForwardedNote)
    F.Notes.push_back(*V.ForwardedNote);

  S->Findings.add(FindingBuffer::keyFor(R), std::move(F),
                  InInstantiation ? 0 : 1, std::move(Include));
}

bool analysisNeedsSkippedBodies(ASTContext &Ctx, const CheckOptions &Opts) {
  TypeNames TensorTypes(Opts.TensorTypes), SinkTypes(Opts.SinkTypes);
  if (SinkTypes.empty())
    return false;
  // The forwarding calls of checkForwardingCall, searched the same way;
  // only whether a search stopped at a skipped body matters here.
  class Probe : public MatchFinder::MatchCallback {
  public:
    Probe(const TypeNames &TensorTypes, const TypeNames &SinkTypes)
        : TensorTypes(TensorTypes), SinkTypes(SinkTypes) {}
    void run(const MatchFinder::MatchResult &Result) override {
      const auto *Call = Result.Nodes.getNodeAs<Expr>("forwardingCall");
      const FunctionDecl *Callee = Call ? calleeOf(Call) : nullptr;
      if (Needed || !Callee)
        return;
      const SourceManager &SM = *Result.SourceManager;
      for (const FollowedArgument &A : followedArguments(Call, TensorTypes, SM))
        if (findForwardedConversion(Callee, A.Index, SinkTypes, TensorTypes, SM)
                .SkippedBody) {
          Needed = true;
          return;
        }
    }
    bool Needed = false;

  private:
    const TypeNames &TensorTypes, &SinkTypes;
  } P(TensorTypes, SinkTypes);
  MatchFinder Finder;
  addForwardingCallMatchers(Finder, &P, TensorTypes);
  Finder.matchAST(Ctx);
  return P.Needed;
}

} // namespace transformers_tidy
