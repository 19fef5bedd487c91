//===- Finding.h - What the analysis core reports --------------*- C++ -*-===//
//
// A finding is everything a front end needs to show one diagnostic: where,
// what, why no fix (notes), and the edits that fix it. The core never prints
// or writes anything; front ends translate findings into their own output.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_FINDING_H
#define TRANSFORMERS_TIDY_FINDING_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace transformers_tidy {

/// A secondary message attached to a finding (clang-tidy prints it as a
/// "note:"), e.g. why no fix-it is offered.
struct FindingNote {
  clang::SourceLocation Loc;
  std::string Message;
};

struct Finding {
  /// The check that produced it, e.g. "transformers-legacy-cache".
  std::string Check;
  /// Where the diagnostic points (a file location, never a macro location).
  clang::SourceLocation Loc;
  /// The source range that is highlighted.
  clang::CharSourceRange Range;
  std::string Message;
  /// The edits that fix the finding, including the #include insertion when
  /// the header is missing. Empty when no safe fix exists; then a note says
  /// why.
  std::vector<clang::FixItHint> Fixes;
  /// Index in Fixes of the #include insertion, or -1. Front ends that apply
  /// many findings at once must apply identical include insertions once
  /// (clang-tidy concatenates identical insertions at one offset).
  int IncludeFixIndex = -1;
  std::vector<FindingNote> Notes;
};

/// Receives findings from an analysis. Implemented once per front end.
class FindingConsumer {
public:
  virtual ~FindingConsumer();
  virtual void consume(const Finding &F, const clang::SourceManager &SM) = 0;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_FINDING_H
