//===- PositionsTest.cpp - Offsets and LSP positions ----------------------===//

#include "protocol/Positions.h"
#include "gtest/gtest.h"

using namespace tlsp;

namespace {

constexpr PositionEncoding U8 = PositionEncoding::UTF8;
constexpr PositionEncoding U16 = PositionEncoding::UTF16;
constexpr PositionEncoding U32 = PositionEncoding::UTF32;

TEST(Positions, ColumnsCountCodeUnitsOfTheEncoding) {
  // "é" is 2 bytes, 1 UTF-16 unit; the emoji 4 bytes, 2 UTF-16 units.
  std::string Text = "x\n\xC3\xA9\xF0\x9F\x99\x82z";
  LineTable L(Text);
  size_t Z = Text.find('z');
  EXPECT_EQ(L.position(Z, U8), (LspPosition{1, 6}));
  EXPECT_EQ(L.position(Z, U16), (LspPosition{1, 3}));
  EXPECT_EQ(L.position(Z, U32), (LspPosition{1, 2}));
  for (PositionEncoding E : {U8, U16, U32})
    EXPECT_EQ(L.offset(L.position(Z, E), E), Z);
}

TEST(Positions, LinesEndAtLfCrLfAndCr) {
  std::string Text = "a\r\nb\rc\nd";
  LineTable L(Text);
  EXPECT_EQ(L.position(Text.find('b'), U16), (LspPosition{1, 0}));
  EXPECT_EQ(L.position(Text.find('c'), U16), (LspPosition{2, 0}));
  EXPECT_EQ(L.position(Text.find('d'), U16), (LspPosition{3, 0}));
  // A character past a line's end is its end, before the terminator.
  EXPECT_EQ(L.offset({0, 99}, U16), 1u);
  EXPECT_EQ(L.offset({1, 99}, U16), Text.find('\r', 2));
  // A line past the last is the end of the text.
  EXPECT_EQ(L.offset({9, 0}, U16), Text.size());
  EXPECT_EQ(L.position(Text.size() + 5, U16), (LspPosition{3, 1}));
}

TEST(Positions, InsideACharacterIsItsStart) {
  std::string Text = "\xF0\x9F\x99\x82!";
  LineTable L(Text);
  EXPECT_EQ(L.offset({0, 1}, U16), 0u); // between the surrogates
  EXPECT_EQ(L.offset({0, 2}, U16), 4u);
  EXPECT_EQ(L.offset({0, 3}, U8), 0u);
  EXPECT_EQ(L.position(2, U16), (LspPosition{0, 0}));
}

TEST(Positions, InvalidUtf8BytesAreOneUnitEach) {
  std::string Text = "\xFF\xC3!\xE2\x82";
  LineTable L(Text);
  for (PositionEncoding E : {U8, U16, U32}) {
    EXPECT_EQ(L.position(Text.find('!'), E), (LspPosition{0, 2}));
    for (size_t I = 0; I <= Text.size(); ++I)
      EXPECT_EQ(L.offset(L.position(I, E), E), I);
  }
}

TEST(Positions, EncodingNames) {
  for (PositionEncoding E : {U8, U16, U32})
    EXPECT_EQ(parseEncoding(encodingName(E)), E);
  EXPECT_FALSE(parseEncoding("utf-7"));
}

} // namespace
