//===- Fingerprint.h - A finding's identity across edits and machines -*- C++
//-*-===//
//
// A baseline accepts findings by fingerprint, and SARIF carries the same
// value as a partialFingerprint, so that it must name one finding wherever
// the tree is checked out and however the lines around it move. It is a
// SHA-256 over:
//   - the check's name;
//   - the finding's file, relative to the project's root (projectRelative);
//   - the declaration the finding is in ("ns::Runner::resume") and its code
//     without whitespace (FindingContext.h);
//   - its occurrence: how many findings of the file with the same three
//     came before it, so two identical calls in one function differ.
// Line and column are not in it. A change of the finding's own code, or
// of the name of its function, makes it a new finding.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_FINGERPRINT_H
#define TRANSFORMERS_MIGRATE_FINGERPRINT_H

#include "driver/Model.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace tmigrate {

/// The key of the fingerprint in SARIF's partialFingerprints and in a
/// baseline: a new way of computing it gets a new key.
inline constexpr llvm::StringLiteral FingerprintKey = "transformersTidy/v1";

/// \p Path relative to \p Root, '/'-separated: below the root, the rest of
/// the path; elsewhere, with ".." components ("../vendor/x.h"). Both are
/// absolute; an empty root gives \p Path.
std::string projectRelative(llvm::StringRef Path, llvm::StringRef Root);

/// The file of \p R relative to \p Root, as fingerprints and baselines
/// spell it (its real path when that is below the root).
std::string findingPath(const Record &R, llvm::StringRef Root);

/// Sets Record::Fingerprint of every finding (isFinding) of \p Records,
/// which are in the merged order (by file, then offset).
void assignFingerprints(std::vector<Record> &Records, llvm::StringRef Root);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_FINGERPRINT_H
