//===- Positions.h - LSP positions in a text of UTF-8 bytes ----*- C++ -*-===//
//
// The checks speak byte offsets; LSP speaks (line, character), where a
// character counts code units of the negotiated position encoding: UTF-16
// (the default every client supports), UTF-8 or UTF-32 (LSP 3.17
// `positionEncoding`). A line ends at "\n", "\r\n" or "\r", as the
// specification says. Bytes that are not valid UTF-8 count as one code unit
// each, in every encoding, so that every offset has a position and back.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_POSITIONS_H
#define TRANSFORMERS_TIDY_LSP_POSITIONS_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <vector>

namespace tlsp {

enum class PositionEncoding { UTF8, UTF16, UTF32 };

/// "utf-8", "utf-16", "utf-32": the specification's names.
llvm::StringRef encodingName(PositionEncoding E);
std::optional<PositionEncoding> parseEncoding(llvm::StringRef Name);

struct LspPosition {
  unsigned Line = 0;
  unsigned Character = 0;
  bool operator==(const LspPosition &O) const {
    return Line == O.Line && Character == O.Character;
  }
};

/// A text's line starts, to convert between offsets and positions.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text);

  /// The position of byte \p Offset (clamped to the text's size). An
  /// offset inside a multi-byte character is the character's position.
  LspPosition position(size_t Offset, PositionEncoding E) const;
  /// The byte offset of \p P. A character past the end of its line means
  /// the line's end, a line past the last one the text's end (as clients
  /// expect of a server); an offset inside a UTF-16 surrogate pair is the
  /// pair's start.
  size_t offset(LspPosition P, PositionEncoding E) const;

private:
  llvm::StringRef Text;
  std::vector<size_t> Starts;
  /// Where line \p L's content ends (before its terminator).
  size_t lineEnd(unsigned L) const;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_POSITIONS_H
