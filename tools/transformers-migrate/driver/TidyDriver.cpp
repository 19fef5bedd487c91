//===- TidyDriver.cpp - The plugin's checks, run through clang-tidy -------===//

#include "driver/TidyDriver.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "driver/FindingContext.h"
#include "driver/LineIndex.h"
#include "driver/OutputGuard.h"
#include "driver/Preamble.h"
#include "driver/ToolArguments.h"
#include "input/CheckConfig.h"
#include "support/Paths.h"
#include "support/StableFileSystem.h"
#include "transformers-tidy/CheckCatalog.h"
#include "transformers-tidy/LLVMCompat.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using namespace clang::tidy;
using namespace clang::tooling;

namespace tmigrate {

class TidyWorker::Session {
public:
  explicit Session(std::unique_ptr<ClangTidyOptionsProvider> Options)
      : Context(std::move(Options)),
        CheckDiagnostics(
            transformers_tidy::compat::makeTidyDiagnostics(Context, NoClient)),
        Factory(Context) {
    // Every fixed finding carries its own #include edit (the checks keep
    // one per file otherwise, as clang-tidy -fix needs): the fix merge
    // spans many TUs and may hold a finding back, so no fix may rely on
    // another's edit. Identical edits are shown and applied once
    // (reportedEdits, the fix plan).
    Context.setSelfContainedDiags(true);
  }

  IgnoringDiagConsumer NoClient;
  ClangTidyContext Context;
  /// One engine for the session, as in clang-tidy's runClangTidy: the
  /// context maps the engine's custom diagnostic IDs to check names for
  /// good, so a fresh engine per TU (whose IDs restart) would give a
  /// diagnostic the name of another. Its client is each TU's consumer.
  std::unique_ptr<DiagnosticsEngine> CheckDiagnostics;
  ClangTidyASTConsumerFactory Factory;
};

namespace {

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

/// A diagnostic's path as clang-tidy's reporter resolves it: relative to
/// the build directory of its TU (the current one when it has none),
/// without dots.
std::string absoluteIn(llvm::StringRef BuildDirectory, llvm::StringRef Path) {
  return Path.empty() ? "" : absolutePath(Path, BuildDirectory);
}

/// The unsaved buffers of a run by absolute path (TidyWorker::run).
using UnsavedTexts = llvm::StringMap<llvm::StringRef>;

UnsavedTexts unsavedTexts(llvm::ArrayRef<UnsavedFile> Unsaved,
                          llvm::StringRef BuildDirectory) {
  UnsavedTexts Texts;
  for (const UnsavedFile &U : Unsaved)
    Texts.insert_or_assign(absoluteIn(BuildDirectory, U.Path),
                           llvm::StringRef(U.Contents));
  return Texts;
}

/// \p Base with \p Texts laid over it: the parse reads a buffer where there
/// is one and \p Base (the stable file system) everywhere else. Files that
/// change under the parse are still found: filesChangedSinceRead asks this
/// file system, which answers for a buffer with the status it was given
/// (it never changes) and for every other file with the disk's. The
/// buffers are not copied: std::string's terminator is the one clang's
/// lexer needs.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withUnsaved(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
            const UnsavedTexts &Texts) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto &Entry : Texts)
    Memory->addFile(
        Entry.first(), /*ModificationTime=*/0,
        llvm::MemoryBuffer::getMemBuffer(Entry.second, Entry.first(),
                                         /*RequiresNullTerminator=*/false));
  auto Overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(std::move(Base));
  Overlay->pushOverlay(std::move(Memory));
  return Overlay;
}

/// Inserted lines follow the file's line endings: in a CRLF file every bare
/// "\n" of an edit becomes "\r\n" (the checks write "\n").
std::string matchLineEndings(llvm::StringRef Text, llvm::StringRef Buffer) {
  if (!Text.contains('\n'))
    return Text.str();
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

/// The files the parse read (entered into \p SM, headers and the main file)
/// whose identity is one of \p Watched (OutputTargets.h).
std::vector<std::string>
watchedFilesRead(const SourceManager &SM,
                 llvm::ArrayRef<llvm::sys::fs::UniqueID> Watched) {
  std::vector<std::string> Read;
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It)
    if (llvm::is_contained(Watched, It->first.getUniqueID()))
      Read.push_back(std::string(It->first.getName()));
  return Read;
}

