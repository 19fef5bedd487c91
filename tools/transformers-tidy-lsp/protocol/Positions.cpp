//===- Positions.cpp ------------------------------------------------------===//

#include "protocol/Positions.h"
#include <algorithm>

namespace tlsp {

llvm::StringRef encodingName(PositionEncoding E) {
  switch (E) {
  case PositionEncoding::UTF8:
    return "utf-8";
  case PositionEncoding::UTF16:
    return "utf-16";
  case PositionEncoding::UTF32:
    return "utf-32";
  }
  return "utf-16";
}

std::optional<PositionEncoding> parseEncoding(llvm::StringRef Name) {
  if (Name == "utf-8")
    return PositionEncoding::UTF8;
  if (Name == "utf-16")
    return PositionEncoding::UTF16;
  if (Name == "utf-32")
    return PositionEncoding::UTF32;
  return std::nullopt;
}

/// The length in bytes of the UTF-8 character starting at \p S[I], and its
/// width in UTF-16 code units; an invalid or truncated sequence is one byte
/// and one unit.
static std::pair<size_t, unsigned> character(llvm::StringRef S, size_t I) {
  unsigned char C = S[I];
  size_t Len = C < 0x80             ? 1
               : (C & 0xE0) == 0xC0 ? 2
               : (C & 0xF0) == 0xE0 ? 3
               : (C & 0xF8) == 0xF0 ? 4
                                    : 0;
  if (Len == 0 || I + Len > S.size())
    return {1, 1};
  for (size_t K = 1; K < Len; ++K)
    if ((static_cast<unsigned char>(S[I + K]) & 0xC0) != 0x80)
      return {1, 1};
  return {Len, Len == 4 ? 2u : 1u};
}

static unsigned units(std::pair<size_t, unsigned> Char, PositionEncoding E) {
  switch (E) {
  case PositionEncoding::UTF8:
    return Char.first;
  case PositionEncoding::UTF16:
    return Char.second;
  case PositionEncoding::UTF32:
    return 1;
  }
  return 1;
}

LineTable::LineTable(llvm::StringRef Text) : Text(Text) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    if (Text[I] == '\n' || Text[I] == '\r')
      Starts.push_back(I + 1);
  }
}

size_t LineTable::lineEnd(unsigned L) const {
  size_t End = L + 1 < Starts.size() ? Starts[L + 1] : Text.size();
  if (End > Starts[L] && L + 1 < Starts.size()) {
    --End; // "\n" or "\r"
    if (End > Starts[L] && Text[End] == '\n' && Text[End - 1] == '\r')
      --End;
  }
  return End;
}

LspPosition LineTable::position(size_t Offset, PositionEncoding E) const {
  Offset = std::min(Offset, Text.size());
  unsigned L = std::upper_bound(Starts.begin(), Starts.end(), Offset) -
               Starts.begin() - 1;
  LspPosition P;
  P.Line = L;
  for (size_t I = Starts[L]; I < Offset;) {
    auto Char = character(Text, I);
    if (I + Char.first > Offset) // inside a character: its start
      break;
    P.Character += units(Char, E);
    I += Char.first;
  }
  return P;
}

size_t LineTable::offset(LspPosition P, PositionEncoding E) const {
  if (P.Line >= Starts.size())
    return Text.size();
  size_t End = lineEnd(P.Line);
  size_t I = Starts[P.Line];
  unsigned Seen = 0;
  while (I < End && Seen < P.Character) {
    auto Char = character(Text, I);
    unsigned W = units(Char, E);
    if (Seen + W > P.Character)
      break; // inside a surrogate pair or a multi-byte UTF-8 sequence
    Seen += W;
    I += Char.first;
  }
  return I;
}

} // namespace tlsp
