//===- FindingBuffer.h - Per-TU de-duplication of findings -----*- C++ -*-===//
//
// Matches arrive once per template instantiation and once for the pattern;
// the buffer keeps one finding per spelling (keyed by the raw source range of
// the reported expression, which instantiations share with their pattern),
// preferring the match with the highest rank, and hands them out in source
// order, so that a check's output does not depend on the order of matches.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_FINDINGBUFFER_H
#define TRANSFORMERS_TIDY_UTILS_FINDINGBUFFER_H

#include "Finding.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <optional>
#include <utility>

namespace clang {
class SourceManager;
} // namespace clang

namespace transformers_tidy {

class FindingBuffer {
public:
  using Key =
      std::pair<clang::SourceLocation::UIntTy, clang::SourceLocation::UIntTy>;

  static Key keyFor(clang::SourceRange R) {
    return {R.getBegin().getRawEncoding(), R.getEnd().getRawEncoding()};
  }

  /// Records \p F under \p K unless a finding of the same or a higher
  /// \p Rank is already there.
  void add(Key K, Finding F, int Rank);

  /// The rank of the finding recorded under \p K, if any.
  std::optional<int> rankOf(Key K) const {
    auto It = Entries.find(K);
    if (It == Entries.end())
      return std::nullopt;
    return It->second.Rank;
  }

  void clear() { Entries.clear(); }

  /// Passes every finding to \p Emit once, in source order, and forgets
  /// them.
  void emit(const clang::SourceManager &SM,
            llvm::function_ref<void(const Finding &)> Emit);

private:
  struct Entry {
    Finding F;
    int Rank;
  };
  std::map<Key, Entry> Entries;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_FINDINGBUFFER_H
