//===- Runner.h - Schedules the translation units --------------*- C++ -*-===//
//
// Decides for each translation unit whether it is analysed, served by the
// result cache or skipped by the prefilter (FastPath.h), and analyses -j of
// them in parallel, each through clang-tidy's library (TidyDriver.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_RUNNER_H
#define TRANSFORMERS_MIGRATE_RUNNER_H

#include "driver/Model.h"
#include "driver/ToolArguments.h"
#include "input/CheckConfig.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <functional>
#include <string>
#include <vector>

namespace tmigrate {

/// Called after each TU, from worker threads (serialised by the runner).
using ProgressFn = std::function<void(const TUResult &)>;

/// Analyses \p Files (absolute) under every compile command \p DB has for
/// each (a file built twice, with other defines, is two translation units,
/// as in clang-tidy). Results are in the order of \p Files, then of their
/// commands, whatever the number of jobs; a file without a command has one
/// failed result.
std::vector<TUResult> runAll(const clang::tooling::CompilationDatabase &DB,
                             const std::vector<std::string> &Files,
                             CheckConfig &Config, const RunOptions &Opts,
                             ProgressFn Progress);

} // namespace tmigrate

#endif
