//===- Migration.h - One run of transformers-migrate -----------*- C++ -*-===//
//
// The pipeline behind the command line, as a library: open (compilation
// database, shard, every configuration checked) -> analyse (prefilter,
// cache, clang-tidy's checks per TU, merged like clang-tidy) -> plan (the
// cross-TU fix merge, verified by re-parsing) -> commit (--export-fixes,
// then --fix's writes) -> outcome (the exit status's facts). Main.cpp only
// turns options into a MigrationRequest, prints the report and returns the
// exit code; everything here is unit-tested (test/unit/migrate).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_MIGRATION_H
#define TRANSFORMERS_MIGRATE_MIGRATION_H

#include "Runner.h"
#include "fastpath/FastPath.h"
#include "fix/FixApplier.h"
#include "input/CheckConfig.h"
#include "input/CompilationDatabaseLoader.h"
#include "input/OutputTargets.h"
#include "report/Baseline.h"
#include "report/ExitStatus.h"
#include "report/RunReport.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

/// What the command line asks of a run.
struct MigrationRequest {
  DatabaseRequest Database;
  /// Analyse only shard K (1-based) of N.
  unsigned ShardK = 1, ShardN = 1;
  /// Prefilter and result cache; neither: every TU is parsed.
  FastPathOptions Fast;
  /// Jobs, resource directory, extra arguments, skipped system bodies
  /// (RunOptions::Fast is set by the run).
  RunOptions Run;
  /// --fix: write the fixes. --diff and --export-fixes plan them too.
  bool Fix = false;
  bool Diff = false;
  std::string ExportFixesPath;
  /// Re-parse rewritten TUs before any fix leaves the tool (Verifier.h).
  bool Verify = true;
  /// Write outside the project scope too (fixes, and outputs whose
  /// directories lead outside it through a link).
  bool AllowOutside = false;
  /// Called before each file is replaced (fault-injection tests).
  BeforeCommitHook BeforeCommit;
  /// No messages about removed temporaries.
  bool Quiet = false;
  /// --run-stats: the counts of the fast paths and the verification.
  bool Stats = false;
  /// --baseline (every file's entries together) and --write-baseline.
  std::vector<std::string> BaselinePaths;
  std::string WriteBaselinePath;
  /// --line-filter is set: the run does not see every finding of a file,
  /// so it cannot tell that a baseline entry is gone.
  bool LineFiltered = false;

  /// The files the run is asked to write besides the fixes.
  std::vector<NamedOutput> namedOutputs() const;
};

/// Keeps the files of shard \p K (1-based) of \p N: those whose path
/// relative to \p Root has an xxh3-64 hash equal to K-1 modulo N, so the
/// partition is the same on every machine and checkout location.
std::vector<std::string> shardFiles(const std::vector<std::string> &Files,
                                    llvm::StringRef Root, unsigned K,
                                    unsigned N);

/// Why \p File cannot be a translation unit at all (missing, unreadable, a
/// directory or a pipe, binary data), or nothing.
std::optional<std::string> unusableSource(llvm::StringRef File);

/// The configurations \p Config could not read, one error each and a last
/// one saying that nothing was analysed; success when there are none.
llvm::Error configurationErrors(const CheckConfig &Config);

class Migration {
public:
  /// Loads the compilation database, keeps the shard, and reads the
  /// configuration of every file: a database or a configuration that cannot
  /// be read is an error (one per line), and nothing is analysed.
  static llvm::Expected<std::unique_ptr<Migration>>
  open(MigrationRequest Request, CheckConfig &Config);

  /// Analyses every file (in the database's order; files that cannot be
  /// translation units fail without a parse) and merges the results.
  /// \p Progress is called once per file, from one thread at a time. With
  /// --run-stats the fast paths' counts go to \p Log. An error: an output
  /// the user named is a file some translation unit read (OutputTargets.h);
  /// the run then writes nothing.
  llvm::Error analyse(ProgressFn Progress, llvm::raw_ostream &Log);

  /// With --fix, --diff or --export-fixes: plans the fixes across TUs and,
  /// unless --verify is off, holds back those whose rewritten TUs do not
  /// compile (their diagnostics are inserted after their findings).
  void plan(llvm::raw_ostream &Log);

  /// Writes --write-baseline and --export-fixes, then (--fix) the planned
  /// files. An output that cannot be written stops every write. Removed
  /// temporaries of killed runs are reported to \p Log.
  void commit(llvm::raw_ostream &Log);

  const std::vector<Record> &records() const { return Merged.Records; }
  const MergedRun &merged() const { return Merged; }
  const FixPlan &fixPlan() const { return Plan; }
  const std::vector<std::string> &files() const { return DB.Files; }
  /// The project's trees (the first is its root, SARIF's %SRCROOT%).
  const ProjectScope &project() const { return DB.Project; }
  /// Its root, what baselines' paths are relative to (empty: none known).
  std::string projectRoot() const {
    return DB.Project.Roots.empty() ? std::string() : DB.Project.Roots.front();
  }
  /// The plan's and the writes' problems, one line each.
  const std::vector<std::string> &problems() const { return Problems; }
  /// What --baseline did (null without one), and how many findings
  /// --write-baseline recorded (none when it was not written).
  const BaselineOutcome *baseline() const { return Merged.Summary.Baseline; }
  std::optional<size_t> baselineWritten() const { return BaselineWritten; }
  /// The findings of the run, counted after the writes.
  RunCounts counts() const;
  /// The facts of the exit status; \p OutputLost: the report could not be
  /// written.
  RunOutcome outcome(bool OutputLost) const;

  ~Migration();

private:
  Migration(MigrationRequest Request, LoadedDatabase DB, CheckConfig &Config,
            OutputTargets Outputs, Baseline Read);

  /// Fingerprints the merged findings and takes out those the baseline
  /// accepts.
  void applyBaselines();
  /// Whether the run saw every finding of a path (relative to the root):
  /// only then is a baseline entry there that matched nothing gone.
  std::function<bool(llvm::StringRef)> judge() const;

  MigrationRequest Request;
  LoadedDatabase DB;
  CheckConfig &Config;
  OutputTargets Outputs;
  std::optional<FastPath> Fast;
  MergedRun Merged;
  FixPlan Plan;
  std::vector<std::string> Problems;
  /// The findings the --baseline files record, and what they did.
  Baseline KnownFindings;
  BaselineOutcome BaselineResult;
  std::optional<size_t> BaselineWritten;
  bool IOError = false;
  /// An output the user named is a file the analysis read: nothing is
  /// planned or written.
  bool Refused = false;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_MIGRATION_H
