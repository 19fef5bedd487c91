//===- Finding.h - One diagnostic, held until the end of the TU -*- C++ -*-===//
//
// A check sees a spelling once per template instantiation and once for the
// pattern; it can only tell which match to report once the whole TU is
// matched. A finding is what it keeps meanwhile: everything one diagnostic
// says (where, what, why no fix, the edits), as plain data that outlives the
// match, so that FindingBuffer can de-duplicate findings and the check can
// emit them through diag() at the end of the TU.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_FINDING_H
#define TRANSFORMERS_TIDY_UTILS_FINDING_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>
#include <vector>

namespace transformers_tidy {

/// A secondary message attached to a finding (clang-tidy prints it as a
/// "note:"), e.g. why no fix-it is offered.
struct FindingNote {
  clang::SourceLocation Loc;
  std::string Message;
};

struct Finding {
  /// Where the diagnostic points (a file location, never a macro location).
  clang::SourceLocation Loc;
  /// The source range that is highlighted.
  clang::CharSourceRange Range;
  std::string Message;
  /// The edits that fix the finding. Empty when no safe fix exists; then a
  /// note says why.
  std::vector<clang::FixItHint> Fixes;
  /// The #include insertion the fix needs, when the file lacks the header.
  /// Kept apart from Fixes: whether a diagnostic carries it depends on the
  /// findings emitted before it (LegacyCacheCheck.cpp).
  std::optional<clang::FixItHint> Include;
  std::vector<FindingNote> Notes;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_FINDING_H
