//===- Preamble.cpp - A file's precompiled preamble, for reparses ---------===//

#include "driver/Preamble.h"
#include "support/Paths.h"
#include "support/StableFileSystem.h"
#include "transformers-tidy/LLVMCompat.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace tmigrate {

bool isSkippedSystemBody(const Decl &D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D.getLocation()));
}

PreambleUse::~PreambleUse() = default;

/// One preamble and what decides whether it may serve a parse.
struct PreambleCache::Variant {
  /// The -cc1 command line it was built with (CanReuse compares the files
  /// and the preamble's text, not the options).
  std::vector<std::string> CommandLine;
  std::shared_ptr<const PrecompiledPreamble> Preamble;
  /// The unsaved buffers its parse read, by absolute path, with a hash of
  /// their text: CanReuse tells a buffer (whose time is 0) changed only by
  /// its size.
  std::vector<std::pair<std::string, uint64_t>> UnsavedRead;
  /// Its parse reported an error, or read a file that changed meanwhile.
  bool Broken = false;
  /// The check names of the warnings and remarks its parse reported.
  llvm::StringSet<> Warnings;

  bool sameUnsaved(const llvm::StringMap<llvm::StringRef> &Unsaved) const {
    return llvm::all_of(UnsavedRead, [&](const auto &Read) {
      auto It = Unsaved.find(Read.first);
      return It != Unsaved.end() &&
             llvm::xxh3_64bits(It->second) == Read.second;
    });
  }

  bool usable(ReportedFn Reported) const {
    return Preamble && !Broken && llvm::none_of(Warnings, [&](const auto &W) {
             return Reported(W.getKey());
           });
  }
};

namespace {

/// The absolute, dot-free spelling of \p Name as \p FM resolves it (the
/// keys of the unsaved buffers are spelled so).
std::string absoluteName(FileManager &FM, llvm::StringRef Name) {
  llvm::SmallString<256> Path(Name);
  FM.makeAbsolutePath(Path);
  return absolutePath(Path);
}

/// What the preamble's parse reported, kept by check name as the session
/// would name each diagnostic (ClangTidyDiagnosticConsumer's rule).
class BuildDiagnostics : public DiagnosticConsumer {
public:
  explicit BuildDiagnostics(PreambleCache::Variant &V) : V(V) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error) {
      V.Broken = true;
      return;
    }
    if (Level != DiagnosticsEngine::Warning &&
        Level != DiagnosticsEngine::Remark)
      return;
    // A static member before LLVM 22 (LLVMCompat.h), called on the engine's
    // IDs in either.
    llvm::StringRef Option =
        Info.getDiags()->getDiagnosticIDs()->getWarningOptionForDiag(
            Info.getID());
    if (!Option.empty())
      V.Warnings.insert(("clang-diagnostic-" + Option).str());
    else
      V.Warnings.insert(Level == DiagnosticsEngine::Warning
                            ? "clang-diagnostic-warning"
                            : "clang-diagnostic-remark");
  }

private:
  PreambleCache::Variant &V;
};

/// Skips the bodies the parse skips; afterwards, notes the unsaved buffers
/// read and the files that changed under the build.
class BuildCallbacks : public PreambleCallbacks {
public:
  BuildCallbacks(PreambleCache::Variant &V,
                 const llvm::StringMap<llvm::StringRef> &Unsaved)
      : V(V), Unsaved(Unsaved) {}

  void BeforeExecute(CompilerInstance &CI) override {
    SM = &CI.getSourceManager();
  }

  bool shouldSkipFunctionBody(Decl *D) override {
    return isSkippedSystemBody(*D, *SM);
  }

  void AfterExecute(CompilerInstance &CI) override {
    SourceManager &SM = CI.getSourceManager();
    FileManager &FM = SM.getFileManager();
    // The main file was read as its preamble's text alone: it is the
    // parse's to check, not the preamble's.
    std::string Main;
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID()))
      Main = absoluteName(FM, FE->getName());
    for (const std::string &Changed : filesChangedSinceRead(SM))
      if (absolutePath(Changed) != Main)
        V.Broken = true;
    for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
         ++It) {
      if (!It->second->getBufferIfLoaded())
        continue;
      std::string Path = absoluteName(FM, It->first.getName());
      if (Path == Main)
        continue;
      if (auto U = Unsaved.find(Path); U != Unsaved.end())
        V.UnsavedRead.emplace_back(Path, llvm::xxh3_64bits(U->second));
    }
  }

