//===- TidyDriver.h - The plugin's checks, run through clang-tidy -*- C++ -*-//
//
// The tool's one analysis driver. Each translation unit is analysed by the
// ClangTidyChecks that the plugin's module registers (the same objects are
// linked into the tool), created and run by clang-tidy's own library: its
// ClangTidyContext (options, check filter, WarningsAsErrors), its AST
// consumer factory, and its ClangTidyDiagnosticConsumer (NOLINT, header and
// line filters, the diagnostics themselves). The tool adds only what
// clang-tidy has no notion of: system function bodies skipped, traversal of
// user code only, files changed under the parse, and the conversion of the
// resulting ClangTidyErrors into Records while the SourceManager is alive.
//
// A TU is analysed either as it is on disk or with unsaved buffers laid over
// the disk (an editor's text, which the language server of issue 29 passes
// on every keystroke): the same checks, the same TUResult, with positions
// and fixes in the buffers' text. The server's parses of an open document
// also reuse its precompiled #include lines from one edit to the next
// (Preamble.h); the findings are the same.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_TIDYDRIVER_H
#define TRANSFORMERS_MIGRATE_TIDYDRIVER_H

#include "clang-tidy/ClangTidyOptions.h"
#include "driver/Model.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include <memory>
#include <string>
#include <vector>

namespace tmigrate {

struct FileConfig;
struct RunOptions;
class PreambleCache;

/// The result of a TU that could not be analysed: one error \p Message
/// located at \p File.
TUResult failedTU(const std::string &File, const std::string &Directory,
                  const std::string &Message);

/// A file whose text, for one analysis, is not what the disk holds: an
/// editor's unsaved buffer of a file on disk, or a file that exists only in
/// memory. The parse reads \p Contents instead of the disk at \p Path
/// (absolute, or relative to the compile command's directory); every other
/// file is read from disk as usual, and is still reported if it changes
/// under the parse. Findings and fixes in the file are positions in
/// \p Contents; the caller keeps it alive for the call.
struct UnsavedFile {
  std::string Path;
  std::string Contents;
};

/// One worker's clang-tidy session: a ClangTidyContext (which holds the
/// state of the file being analysed, so one per thread) and the factory of
/// the registered checks. Analyses one translation unit at a time.
class TidyWorker {
public:
  explicit TidyWorker(
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Options);
  ~TidyWorker();

  /// Parses \p File with \p Cmd (already stripped of output options) and
  /// runs the enabled checks. A TU with compiler errors, or whose files
  /// changed during the parse, is reported as failed and not analysed.
  /// \p Unsaved lays buffers over the files they name (\p File's own
  /// text, say); without any the TU is read from disk alone.
  /// \p Preamble, \p File's own cache (Preamble.h), lets a parse of an
  /// unsaved \p File reuse the precompiled #include lines of an earlier
  /// one: the same findings, sooner. Without it every parse is whole.
  TUResult run(const clang::tooling::CompileCommand &Cmd,
               const std::string &File, const FileConfig &Config,
               const RunOptions &Opts, llvm::ArrayRef<UnsavedFile> Unsaved = {},
               PreambleCache *Preamble = nullptr);

private:
  class Session;
  std::unique_ptr<Session> S;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_TIDYDRIVER_H
