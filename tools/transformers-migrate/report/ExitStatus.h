//===- ExitStatus.h - What a run's exit status says ------------*- C++ -*-===//
//
// CI gates on the tool's exit status, so its precedence is a contract
// (README "Gating CI"): an output the user asked for that is missing or
// partial outranks everything, then files that could not be analysed, then
// findings left.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_EXITSTATUS_H
#define TRANSFORMERS_MIGRATE_EXITSTATUS_H

namespace tmigrate {

enum ExitCode {
  ExitClean = 0,
  ExitFindings = 1,
  /// A usage or input error, or an I/O error on an output.
  ExitUsage = 2,
  ExitFailedTU = 3
};

/// What the end of a run knows.
struct RunOutcome {
  /// An output (report, --export-fixes, the cache) could not be written. A
  /// fix target that could not be written is not one: its finding remains.
  bool IOError = false;
  /// Translation units that could not be analysed.
  unsigned FailedTUs = 0;
  /// Findings not fixed by this run (all of them without --fix).
  unsigned RemainingFindings = 0;
};

ExitCode exitCodeFor(const RunOutcome &O);

} // namespace tmigrate

#endif
