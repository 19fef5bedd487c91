//===- Runner.cpp - One ClangTool run per translation unit ----------------===//

#include "Runner.h"
#include "FastPath.h"
#include "FixEdits.h"
#include "NoLintFilter.h"
#include "OutputGuard.h"
#include "ResponseFileDatabase.h"
#include "StableFileSystem.h"
#include "transformers-tidy/CacheImplementationConflictAnalysis.h"
#include "transformers-tidy/LegacyCacheAnalysis.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"
#include <mutex>

using namespace clang;
using namespace clang::tooling;
using namespace clang::ast_matchers;

namespace tmigrate {

namespace {

std::unique_ptr<transformers_tidy::Analysis>
createAnalysis(llvm::StringRef Check,
               const transformers_tidy::CheckOptions &Opts) {
  // Every finding carries its own #include edit: the fix applier merges
  // findings of many TUs and may drop a conflicting one, so no finding may
  // rely on another one's edit. Identical include edits are de-duplicated.
  if (Check == "transformers-legacy-cache")
    return std::make_unique<transformers_tidy::LegacyCacheAnalysis>(
        Opts, /*SelfContainedDiags=*/true);
  if (Check == "transformers-cache-implementation-conflict")
    return std::make_unique<
        transformers_tidy::CacheImplementationConflictAnalysis>(Opts);
  return nullptr;
}

/// A compile command that owns its single command (thread-confined copy).
class SingleCommandDatabase : public CompilationDatabase {
public:
  explicit SingleCommandDatabase(CompileCommand C) : Cmd(std::move(C)) {}
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Cmd};
  }
  std::vector<std::string> getAllFiles() const override {
    return {Cmd.Filename};
  }

private:
  CompileCommand Cmd;
};

