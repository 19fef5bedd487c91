//===- LegacyCacheCheck.cpp - transformers-legacy-cache -------------------===//
//
// One matcher: the construction of a sink type (PastKeyValues) by a converting
// constructor -- never its copy or move -- wherever it happens (call and
// constructor arguments, aggregate / designated initialisation, member
// assignment, return, variable initialisation, explicit casts). The written
// argument decides: a legacy value is a finding. A second pair of matchers
// finds calls of the user's that forward a legacy value into a template that
// converts it (ForwardedArgument.h), or that store it for a later call of a
// callable that converts it: std::thread and co. (DecayCopiedArgument.h).
//
// Findings are buffered until the end of the TU (FindingBuffer.h): a spelling
// matched in a template pattern and its instantiations is reported once. One
// matched only in instantiations is fixed when every instantiation converts
// it (InstantiationAgreement.h), which is known only then.
//
//===----------------------------------------------------------------------===//

#include "LegacyCacheCheck.h"
#include "CacheHandleReuse.h"
#include "DecayCopiedArgument.h"
#include "ForwardedArgument.h"
#include "LegacyCacheType.h"
#include "MacroOrigin.h"
#include "OptionDefaults.h"
#include "SinkContext.h"
#include "TypeOptions.h"
#include "transformers-tidy/CheckCatalog.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {

namespace {
const char DependentTypeNote[] =
    "no fix-it: the type of the expression depends on a template parameter";

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

LegacyCacheCheck::LegacyCacheCheck(llvm::StringRef Name,
                                   tidy::ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx), TidyContext(Ctx),
      TensorTypes(readTypeOption(Options, "TensorTypes", DefaultTensorTypes)),
      SinkTypes(readTypeOption(Options, "SinkTypes", DefaultSinkTypes)),
      CacheFactory(Options.get(
          "CacheFactory", "transformers::DynamicCache::from_legacy_cache")),
      EncoderDecoderCacheFactory(
          Options.get("EncoderDecoderCacheFactory",
                      "transformers::EncoderDecoderCache::from_legacy_cache")),
      IncludeHeader(
          Options.get("IncludeHeader", "<transformers/cache_utils.h>")),
      IncludeStyle(Options.getLocalOrGlobal(
          "IncludeStyle", tidy::utils::IncludeSorter::IS_LLVM)),
      IgnoreMacros(Options.getLocalOrGlobal("IgnoreMacros", false)),
      Includes(IncludeHeader, IncludeStyle) {}

void LegacyCacheCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  storeTypeOption(Options, Opts, "TensorTypes", TensorTypes);
  storeTypeOption(Options, Opts, "SinkTypes", SinkTypes);
  Options.store(Opts, "CacheFactory", CacheFactory);
  Options.store(Opts, "EncoderDecoderCacheFactory", EncoderDecoderCacheFactory);
  Options.store(Opts, "IncludeHeader", IncludeHeader);
  Options.store(Opts, "IncludeStyle", IncludeStyle);
  Options.store(Opts, "IgnoreMacros", IgnoreMacros);
}

void LegacyCacheCheck::reset() {
  Findings.clear();
  Includes.reset();
  TUSources = nullptr;
  TUParents.reset();
  TensorTypes.forget();
  SinkTypes.forget();
  IncludeDelivered.clear();
  InstantiationFixes.clear();
  Agreement.clear();
}

void LegacyCacheCheck::registerMatchers(MatchFinder *Finder) {
  if (SinkTypes.empty())
    return;
  Finder->addMatcher(
      cxxConstructExpr(
          unless(argumentCountIs(0)),
          hasDeclaration(cxxConstructorDecl(
              unless(isCopyConstructor()), unless(isMoveConstructor()),
              ofClass(cxxRecordDecl(isNamedBy(&SinkTypes)).bind("sinkType")))))
          .bind("sink"),
      this);
  addForwardingCallMatchers(*Finder, this, TensorTypes);
}

void LegacyCacheCheck::onStartOfTranslationUnit() { reset(); }

void LegacyCacheCheck::onEndOfTranslationUnit() {
  if (TUSources) {
    resolveInstantiationFindings();
    Findings.emit(*TUSources, [this](const Finding &F) { emit(F); });
  }
  reset();
}

