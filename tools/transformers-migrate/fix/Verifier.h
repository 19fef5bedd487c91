//===- Verifier.h - Re-parses rewritten translation units ------*- C++ -*-===//
//
// --verify (on by default with --fix, --diff and --export-fixes): before a
// fix leaves the tool, every translation unit that has a finding in a file
// the plan rewrites is parsed again, in memory, with every rewritten file
// overlaid on the real tree, with the same command line as the analysis. A
// TU that analysed cleanly (the only kind with findings) and no longer
// compiles rejects the plan for the files its own fixes rewrite:
//
//   * none of those files is written, and no fix in them is applied, from
//     whichever TU it came (a file is written with all its planned fixes or
//     not at all, because which edit caused the error is not known for sure);
//   * a fix with edits in one of those files and in another file is not
//     applied either (a fix is all-or-nothing), so the plan is recomputed
//     without the rejected fixes and the TUs whose overlay changed are
//     verified again, until every remaining plan verifies.
//
// Every rejected fix gets its own diagnostic, placed right after its
// finding: "fix not applied: the rewritten file does not compile: <first new
// error>", with a note at the fix.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_VERIFIER_H
#define TRANSFORMERS_MIGRATE_VERIFIER_H

#include "driver/Model.h"
#include "driver/ToolArguments.h"
#include "fix/FixApplier.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tmigrate {

/// A translation unit that may read rewritten files.
struct VerifyUnit {
  std::string MainFile;
  /// Which of the file's compile commands (a finding seen under several is
  /// verified under each).
  unsigned Command = 0;
  /// Real paths of the files this TU has findings in, with or without a
  /// fix.
  std::set<std::string> Touched;
};

struct VerifyResult {
  /// The plan that verified (or the input plan when nothing needed checking).
  FixPlan Plan;
  /// Diagnostics to insert after the record of the given index.
  std::vector<std::pair<size_t, Record>> Rejections;
  /// How many parses the verification took (0 when nothing was planned).
  unsigned Parses = 0;
};

/// Plans the fixes of \p Records (with Record::RealEdits set) and verifies
/// the plan as described above. A rewritten file is overlaid under its real
/// path and under every spelling by which an edit names it, so a TU reading
/// it through a symlink sees the new content too. \p Severe: the rejections
/// are errors (--fix) rather than warnings (--diff, --export-fixes).
VerifyResult planAndVerify(
    const std::vector<Record> &Records,
    const std::map<std::string, std::set<uint64_t>> &SeenHashes,
    const PlanOptions &Opts, const clang::tooling::CompilationDatabase &DB,
    const std::vector<VerifyUnit> &Units, const RunOptions &RO, bool Severe);

/// Inserts \p Extra records after the given indices of \p Records and remaps
/// the indices held by \p Plan.
void insertRecords(std::vector<Record> &Records, FixPlan &Plan,
                   std::vector<std::pair<size_t, Record>> Extra);

} // namespace tmigrate

#endif
