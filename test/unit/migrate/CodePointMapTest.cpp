//===- CodePointMapTest.cpp -----------------------------------------------===//
//
// clang's byte offsets and columns to SARIF's code points.
//
//===----------------------------------------------------------------------===//

#include "report/sarif/CodePointMap.h"
#include "gtest/gtest.h"

using namespace tmigrate;

namespace {

TEST(CountCodePoints, OnePerCharacterOfEveryLength) {
  EXPECT_EQ(countCodePoints(""), 0u);
  EXPECT_EQ(countCodePoints("abc"), 3u);
  // é (2 bytes), € (3 bytes), 🙂 (4 bytes).
  EXPECT_EQ(countCodePoints("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x99\x82"), 3u);
}

TEST(CountCodePoints, EachUndecodableByteIsOne) {
  // Latin-1 "é" before ASCII; a lone continuation byte; a truncated
  // three-byte sequence; an encoded surrogate (not UTF-8).
  EXPECT_EQ(countCodePoints("h\xE9llo"), 5u);
  EXPECT_EQ(countCodePoints("\xA9x"), 2u);
  EXPECT_EQ(countCodePoints("\xE2\x82x"), 3u);
  EXPECT_EQ(countCodePoints("\xED\xA0\x80"), 3u);
  // A sequence cut by the end of the text.
  EXPECT_EQ(countCodePoints("a\xF0\x9F"), 3u);
}

// The line: `"héllo wörld"` before the finding puts clang's byte
// column two past the character column.
TEST(CodePointMap, ColumnsAndOffsetsAfterNonAsciiText) {
  std::string Text = "int x;\n"
                     "f(\"h\xC3\xA9llo w\xC3\xB6rld\", /* \xF0\x9F\x99\x82 */ "
                     "legacy);\n";
  CodePointMap Map(Text);
  unsigned Byte = Text.find("legacy");
  unsigned LineStart = Text.find('\n') + 1;
  ASSERT_EQ(Byte - LineStart + 1, 31u); // clang's byte column
  EXPECT_EQ(Map.line(Byte), 2u);
  EXPECT_EQ(Map.column(Byte), 31u - 2 - 3);
  EXPECT_EQ(Map.offset(Byte), Byte - 2 - 3);
  EXPECT_EQ(Map.length(Byte, 6), 6u);
  // A range over the string literal: 13 characters in 15 bytes.
  unsigned Quote = Text.find('"');
  EXPECT_EQ(Map.length(Quote, 15), 13u);
  // The first line is plain ASCII.
  EXPECT_EQ(Map.column(4), 5u);
  EXPECT_EQ(Map.offset(4), 4u);
}

TEST(CodePointMap, LineEndsAreLfCrLfAndLoneCr) {
  CodePointMap Map("a\r\n\xC3\xA9"
                   "b\rc\nd");
  // Lines: "a", "éb", "c", "d" at bytes 0, 3, 7, 9.
  EXPECT_EQ(Map.line(0), 1u);
  EXPECT_EQ(Map.line(2), 1u); // the LF of CR LF ends line 1
  EXPECT_EQ(Map.line(3), 2u);
  EXPECT_EQ(Map.column(5), 2u); // "b" after "é"
  EXPECT_EQ(Map.line(7), 3u);
  EXPECT_EQ(Map.column(7), 1u);
  EXPECT_EQ(Map.line(9), 4u);
  EXPECT_EQ(Map.offset(9), 8u);
}

TEST(CodePointMap, PositionsAtAndPastTheEnd) {
  std::string Text = "\xC3\xA9\n";
  CodePointMap Map(Text);
  // The end of a text that ends with a newline is column 1 of a new line.
  EXPECT_EQ(Map.line(3), 2u);
  EXPECT_EQ(Map.column(3), 1u);
  EXPECT_EQ(Map.offset(3), 2u);
  EXPECT_EQ(Map.offset(100), 2u);
  EXPECT_EQ(Map.length(0, 100), 2u);
  CodePointMap Empty("");
  EXPECT_EQ(Empty.offset(0), 0u);
  EXPECT_EQ(Empty.column(0), 1u);
  EXPECT_EQ(Empty.line(0), 1u);
}

// A byte offset inside a character (never one clang gives, but the map must
// not count half of it): the character counts as before the offset.
TEST(CodePointMap, OffsetInsideACharacter) {
  CodePointMap Map("\xE2\x82\xAC"
                   "x");
  EXPECT_EQ(Map.offset(1), 1u);
  EXPECT_EQ(Map.offset(3), 1u);
  EXPECT_EQ(Map.column(3), 2u);
}

} // namespace