/// The files of the TU by path, for positions and content hashes. Without a
/// SourceManager (a TU that failed before its AST existed) files are taken
/// from the unsaved buffers or read from disk instead.
class FileText {
public:
  FileText(const SourceManager *SM, std::string BuildDirectory,
           const UnsavedTexts &Unsaved)
      : SM(SM), BuildDirectory(std::move(BuildDirectory)), Unsaved(Unsaved) {}

  /// The content of \p Path (as the diagnostic names it), or nothing.
  std::optional<llvm::StringRef> content(llvm::StringRef Path) {
    auto [It, New] = Contents.try_emplace(Path);
    if (New)
      It->second = load(Path);
    return It->second;
  }

  LineColumn lineColumn(llvm::StringRef Path, unsigned Offset) {
    std::optional<llvm::StringRef> Text = content(Path);
    if (Path.empty() || !Text || Offset > Text->size())
      return LineColumn();
    // Each file's lines are indexed once: it may have thousands of findings.
    return Lines.try_emplace(Path, *Text).first->second.at(Offset);
  }

private:
  /// content(), uncached.
  std::optional<llvm::StringRef> load(llvm::StringRef Path) {
    if (SM) {
      if (auto FE = SM->getFileManager().getOptionalFileRef(Path)) {
        FileID FID = SM->translateFile(*FE);
        if (FID.isValid())
          return SM->getBufferData(FID);
      }
    }
    std::string Abs = absoluteIn(BuildDirectory, Path);
    if (auto U = Unsaved.find(Abs); U != Unsaved.end())
      return U->second;
    auto It = Read.find(Abs);
    if (It == Read.end()) {
      auto Buffer = llvm::MemoryBuffer::getFile(Abs, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/
                                                false);
      It = Read.emplace(Abs, Buffer ? std::move(*Buffer) : nullptr).first;
    }
    if (!It->second)
      return std::nullopt;
    return It->second->getBuffer();
  }

  const SourceManager *SM;
  std::string BuildDirectory;
  const UnsavedTexts &Unsaved;
  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Read;
  /// By the path as the diagnostics name it.
  llvm::StringMap<std::optional<llvm::StringRef>> Contents;
  llvm::StringMap<LineIndex> Lines;
};

/// The path of \p M and of its ranges made absolute (its fix is the
/// caller's: it needs the files' contents too).
void makeAbsolute(DiagnosticMessage &M, llvm::StringRef BuildDirectory) {
  M.FilePath = absoluteIn(BuildDirectory, M.FilePath);
  for (FileByteRange &Rg : M.Ranges)
    Rg.FilePath = absoluteIn(BuildDirectory, Rg.FilePath);
}

/// One of clang-tidy's diagnostics, kept as it is but for its paths (made
/// absolute: results of TUs with other build directories are merged) and
/// the lines its fix inserts (in the file's line endings), with the tool's
/// state beside it; \p Ctx (when the AST exists) names its declaration.
Record recordOf(const ClangTidyError &E, FileText &Files, TUResult &Result,
                const ASTContext *Ctx) {
  Record R;
  R.Diag = E;
  R.WarningAsError = E.IsWarningAsError;
  R.MainFile = Result.MainFile;
  DiagnosticMessage &M = R.Diag.Message;
  R.At = Files.lineColumn(M.FilePath, M.FileOffset);
  if (std::optional<llvm::StringRef> Text = Files.content(M.FilePath))
    R.Subject = findingSubject(M, *Text);
  if (Ctx && !M.FilePath.empty())
    R.Scope = enclosingDeclaration(*Ctx, M.FilePath, M.FileOffset);
  makeAbsolute(M, E.BuildDirectory);

  llvm::StringMap<Replacements> Fix;
  for (const auto &[Path, Reps] : E.Message.Fix) {
    for (const Replacement &Rep : Reps) {
      std::string File = absoluteIn(E.BuildDirectory, Rep.getFilePath());
      std::optional<llvm::StringRef> Text = Files.content(Rep.getFilePath());
      if (Text && !Result.ContentHashes.count(File))
        Result.ContentHashes[File] = llvm::xxh3_64bits(*Text);
      if (llvm::Error Err = Fix[File].add(Replacement(
              File, Rep.getOffset(), Rep.getLength(),
              Text ? matchLineEndings(Rep.getReplacementText(), *Text)
                   : Rep.getReplacementText().str()))) {
        // Two spellings of one file whose edits collide: no fix is safer
        // than half of one.
        llvm::consumeError(std::move(Err));
        Fix.clear();
        break;
      }
    }
  }
  M.Fix = std::move(Fix);

  for (DiagnosticMessage &N : R.Diag.Notes) {
    R.NotesAt.push_back(Files.lineColumn(N.FilePath, N.FileOffset));
    makeAbsolute(N, E.BuildDirectory);
  }
  return R;
}

