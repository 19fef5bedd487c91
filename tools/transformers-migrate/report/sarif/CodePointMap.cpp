//===- CodePointMap.cpp ---------------------------------------------------===//

#include "report/sarif/CodePointMap.h"
#include "llvm/Support/ConvertUTF.h"
#include <algorithm>

namespace tmigrate {

/// The byte length of the code point at \p I: its sequence's length when it
/// is well-formed UTF-8, else 1.
static size_t codePointBytes(llvm::StringRef Text, size_t I) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  if (llvm::isLegalUTF8Sequence(Begin + I, Begin + Text.size()))
    return llvm::getNumBytesForUTF8(Begin[I]);
  return 1;
}

unsigned countCodePoints(llvm::StringRef Bytes) {
  unsigned N = 0;
  for (size_t I = 0; I < Bytes.size(); I += codePointBytes(Bytes, I))
    ++N;
  return N;
}

CodePointMap::CodePointMap(llvm::StringRef Text) : Text(Text) {
  LineStartBytes.push_back(0);
  LineStartCodePoints.push_back(0);
  unsigned CodePoints = 0;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    I += codePointBytes(Text, I);
    ++CodePoints;
    // CR LF is one line end: the line starts after the LF.
    bool LineEnd =
        C == '\n' || (C == '\r' && (I == Text.size() || Text[I] != '\n'));
    if (LineEnd) {
      LineStartBytes.push_back(I);
      LineStartCodePoints.push_back(CodePoints);
    }
  }
}

size_t CodePointMap::lineOf(unsigned ByteOffset) const {
  // The last line start at or before the offset.
  return std::upper_bound(LineStartBytes.begin(), LineStartBytes.end(),
                          ByteOffset) -
         LineStartBytes.begin() - 1;
}

unsigned CodePointMap::countBetween(unsigned Begin, unsigned End) const {
  End = std::min<size_t>(End, Text.size());
  unsigned N = 0;
  // Walk the whole text's sequences: a sequence that starts before End
  // counts even when it runs past it, as one character does.
  for (size_t I = Begin; I < End; I += codePointBytes(Text, I))
    ++N;
  return N;
}

unsigned CodePointMap::offset(unsigned ByteOffset) const {
  size_t Line = lineOf(ByteOffset);
  return LineStartCodePoints[Line] +
         countBetween(LineStartBytes[Line], ByteOffset);
}

unsigned CodePointMap::length(unsigned ByteOffset, unsigned ByteLength) const {
  return offset(ByteOffset + ByteLength) - offset(ByteOffset);
}

unsigned CodePointMap::line(unsigned ByteOffset) const {
  return lineOf(ByteOffset) + 1;
}

unsigned CodePointMap::column(unsigned ByteOffset) const {
  size_t Line = lineOf(ByteOffset);
  return countBetween(LineStartBytes[Line], ByteOffset) + 1;
}

} // namespace tmigrate
