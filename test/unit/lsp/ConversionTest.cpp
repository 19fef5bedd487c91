//===- ConversionTest.cpp - Findings as LSP diagnostics and actions -------===//

#include "server/Conversion.h"
#include "gtest/gtest.h"

using namespace tlsp;
using clang::tooling::Replacement;
using llvm::json::Object;
using llvm::json::Value;

namespace {

const char *Doc = "/p/a.cpp";
const char *Header = "/p/h.h";
// Line 1: a 2-byte character before each legacy argument.
const char *Text = "#include <t.h>\n"
                   "int f() { return g(\xC3\xA9, legacy) + g(\xC3\xA9, old); "
                   "}\n";

tmigrate::Record finding(llvm::StringRef Name, bool WithFix = true) {
  std::string T = Text;
  size_t At = T.find(Name.str() + ")");
  tmigrate::Record R;
  R.Diag.DiagnosticName = "transformers-legacy-cache";
  R.Diag.DiagLevel = clang::tooling::Diagnostic::Warning;
  R.Diag.Message.Message = "passing a legacy cache";
  R.Diag.Message.FilePath = Doc;
  R.Diag.Message.FileOffset = At;
  clang::tooling::FileByteRange Range;
  Range.FilePath = Doc;
  Range.FileOffset = At;
  Range.Length = Name.size();
  R.Diag.Message.Ranges.push_back(Range);
  if (WithFix) {
    auto &Fix = R.Diag.Message.Fix;
    cantFail(Fix[Doc].add(Replacement(Doc, 0, 0, "#include <c.h>\n")));
    cantFail(Fix[Doc].add(Replacement(Doc, At, 0, "W(")));
    cantFail(Fix[Doc].add(Replacement(Doc, At + Name.size(), 0, ")")));
  }
  clang::tooling::DiagnosticMessage Note;
  Note.Message = "declared here";
  Note.FilePath = Header;
  Note.FileOffset = 4;
  R.Diag.Notes.push_back(Note);
  return R;
}

AnalysisResult result(std::vector<tmigrate::Record> Findings) {
  AnalysisResult R;
  R.Uri = "file:///p/a.cpp";
  R.Path = Doc;
  R.Version = 7;
  R.Findings = std::move(Findings);
  R.Texts[Doc] = Text;
  R.Texts[Header] = "int\nlegacy;\n";
  return R;
}

ConversionOptions options(bool DocumentChanges) {
  ConversionOptions O;
  O.Encoding = PositionEncoding::UTF16;
  O.DocumentChanges = DocumentChanges;
  O.OpenVersion = [](llvm::StringRef P) -> std::optional<int64_t> {
    if (P == Doc)
      return 7;
    return std::nullopt;
  };
  return O;
}

Value range(unsigned L1, unsigned C1, unsigned L2, unsigned C2) {
  return Object{{"start", Object{{"line", L1}, {"character", C1}}},
                {"end", Object{{"line", L2}, {"character", C2}}}};
}

TEST(Conversion, ADiagnosticCarriesWhatTheClientShows) {
  llvm::json::Array Diags =
      diagnostics(result({finding("legacy")}), options(true));
  ASSERT_EQ(Diags.size(), 1u);
  const Object &D = *Diags[0].getAsObject();
  // "int f() { return g(é, " is 22 UTF-16 units.
  EXPECT_EQ(*D.get("range"), range(1, 22, 1, 28));
  EXPECT_EQ(D.getString("code"), "transformers-legacy-cache");
  EXPECT_EQ(D.getString("source"), "transformers-tidy");
  EXPECT_EQ(D.getInteger("severity"), 2);
  EXPECT_TRUE(D.getObject("codeDescription")
                  ->getString("href")
                  ->ends_with("docs/checks/legacy-cache.md"));
  const Object &Rel = *D.getArray("relatedInformation")->front().getAsObject();
  EXPECT_EQ(Rel.getString("message"), "declared here");
  EXPECT_EQ(Rel.getObject("location")->getString("uri"), "file:///p/h.h");
  EXPECT_EQ(*Rel.getObject("location")->get("range"), range(1, 0, 1, 0));
}

TEST(Conversion, AQuickFixHoldsEveryEditOfItsFixVersioned) {
  llvm::json::Array Actions =
      codeActions(result({finding("legacy")}), {1, 25}, {1, 25},
                  std::vector<std::string>{"quickfix"}, options(true));
  ASSERT_EQ(Actions.size(), 1u);
  const Object &A = *Actions[0].getAsObject();
  EXPECT_EQ(A.getString("kind"), "quickfix");
  const Object &Change =
      *A.getObject("edit")->getArray("documentChanges")->front().getAsObject();
  EXPECT_EQ(*Change.get("textDocument"),
            Value(Object{{"uri", "file:///p/a.cpp"}, {"version", 7}}));
  const llvm::json::Array &Edits = *Change.getArray("edits");
  ASSERT_EQ(Edits.size(), 3u);
  EXPECT_EQ(Edits[0].getAsObject()->getString("newText"), "#include <c.h>\n");
  EXPECT_EQ(*Edits[1].getAsObject()->get("range"), range(1, 22, 1, 22));
  EXPECT_EQ(*Edits[2].getAsObject()->get("range"), range(1, 28, 1, 28));
  // Without documentChanges support: a plain `changes` map.
  Actions = codeActions(result({finding("legacy")}), {1, 25}, {1, 25},
                        std::nullopt, options(false));
  EXPECT_TRUE(
      Actions[0].getAsObject()->getObject("edit")->getObject("changes"));
}

TEST(Conversion, QuickFixesOnlyWhereAsked) {
  AnalysisResult R = result({finding("legacy"), finding("old")});
  llvm::json::Array Actions = codeActions(
      R, {0, 0}, {0, 3}, std::vector<std::string>{"quickfix"}, options(true));
  EXPECT_TRUE(Actions.empty());
  Actions = codeActions(R, {1, 0}, {1, 99},
                        std::vector<std::string>{"quickfix"}, options(true));
  EXPECT_EQ(Actions.size(), 2u);
  // A finding without a fix has no quick fix.
  Actions = codeActions(result({finding("legacy", false)}), {1, 0}, {1, 99},
                        std::nullopt, options(true));
  EXPECT_TRUE(Actions.empty());
}

TEST(Conversion, FixAllTakesEachSharedEditOnceAndNoConflictingFix) {
  tmigrate::Record Conflicting = finding("legacy");
  // The first fix inserts strictly inside this replacement: they conflict
  // (tmigrate::overlaps, the rule of --fix).
  Conflicting.Diag.Message.Fix.clear();
  size_t At = std::string(Text).find("legacy");
  cantFail(Conflicting.Diag.Message.Fix[Doc].add(
      Replacement(Doc, At - 2, 4, "other")));
  AnalysisResult R = result({finding("legacy"), finding("old"), Conflicting});
  llvm::json::Array Actions =
      codeActions(R, {0, 0}, {0, 0}, std::vector<std::string>{"source.fixAll"},
                  options(true));
  ASSERT_EQ(Actions.size(), 1u);
  const Object &A = *Actions[0].getAsObject();
  EXPECT_EQ(A.getString("kind"), "source.fixAll.transformers-tidy");
  EXPECT_NE(A.getString("title")->find("(2)"), llvm::StringRef::npos);
  const llvm::json::Array &Edits = *A.getObject("edit")
                                        ->getArray("documentChanges")
                                        ->front()
                                        .getAsObject()
                                        ->getArray("edits");
  ASSERT_EQ(Edits.size(), 5u); // one #include, two wraps of two edits
  for (const Value &E : Edits)
    EXPECT_NE(E.getAsObject()->getString("newText"), "other");
}

} // namespace
