//===- Model.h - The tool's results once the AST is gone -------*- C++ -*-===//
//
// A finding, or an error, is clang-tidy's own diagnostic: the
// tooling::Diagnostic of the ClangTidyError that clang-tidy's diagnostic
// consumer produced (check name, level, message with its file, offset and
// ranges, the fix as replacements per file, notes, build directory). The
// driver (TidyDriver.cpp) only makes its paths absolute and gives inserted
// lines the file's line endings, while the TU's SourceManager is alive.
// Beside the diagnostic, a Record keeps what the tool adds to it: lines and
// columns, the TU that reported it, resolved paths for the cross-TU merge.
// Results of many TUs are merged, de-duplicated, cached (as DiagnosticsYaml),
// printed, exported (clang-tidy's exportReplacements) and applied as these.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_MODEL_H
#define TRANSFORMERS_MIGRATE_MODEL_H

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tmigrate {

/// A 1-based line and column; 0 and 0 when the file could not be read.
struct LineColumn {
  unsigned Line = 0;
  unsigned Column = 0;
};

/// A point of a file as the outputs show it: absolute path, byte offset,
/// line and column.
struct Position {
  std::string File;
  unsigned Offset = 0;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// The order of a fix's edits in the tool's outputs and in the fix plan: by
/// file, then offset, length and text. tooling::Replacement's own operator<
/// compares the offset first and the file third; within one file the two
/// agree, but across files (a fix that edits its file and inserts an
/// #include into a header) the outputs, "FIX-IT applied" notes and the
/// order of de-duplicated records follow this one, as they always have.
/// Equivalence under both is equality of all four fields.
struct EditOrder {
  bool operator()(const clang::tooling::Replacement &A,
                  const clang::tooling::Replacement &B) const;
};

/// Whether two edits of one file cannot both be applied: overlapping
/// replacements (touching ones can), two insertions at one offset (their
/// order is unknown), an insertion strictly inside a replacement. The end
/// of an edit is computed in 32 bits. The fix merge's conflict rule
/// (FixApplier.cpp), and the oracle its tests and the analysis fuzzer
/// compare against. Not tooling::Replacements::add's rule: that one merges
/// insertions at one offset, and overlapping replacements, whose order does
/// not change the result.
bool overlaps(const clang::tooling::Replacement &A,
              const clang::tooling::Replacement &B);

/// A record's edits compared as a sequence in EditOrder: the last part of
/// Record::key(), whose order is the order of the merged records.
struct EditSequence {
  const std::vector<clang::tooling::Replacement> *Edits;

  bool operator<(const EditSequence &O) const {
    return std::lexicographical_compare(Edits->begin(), Edits->end(),
                                        O.Edits->begin(), O.Edits->end(),
                                        EditOrder());
  }
  bool operator==(const EditSequence &O) const { return *Edits == *O.Edits; }
};

/// One diagnostic, as clang-tidy reported it, and the tool's state beside it.
struct Record {
  /// clang-tidy's diagnostic, every path absolute.
  clang::tooling::Diagnostic Diag;
  /// ClangTidyError::IsWarningAsError: WarningsAsErrors promotes this
  /// warning, printed as "error: ... [check,-warnings-as-errors]".
  bool WarningAsError = false;

  // -- What the tool keeps beside the diagnostic.
  /// The line and column of the message and of each note.
  LineColumn At;
  std::vector<LineColumn> NotesAt;
  /// The translation unit (main file) that reported it.
  std::string MainFile;
  /// The tool's own diagnostic about another record's fix (its verification
  /// failed, Verifier.h): not a finding, not counted as one.
  bool FixNotApplied = false;
  /// file() and the edits' files with symlinks resolved (set when the
  /// results are merged): one file reached through two paths is one file.
  std::string RealFile;
  std::vector<clang::tooling::Replacement> RealEdits;
  /// What identifies the finding beyond its line (FindingContext.h): the
  /// declaration it is in and its code without whitespace.
  std::string Scope;
  std::string Subject;
  /// Its baseline fingerprint (report/Fingerprint.h), set for findings
  /// once the results are merged.
  std::string Fingerprint;

  /// An error of the compiler (clang-diagnostic-error) or of the tool's
  /// run, located at \p File: the TU could not be analysed.
  static Record error(llvm::StringRef File, llvm::StringRef Message,
                      llvm::StringRef MainFile, llvm::StringRef BuildDirectory);

  llvm::StringRef check() const { return Diag.DiagnosticName; }
  llvm::StringRef message() const { return Diag.Message.Message; }
  llvm::StringRef file() const { return Diag.Message.FilePath; }
  unsigned offset() const { return Diag.Message.FileOffset; }
  /// Reported at the error level (a compiler or NOLINT error, or the tool's
  /// own under --fix), before WarningsAsErrors.
  bool hasErrorLevel() const {
    return Diag.DiagLevel == clang::tooling::Diagnostic::Error;
  }
  /// Reported as an error, WarningsAsErrors included.
  bool isError() const { return hasErrorLevel() || WarningAsError; }
  /// The fix's replacements of every file, in EditOrder: one order whatever
  /// the order of the fix's files.
  std::vector<clang::tooling::Replacement> edits() const;
  bool hasFix() const;
  /// Where the message is, and note \p I.
  Position position() const;
  Position notePosition(size_t I) const;

  /// The identity used to de-duplicate diagnostics reported by several TUs
  /// (a finding in a header included by many files), as clang-tidy does.
  auto key() const {
    return std::tuple<const std::string &, const unsigned &,
                      const std::string &, const std::string &, EditSequence>(
        RealFile, Diag.Message.FileOffset, Diag.DiagnosticName,
        Diag.Message.Message, EditSequence{&RealEdits});
  }
};

/// "file:line:column" of \p R, for messages.
std::string where(const Record &R);

/// A type option's entry and whether it named a type in a parsed TU.
struct TypeNameUse {
  std::string Option; // "transformers-legacy-cache.TensorTypes"
  std::string Name;   // "::torch::Tensor", as configured
  bool Named = false;
};

/// Everything one translation unit produced.
struct TUResult {
  std::string MainFile;
  std::string BuildDirectory;
  /// Which of the file's compile commands this TU was parsed with (0-based),
  /// and how many the file has: each one is analysed, as in clang-tidy.
  unsigned Command = 0;
  unsigned Commands = 1;
  /// True when the TU could not be analysed (compiler errors, crash, missing
  /// directory); Errors then says why and Findings is empty.
  bool Failed = false;
  /// True when the parse that skips system function bodies was not enough
  /// (the analysis followed a legacy value into one) and the TU was parsed
  /// a second time with every body.
  bool ParsedTwice = false;
  std::vector<Record> Findings;
  std::vector<Record> Errors;
  /// clang-tidy's counters for the summary (ClangTidyStats).
  struct Counters {
    unsigned NoLint = 0;      // suppressed by a NOLINT comment
    unsigned NonUser = 0;     // in a header the header filters leave out
    unsigned LineFilter = 0;  // outside --line-filter
    unsigned CheckFilter = 0; // of a check the configuration disables
    /// The warnings and errors the TU's diagnostic consumer counted
    /// (clang-tidy's "N warnings and M errors generated."): every one but
    /// those NOLINT suppressed.
    unsigned Generated = 0;
    unsigned GeneratedErrors = 0;
  } Stats;
  /// Content hash of every file an edit of this TU touches, as the TU read it.
  std::map<std::string, uint64_t> ContentHashes;
  /// The files of RunOptions::WatchedOutputs this TU read: an output the
  /// user named that is one of the run's inputs (never cached: a run with
  /// other outputs watches other files).
  std::vector<std::string> ReadOutputs;
  /// When the checks ran on the TU: every type option entry of its
  /// configuration, and whether it named a type there (a name that names
  /// none in any TU of a run is a configuration mistake, warned about once).
  std::vector<TypeNameUse> TypeNames;
};

/// The edits of each record as clang-tidy would show them: an edit already
/// carried by an earlier record (the shared #include insertion) is left out,
/// so only the first fixed finding of a file carries it, as in the plugin.
/// When \p Applied is given, only applied records contribute edits.
std::vector<std::vector<clang::tooling::Replacement>>
reportedEdits(const std::vector<Record> &Records,
              const std::vector<bool> *Applied = nullptr);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_MODEL_H