std::string absolutePath(const SourceManager &SM, FileID FID) {
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return "";
  llvm::SmallString<256> P(FE->getName());
  SM.getFileManager().makeAbsolutePath(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

Position positionOf(const SourceManager &SM, SourceLocation Loc) {
  Position P;
  if (Loc.isInvalid())
    return P;
  Loc = SM.getFileLoc(Loc);
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  P.File = absolutePath(SM, FID);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  return P;
}

/// Inserted lines follow the file's line endings: in a CRLF file every bare
/// "\n" of an edit becomes "\r\n" (the core writes "\n").
std::string matchLineEndings(llvm::StringRef Text, const SourceManager &SM,
                             FileID FID) {
  if (!Text.contains('\n'))
    return Text.str();
  llvm::StringRef Buffer = SM.getBufferData(FID);
  size_t NL = Buffer.find('\n');
  if (NL == llvm::StringRef::npos || NL == 0 || Buffer[NL - 1] != '\r')
    return Text.str();
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
  return Out;
}

/// Collects compiler errors (and their notes) of the TU, clang-tidy style.
class ErrorCollector : public DiagnosticConsumer {
public:
  std::vector<Record> Errors;
  std::string MainFile, BuildDirectory;

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    Position Pos;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      Pos = positionOf(Info.getSourceManager(), Info.getLocation());
    if (Level >= DiagnosticsEngine::Error) {
      Record R;
      R.Check = "clang-diagnostic-error";
      R.Severity = Level::Error;
      R.Pos = Pos;
      R.Message = std::string(Msg);
      R.MainFile = MainFile;
      R.BuildDirectory = BuildDirectory;
      Errors.push_back(std::move(R));
      InError = true;
    } else if (Level == DiagnosticsEngine::Note && InError && !Errors.empty()) {
      Errors.back().Notes.push_back({Pos, std::string(Msg)});
    } else {
      InError = false;
    }
  }

private:
  bool InError = false;
};

/// Per-TU state: analyses, filters, conversion of findings to records.
class TUAnalyser : public transformers_tidy::FindingConsumer {
public:
  TUAnalyser(const FileConfig &Config, TUResult &Result)
      : Config(Config), Result(Result) {
    for (size_t I = 0; I < Config.EnabledChecks.size(); ++I)
      if (auto A = createAnalysis(Config.EnabledChecks[I], Config.Options[I]))
        Analyses.push_back(std::move(A));
    if (!Config.HeaderFilter.empty())
      HeaderFilter = std::make_unique<llvm::Regex>(Config.HeaderFilter);
  }

  void analyse(ASTContext &Ctx) {
    SM = &Ctx.getSourceManager();
    LangOpts = &Ctx.getLangOpts();
    NoLintFilter NoLint(Ctx.getSourceManager());
    this->NoLint = &NoLint;
    // One finder, hence one traversal of the AST, for all analyses (as in
    // clang-tidy); each analysis' matches reach it through its own router.
    MatchFinder Finder;
    std::vector<std::unique_ptr<Router>> Routers;
    std::vector<transformers_tidy::Analysis *> Active;
    for (auto &A : Analyses) {
      if (!A->isLanguageSupported(Ctx.getLangOpts()))
        continue;
      Routers.push_back(std::make_unique<Router>(*A));
      Active.push_back(A.get());
      A->onStartOfTranslationUnit();
      A->registerMatchers(Finder, Routers.back().get());
    }
    if (!Active.empty()) {
      restrictToUserCode(Ctx);
      Finder.matchAST(Ctx);
      Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
    }
    // Findings are buffered per analysis; emitting them in analysis order
    // keeps the output order of one finder per analysis.
    for (transformers_tidy::Analysis *A : Active)
      A->onEndOfTranslationUnit(*this);
    for (const tooling::Diagnostic &E : NoLint.takeErrors()) {
      Record R;
      R.Check = E.DiagnosticName;
      R.Severity = Level::Error;
      R.Message = E.Message.Message;
      R.Pos.File = E.Message.FilePath;
      R.Pos.Offset = E.Message.FileOffset;
      if (auto FE = SM->getFileManager().getOptionalFileRef(R.Pos.File)) {
        FileID FID = SM->translateFile(*FE);
        if (FID.isValid()) {
          R.Pos.Line = SM->getLineNumber(FID, R.Pos.Offset);
          R.Pos.Column = SM->getColumnNumber(FID, R.Pos.Offset);
          R.Pos.File = absolutePath(*SM, FID);
        }
      }
      R.MainFile = Result.MainFile;
      R.BuildDirectory = Result.BuildDirectory;
      Result.Findings.push_back(std::move(R));
    }
    this->NoLint = nullptr;
  }

  void consume(const transformers_tidy::Finding &F,
               const SourceManager &SM) override {
    SourceLocation Loc = SM.getFileLoc(F.Loc);
    if (!isUserCode(Loc, F, SM)) {
      ++Result.SuppressedNonUser;
      return;
    }
    if (NoLint && NoLint->isSuppressed(Loc, F.Check)) {
      ++Result.SuppressedNoLint;
      return;
    }
    Record R;
    R.Check = F.Check;
    R.Pos = positionOf(SM, Loc);
    R.Message = F.Message;
    R.MainFile = Result.MainFile;
    R.BuildDirectory = Result.BuildDirectory;
    if (F.Range.isValid())
      if (auto FR = fileRangeOf(F.Range, SM, *LangOpts))
        R.Ranges.push_back(
            {absolutePath(SM, FR->File), FR->Offset, FR->Length});
    for (const transformers_tidy::FindingNote &N : F.Notes)
      R.Notes.push_back({positionOf(SM, N.Loc), N.Message});
    if (auto Edits = fileEditsOf(F.Fixes, SM, *LangOpts)) {
      for (const FileEdit &E : *Edits) {
        std::string File = absolutePath(SM, E.File);
        R.Edits.push_back(
            {File, E.Offset, E.Length, matchLineEndings(E.Text, SM, E.File)});
        if (!Result.ContentHashes.count(File))
          Result.ContentHashes[File] =
              llvm::xxh3_64bits(SM.getBufferData(E.File));
      }
    }
    Result.Findings.push_back(std::move(R));
  }

private:
  /// Delivers the matches of one analysis' matchers to that analysis.
  class Router : public MatchFinder::MatchCallback {
  public:
    explicit Router(transformers_tidy::Analysis &A) : A(A) {}
    void run(const MatchFinder::MatchResult &R) override { A.check(R); }

  private:
    transformers_tidy::Analysis &A;
  };

  /// Unless system headers are reported, traverses only the top-level
  /// declarations outside system headers (the STL's templates and their
  /// instantiations are most of a typical AST). Sound: every node below a
  /// top-level declaration is written in that declaration's file, in a file
  /// it includes (which clang makes a system header too), or is an
  /// instantiation of a template of it; a finding found there is located
  /// (with all its notes, which the analyses place in the same function) in
  /// a system header, which consume() drops anyway. Parent walks of the
  /// analyses stay within their enclosing function. Newer clang-tidy skips
  /// system headers' declarations the same way (llvm-project PR 151035).
  void restrictToUserCode(ASTContext &Ctx) {
    if (Config.SystemHeaders)
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<Decl *> Scope;
    bool Skipped = false;
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      SourceLocation L = D->getLocation();
      if (L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L))) {
        Skipped = true;
        continue;
      }
      Scope.push_back(D);
    }
    if (Skipped)
      Ctx.setTraversalScope(Scope);
  }

  /// clang-tidy's rule: a diagnostic is shown when it (or one of its notes)
  /// is in the main file or in a header matching --header-filter; never in
  /// a system header unless SystemHeaders is set.
  bool isUserCode(SourceLocation Loc, const transformers_tidy::Finding &F,
                  const SourceManager &SM) {
    auto Check = [&](SourceLocation L) {
      if (L.isInvalid())
        return true;
      if (!Config.SystemHeaders && SM.isInSystemHeader(L))
        return false;
      FileID FID = SM.getDecomposedExpansionLoc(L).first;
      if (FID == SM.getMainFileID())
        return true;
      OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
      if (!FE)
        return true;
      return HeaderFilter && HeaderFilter->match(FE->getName());
    };
    if (Check(Loc))
      return true;
    for (const transformers_tidy::FindingNote &N : F.Notes)
      if (Check(N.Loc))
        return true;
    return false;
  }

