//===- Analyzer.cpp -------------------------------------------------------===//

#include "analysis/Analyzer.h"
#include "input/ResponseFileDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace tlsp {

/// Whether \p A and \p B name one file (equal paths, or one file reached
/// through a link).
static bool sameFile(llvm::StringRef A, llvm::StringRef B) {
  return A == B || llvm::sys::fs::equivalent(A, B);
}

/// \p File's text as the parse read it: its buffer if it is open, else the
/// disk's (read now; a file changed since is re-analysed on its save).
static std::string textOf(const Snapshot &S, llvm::StringRef File) {
  for (const tmigrate::UnsavedFile &U : S.Unsaved)
    if (sameFile(U.Path, File))
      return U.Contents;
  // A regular file only (never a device or a pipe, which the parse reads
  // as clang does: see StableFileSystem.h).
  if (!llvm::sys::fs::is_regular_file(File))
    return "";
  if (auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false))
    return (*Buf)->getBuffer().str();
  return "";
}

AnalysisResult Analyzer::analyse(const Snapshot &S,
                                 tmigrate::TidyWorker &Worker) {
  AnalysisResult R;
  R.Uri = S.Uri;
  R.Path = S.Path;
  R.Version = S.Version;

  FoundCommand Cmd = Commands.find(S.Path);
  R.FallbackCommand = Cmd.Fallback;
  R.CommandSource = Cmd.Source;
  tmigrate::FileConfig FC = Config.configFor(S.Path);
  if (FC.EnabledChecks.empty())
    return R;
  if (std::optional<std::string> Why =
          tmigrate::ResponseFileDatabase::expansionError(Cmd.Command)) {
    R.Failed = true;
    R.FailedBecause = *Why;
    return R;
  }

  // The prefilter reads the disk: it may decide only while every open
  // buffer is what the disk holds (typically right after didOpen or
  // didSave). It is made per analysis because it remembers what it read.
  if (Opts.Prefilter && S.MatchesDisk) {
    tmigrate::FastPathOptions FO;
    FO.Prefilter = true;
    FO.Cache = false; // the server never writes a file
    FO.CacheOptions.LibraryMarkers = Opts.LibraryMarkers;
    tmigrate::FastPath Fast(std::move(FO));
    tmigrate::FastDecision D =
        Fast.decide(tmigrate::toolCommandLine(Cmd.Command, Opts.Run),
                    Cmd.Command.Directory, S.Path, FC);
    if (D.Skip) {
      R.Skipped = true;
      return R;
    }
  }

  std::shared_ptr<tmigrate::PreambleCache> Preamble =
      Opts.ReusePreambles ? Preambles.get(S.Path) : nullptr;
  tmigrate::TUResult TU =
      Worker.run(Cmd.Command, S.Path, FC, Opts.Run, S.Unsaved, Preamble.get());
  if (TU.Failed) {
    R.Failed = true;
    R.FailedBecause = TU.Errors.empty()
                          ? std::string("the file could not be parsed")
                          : tmigrate::where(TU.Errors.front()) + ": " +
                                TU.Errors.front().message().str();
    return R;
  }
  for (tmigrate::Record &F : TU.Findings) {
    if (!sameFile(F.file(), S.Path))
      continue;
    for (const clang::tooling::Replacement &E : F.edits())
      if (!R.Texts.count(std::string(E.getFilePath())))
        R.Texts[std::string(E.getFilePath())] = textOf(S, E.getFilePath());
    for (const clang::tooling::DiagnosticMessage &N : F.Diag.Notes)
      if (!N.FilePath.empty() && !R.Texts.count(N.FilePath))
        R.Texts[N.FilePath] = textOf(S, N.FilePath);
    R.Findings.push_back(std::move(F));
  }
  R.Texts[S.Path] = textOf(S, S.Path);
  return R;
}

} // namespace tlsp