/// What one run of the checks over a TU produced, filled in while its
/// SourceManager is alive.
struct TUState {
  ClangTidyContext &Context;
  ClangTidyDiagnosticConsumer &Diagnostics;
  TUResult &Result;
  const RunOptions &Opts;
  const UnsavedTexts &Unsaved;
  bool SkipSystemBodies = false;
  /// The analysis needed a body the parse skipped: parse the TU again.
  bool NeedsEveryBody = false;
  bool SystemHeaders = false;
  bool Collected = false;
  /// The parse produced an AST (the checks ran unless it has errors).
  bool Analysed = false;
  /// Files that changed on disk while the TU was parsed.
  std::vector<std::string> Changed;
  /// The watched outputs the parse read (TUResult::ReadOutputs).
  std::vector<std::string> ReadOutputs;
  /// The configuration's type option entries, resolved once the checks ran.
  std::vector<TypeOptionEntry> TypeEntries;
  /// The enabled checks' options as they stored them (FileConfig).
  const ClangTidyOptions::OptionMap *CheckOptions = nullptr;

  void resolveTypeNames(const ASTContext &Ctx) {
    std::vector<std::string> Names;
    for (const TypeOptionEntry &E : TypeEntries)
      Names.push_back(E.Name);
    std::vector<bool> Named = transformers_tidy::resolveTypeNames(Ctx, Names);
    for (size_t I = 0; I < TypeEntries.size(); ++I)
      Result.TypeNames.push_back(
          {TypeEntries[I].Option, TypeEntries[I].Name, Named[I]});
  }

  /// Takes clang-tidy's diagnostics of the TU and converts them.
  void collect(const SourceManager *SM, const ASTContext *Ctx = nullptr) {
    if (Collected)
      return;
    Collected = true;
    FileText Files(SM, Result.BuildDirectory, Unsaved);
    for (const ClangTidyError &E : Diagnostics.take()) {
      Record R = recordOf(E, Files, Result, Ctx);
      bool CompileError =
          R.hasErrorLevel() && R.check().starts_with("clang-diagnostic-");
      (CompileError ? Result.Errors : Result.Findings).push_back(std::move(R));
    }
  }
};

/// clang-tidy's AST consumer with the tool's additions around it.
class ToolConsumer : public MultiplexConsumer {
public:
  ToolConsumer(std::unique_ptr<ASTConsumer> Tidy, TUState &State,
               CompilerInstance &CI)
      : MultiplexConsumer(consumers(std::move(Tidy))), State(State), CI(CI) {}

