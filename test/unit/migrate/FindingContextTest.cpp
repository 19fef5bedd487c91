//===- FindingContextTest.cpp ---------------------------------------------===//
//
// What identifies a finding beyond its line (driver/FindingContext.h): its
// code without whitespace, and the declaration it is written in, on a
// translation unit parsed here.
//
//===----------------------------------------------------------------------===//

#include "driver/FindingContext.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using clang::tooling::DiagnosticMessage;
using clang::tooling::FileByteRange;

namespace {

const char *const File = "/p/src/a.cpp";

DiagnosticMessage messageAt(unsigned Offset) {
  DiagnosticMessage M("legacy cache");
  M.FilePath = File;
  M.FileOffset = Offset;
  return M;
}

FileByteRange range(const std::string &Path, unsigned Offset, unsigned Length) {
  FileByteRange R;
  R.FilePath = Path;
  R.FileOffset = Offset;
  R.Length = Length;
  return R;
}

TEST(FindingContextSubject, TheRangeWithoutWhitespace) {
  const std::string Text = "int f() {\n  return g( a,\n\t\tb ) ;\n}\n";
  size_t Begin = Text.find("g(");
  size_t End = Text.rfind(")") + 1;
  DiagnosticMessage M = messageAt(Begin);
  M.Ranges.push_back(range(File, Begin, End - Begin));
  EXPECT_EQ(findingSubject(M, Text), "g(a,b)");
}

TEST(FindingContextSubject, OnlyTheFirstRangeAndOnlyInTheMessagesFile) {
  const std::string Text = "void f() {\n  call(  legacy );\n}\n";
  size_t Legacy = Text.find("legacy");
  DiagnosticMessage M = messageAt(Legacy);
  M.Ranges.push_back(range(File, Legacy, 6));
  M.Ranges.push_back(range(File, Text.find("call"), 4));
  EXPECT_EQ(findingSubject(M, Text), "legacy");
  // A first range in another file (a macro's definition in a header): the
  // message's line instead, whatever the second range says.
  M.Ranges.front().FilePath = "/p/include/h.h";
  EXPECT_EQ(findingSubject(M, Text), "call(legacy);");
}

TEST(FindingContextSubject, FallsBackToTheLine) {
  const std::string Text = "void f() {\n  call( legacy );\n  other();";
  DiagnosticMessage M = messageAt(Text.find("legacy"));
  EXPECT_EQ(findingSubject(M, Text), "call(legacy);");
  // A range of whitespace only, or past the text: the line too.
  M.Ranges.push_back(range(File, Text.find("( ") + 1, 1));
  EXPECT_EQ(findingSubject(M, Text), "call(legacy);");
  M.Ranges.front() = range(File, Text.size() - 2, 5);
  EXPECT_EQ(findingSubject(M, Text), "call(legacy);");
  M.Ranges.front() = range(File, Text.size() + 1, 0);
  EXPECT_EQ(findingSubject(M, Text), "call(legacy);");
  // The first and the last line, without a newline around them.
  EXPECT_EQ(findingSubject(messageAt(0), Text), "voidf(){");
  EXPECT_EQ(findingSubject(messageAt(Text.size() - 1), Text), "other();");
  // An offset past the text (a stale file): nothing.
  EXPECT_EQ(findingSubject(messageAt(Text.size() + 10), Text), "");
}

TEST(FindingContextSubject, CutAt200BytesOnACharacterBoundary) {
  std::string Long(300, 'x');
  DiagnosticMessage M = messageAt(0);
  M.Ranges.push_back(range(File, 0, Long.size()));
  EXPECT_EQ(findingSubject(M, Long), std::string(200, 'x'));

  // 199 bytes, then "é" (2 bytes) across the 200th: cut before it.
  std::string Accent = std::string(199, 'x') + "\xc3\xa9" + "yyyy";
  M.Ranges.front().Length = Accent.size();
  EXPECT_EQ(findingSubject(M, Accent), std::string(199, 'x'));
  // 198 bytes, then a 3-byte "€": cut before it too.
  std::string Euro = std::string(198, 'x') + "\xe2\x82\xac" + "yyyy";
  M.Ranges.front().Length = Euro.size();
  EXPECT_EQ(findingSubject(M, Euro), std::string(198, 'x'));
  // 198 bytes and "é" end at 200: kept whole.
  std::string Fits = std::string(198, 'x') + "\xc3\xa9" + "yyyy";
  M.Ranges.front().Length = Fits.size();
  EXPECT_EQ(findingSubject(M, Fits), std::string(198, 'x') + "\xc3\xa9");
  // Whitespace does not count: it is removed before the cut.
  std::string Spaced;
  for (int I = 0; I < 150; ++I)
    Spaced += "x ";
  M.Ranges.front().Length = Spaced.size();
  EXPECT_EQ(findingSubject(M, Spaced), std::string(150, 'x'));
}

const char *const Source = R"cpp(
namespace outer {
namespace inner {
int freeFunction(int x) {
  return x + 1; // @free
}
struct Runner {
  int inClass() { return 2; /* @inclass */ }
  int outOfLine();
  int field = /* @field */ 3;
  // @class
};
int Runner::outOfLine() { return 4; /* @outofline */ }
template <typename T> T twice(T v) { return v + v; /* @template */ }
int global = freeFunction(/* @variable */ 5);
int withLambda() {
  auto L = [] { return 6; /* @lambda */ };
  return L();
}
// @inner-namespace
} // namespace inner
} // namespace outer
// @file-scope
)cpp";

