//===- Emitters.h - Output formats of transformers-migrate -----*- C++ -*-===//

#ifndef TRANSFORMERS_MIGRATE_EMITTERS_H
#define TRANSFORMERS_MIGRATE_EMITTERS_H

#include "driver/Model.h"
#include "fix/FixApplier.h"
#include "report/Baseline.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace tmigrate {

/// What --baseline did to a run (Baseline.h).
struct BaselineOutcome {
  /// The findings it accepted: not reported, not failing (SARIF lists them
  /// as "unchanged", or "updated" where Updated says their line or message
  /// is not the entry's).
  std::vector<Record> Accepted;
  std::vector<bool> Updated;
  /// Its entries no finding of a file the run judged matched (SARIF's
  /// "absent" results).
  std::vector<BaselineEntry> NotFound;
};

/// What the structured formats say about the run as a whole.
struct RunSummary {
  std::vector<std::string> Files;       // every TU, in order
  std::vector<std::string> FailedFiles; // TUs that could not be analysed
  bool FixMode = false;
  /// Set when the run was given a baseline.
  const BaselineOutcome *Baseline = nullptr;
};

/// clang-tidy's text form, printed by clang's own TextDiagnosticPrinter:
/// "file:line:col: warning: message [check]", the source line, the caret,
/// fix-it lines and notes. \p Applied (may be empty): with --fix, whether
/// each record's fix was applied ("note: FIX-IT applied ..."). \p Plan (may
/// be null): files --fix already rewrote, printed as the analysis read them
/// (FilePlan::Original), as clang-tidy prints from its original buffers.
void emitText(const std::vector<Record> &Records,
              const std::vector<bool> &Applied, bool FixMode, bool Color,
              llvm::raw_ostream &OS, const FixPlan *Rewritten = nullptr);

void emitJson(const std::vector<Record> &Records,
              const std::vector<bool> &Applied, const RunSummary &Summary,
              llvm::raw_ostream &OS);

/// Where SARIF's paths are relative to, and which texts its code points
/// are counted in.
struct SarifOptions {
  /// %SRCROOT%, the project's root (ProjectScope::Roots.front()), absolute
  /// and resolved: files below it get URIs relative to it, others absolute
  /// file:// URIs. Empty: every URI is absolute.
  std::string SourceRoot;
  /// Files --fix rewrote (may be null): their positions are counted in the
  /// text the analysis read (FilePlan::Original).
  const FixPlan *Rewritten = nullptr;
};

/// SARIF 2.1.0: rule metadata, locations, related locations (notes), fixes;
/// columns and offsets in code points, as the run's columnKind says.
void emitSarif(const std::vector<Record> &Records,
               const std::vector<bool> &Applied, const RunSummary &Summary,
               const SarifOptions &Options, llvm::raw_ostream &OS);

/// clang-tidy's --export-fixes YAML (tooling::TranslationUnitDiagnostics);
/// only fixes the tool itself would apply are exported, so that
/// clang-apply-replacements gives the same result as --fix. A fix that
/// YAML cannot carry (a file name that is not UTF-8) is left out and
/// described in \p Problems.
llvm::Error exportFixes(llvm::StringRef Path,
                        const std::vector<Record> &Records,
                        const std::vector<bool> &Applied,
                        llvm::StringRef MainSourceFile,
                        std::vector<std::string> &Problems);

/// A unified diff of every planned file (--diff).
void emitDiff(const FixPlan &Plan, llvm::raw_ostream &OS);

} // namespace tmigrate

#endif
