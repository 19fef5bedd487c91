//===- DocumentStoreTest.cpp - Open documents and their changes -----------===//

#include "server/DocumentStore.h"
#include "gtest/gtest.h"

using namespace tlsp;

namespace {

TextChange at(unsigned L1, unsigned C1, unsigned L2, unsigned C2,
              std::string Text) {
  return TextChange{std::make_pair(LspPosition{L1, C1}, LspPosition{L2, C2}),
                    std::move(Text)};
}

TEST(DocumentStore, IncrementalChangesApplyInOrder) {
  DocumentStore S;
  S.open({"file:///a.cpp", "/a.cpp", 1, "int a;\nint b;\n"});
  // Each range is in the text the previous change left.
  ASSERT_FALSE(bool(S.change(
      "file:///a.cpp", 2,
      {at(0, 4, 0, 5, "xy"), at(1, 0, 1, 0, "// é\n"), at(2, 4, 2, 5, "z")},
      PositionEncoding::UTF16)));
  EXPECT_EQ(S.get("file:///a.cpp")->Text, "int xy;\n// é\nint z;\n");
  EXPECT_EQ(S.get("file:///a.cpp")->Version, 2);
  // A change without a range replaces the text.
  ASSERT_FALSE(
      bool(S.change("file:///a.cpp", 3, {TextChange{std::nullopt, "w"}},
                    PositionEncoding::UTF16)));
  EXPECT_EQ(S.get("file:///a.cpp")->Text, "w");
}

TEST(DocumentStore, ABadChangeLeavesTheDocumentAsItWas) {
  DocumentStore S;
  S.open({"file:///a.cpp", "/a.cpp", 1, "abc"});
  llvm::Error E =
      S.change("file:///a.cpp", 2, {at(0, 0, 0, 1, "x"), at(0, 2, 0, 1, "y")},
               PositionEncoding::UTF16);
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
  EXPECT_EQ(S.get("file:///a.cpp")->Text, "abc");
  EXPECT_EQ(S.get("file:///a.cpp")->Version, 1);
  E = S.change("file:///b.cpp", 2, {}, PositionEncoding::UTF16);
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
}

TEST(DocumentStore, CloseForgets) {
  DocumentStore S;
  S.open({"file:///a.cpp", "/a.cpp", 1, ""});
  S.close("file:///a.cpp");
  EXPECT_EQ(S.get("file:///a.cpp"), nullptr);
  EXPECT_TRUE(S.all().empty());
}

} // namespace
