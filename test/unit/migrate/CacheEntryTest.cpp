//===- CacheEntryTest.cpp -------------------------------------------------===//
//
// A result cache entry holds clang-tidy's diagnostics as clang's own
// DiagnosticsYaml and, beside them, what the tool adds: everything comes
// back as it was stored, and a malformed entry is a miss that says where it
// goes wrong.
//
//===----------------------------------------------------------------------===//

#include "TestFiles.h"
#include "fastpath/ResultCache.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

/// Why \p Text is not an entry ("" if it is one).
std::string rejection(llvm::StringRef Text) {
  llvm::Expected<CacheEntry> E = deserializeEntry(Text);
  return E ? "" : llvm::toString(E.takeError());
}

CacheEntry entryWithOneFinding() {
  Record R = findingAt("/p/src/a.cpp", 120);
  R.Diag.BuildDirectory = "/p/build";
  R.WarningAsError = true;
  R.At = {7, 12};
  R.MainFile = "/p/src/a.cpp";
  R.Diag.Message.Ranges.push_back({});
  R.Diag.Message.Ranges.back().FilePath = "/p/src/a.cpp";
  R.Diag.Message.Ranges.back().FileOffset = 118;
  R.Diag.Message.Ranges.back().Length = 6;
  addEdit(R, Replacement("/p/src/a.cpp", 120, 0, "wrap(\r\n"));
  addEdit(R, Replacement("/p/include/h.h", 0, 0, "#include <x.h>\n"));
  clang::tooling::DiagnosticMessage Note;
  Note.Message = "declared here: 'legacy'";
  Note.FilePath = "/p/include/h.h";
  Note.FileOffset = 40;
  R.Diag.Notes.push_back(Note);
  R.NotesAt.push_back({3, 1});

  CacheEntry E;
  E.Result.MainFile = "/p/src/a.cpp";
  E.Result.BuildDirectory = "/p/build";
  E.Result.Findings.push_back(R);
  E.Result.Stats = {1, 2, 3, 4, 5, 6};
  E.Result.ContentHashes["/p/src/a.cpp"] = 0xfeedULL;
  E.Result.TypeNames = {
      {"transformers-legacy-cache.TensorTypes", "::torch::Tensor", true},
      {"transformers-legacy-cache.SinkTypes", "::x::Y", false}};
  return E;
}

TEST(CacheEntry, RoundTripsClangTidysDiagnosticAndTheToolsState) {
  CacheEntry In = entryWithOneFinding();
  std::string Text = serializeEntry(In);
  ASSERT_FALSE(Text.empty());
  // The diagnostics are DiagnosticsYaml, as --export-fixes writes them.
  for (const char *Key : {"MainSourceFile:", "DiagnosticName:",
                          "DiagnosticMessage:", "Replacements:", "Level:"})
    EXPECT_NE(Text.find(Key), std::string::npos) << Key << " in " << Text;

  llvm::Expected<CacheEntry> Out = deserializeEntry(Text);
  ASSERT_TRUE(bool(Out)) << llvm::toString(Out.takeError());
  ASSERT_EQ(Out->Result.Findings.size(), 1u);
  const Record &A = In.Result.Findings[0], &B = Out->Result.Findings[0];
  EXPECT_EQ(B.check().str(), A.check().str());
  EXPECT_EQ(B.Diag.DiagLevel, A.Diag.DiagLevel);
  EXPECT_EQ(B.Diag.BuildDirectory, "/p/build");
  EXPECT_EQ(B.message().str(), A.message().str());
  EXPECT_EQ(B.file().str(), A.file().str());
  EXPECT_EQ(B.offset(), 120u);
  ASSERT_EQ(B.Diag.Message.Ranges.size(), 1u);
  EXPECT_EQ(B.Diag.Message.Ranges[0].FileOffset, 118u);
  EXPECT_EQ(B.Diag.Message.Ranges[0].Length, 6u);
  EXPECT_EQ(B.edits(), A.edits()); // CRLF in the text kept
  ASSERT_EQ(B.Diag.Notes.size(), 1u);
  EXPECT_EQ(B.Diag.Notes[0].Message, "declared here: 'legacy'");
  EXPECT_EQ(B.Diag.Notes[0].FileOffset, 40u);
  EXPECT_TRUE(B.WarningAsError);
  EXPECT_EQ(B.At.Line, 7u);
  EXPECT_EQ(B.At.Column, 12u);
  ASSERT_EQ(B.NotesAt.size(), 1u);
  EXPECT_EQ(B.NotesAt[0].Line, 3u);
  EXPECT_EQ(B.MainFile, "/p/src/a.cpp");
  EXPECT_EQ(Out->Result.Stats.Generated, 5u);
  EXPECT_EQ(Out->Result.ContentHashes, In.Result.ContentHashes);
  ASSERT_EQ(Out->Result.TypeNames.size(), 2u);
  EXPECT_EQ(Out->Result.TypeNames[1].Name, "::x::Y");
  EXPECT_FALSE(Out->Result.TypeNames[1].Named);
  EXPECT_TRUE(Out->Result.TypeNames[0].Named);
}

