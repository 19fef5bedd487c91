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
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_TIDYDRIVER_H
#define TRANSFORMERS_MIGRATE_TIDYDRIVER_H

#include "clang-tidy/ClangTidyOptions.h"
#include "driver/Model.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <memory>
#include <string>
#include <vector>

namespace tmigrate {

struct FileConfig;
struct RunOptions;

/// The result of a TU that could not be analysed: one error \p Message
/// located at \p File.
TUResult failedTU(const std::string &File, const std::string &Directory,
                  const std::string &Message);

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
  TUResult run(const clang::tooling::CompileCommand &Cmd,
               const std::string &File, const FileConfig &Config,
               const RunOptions &Opts);

private:
  class Session;
  std::unique_ptr<Session> S;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_TIDYDRIVER_H