  /// Asked for each function body when the parse skips bodies: skip those
  /// declared in a system header. No finding can be in them (the checks
  /// traverse user code only, restrictToUserCode); the only system bodies
  /// a check reads are those the forwarding search follows a legacy value
  /// into, and a TU that has one is parsed again with every body
  /// (its catalog entry's NeedsSkippedBodies). Sema itself keeps the bodies
  /// that other code depends on: constexpr functions and deduced return types.
  bool shouldSkipFunctionBody(Decl *D) override {
    return isSkippedSystemBody(*D, CI.getSourceManager());
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Findings (or errors) about a file that changed under the parse
    // describe neither version: the TU is reported as changed. A TU that
    // does not compile is reported, not analysed: fixes computed on a
    // broken AST are not trustworthy.
    State.Analysed = true;
    State.Changed = filesChangedSinceRead(Ctx.getSourceManager());
    if (State.Changed.empty() && (State.Opts.CheckBrokenCode ||
                                  !CI.getDiagnostics().hasErrorOccurred())) {
      bool Restricted = restrictToUserCode(Ctx);
      MultiplexConsumer::HandleTranslationUnit(Ctx);
      // Asked in the same traversal scope as the checks ran in.
      State.NeedsEveryBody = State.SkipSystemBodies && needsSkippedBodies(Ctx);
      if (Restricted)
        Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
      if (State.NeedsEveryBody)
        return;
      State.resolveTypeNames(Ctx);
      if (State.Opts.InspectAST)
        State.Opts.InspectAST(Ctx);
    }
    // A finding's declaration is looked up in a sound AST only: a broken
    // TU's findings are dropped (unless CheckBrokenCode, for the fuzzer),
    // and its declarations may be half-made.
    State.collect(&Ctx.getSourceManager(),
                  CI.getDiagnostics().hasErrorOccurred() ? nullptr : &Ctx);
  }

private:
  /// Whether a check that ran on this TU needed a system body that the
  /// parse skipped, as its catalog entry answers (CheckCatalog.h); a check
  /// without an entry may have needed any.
  bool needsSkippedBodies(ASTContext &Ctx) {
    return llvm::any_of(knownChecks(), [&](const std::string &Check) {
      if (!State.Context.isCheckEnabled(Check))
        return false;
      const transformers_tidy::CheckInfo *Info =
          transformers_tidy::findCheckInfo(Check);
      if (!Info)
        return true;
      return Info->NeedsSkippedBodies &&
             Info->NeedsSkippedBodies(Ctx, *State.CheckOptions);
    });
  }

  static std::vector<std::unique_ptr<ASTConsumer>>
  consumers(std::unique_ptr<ASTConsumer> Tidy) {
    std::vector<std::unique_ptr<ASTConsumer>> V;
    V.push_back(std::move(Tidy));
    return V;
  }

  /// Unless system headers are reported, the checks traverse only the
  /// top-level declarations outside system headers (the STL's templates and
  /// their instantiations are most of a typical AST). Sound: every node below
  /// a top-level declaration is written in that declaration's file, in a
  /// file it includes (which clang makes a system header too), or is an
  /// instantiation of a template of it; a finding found there is located
  /// (with all its notes, which the checks place in the same function) in a
  /// system header, which clang-tidy's diagnostic consumer drops anyway.
  /// Newer clang-tidy skips system headers' declarations the same way
  /// (llvm-project PR 151035).
  bool restrictToUserCode(ASTContext &Ctx) {
    if (State.SystemHeaders)
      return false;
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
    return Skipped;
  }

  TUState &State;
  CompilerInstance &CI;
};

class ToolAction : public ASTFrontendAction {
public:
  ToolAction(ClangTidyASTConsumerFactory &Factory, TUState &State)
      : Factory(Factory), State(State) {}

  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef File) override {
    // The instantiated bodies of the STL's templates are a third of the
    // parse of a typical TU; the consumer decides which bodies to skip.
    if (State.SkipSystemBodies)
      CI.getFrontendOpts().SkipFunctionBodies = true;
    // The tool prints its own summary once, after every TU (Main.cpp), not
    // "N warnings generated." from every worker.
    CI.getDiagnosticOpts().ShowCarets = false;
    return std::make_unique<ToolConsumer>(Factory.createASTConsumer(CI, File),
                                          State, CI);
  }

  /// Also after a parse that failed: an output the user named must not be
  /// any file the TU read, whether or not it compiles.
  void EndSourceFileAction() override {
    CompilerInstance &CI = getCompilerInstance();
    if (!State.Opts.WatchedOutputs.empty() && CI.hasSourceManager())
      State.ReadOutputs =
          watchedFilesRead(CI.getSourceManager(), State.Opts.WatchedOutputs);
  }

private:
  ClangTidyASTConsumerFactory &Factory;
  TUState &State;
};

