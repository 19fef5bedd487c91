//===- CodePointMap.h - Byte offsets to code-point offsets ------*- C++ -*-===//
//
// clang locates everything in bytes (offsets, and columns counted in bytes
// from the line's start); SARIF's "columnKind": "unicodeCodePoints" wants
// characters. A viewer that places a byte column on a line with "héllo"
// before the finding lands one character late per non-ASCII letter, and a
// consumer that applies a fix at a byte offset inserts early. This maps one
// file's byte positions to code points, from the file's own text.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_CODEPOINTMAP_H
#define TRANSFORMERS_MIGRATE_CODEPOINTMAP_H

#include "llvm/ADT/StringRef.h"
#include <vector>

namespace tmigrate {

/// The number of code points in \p Bytes, read as UTF-8. A byte that does
/// not start a well-formed sequence (Latin-1 text, a truncated sequence)
/// counts as one, as a decoder that maps each undecodable byte to one
/// character does (Python's "surrogateescape").
unsigned countCodePoints(llvm::StringRef Bytes);

/// Code-point offsets and columns of byte positions in one text. Lines end
/// at LF, CR LF or a lone CR, as for clang and SARIF. The text must outlive
/// the map. Positions past the end are clamped to it.
class CodePointMap {
public:
  explicit CodePointMap(llvm::StringRef Text);

  /// How many code points start before byte \p ByteOffset (SARIF
  /// charOffset).
  unsigned offset(unsigned ByteOffset) const;
  /// How many code points start in [ByteOffset, ByteOffset + ByteLength)
  /// (SARIF charLength).
  unsigned length(unsigned ByteOffset, unsigned ByteLength) const;
  /// The 1-based line of byte \p ByteOffset.
  unsigned line(unsigned ByteOffset) const;
  /// The 1-based code-point column of byte \p ByteOffset in its line (SARIF
  /// startColumn; an end position gives endColumn).
  unsigned column(unsigned ByteOffset) const;

private:
  /// The index of the line that holds \p ByteOffset.
  size_t lineOf(unsigned ByteOffset) const;
  /// Code points that start in [Begin, End), End clamped to the text.
  unsigned countBetween(unsigned Begin, unsigned End) const;

  llvm::StringRef Text;
  /// The byte offset and the code-point offset of each line's start.
  std::vector<unsigned> LineStartBytes;
  std::vector<unsigned> LineStartCodePoints;
};

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_CODEPOINTMAP_H
