//===- Runner.h - Schedules the translation units --------------*- C++ -*-===//
//
// Decides for each translation unit whether it is analysed, served by the
// result cache or skipped by the prefilter (FastPath.h), and analyses -j of
// them in parallel, each through clang-tidy's library (TidyDriver.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_RUNNER_H
#define TRANSFORMERS_MIGRATE_RUNNER_H

#include "CheckConfig.h"
#include "Model.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <functional>
#include <string>
#include <vector>

namespace tmigrate {

class FastPath;

struct RunOptions {
  unsigned Jobs = 0; // 0: all hardware threads
  std::string ResourceDir;
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore;
  /// Skip the bodies of functions declared in system headers (unless the
  /// file's configuration reports findings in system headers). Findings are
  /// the same; a compile error that only an instantiated system body shows
  /// is not reported.
  bool SkipSystemFunctionBodies = true;
  /// Prefilter and result cache (FastPath.h); null: parse every TU.
  FastPath *Fast = nullptr;
};

/// The tool's own command-line adjustments, after ClangTool's defaults:
/// --extra-arg(-before), -Wno-error, the resource directory.
clang::tooling::ArgumentsAdjuster toolAdjuster(const RunOptions &Opts);

/// The command line the parse of \p Cmd actually uses (ClangTool's own
/// adjusters, then the tool's), for scanning and cache keys.
std::vector<std::string>
toolCommandLine(const clang::tooling::CompileCommand &Cmd,
                const RunOptions &Opts);

/// The result of a TU that could not be analysed: one error \p Message
/// located at \p File.
TUResult failedTU(const std::string &File, const std::string &Directory,
                  const std::string &Message);

/// Called after each TU, from worker threads (serialised by the runner).
using ProgressFn = std::function<void(const TUResult &)>;

/// Analyses \p Files (absolute) with commands from \p DB. Results are in the
/// order of \p Files, whatever the number of jobs.
std::vector<TUResult> runAll(const clang::tooling::CompilationDatabase &DB,
                             const std::vector<std::string> &Files,
                             CheckConfig &Config, const RunOptions &Opts,
                             ProgressFn Progress);

} // namespace tmigrate

#endif