/// A GuardedActionFactory whose parse uses the file's preamble when its
/// cache has a usable one (Preamble.h); as without it otherwise.
class PreambleActionFactory : public GuardedActionFactory {
public:
  PreambleActionFactory(Creator Create, PreambleCache &Cache,
                        ClangTidyContext &Context, const UnsavedTexts &Texts,
                        bool SkipSystemBodies)
      : GuardedActionFactory(std::move(Create)), Cache(Cache), Context(Context),
        Texts(Texts), SkipSystemBodies(SkipSystemBodies) {}

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    // The preamble is keyed by the command the parse runs, outputs cleared.
    neutraliseOutputs(*Invocation);
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
        Files->getVirtualFileSystemPtr();
    // Which compiler diagnostics the session reports: the file's options.
    Context.setCurrentFile(
        Invocation->getFrontendOpts().Inputs.empty()
            ? ""
            : Invocation->getFrontendOpts().Inputs[0].getFile());
    std::unique_ptr<PreambleUse> Use =
        Cache.prepare(*Invocation, FS, SkipSystemBodies, Texts, PCH,
                      [this](llvm::StringRef Check) {
                        return Context.isCheckEnabled(Check);
                      });
    if (!Use)
      return GuardedActionFactory::runInvocation(std::move(Invocation), Files,
                                                 std::move(PCH), Diags);
    // The preamble is read through the file system AddImplicitPreamble
    // extended.
    auto WithPreamble = llvm::makeIntrusiveRefCnt<FileManager>(
        Files->getFileSystemOpts(), std::move(FS));
    return GuardedActionFactory::runInvocation(
        std::move(Invocation), WithPreamble.get(), std::move(PCH), Diags);
  }

private:
  PreambleCache &Cache;
  ClangTidyContext &Context;
  const UnsavedTexts &Texts;
  bool SkipSystemBodies;
};

} // namespace

TUResult failedTU(const std::string &File, const std::string &Directory,
                  const std::string &Message) {
  TUResult R;
  R.MainFile = File;
  R.BuildDirectory = Directory;
  R.Failed = true;
  R.Errors.push_back(Record::error(File, Message, File, Directory));
  return R;
}

TidyWorker::TidyWorker(std::unique_ptr<ClangTidyOptionsProvider> Options)
    : S(std::make_unique<Session>(std::move(Options))) {}

TidyWorker::~TidyWorker() = default;

