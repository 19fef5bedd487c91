//===- RunReport.h - Merging TU results and the closing summary -*- C++ -*-===//
//
// What happens to the results of every translation unit once the ASTs are
// gone: merged, sorted and de-duplicated as clang-tidy merges its
// diagnostics (MergedRun), counted (RunCounts) and summed up in clang-tidy's
// closing lines (printClosingSummary).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_RUNREPORT_H
#define TRANSFORMERS_MIGRATE_RUNREPORT_H

#include "driver/Model.h"
#include "fix/Verifier.h"
#include "report/Emitters.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tmigrate {

/// Every TU's results together.
struct MergedRun {
  /// Findings and errors, sorted by Record::key(); a record reported by
  /// several TUs (a finding in a shared header) is kept once, the first
  /// TU's. RealFile / RealEdits are set.
  std::vector<Record> Records;
  /// Every TU in order, and those that could not be analysed.
  RunSummary Summary;
  /// clang-tidy's counters, summed over the TUs.
  TUResult::Counters Counts;
  /// Per real path, the content hashes of the file as each TU read it (the
  /// fix plan refuses a file that TUs saw with different contents).
  std::map<std::string, std::set<uint64_t>> SeenHashes;
  /// The TUs with fixable findings, and the files they touch (--verify).
  std::vector<VerifyUnit> Units;
  /// Type option entries configured for some TU the checks ran on that
  /// named a type in none of them (sorted), and how many TUs that was.
  std::vector<TypeNameUse> UnnamedTypes;
  unsigned TypeCheckedTUs = 0;
};

/// "s" unless \p N is 1, for the run's counted messages.
const char *plural(size_t N);

/// Merges \p Results (consumed) for a run with or without --fix.
MergedRun mergeResults(std::vector<TUResult> Results, bool FixMode);

/// A finding of a check: not a compiler error, not the tool's note about a
/// fix held back, not a configuration warning (clang-tidy-config).
bool isFinding(const Record &R);

/// The findings of a run, counted for the summary and the exit status.
struct RunCounts {
  unsigned Fixable = 0;   // findings with a fix
  unsigned Fixed = 0;     // fixes written (--fix)
  unsigned Remaining = 0; // findings not fixed by this run
  unsigned Promoted = 0;  // findings WarningsAsErrors turned into errors
  bool AnyError = false;  // a compiler or NOLINT error was reported
};
RunCounts countFindings(const std::vector<Record> &Records,
                        const std::vector<bool> &Applied, bool FixMode);

/// clang-tidy's closing lines (the diagnostics counted, what was suppressed,
/// the promoted warnings or "Found compiler error(s).") with the tool's own
/// between them: the fixes written (\p FixMode, \p FilesWritten files) and
/// the files that could not be analysed.
void printClosingSummary(llvm::raw_ostream &OS, const MergedRun &Run,
                         const RunCounts &Counts, bool FixMode,
                         size_t FilesWritten);

/// What the baselines did: the findings \p Used (--baseline) hid and the
/// entries it no longer found; how many findings were recorded in
/// \p WrittenTo (--write-baseline; \p Written is empty when it was not
/// written).
void printBaselineSummary(llvm::raw_ostream &OS, const BaselineOutcome *Used,
                          llvm::StringRef WrittenTo,
                          std::optional<size_t> Written);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_RUNREPORT_H
