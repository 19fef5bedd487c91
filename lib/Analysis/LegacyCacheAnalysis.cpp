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
#include "IncludeFix.h"
#include "LegacyCacheType.h"
#include "LocalParentMap.h"
#include "MacroOrigin.h"
#include "SinkContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace transformers_tidy {

struct LegacyCacheAnalysis::State {
  FindingBuffer Findings;
  IncludeFixer Includes;
  const SourceManager *SM = nullptr;
  /// Parent walks of this TU's findings. Not an ancestor matcher: that
  /// would build the ASTContext's parent map of the whole TU on every TU
  /// with a mere candidate (LocalParentMap.h).
  TUParentMap Parents;

  explicit State(const CheckOptions &O) : Includes(O.IncludeHeader, O.Style) {}
};

LegacyCacheAnalysis::LegacyCacheAnalysis(CheckOptions O, bool SelfContained)
    : Opts(std::move(O)), SelfContainedDiags(SelfContained),
      S(std::make_unique<State>(Opts)) {}

LegacyCacheAnalysis::~LegacyCacheAnalysis() = default;

void LegacyCacheAnalysis::registerMatchers(
    MatchFinder &Finder, MatchFinder::MatchCallback *Callback) {
  std::vector<llvm::StringRef> Sinks(Opts.SinkTypes.begin(),
                                     Opts.SinkTypes.end());
  if (Sinks.empty())
    return;
  Finder.addMatcher(
      cxxConstructExpr(
          unless(argumentCountIs(0)),
          hasDeclaration(cxxConstructorDecl(
              unless(isCopyConstructor()), unless(isMoveConstructor()),
              ofClass(cxxRecordDecl(hasAnyName(Sinks)).bind("sinkType")))))
          .bind("sink"),
      Callback);
}

void LegacyCacheAnalysis::onStartOfTranslationUnit() {
  S->Findings.clear();
  S->Includes.reset();
  S->SM = nullptr;
  S->Parents.reset();
}

void LegacyCacheAnalysis::onEndOfTranslationUnit(FindingConsumer &Out) {
  if (S->SM)
    S->Findings.emit(Out, *S->SM, SelfContainedDiags);
  S->Findings.clear();
  S->Includes.reset();
  S->SM = nullptr;
  S->Parents.reset();
}

void LegacyCacheAnalysis::check(const MatchFinder::MatchResult &Result) {
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
  unsigned Arity = legacyLayerArity(Legacy->getType(), Opts.TensorTypes);
  if (Arity == 0)
    return;

  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  const LangOptions &LO = Ctx.getLangOpts();
  S->SM = &SM;
  LocalParentMap &Parents = S->Parents.of(Ctx);
  const bool InInstantiation = isInTemplateInstantiation(*Sink, Parents);

  const std::string *SinkSpelling = matchingName(SinkType, Opts.SinkTypes);
  std::string Fallback = SinkSpelling ? withoutGlobalPrefix(*SinkSpelling).str()
                                      : SinkType->getQualifiedNameAsString();

  Finding F;
  F.Check = name().str();
  F.Message = "passing a legacy tuple-shaped KV cache as '" +
              sinkName(Sink, Parents, Fallback) +
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
    } else if (const Expr *Handle = toLegacyCacheHandle(Legacy);
               Handle && isHandleReuseSafe(Legacy->IgnoreParens(), Handle,
                                           Opts.SinkTypes, Parents)) {
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
    if (F.Fixes.empty() && !InInstantiation) {
      const std::string &Factory =
          Arity == 4 ? Opts.EncoderDecoderCacheFactory : Opts.CacheFactory;
      F.Fixes.push_back(
          FixItHint::CreateInsertion(FileRange.getBegin(), Factory + "("));
      F.Fixes.push_back(FixItHint::CreateInsertion(FileRange.getEnd(), ")"));
      Include =
          S->Includes.insertionFor(SM.getFileID(FileRange.getBegin()), SM);
    }
  }

  S->Findings.add(FindingBuffer::keyFor(R), std::move(F),
                  InInstantiation ? 0 : 1, std::move(Include));
}

} // namespace transformers_tidy
