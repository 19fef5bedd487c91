//===- LineIndex.h - Lines and columns of byte offsets ---------*- C++ -*-===//
//
// The 1-based line and column of a byte offset in a text, as clang-tidy
// prints them: lines end at '\n', columns count bytes from the line's start.
// Where the lines start is found once per text, and each offset is then a
// binary search: counting the newlines before every finding of a file took
// time quadratic in its findings.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_LINEINDEX_H
#define TRANSFORMERS_MIGRATE_LINEINDEX_H

#include "driver/Model.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

namespace tmigrate {

class LineIndex {
public:
  explicit LineIndex(llvm::StringRef Text) {
    Starts.push_back(0);
    for (size_t NL = Text.find('\n'); NL != llvm::StringRef::npos;
         NL = Text.find('\n', NL + 1))
      Starts.push_back(NL + 1);
  }

  /// The line and column of \p Offset, at most the text's size.
  LineColumn at(size_t Offset) const {
    // The line is the number of lines that start at or before Offset.
    size_t Line = llvm::upper_bound(Starts, Offset) - Starts.begin();
    return {unsigned(Line), unsigned(Offset - Starts[Line - 1] + 1)};
  }

private:
  std::vector<size_t> Starts;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_LINEINDEX_H
