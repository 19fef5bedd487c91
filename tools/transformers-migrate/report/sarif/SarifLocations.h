//===- SarifLocations.h - Artifact URIs and regions for SARIF --*- C++ -*-===//
//
// Turns the tool's absolute paths and byte positions into what SARIF
// consumers read: artifact URIs relative to the uriBaseId %SRCROOT% (the
// project's root), so that a log made in one checkout is placed right in
// another (GitHub code scanning resolves them against the repository), and
// regions in code points ("columnKind": "unicodeCodePoints"), counted in
// the text the analysis read.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_SARIFLOCATIONS_H
#define TRANSFORMERS_MIGRATE_SARIFLOCATIONS_H

#include "fix/FixApplier.h"
#include "report/sarif/CodePointMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace tmigrate {

/// "file://" and \p Path, percent-encoded byte for byte (a name that is not
/// UTF-8 stays exact).
std::string fileUri(llvm::StringRef Path);

class SarifLocations {
public:
  /// \p SourceRoot: the absolute, resolved project root, or "" (absolute
  /// URIs only). \p Rewritten (may be null): files --fix rewrote, whose
  /// positions are in FilePlan::Original, not in the file on disk.
  SarifLocations(llvm::StringRef SourceRoot, const FixPlan *Rewritten);

  /// {"uri": "src/a.cpp", "uriBaseId": "%SRCROOT%"} for a file below the
  /// root (its path or its resolved path), else {"uri": "file:///..."}.
  llvm::json::Object artifactLocation(llvm::StringRef File);
  /// run.originalUriBaseIds: %SRCROOT% as a file URI ending in '/'; none
  /// without a root.
  std::optional<llvm::json::Object> originalUriBaseIds() const;

  /// The region [Offset, Offset + Length) of \p File: start and end line
  /// and column, charOffset and charLength, all in code points. None when
  /// the file cannot be read any more (no unit could be trusted).
  std::optional<llvm::json::Object> region(llvm::StringRef File,
                                           unsigned Offset, unsigned Length);
  /// The same region as charOffset and charLength only (a fix's
  /// deletedRegion).
  std::optional<llvm::json::Object>
  charRegion(llvm::StringRef File, unsigned Offset, unsigned Length);

private:
  struct Text {
    std::unique_ptr<llvm::MemoryBuffer> Buffer; // when read from disk
    std::optional<CodePointMap> Map;            // none: unreadable
  };
  const CodePointMap *mapOf(llvm::StringRef File);

  std::string Root;
  const FixPlan *Rewritten;
  std::map<std::string, Text> Texts;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_SARIFLOCATIONS_H
