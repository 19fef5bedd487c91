//===- Model.h - The tool's representation of results ----------*- C++ -*-===//
//
// Findings leave clang-tidy's diagnostic consumer as ClangTidyErrors (paths
// relative to their build directory, byte offsets). The driver
// (TidyDriver.cpp) turns them into these records, with absolute paths, lines
// and columns, while the TU's SourceManager is alive, so that results of many
// TUs can be merged, de-duplicated, cached, printed, exported and applied
// after the ASTs are gone.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_MODEL_H
#define TRANSFORMERS_MIGRATE_MODEL_H

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tmigrate {

/// A point in a file: absolute path, byte offset, 1-based line and column.
struct Position {
  std::string File;
  unsigned Offset = 0;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// A contiguous byte range [Offset, Offset + Length) of File.
struct Range {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
};

/// One replacement of a fix. Insertions have Length == 0.
struct Edit {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  bool operator<(const Edit &O) const {
    return std::tie(File, Offset, Length, Text) <
           std::tie(O.File, O.Offset, O.Length, O.Text);
  }
  bool operator==(const Edit &O) const {
    return std::tie(File, Offset, Length, Text) ==
           std::tie(O.File, O.Offset, O.Length, O.Text);
  }
};

struct Note {
  Position Pos;
  std::string Message;
};

enum class Level { Warning, Error };

/// One diagnostic, as clang-tidy would print it.
struct Record {
  std::string Check;
  Level Severity = Level::Warning;
  /// A warning that WarningsAsErrors turns into an error: printed as
  /// "error: ... [check,-warnings-as-errors]", as clang-tidy prints it.
  bool WarningAsError = false;
  Position Pos;
  std::string Message;
  std::vector<Range> Ranges;
  std::vector<Note> Notes;
  /// All edits of the fix; applied all together or not at all.
  std::vector<Edit> Edits;
  /// The translation unit (main file) and its build directory.
  std::string MainFile;
  std::string BuildDirectory;
  /// The tool's own diagnostic about another record's fix (its verification
  /// failed, Verifier.h): not a finding, not counted as one.
  bool FixNotApplied = false;

  /// Pos.File and the edits' files with symlinks resolved (set by the
  /// driver before merging): one file reached through two paths is one file.
  std::string RealFile;
  std::vector<Edit> RealEdits;

  /// Reported as an error: a compiler or NOLINT error, or a warning
  /// WarningsAsErrors promotes.
  bool isError() const { return Severity == Level::Error || WarningAsError; }

  /// The identity used to de-duplicate diagnostics reported by several TUs
  /// (a finding in a header included by many files), as clang-tidy does.
  auto key() const {
    return std::tie(RealFile, Pos.Offset, Check, Message, RealEdits);
  }
};

/// Everything one translation unit produced.
struct TUResult {
  std::string MainFile;
  std::string BuildDirectory;
  /// True when the TU could not be analysed (compiler errors, crash, missing
  /// directory); Errors then says why and Findings is empty.
  bool Failed = false;
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
};

/// The edits of each record as clang-tidy would show them: an edit already
/// carried by an earlier record (the shared #include insertion) is left out,
/// so only the first fixed finding of a file carries it, as in the plugin.
/// When \p Applied is given, only applied records contribute edits.
inline std::vector<std::vector<Edit>>
reportedEdits(const std::vector<Record> &Records,
              const std::vector<bool> *Applied = nullptr) {
  std::vector<std::vector<Edit>> Out(Records.size());
  std::vector<Edit> Seen;
  for (size_t I = 0; I < Records.size(); ++I) {
    if (Applied && !(I < Applied->size() && (*Applied)[I]))
      continue;
    for (const Edit &E : Records[I].Edits) {
      bool Dup = false;
      for (const Edit &S : Seen)
        Dup = Dup || S == E;
      if (Dup)
        continue;
      Seen.push_back(E);
      Out[I].push_back(E);
    }
  }
  return Out;
}

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_MODEL_H
