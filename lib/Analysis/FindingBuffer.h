//===- FindingBuffer.h - Per-TU de-duplication of findings -----*- C++ -*-===//
//
// Matches arrive once per template instantiation and once for the pattern;
// the buffer keeps one finding per spelling (keyed by the raw source range of
// the reported expression, which instantiations share with their pattern),
// preferring the match with the highest rank, and emits in source order.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LIB_FINDINGBUFFER_H
#define TRANSFORMERS_TIDY_LIB_FINDINGBUFFER_H

#include "transformers-tidy/Finding.h"
#include <map>
#include <optional>
#include <utility>

namespace transformers_tidy {

class FindingBuffer {
public:
  using Key =
      std::pair<clang::SourceLocation::UIntTy, clang::SourceLocation::UIntTy>;

  static Key keyFor(clang::SourceRange R) {
    return {R.getBegin().getRawEncoding(), R.getEnd().getRawEncoding()};
  }

  /// Records \p F under \p K unless a finding of the same or a higher
  /// \p Rank is already there. \p Include is the #include edit the finding's
  /// fix needs (if any); whether it is attached is decided at emission.
  void add(Key K, Finding F, int Rank,
           std::optional<clang::FixItHint> Include = std::nullopt);

  void clear() { Entries.clear(); }

  /// Emits every finding once, in source order. With \p IncludeOnEveryFix
  /// each fixed finding carries its include edit; otherwise only the first
  /// fixed finding of each file does.
  void emit(FindingConsumer &Out, const clang::SourceManager &SM,
            bool IncludeOnEveryFix);

private:
  struct Entry {
    Finding F;
    int Rank;
    std::optional<clang::FixItHint> Include;
  };
  std::map<Key, Entry> Entries;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_LIB_FINDINGBUFFER_H