public:
  /// Files that changed on disk while the TU was parsed.
  std::vector<std::string> Changed;

private:
  const FileConfig &Config;
  TUResult &Result;
  std::vector<std::unique_ptr<transformers_tidy::Analysis>> Analyses;
  std::unique_ptr<llvm::Regex> HeaderFilter;
  NoLintFilter *NoLint = nullptr;
  const SourceManager *SM = nullptr;
  const LangOptions *LangOpts = nullptr;
};

class AnalyserConsumer : public ASTConsumer {
public:
  AnalyserConsumer(TUAnalyser &A, CompilerInstance &CI) : A(A), CI(CI) {}

  /// Asked for each function body when the parse skips bodies (see
  /// AnalyserAction): skip those declared in a system header. No finding can
  /// be in them (the analyses traverse user code only, restrictToUserCode)
  /// and no analysis reads a callee's body. Sema itself keeps the bodies
  /// that other code depends on: constexpr functions and deduced return
  /// types.
  bool shouldSkipFunctionBody(Decl *D) override {
    const SourceManager &SM = CI.getSourceManager();
    return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A TU that does not compile is reported, not analysed: fixes computed
    // on a broken AST are not trustworthy.
    // Findings (or errors) about a file that changed under the parse
    // describe neither version: the TU is reported as changed (runOne).
    A.Changed = filesChangedSinceRead(Ctx.getSourceManager());
    if (!A.Changed.empty() || CI.getDiagnostics().hasErrorOccurred())
      return;
    A.analyse(Ctx);
  }

private:
  TUAnalyser &A;
  CompilerInstance &CI;
};

class AnalyserAction : public ASTFrontendAction {
public:
  AnalyserAction(TUAnalyser &A, bool SkipSystemBodies)
      : A(A), SkipSystemBodies(SkipSystemBodies) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // The instantiated bodies of the STL's templates are about a fifth of
    // the parse of a typical TU; the consumer decides which bodies to skip.
    if (SkipSystemBodies)
      CI.getFrontendOpts().SkipFunctionBodies = true;
    return std::make_unique<AnalyserConsumer>(A, CI);
  }