/// The #include edit: every fixed finding of a file needs it, but clang-tidy
/// -fix concatenates identical insertions at one offset (verified with
/// clang-tidy 19: three findings gave three copies of the #include). So,
/// unless diagnostics are self-contained (clangd applies one fix at a time),
/// the edit rides only on the first diagnostic of the file that is actually
/// reported. "Reported" is observed on the diagnostic consumer's counters: a
/// diagnostic suppressed by NOLINT does not count, so a NOLINT on the first
/// finding does not lose the #include of the others. (Why not clang-tidy's
/// utils::IncludeInserter: IncludeFix.h.)
void LegacyCacheCheck::emit(const Finding &F) {
  const DiagnosticConsumer *Client = TUSources->getDiagnostics().getClient();
  auto Reported = [Client] {
    return Client ? Client->getNumWarnings() + Client->getNumErrors() : 0;
  };
  bool WithInclude = false;
  FileID IncludeFile;
  unsigned Before = Reported();
  {
    // The message is an argument, never a format string: a '%' in a type
    // or macro name must not be interpreted.
    DiagnosticBuilder D = diag(F.Loc, "%0") << F.Message;
    if (F.Range.isValid())
      D << F.Range;
    for (const FixItHint &H : F.Fixes)
      D << H;
    if (F.Include && !F.Fixes.empty()) {
      IncludeFile = TUSources->getFileID(F.Include->RemoveRange.getBegin());
      if (areDiagsSelfContained() || !IncludeDelivered.count(IncludeFile)) {
        D << *F.Include;
        WithInclude = true;
      }
    }
  }
  if (WithInclude && (!Client || Reported() != Before))
    IncludeDelivered.insert(IncludeFile);
  for (const FindingNote &N : F.Notes)
    diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
}

void LegacyCacheCheck::check(const MatchFinder::MatchResult &Result) {
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
  // A conversion in a system header is a finding only with SystemHeaders:
  // clang-tidy would drop it otherwise. Making it anyway would count it in
  // "N in non-user code", which transformers-migrate, parsing no system
  // function bodies then, cannot match. Such a conversion mostly converts
  // what the user passed to std::thread, std::bind...: that is reported at
  // the user's argument (checkDecayCopyingCall).
  const SourceManager &SM = *Result.SourceManager;
  if (!TidyContext->getOptions().SystemHeaders.value_or(false) &&
      SM.isInSystemHeader(SM.getExpansionLoc(Sink->getBeginLoc())))
    return;
  const Expr *Legacy = ignoreImplicitAsWritten(Sink->getArg(0));
  if (!Legacy || Legacy->isTypeDependent())
    return;
  unsigned Arity = legacyLayerArity(Legacy->getType(), TensorTypes);
  if (Arity == 0)
    return;
  // A forwarded parameter (a perfect-forwarding template of the user's,
  // the standard library's emplace / make_shared / in-place machinery):
  // the value is reported where the user passes it (checkForwardingCall).
  if (forwardedParameter(Legacy, TensorTypes, SM))
    return;

  ASTContext &Ctx = *Result.Context;
  ReportedValue V = convertedValue(Sink, Legacy, Arity, Ctx);
  LocalParentMap &Parents = TUParents.of(Ctx);
  V.SinkTypeName = sinkFallbackName(SinkType);
  V.SinkName = sinkName(Sink, Parents, V.SinkTypeName);
  report(V, Ctx);
}

LegacyCacheCheck::ReportedValue
LegacyCacheCheck::convertedValue(const Expr *Converter, const Expr *Value,
                                 unsigned Arity, ASTContext &Ctx) {
  TUSources = &Ctx.getSourceManager();
  ReportedValue V;
  V.Value = Value;
  V.Converter = Converter;
  V.Arity = Arity;
  V.InInstantiation = isInTemplateInstantiation(*Converter, TUParents.of(Ctx));
  return V;
}

