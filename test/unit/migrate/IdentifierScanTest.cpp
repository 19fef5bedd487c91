//===- IdentifierScanTest.cpp ---------------------------------------------===//
//
// The prefilter decides from identifiers, not bytes: comments and literals
// never count, a line splice never hides an identifier, and binary data is
// matched as bytes (never skipped for want of a lexer).
//
//===----------------------------------------------------------------------===//

#include "fastpath/IdentifierScan.h"
#include "gtest/gtest.h"
#include <optional>

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

// The dependency scanner drops every directive it does not need to find the
// files a TU reads; those that fail a compilation are exposed to it.
std::optional<std::string> expose(const std::string &Text) {
  return exposeUnscannedDirectives(Text); // std::string: NUL-terminated
}

std::string marked(const std::string &Before, const std::string &After) {
  return Before + "\n" + UnscannedDirectiveMark + "\n" + After;
}

TEST(UnscannedDirectives, ThoseThatCannotFailAreLeftAsTheyAre) {
  EXPECT_EQ(expose("#include <vector>\n#define A(x) #x\n#if A\n#elif B\n"
                   "#else\n#endif\n#pragma once\n#pragma GCC system_header\n"
                   "#line 12\n#line 7 \"gen.y\"\n# 33 \"x.c\" 1 3 4\n"
                   "#ident \"v1\"\n#\n"),
            std::nullopt);
}

TEST(UnscannedDirectives, ErrorsInEveryConditionalBlock) {
  // The mark goes right before the directive, in its conditional block:
  // the scan fails only where clang would evaluate the #error.
  EXPECT_EQ(expose("#if 0\n#error no\n#endif\n"),
            marked("#if 0\n", "#error no\n#endif\n"));
  EXPECT_EQ(expose("int x;\n  #  warning \"w\"\n"),
            marked("int x;\n  ", "#  warning \"w\"\n"));
  EXPECT_EQ(expose("/* c */ #pragma GCC error \"e\"\n"),
            marked("/* c */ ", "#pragma GCC error \"e\"\n"));
  EXPECT_TRUE(expose("#pragma GCC warning \"w\"\n"));
  EXPECT_TRUE(expose("%:error digraph\n"));
}

TEST(UnscannedDirectives, InvalidDirectives) {
  for (const char *Text :
       {"#inlcude <vector>\n", "#assert machine(x86)\n", "#line abc\n",
        "#line 0\n", "#line 4294967296\n", "#line 1 \"a\" 3\n", "# 1 \"a\" 2\n",
        "# 1 \"a\" 3 1\n", "#ident x\n", "#\"string\"\n",
        // A spliced name is not recognised: exposed, to be safe.
        "#inc\\\nlude <vector>\n"})
    EXPECT_TRUE(expose(Text)) << Text;
}

TEST(UnscannedDirectives, NotDirectives) {
  EXPECT_EQ(expose("// #error in a comment\n/* #error\n#error */\n"
                   "const char *s = R\"(\n#error in a raw string\n)\";\n"
                   "#define X \\\n#error in a macro, after a splice\n"
                   "int a # error;\n"),
            std::nullopt);
  EXPECT_EQ(expose(std::string("#error\0binary", 13)), std::nullopt);
}

} // namespace