private:
  TUAnalyser &A;
  bool SkipSystemBodies;
};

bool hasResourceDir(const CommandLineArguments &Args) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with("-resource-dir"))
      return true;
  return false;
}

/// The tool's own command-line adjustments, after ClangTool's defaults.
ArgumentsAdjuster toolAdjuster(const RunOptions &Opts) {
  ArgumentsAdjuster A = [](const CommandLineArguments &Args, llvm::StringRef) {
    return Args;
  };
  if (!Opts.ExtraArgsBefore.empty())
    A = combineAdjusters(
        A, getInsertArgumentAdjuster(Opts.ExtraArgsBefore,
                                     ArgumentInsertPosition::BEGIN));
  if (!Opts.ExtraArgs.empty())
    A = combineAdjusters(A, getInsertArgumentAdjuster(
                                Opts.ExtraArgs, ArgumentInsertPosition::END));
  // Warnings promoted by -Werror are not analysis failures.
  A = combineAdjusters(
      A, getInsertArgumentAdjuster("-Wno-error", ArgumentInsertPosition::END));
  std::string ResourceDir = Opts.ResourceDir;
  return combineAdjusters(
      A, [ResourceDir](const CommandLineArguments &Args, llvm::StringRef) {
        if (ResourceDir.empty() || Args.empty() || hasResourceDir(Args))
          return Args;
        CommandLineArguments Out(Args.begin(), Args.begin() + 1);
        Out.push_back("-resource-dir=" + ResourceDir);
        Out.insert(Out.end(), Args.begin() + 1, Args.end());
        return Out;
      });
}

TUResult runOne(const CompileCommand &Cmd, const std::string &File,
                const FileConfig &Config, const RunOptions &Opts) {
  TUResult Result;
  Result.MainFile = File;
  Result.BuildDirectory = Cmd.Directory;
  auto Fail = [&](const std::string &Msg) {
    return failedTU(File, Cmd.Directory, Msg);
  };
  if (!llvm::sys::fs::is_directory(Cmd.Directory))
    return Fail("the compile command's directory '" + Cmd.Directory +
                "' does not exist");

  // The user's build may ask for files (dependency files, serialized
  // diagnostics, ...): the tool writes none (OutputGuard.h). Stripped before
  // ClangTool's own adjusters, whose "-M*" rule would leave -MJ's value
  // behind as an input file.
  CompileCommand Guarded = Cmd;
  Guarded.CommandLine = stripOutputArguments(Cmd.CommandLine);
  SingleCommandDatabase DB(std::move(Guarded));
  // Read, never mapped: sources may change under the parse.
  ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(),
                 createStableFileSystem());
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(toolAdjuster(Opts));

  ErrorCollector Errors;
  Errors.MainFile = File;
  Errors.BuildDirectory = Cmd.Directory;
  Tool.setDiagnosticConsumer(&Errors);
  TUAnalyser Analyser(Config, Result);
  // With SystemHeaders, findings in system headers are reported: parse
  // their bodies.
  bool SkipSystemBodies =
      Opts.SkipSystemFunctionBodies && !Config.SystemHeaders;
  GuardedActionFactory Factory([&Analyser, SkipSystemBodies] {
    return std::make_unique<AnalyserAction>(Analyser, SkipSystemBodies);
  });
  int RC = Tool.run(&Factory);
  if (!Analyser.Changed.empty()) {
    Result.Findings.clear();
    Result.Errors.clear();
    Result.ContentHashes.clear();
    for (const std::string &F : Analyser.Changed) {
      Record R;
      R.Check = "clang-diagnostic-error";
      R.Severity = Level::Error;
      R.Pos.File = F;
      R.Message = "'" + F +
                  "' changed on disk while it was being analysed; run again "
                  "once it is no longer being written";
      R.MainFile = File;
      R.BuildDirectory = Cmd.Directory;
      Result.Errors.push_back(std::move(R));
    }
    Result.Failed = true;
    return Result;
  }
  if (RC != 0 || Errors.getNumErrors() > 0) {
    Result.Findings.clear();
    Result.ContentHashes.clear();
    Result.Errors = std::move(Errors.Errors);
    if (Result.Errors.empty())
      return Fail("the translation unit could not be analysed");
    Result.Failed = true;
  }
  return Result;
}

} // namespace