class FindingContextDeclaration : public ::testing::Test {
protected:
  void SetUp() override {
    AST = clang::tooling::buildASTFromCodeWithArgs(Source, {"-std=c++17"},
                                                   "/p/src/input.cpp");
    ASSERT_TRUE(AST);
    ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
    const clang::SourceManager &SM = AST->getSourceManager();
    Path = SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
  }

  /// The enclosing declaration of the marker "@Name" of Source.
  std::string at(const std::string &Name) {
    size_t Offset = llvm::StringRef(Source).find("@" + Name);
    EXPECT_NE(Offset, llvm::StringRef::npos) << Name;
    return enclosingDeclaration(AST->getASTContext(), Path, Offset);
  }

  std::unique_ptr<clang::ASTUnit> AST;
  std::string Path;
};

TEST_F(FindingContextDeclaration, Functions) {
  EXPECT_EQ(at("free"), "outer::inner::freeFunction");
  EXPECT_EQ(at("inclass"), "outer::inner::Runner::inClass");
  EXPECT_EQ(at("outofline"), "outer::inner::Runner::outOfLine");
  EXPECT_EQ(at("template"), "outer::inner::twice");
}

TEST_F(FindingContextDeclaration, VariablesFieldsAndClasses) {
  EXPECT_EQ(at("variable"), "outer::inner::global");
  EXPECT_EQ(at("field"), "outer::inner::Runner::field");
  EXPECT_EQ(at("class"), "outer::inner::Runner");
}

TEST_F(FindingContextDeclaration, ALambdaBelongsToItsFunction) {
  EXPECT_EQ(at("lambda"), "outer::inner::withLambda");
}

TEST_F(FindingContextDeclaration, NamespaceScopeHasNone) {
  EXPECT_EQ(at("inner-namespace"), "");
  EXPECT_EQ(at("file-scope"), "");
  EXPECT_EQ(enclosingDeclaration(AST->getASTContext(), Path,
                                 llvm::StringRef(Source).find("namespace")),
            "");
}

TEST_F(FindingContextDeclaration, AFileNotInTheTranslationUnit) {
  size_t Offset = llvm::StringRef(Source).find("@free");
  EXPECT_EQ(
      enclosingDeclaration(AST->getASTContext(), "/p/src/other.cpp", Offset),
      "");
}

} // namespace