TEST(CacheEntry, MalformedEntriesAreMisses) {
  std::string Good = serializeEntry(entryWithOneFinding());
  auto Replace = [&](llvm::StringRef From, llvm::StringRef To) {
    std::string S = Good;
    size_t At = S.find(From.str());
    EXPECT_NE(At, std::string::npos) << From.str();
    if (At != std::string::npos)
      S.replace(At, From.size(), To.str());
    return S;
  };
  // Not YAML at all, an unknown level, a line that is not a number, a note
  // without its line and column, a fix whose offset does not fit, a counter
  // too large, a key missing, no JSON at all.
  const std::string NotYaml =
      "expected a TranslationUnitDiagnostics YAML document at (root)"
      ".diagnostics";
  EXPECT_EQ(rejection(Replace("DiagnosticName:", "{[")), NotYaml);
  EXPECT_EQ(rejection(Replace("Level:", "Level: Shout")), NotYaml);
  EXPECT_EQ(rejection(Replace("\"at\":[7,12]", "\"at\":[\"x\",12]")),
            "expected an unsigned 32-bit integer at (root).beside[0].at[0]");
  EXPECT_EQ(rejection(Replace("\"notes\":[[3,1]]", "\"notes\":[]")),
            "expected one per note of the diagnostic at (root).beside[0]"
            ".notes");
  EXPECT_EQ(rejection(Replace("Offset:          120",
                              "Offset:          99999999999")),
            NotYaml);
  EXPECT_EQ(rejection(Replace("[1,2,3,4,5,6]", "[1,2,3,4,5,4294967296]")),
            "expected an unsigned 32-bit integer at (root).stats[5]");
  EXPECT_EQ(rejection(Replace("\"skipped\":", "\"skip\":")),
            "missing value at (root).skipped");
  EXPECT_NE(rejection(""), "");
}

TEST(CacheEntry, TheFormatIsUnchanged) {
  // A prefilter skip as every version since the format's v1 writes it: it
  // still reads, and writing it back gives the same bytes.
  CacheEntry Skip;
  Skip.Result.MainFile = "/p/src/b.cpp";
  Skip.Result.BuildDirectory = "/p/build";
  Skip.PrefilterSkipped = true;
  const std::string Written =
      "{\"beside\":[],\"diagnostics\":\"---\\nMainSourceFile:  "
      "'/p/src/b.cpp'\\nDiagnostics:     []\\n...\\n\",\"dir\":\"/p/build\","
      "\"hashes\":{},\"main\":\"/p/src/b.cpp\",\"skipped\":true,"
      "\"stats\":[0,0,0,0,0,0],\"types\":[]}";
  EXPECT_EQ(serializeEntry(Skip), Written);
  llvm::Expected<CacheEntry> Read = deserializeEntry(Written);
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  EXPECT_TRUE(Read->PrefilterSkipped);
  EXPECT_EQ(Read->Result.MainFile, "/p/src/b.cpp");
  EXPECT_EQ(serializeEntry(*Read), Written);
}

TEST(CacheEntry, ResultsThatCannotBeStoredAsTheyAreAreNotCached) {
  CacheEntry E = entryWithOneFinding();
  E.Result.Findings[0].Diag.Message.Message = "bad \xff byte";
  EXPECT_EQ(serializeEntry(E), "");
  CacheEntry Failed = entryWithOneFinding();
  Failed.Result.Failed = true;
  EXPECT_EQ(serializeEntry(Failed), "");
}

} // namespace