private:
  PreambleCache::Variant &V;
  const llvm::StringMap<llvm::StringRef> &Unsaved;
  const SourceManager *SM = nullptr;
};

} // namespace

PreambleCache::PreambleCache() = default;
PreambleCache::~PreambleCache() = default;

PreambleCache::Counters PreambleCache::counters() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Count;
}

std::unique_ptr<PreambleUse> PreambleCache::prepare(
    CompilerInvocation &Invocation,
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS, bool SkipSystemBodies,
    const llvm::StringMap<llvm::StringRef> &Unsaved,
    std::shared_ptr<PCHContainerOperations> PCH, ReportedFn Reported) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Unusable = [&]() -> std::unique_ptr<PreambleUse> {
    ++Count.Unusable;
    return nullptr;
  };
  const FrontendOptions &FO = Invocation.getFrontendOpts();
  if (FO.Inputs.size() != 1 || !FO.Inputs[0].isFile() ||
      FO.Inputs[0].getKind().getFormat() != InputKind::Source)
    return Unusable();
  llvm::SmallString<256> MainPath(FO.Inputs[0].getFile());
  if (FS->makeAbsolute(MainPath))
    return Unusable();
  auto Text = Unsaved.find(absolutePath(MainPath));
  if (Text == Unsaved.end())
    return Unusable();
  // The text outlives the parse (TidyWorker::run's caller keeps it) and is
  // a std::string's: terminated, as the lexer needs.
  auto Use = std::make_unique<PreambleUse>();
  Use->MainFile = llvm::MemoryBuffer::getMemBuffer(
      Text->second, FO.Inputs[0].getFile(), /*RequiresNullTerminator=*/false);
  PreambleBounds Bounds =
      ComputePreambleBounds(Invocation.getLangOpts(), *Use->MainFile, 0);
  if (Bounds.Size == 0)
    return Unusable(); // nothing before the first declaration

  std::vector<std::string> CommandLine = Invocation.getCC1CommandLine();
  std::unique_ptr<Variant> &V = Variants[SkipSystemBodies ? 1 : 0];
  bool Current =
      V && V->Preamble && V->CommandLine == CommandLine &&
      V->Preamble->CanReuse(Invocation, Use->MainFile->getMemBufferRef(),
                            Bounds, *FS) &&
      V->sameUnsaved(Unsaved);
  if (!Current) {
    // Dropped first: two preambles of one file need not be alive at once.
    V = std::make_unique<Variant>();
    V->CommandLine = std::move(CommandLine);
    CompilerInvocation BuildInvocation(Invocation);
    BuildInvocation.getFrontendOpts().SkipFunctionBodies = SkipSystemBodies;
    // Once, here, rather than at the end of every parse (Preamble.h).
    BuildInvocation.getLangOpts().PCHInstantiateTemplates = true;
    BuildDiagnostics Diagnostics(*V);
    BuildCallbacks Callbacks(*V, Unsaved);
    llvm::ErrorOr<PrecompiledPreamble> Built =
        transformers_tidy::compat::buildPreamble(
            BuildInvocation, *Use->MainFile, Bounds,
            BuildInvocation.getDiagnosticOpts(), Diagnostics, FS,
            std::move(PCH), Callbacks);
    ++Count.Built;
    if (!Built) {
      V.reset(); // tried again on the next parse
      return Unusable();
    }
    V->Preamble =
        std::make_shared<const PrecompiledPreamble>(std::move(*Built));
  } else if (V->usable(Reported)) {
    ++Count.Reused;
  }
  if (!V->usable(Reported))
    return Unusable();

  Use->Preamble = V->Preamble;
  // The buffer stays the caller's (Use), not the SourceManager's.
  Invocation.getPreprocessorOpts().RetainRemappedFileBuffers = true;
  V->Preamble->AddImplicitPreamble(Invocation, FS, Use->MainFile.get());
  return Use;
}

} // namespace tmigrate
