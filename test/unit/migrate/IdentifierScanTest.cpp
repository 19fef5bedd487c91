//===- IdentifierScanTest.cpp ---------------------------------------------===//
//
// The prefilter decides from identifiers, not bytes: comments and literals
// never count, a line splice never hides an identifier, and binary data is
// matched as bytes (never skipped for want of a lexer).
//
//===----------------------------------------------------------------------===//

#include "IdentifierScan.h"
#include "gtest/gtest.h"

using namespace tmigrate;

namespace {

const std::vector<std::string> Words = {"Tensor", "transformers"};

std::vector<bool> scan(const std::string &Text) {
  return spelledIdentifiers(Text, Words); // std::string: NUL-terminated
}

TEST(IdentifierScan, CommentsAndLiteralsAreNotIdentifiers) {
  EXPECT_EQ(scan("// GGML Tensor Library, see transformers\n"
                 "/* Tensor */ const char *s = \"Tensor transformers\";\n"
                 "char c = 'T'; auto r = R\"x(Tensor)x\";\n"
                 "int n = 1'000; // Tensor after a digit separator\n"),
            (std::vector<bool>{false, false}));
}

TEST(IdentifierScan, TokensInCodeDirectivesAndDeadCode) {
  EXPECT_EQ(scan("namespace ggml { class Tensor; }\n"),
            (std::vector<bool>{true, false}));
  // A macro body and code under #if 0 are tokens the raw lexer sees: a
  // superset of any compilation's.
  EXPECT_EQ(scan("#define NS transformers\n#if 0\nTensor t;\n#endif\n"),
            (std::vector<bool>{true, true}));
}

TEST(IdentifierScan, WholeIdentifiersOnly) {
  EXPECT_EQ(scan("struct TensorView; int transformers_version;\n"),
            (std::vector<bool>{false, false}));
}

TEST(IdentifierScan, LineSplicesJoinIdentifiers) {
  // The bytes never contain "Tensor", the compiler sees it.
  EXPECT_EQ(scan("struct Ten\\\nsor {};\nnamespace transfor\\  \r\nmers {}\n"),
            (std::vector<bool>{true, true}));
}

TEST(IdentifierScan, BinaryDataIsMatchedAsBytes) {
  std::string Pch("CPCH\0\0\x01Tensor\0", 14);
  EXPECT_EQ(scan(Pch), (std::vector<bool>{true, false}));
}

TEST(IdentifierScan, NothingWanted) {
  EXPECT_TRUE(spelledIdentifiers("Tensor", {}).empty());
}

} // namespace