TUResult TidyWorker::run(const CompileCommand &Cmd, const std::string &File,
                         const FileConfig &Config, const RunOptions &Opts,
                         llvm::ArrayRef<UnsavedFile> Unsaved,
                         PreambleCache *Preamble) {
  TUResult Result;
  Result.MainFile = File;
  Result.BuildDirectory = Cmd.Directory;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      createStableFileSystem(Opts.FileSystem);
  const UnsavedTexts Texts = unsavedTexts(Unsaved, Cmd.Directory);
  if (!Texts.empty())
    FS = withUnsaved(std::move(FS), Texts);
  llvm::ErrorOr<llvm::vfs::Status> Directory = FS->status(Cmd.Directory);
  if (!Directory || !Directory->isDirectory())
    return failedTU(File, Cmd.Directory,
                    "the compile command's directory '" + Cmd.Directory +
                        "' does not exist");

  // With SystemHeaders, findings in system headers are reported: parse
  // their bodies. Otherwise the fast parse skips the bodies of system
  // functions, and a TU whose analysis needed one of them is parsed a
  // second time with every body, as clang-tidy parses it
  // (ToolConsumer::shouldSkipFunctionBody).
  const bool SystemHeaders = Config.Options.SystemHeaders.value_or(false);
  bool SkipSystemBodies = Opts.SkipSystemFunctionBodies && !SystemHeaders;
  while (true) {
    // The user's build may ask for files (dependency files, serialized
    // diagnostics, ...): the tool writes none (OutputGuard.h). Stripped before
    // ClangTool's own adjusters, whose "-M*" rule would leave -MJ's value
    // behind as an input file.
    CompileCommand Guarded = Cmd;
    Guarded.CommandLine = stripOutputArguments(Cmd.CommandLine);
    SingleCommandDatabase DB(std::move(Guarded));
    // Read, never mapped: sources may change under the parse.
    ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(), FS);
    Tool.setPrintErrorMessage(false);
    Tool.appendArgumentsAdjuster(toolAdjuster(Opts));

    // As clang-tidy's runClangTidy sets them up: one consumer for compiler
    // and check diagnostics. Fix conflicts are the fix merge's to resolve
    // across TUs, not the consumer's within one.
    ClangTidyContext &Context = S->Context;
    ClangTidyDiagnosticConsumer Diagnostics(Context,
                                            /*ExternalDiagEngine=*/nullptr,
                                            /*RemoveIncompatibleErrors=*/false);
    S->CheckDiagnostics->setClient(&Diagnostics, /*ShouldOwnClient=*/false);
    Tool.setDiagnosticConsumer(&Diagnostics);

    TUState State{Context, Diagnostics, Result, Opts, Texts};
    State.SystemHeaders = SystemHeaders;
    State.TypeEntries = typeOptionEntries(Config);
    State.CheckOptions = &Config.CheckOptions;
    State.SkipSystemBodies = SkipSystemBodies;
    ClangTidyStats Before = Context.getStats();
    GuardedActionFactory::Creator Create = [this, &State] {
      return std::make_unique<ToolAction>(S->Factory, State);
    };
    std::unique_ptr<GuardedActionFactory> Factory =
        Preamble
            ? std::make_unique<PreambleActionFactory>(std::move(Create),
                                                      *Preamble, Context, Texts,
                                                      SkipSystemBodies)
            : std::make_unique<GuardedActionFactory>(std::move(Create));
    int RC = Tool.run(Factory.get());
    if (State.NeedsEveryBody) {
      // Nothing of the fast parse is kept: its diagnostics are dropped and
      // the counters start again (Before).
      (void)Diagnostics.take();
      S->CheckDiagnostics->setClient(&S->NoClient, /*ShouldOwnClient=*/false);
      SkipSystemBodies = false;
      Result = TUResult();
      Result.MainFile = File;
      Result.BuildDirectory = Cmd.Directory;
      Result.ParsedTwice = true;
      continue;
    }
    State.collect(nullptr);
    // The consumer dies with this call; the engine lives on.
    S->CheckDiagnostics->setClient(&S->NoClient, /*ShouldOwnClient=*/false);

    const ClangTidyStats &After = Context.getStats();
    Result.Stats.NoLint =
        After.ErrorsIgnoredNOLINT - Before.ErrorsIgnoredNOLINT;
    Result.Stats.NonUser =
        After.ErrorsIgnoredNonUserCode - Before.ErrorsIgnoredNonUserCode;
    Result.Stats.LineFilter =
        After.ErrorsIgnoredLineFilter - Before.ErrorsIgnoredLineFilter;
    Result.Stats.CheckFilter =
        After.ErrorsIgnoredCheckFilter - Before.ErrorsIgnoredCheckFilter;
    Result.Stats.Generated = Diagnostics.getNumWarnings();
    Result.Stats.GeneratedErrors = Diagnostics.getNumErrors();

    if (!State.Changed.empty()) {
      TUResult Changed;
      Changed.MainFile = File;
      Changed.BuildDirectory = Cmd.Directory;
      Changed.Failed = true;
      Changed.ReadOutputs = std::move(State.ReadOutputs);
      for (const std::string &F : State.Changed)
        Changed.Errors.push_back(Record::error(
            F,
            "'" + F +
                "' changed on disk while it was being analysed; run again "
                "once it is no longer being written",
            File, Cmd.Directory));
      return Changed;
    }
    // The run's status also counts the checks' errors (an unmatched
    // NOLINTBEGIN) in the shared consumer: only compiler errors, or a parse
    // that never produced an AST, make the TU a failure.
    if (!Result.Errors.empty() || (RC != 0 && !State.Analysed)) {
      if (!Opts.CheckBrokenCode) {
        Result.Findings.clear();
        Result.ContentHashes.clear();
      }
      if (Result.Errors.empty()) {
        TUResult Failed = failedTU(
            File, Cmd.Directory, "the translation unit could not be analysed");
        Failed.ReadOutputs = std::move(State.ReadOutputs);
        return Failed;
      }
      Result.Failed = true;
    }
    Result.ReadOutputs = std::move(State.ReadOutputs);
    return Result;
  }
}

} // namespace tmigrate
