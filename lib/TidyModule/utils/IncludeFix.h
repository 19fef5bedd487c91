//===- IncludeFix.h - The #include edit a fix needs ------------*- C++ -*-===//
//
// Computes, once per file, the insertion of the factory header (IncludeHeader
// option) at its sorted place (clang::tooling::HeaderIncludes with the LLVM or
// Google include style), or nothing when the file already includes it.
//
// Not clang-tidy's utils::IncludeInserter, which has two modes and neither
// keeps the rule the checks need. Not self-contained (clang-tidy -fix), it
// hands a file's insertion out once per TU, to whichever diagnostic asks
// first: if that diagnostic is then suppressed (NOLINT), every other fix in
// the file loses the edit. Made self-contained (as for clangd), it hands it
// to every diagnostic, and clang-tidy -fix concatenates the identical
// insertions. This fixer answers every time it is asked;
// LegacyCacheCheck::emit() attaches the edit until one diagnostic carrying it
// has been reported. The placement is tooling::HeaderIncludes' (the lit tests
// pin it); the option is still clang-tidy's IncludeSorter::IncludeStyle.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_INCLUDEFIX_H
#define TRANSFORMERS_TIDY_UTILS_INCLUDEFIX_H

#include "clang-tidy/utils/IncludeSorter.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace transformers_tidy {

class IncludeFixer {
public:
  /// \p Header as in the IncludeHeader option: "<a/b.h>", "\"a/b.h\"", or a
  /// bare "a/b.h" (taken as angled).
  IncludeFixer(llvm::StringRef Header,
               clang::tidy::utils::IncludeSorter::IncludeStyle Style);

  /// The edit adding the header to \p File, or std::nullopt if \p File
  /// already includes it (with either spelling) or the file is unavailable.
  std::optional<clang::FixItHint> insertionFor(clang::FileID File,
                                               const clang::SourceManager &SM);

  void reset() { PerFile.clear(); }

private:
  std::string Name; // without quotes / brackets
  bool Angled;
  clang::tidy::utils::IncludeSorter::IncludeStyle Style;
  llvm::DenseMap<clang::FileID, std::optional<clang::FixItHint>> PerFile;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_INCLUDEFIX_H