TUResult failedTU(const std::string &File, const std::string &Directory,
                  const std::string &Message) {
  TUResult R;
  R.MainFile = File;
  R.BuildDirectory = Directory;
  R.Failed = true;
  Record E;
  E.Check = "clang-diagnostic-error";
  E.Severity = Level::Error;
  E.Pos.File = File;
  E.Message = Message;
  E.MainFile = File;
  E.BuildDirectory = Directory;
  R.Errors.push_back(std::move(E));
  return R;
}

std::vector<std::string> toolCommandLine(const CompileCommand &Cmd,
                                         const RunOptions &Opts) {
  // The same chain ClangTool::run applies: its defaults, then ours (which
  // strip every output-producing option, so neither the scanner nor the
  // cache key sees one).
  ArgumentsAdjuster A =
      combineAdjusters(combineAdjusters(getClangStripOutputAdjuster(),
                                        getClangSyntaxOnlyAdjuster()),
                       combineAdjusters(getClangStripDependencyFileAdjuster(),
                                        toolAdjuster(Opts)));
  return A(stripOutputArguments(Cmd.CommandLine), Cmd.Filename);
}

std::vector<TUResult> runAll(const CompilationDatabase &DB,
                             const std::vector<std::string> &Files,
                             CheckConfig &Config, const RunOptions &Opts,
                             ProgressFn Progress) {
  std::vector<TUResult> Results(Files.size());
  // Commands and configurations are computed up front, on this thread.
  std::vector<std::optional<CompileCommand>> Commands(Files.size());
  std::vector<FileConfig> Configs(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::vector<CompileCommand> Cmds = DB.getCompileCommands(Files[I]);
    if (!Cmds.empty())
      Commands[I] = Cmds.front();
    Configs[I] = Config.configFor(Files[I]);
  }

  std::mutex ProgressMutex;
  auto Work = [&](size_t I) {
    TUResult R;
    if (!Commands[I]) {
      R = failedTU(Files[I], "", "no compile command for this file");
    } else if (std::optional<std::string> Why =
                   ResponseFileDatabase::expansionError(*Commands[I])) {
      // Neither scanned nor parsed: both would expand the response files
      // again, without bounds.
      R = failedTU(Files[I], Commands[I]->Directory,
                   *Why + ": '" + Files[I] + "'");
    } else if (Configs[I].EnabledChecks.empty()) {
      R.MainFile = Files[I];
      R.BuildDirectory = Commands[I]->Directory;
    } else if (Opts.Fast) {
      FastDecision D =
          Opts.Fast->decide(toolCommandLine(*Commands[I], Opts),
                            Commands[I]->Directory, Files[I], Configs[I]);
      if (D.Cached) {
        R = std::move(*D.Cached);
      } else if (D.Skip) {
        // Cannot reach the library: no finding is possible.
        R.MainFile = Files[I];
        R.BuildDirectory = Commands[I]->Directory;
      } else {
        R = runOne(*Commands[I], Files[I], Configs[I], Opts);
        Opts.Fast->store(D, R);
      }
    } else {
      R = runOne(*Commands[I], Files[I], Configs[I], Opts);
    }
    std::lock_guard<std::mutex> Lock(ProgressMutex);
    Results[I] = std::move(R);
    if (Progress)
      Progress(Results[I]);
  };

  unsigned Jobs = Opts.Jobs;
  if (Jobs <= 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      Work(I);
    return Results;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&Work, I] { Work(I); });
  Pool.wait();
  return Results;
}

} // namespace tmigrate
