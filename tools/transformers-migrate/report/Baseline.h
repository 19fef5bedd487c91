//===- Baseline.h - Accepted findings, so a gate fails on new ones only -*- C++
//-*-===//
//
// A team adopting the checks in a large tree records today's findings
// (--write-baseline=FILE) and gates on the others (--baseline=FILE). The
// file is JSON, versioned, and spells no absolute path, so it can be
// committed and used on every machine:
//
//   {"version": 1, "tool": "transformers-migrate",
//    "fingerprint": "transformersTidy/v1",
//    "findings": [{"check": ..., "path": "src/app.cpp",
//                  "fingerprint": "<32 hex digits>", "line": 12,
//                  "message": ...}, ...]}
//
// "line" and "message" are for people; a finding is matched by its check,
// its path and its fingerprint (Fingerprint.h), all three, so an entry can
// never hide a finding of another check or another file.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_BASELINE_H
#define TRANSFORMERS_MIGRATE_BASELINE_H

#include "driver/Model.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <functional>
#include <string>
#include <vector>

namespace tmigrate {

/// The baseline format this tool reads and writes.
inline constexpr unsigned BaselineVersion = 1;

struct BaselineEntry {
  std::string Check;
  std::string Path; // relative to the project's root, '/'-separated
  std::string Fingerprint;
  unsigned Line = 0;
  std::string Message;
};

/// The entries of every baseline file a run reads (shards' baselines
/// together), one per fingerprint.
struct Baseline {
  std::vector<BaselineEntry> Entries;
};

/// Reads the baseline files \p Paths into one. Each problem is one error
/// naming the file: unreadable, not JSON, not a baseline, another version
/// or fingerprint, an entry without its fields or with an absolute path.
llvm::Expected<Baseline> readBaselines(llvm::ArrayRef<std::string> Paths);

/// The entries of the findings among \p Records (fingerprints set),
/// sorted by path, line and check.
std::vector<BaselineEntry>
baselineEntries(llvm::ArrayRef<const Record *> Records, llvm::StringRef Root);

/// The baseline file of \p Entries; of the findings among \p Records.
std::string baselineText(llvm::ArrayRef<BaselineEntry> Entries);
std::string baselineText(llvm::ArrayRef<const Record *> Records,
                         llvm::StringRef Root);

/// An entry as the baseline file and JSON's summary.baseline spell it.
llvm::json::Value toJSON(const BaselineEntry &E);

/// What a baseline does to a run's findings.
struct BaselineMatch {
  /// The findings it accepts, taken out of the run's records (in order),
  /// and for each whether its line or message is not the entry's (moved
  /// lines: SARIF's "updated").
  std::vector<Record> Accepted;
  std::vector<bool> Updated;
  /// Its entries no finding matched, in the files the run judged.
  std::vector<BaselineEntry> NotFound;
};

/// Takes the findings of \p Records that \p B accepts out of them. An entry
/// no finding matched is "not found" when \p Judged(path) says the run
/// would have seen it (its file was analysed whole).
BaselineMatch applyBaseline(const Baseline &B, std::vector<Record> &Records,
                            llvm::StringRef Root,
                            const std::function<bool(llvm::StringRef)> &Judged);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_BASELINE_H
