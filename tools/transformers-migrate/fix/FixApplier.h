//===- FixApplier.h - Merges and writes the fixes of all TUs ---*- C++ -*-===//
//
// Merges the edits of every finding from every TU per real path (symlinks
// resolved): identical edits are kept once, a finding whose edits overlap an
// already accepted one is a conflict and none of its edits is applied. Each
// file is written by SafeFileWriter, and only when its content still is what
// the analysis read. Untouched bytes (CRLF, BOM) are kept by construction.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_FIXAPPLIER_H
#define TRANSFORMERS_MIGRATE_FIXAPPLIER_H

#include "driver/Model.h"
#include "input/CompilationDatabaseLoader.h"
#include "support/SafeFileWriter.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tmigrate {

struct FilePlan {
  std::string RealPath;
  std::string Original;
  std::string Fixed;
  /// The accepted edits, in EditOrder (by offset: all are in RealPath).
  std::vector<clang::tooling::Replacement> Edits;
  /// Indices (into the records passed to planFixes) applied to this file.
  std::vector<size_t> Findings;
};

struct FixPlan {
  /// Files that change, by real path.
  std::map<std::string, FilePlan> Files;
  /// Records whose edits were applied (all of them) / not applied.
  std::vector<bool> Applied;
  /// One line per problem (conflict, file outside the project, changed on
  /// disk, unreadable); the records involved are not applied.
  std::vector<std::string> Problems;
};

struct PlanOptions {
  ProjectScope Project;
  bool AllowOutside = false;
  /// Records (by index) whose fixes must not be planned: rejected by the
  /// verification (Verifier.h). Missing entries mean "not excluded".
  std::vector<bool> Excluded;
};

/// Computes the new contents of every file, without writing anything.
/// \p SeenHashes: per real path, the content hashes the analysing TUs saw
/// (more than one: the file changed during the analysis).
FixPlan planFixes(const std::vector<Record> &Records,
                  const std::map<std::string, std::set<uint64_t>> &SeenHashes,
                  const PlanOptions &Opts);

/// What writeFixes could not do.
struct WriteProblems {
  /// One line per file not written. Each such file is unchanged and its
  /// findings stay, whatever the reason: never an I/O error of the run.
  std::vector<std::string> Lines;
};

/// Writes every planned file with replaceFileContent (SafeFileWriter.h):
/// atomically, only over the content the plan was made from, owner, mode and
/// ACLs kept. Records of unwritten files are marked not applied and those
/// files leave the plan. \p Hook: see replaceFileContent.
WriteProblems writeFixes(FixPlan &Plan, const BeforeCommitHook &Hook = nullptr);

} // namespace tmigrate

#endif