std::string
LegacyCacheCheck::sinkFallbackName(const CXXRecordDecl *SinkType) const {
  const std::string *Spelling = SinkTypes.match(SinkType);
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

void LegacyCacheCheck::checkDecayCopyingCall(
    const Expr *Call, const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  for (const FollowedArgument &A : followedArguments(Call, TensorTypes, SM)) {
    std::optional<DecayCopyTarget> Target =
        decayCopyTarget(Call, A.Index, SinkTypes);
    if (!Target)
      continue;
    ASTContext &Ctx = *Result.Context;
    ReportedValue V = convertedValue(Call, A.Value, A.Arity, Ctx);
    V.SinkTypeName = sinkFallbackName(Target->Sink);
    V.SinkName =
        Target->ParameterName.empty() ? V.SinkTypeName : Target->ParameterName;
    V.ForwardedNote = {SM.getExpansionLoc(Call->getExprLoc()),
                       "'" + Target->Facility +
                           "' stores a copy of the value and converts it to '" +
                           V.SinkTypeName + "' when it calls " +
                           Target->CallableName};
    report(V, Ctx);
  }
}

void LegacyCacheCheck::checkForwardingCall(
    const Expr *Call, const MatchFinder::MatchResult &Result) {
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return;
  if (storesArgumentsForLaterCall(Callee))
    return checkDecayCopyingCall(Call, Result);
  const SourceManager &SM = *Result.SourceManager;
  for (const FollowedArgument &A : followedArguments(Call, TensorTypes, SM)) {
    ForwardedConversion Conversion =
        findForwardedConversion(Callee, A.Index, SinkTypes, TensorTypes, SM);
    if (!Conversion.Sink)
      continue;

    ASTContext &Ctx = *Result.Context;
    ReportedValue V = convertedValue(Call, A.Value, A.Arity, Ctx);
    LocalParentMap &Parents = TUParents.of(Ctx);
    const auto *Sink = cast<CXXConstructExpr>(Conversion.Sink);
    std::string Converted =
        sinkFallbackName(Sink->getConstructor()->getParent());
    // Inside a forwarder of the user's the sink's context names it;
    // system code's names mean nothing to the user.
    bool SinkInSystemCode =
        SM.isInSystemHeader(SM.getExpansionLoc(Sink->getBeginLoc()));
    V.SinkTypeName = Converted;
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

void LegacyCacheCheck::report(const ReportedValue &V, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const Expr *Legacy = V.Value;
  const bool InInstantiation = V.InInstantiation;
  LocalParentMap &Parents = TUParents.of(Ctx);
  if (InInstantiation)
    Agreement.converted(V.Converter, Legacy);

  Finding F;
  F.Message = "passing a legacy tuple-shaped KV cache as '" + V.SinkName +
              "' is not supported anymore; use a Cache instance";

  SourceRange R = Legacy->getSourceRange();
  const FindingBuffer::Key K = FindingBuffer::keyFor(R);
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

  if (!Macro.empty() || FileRange.isInvalid()) {
    if (IgnoreMacros)
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
    if (!V.NoFixReason.empty()) {
      F.Notes.push_back(
          {F.Loc, InInstantiation ? DependentTypeNote : V.NoFixReason});
    } else if (const Expr *Handle = toLegacyCacheHandle(Legacy);
               !InInstantiation && Handle &&
               isHandleReuseSafe(Legacy->IgnoreParens(), Handle, SinkTypes,
                                 Parents)) {
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
    if (F.Fixes.empty() && V.NoFixReason.empty()) {
      const std::string &Factory =
          V.Arity == 4 ? EncoderDecoderCacheFactory : CacheFactory;
      F.Fixes.push_back(
          FixItHint::CreateInsertion(FileRange.getBegin(), Factory + "("));
      F.Fixes.push_back(FixItHint::CreateInsertion(FileRange.getEnd(), ")"));
      F.Include = Includes.insertionFor(SM.getFileID(FileRange.getBegin()), SM);
    }
  }
  if (V.ForwardedNote)
    F.Notes.push_back(*V.ForwardedNote);

  if (InInstantiation && !F.Fixes.empty()) {
    // The fix edits the template as written: it is offered only if every
    // instantiation converts this spelling (resolveInstantiationFindings).
    if (!Findings.rankOf(K)) {
      InstantiationFixes[K] = {F, V.SinkTypeName};
      Agreement.ask(V.Converter, Legacy, Parents);
    }
    F.Fixes.clear();
    F.Include.reset();
    F.Notes.insert(F.Notes.begin(), {F.Loc, DependentTypeNote});
  }
  Findings.add(K, std::move(F),
               InInstantiation ? InstantiationRank : WrittenRank);
}

void LegacyCacheCheck::resolveInstantiationFindings() {
  if (InstantiationFixes.empty())
    return;
  using Verdict = InstantiationAgreement::Verdict;
  std::map<FindingBuffer::Key, Verdict> Verdicts = Agreement.judge();
  for (auto &[K, Provisional] : InstantiationFixes) {
    // Matched in the code as written too: that match decided.
    if (Findings.rankOf(K) != InstantiationRank)
      continue;
    const Verdict &V = Verdicts[K];
    if (V.Kind == Verdict::TypeDependent)
      continue;
    Finding F = std::move(Provisional.Fixed);
    if (V.Kind == Verdict::NotConverted) {
      F.Fixes.clear();
      F.Include.reset();
      F.Notes.insert(F.Notes.begin(),
                     {F.Loc, "no fix-it: in the instantiation " +
                                 V.Instantiation +
                                 " the expression is not converted to '" +
                                 Provisional.SinkTypeName +
                                 "'; wrapping it would change that code"});
    }
    Findings.add(K, std::move(F), WrittenRank);
  }
}

bool legacyCacheNeedsSkippedBodies(
    ASTContext &Ctx, const tidy::ClangTidyOptions::OptionMap &CheckOptions) {
  // The check's own keys; absent ones keep the check's defaults.
  auto Option = [&](llvm::StringRef Key, llvm::StringRef Default) {
    auto It = CheckOptions.find(
        (llvm::Twine(LegacyCacheInfo.Name) + "." + Key).str());
    return parseTypeList(
        It == CheckOptions.end() ? Default : llvm::StringRef(It->second.Value));
  };
  TypeNames TensorTypes(Option("TensorTypes", DefaultTensorTypes)),
      SinkTypes(Option("SinkTypes", DefaultSinkTypes));
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
      // Decay-copied arguments are judged by the callable's declaration.
      if (Needed || !Callee || storesArgumentsForLaterCall(Callee))
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
