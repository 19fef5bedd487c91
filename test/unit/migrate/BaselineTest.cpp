//===- BaselineTest.cpp ---------------------------------------------------===//
//
// The baseline file (report/Baseline.h): what readBaselines refuses, each
// time with a message naming the file and the fault; how several files are
// joined; which findings applyBaseline takes out of a run, and which
// entries it reports as not found; and that baselineText is read back as
// written.
//
//===----------------------------------------------------------------------===//

#include "report/Baseline.h"
#include "TestFiles.h"
#include "report/Fingerprint.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

const char *const FP1 = "0123456789abcdef0123456789abcdef";
const char *const FP2 = "fedcba9876543210fedcba9876543210";
const char *const FP3 = "00000000000000000000000000000003";

/// A baseline document: the header fields as given, then \p Findings (a
/// JSON array's text).
std::string document(const std::string &Findings,
                     const std::string &Version = "1",
                     const std::string &Tool = "\"transformers-migrate\"",
                     const std::string &Kind = "\"transformersTidy/v1\"") {
  return "{\"version\": " + Version + ", \"tool\": " + Tool +
         ", \"fingerprint\": " + Kind + ", \"findings\": " + Findings + "}";
}

std::string entry(const std::string &Path, const std::string &Fingerprint,
                  const std::string &Check = "transformers-legacy-cache",
                  unsigned Line = 3) {
  return "{\"check\": \"" + Check + "\", \"path\": \"" + Path +
         "\", \"fingerprint\": \"" + Fingerprint +
         "\", \"line\": " + std::to_string(Line) + ", \"message\": \"m\"}";
}

/// readBaselines' error for the file holding \p Text, or "<no error>".
std::string readError(const ScratchDir &Dir, const std::string &Text,
                      std::string *Path = nullptr) {
  std::string P = Dir.write("baseline.json", Text);
  if (Path)
    *Path = P;
  llvm::Expected<Baseline> B = readBaselines({P});
  if (B)
    return "<no error>";
  return llvm::toString(B.takeError());
}

const char *const Rewrite = "; write it again with --write-baseline";

TEST(BaselineRead, AValidFile) {
  ScratchDir Dir;
  std::string P = Dir.write(
      "b.json", document("[" + entry("src/a.cpp", FP1) + ", " +
                         entry("include/h.h", FP2, "transformers-x", 7) + "]"));
  llvm::Expected<Baseline> B = readBaselines({P});
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  ASSERT_EQ(B->Entries.size(), 2u);
  EXPECT_EQ(B->Entries[0].Check, "transformers-legacy-cache");
  EXPECT_EQ(B->Entries[0].Path, "src/a.cpp");
  EXPECT_EQ(B->Entries[0].Fingerprint, FP1);
  EXPECT_EQ(B->Entries[0].Line, 3u);
  EXPECT_EQ(B->Entries[0].Message, "m");
  EXPECT_EQ(B->Entries[1].Check, "transformers-x");
  EXPECT_EQ(B->Entries[1].Line, 7u);
}

TEST(BaselineRead, NotJSON) {
  ScratchDir Dir;
  std::string P;
  std::string E = readError(Dir, "{\"version\": 1,", &P);
  EXPECT_EQ(E.rfind("baseline '" + P + "' is not valid JSON: ", 0), 0u) << E;
}

TEST(BaselineRead, AnotherToolsFile) {
  ScratchDir Dir;
  const std::string Want = "baseline '" + Dir.path("baseline.json") +
                           "' is not a transformers-migrate baseline (no "
                           "\"tool\": \"transformers-migrate\")";
  EXPECT_EQ(readError(Dir, document("[]", "1", "\"clang-tidy\"")), Want);
  EXPECT_EQ(readError(Dir, "{\"version\": 1, \"findings\": []}"), Want);
  // JSON, but not an object.
  EXPECT_EQ(readError(Dir, "[1, 2]"), Want);
}

TEST(BaselineRead, AnotherVersion) {
  ScratchDir Dir;
  const std::string File = "baseline '" + Dir.path("baseline.json") + "' ";
  EXPECT_EQ(readError(Dir, document("[]", "2")),
            File +
                "has version 2, and this transformers-migrate reads "
                "version 1" +
                Rewrite);
  EXPECT_EQ(readError(Dir, "{\"tool\": \"transformers-migrate\", "
                           "\"fingerprint\": \"transformersTidy/v1\", "
                           "\"findings\": []}"),
            File +
                "has no \"version\" number, and this transformers-migrate "
                "reads version 1" +
                Rewrite);
}

TEST(BaselineRead, AnotherFingerprintKind) {
  ScratchDir Dir;
  EXPECT_EQ(readError(Dir, document("[]", "1", "\"transformers-migrate\"",
                                    "\"transformersTidy/v2\"")),
            "baseline '" + Dir.path("baseline.json") +
                "' holds fingerprints of kind 'transformersTidy/v2', and "
                "this transformers-migrate computes 'transformersTidy/v1'" +
                Rewrite);
}

TEST(BaselineRead, AbsolutePaths) {
  ScratchDir Dir;
  auto Want = [&](const std::string &Path) {
    return "baseline '" + Dir.path("baseline.json") +
           "': findings[1]: the path '" + Path +
           "' is absolute, and a baseline's paths are relative to the "
           "project's root (--project-root)" +
           Rewrite;
  };
  for (const std::string &Path :
       {std::string("/home/me/p/src/a.cpp"), std::string("C:/p/src/a.cpp"),
        std::string("C:\\p\\src\\a.cpp"),
        std::string("\\\\server\\share\\a.cpp")}) {
    // In JSON, each backslash is escaped.
    std::string Escaped;
    for (char C : Path)
      Escaped += C == '\\' ? std::string("\\\\") : std::string(1, C);
    EXPECT_EQ(readError(Dir, document("[" + entry("src/a.cpp", FP1) + ", " +
                                      entry(Escaped, FP2) + "]")),
              Want(Path));
  }
  // Relative ones, "../" included, are read.
  EXPECT_EQ(readError(Dir, document("[" + entry("../vendor/x.h", FP1) + "]")),
            "<no error>");
}

TEST(BaselineRead, MalformedFingerprints) {
  ScratchDir Dir;
  for (const std::string &Bad :
       {std::string("0123456789ABCDEF0123456789ABCDEF"),
        std::string("0123456789abcdef0123456789abcde"),
        std::string("0123456789abcdef0123456789abcdef0"),
        std::string("0123456789abcdef0123456789abcdeg"), std::string("")})
    EXPECT_EQ(readError(Dir, document("[" + entry("a.cpp", Bad) + "]")),
              "baseline '" + Dir.path("baseline.json") +
                  "': findings[0]: the fingerprint '" + Bad +
                  "' is not 32 lowercase hexadecimal digits");
}

TEST(BaselineRead, MissingFields) {
  ScratchDir Dir;
  const std::string File = "baseline '" + Dir.path("baseline.json") + "'";
  EXPECT_EQ(readError(Dir, "{\"version\": 1, \"tool\": "
                           "\"transformers-migrate\", \"fingerprint\": "
                           "\"transformersTidy/v1\"}"),
            File + " has no \"findings\" array");
  // Each required field of an entry, in turn.
  for (const char *Field : {"check", "path", "fingerprint", "line"}) {
    llvm::json::Object E{{"check", "transformers-legacy-cache"},
                         {"path", "a.cpp"},
                         {"fingerprint", FP1},
                         {"line", 3}};
    E.erase(Field);
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << llvm::json::Value(llvm::json::Array{std::move(E)});
    EXPECT_EQ(readError(Dir, document(OS.str())),
              File +
                  ": an entry this tool cannot read: missing value at "
                  "findings[0]." +
                  Field);
  }
  // "message" is for people: optional.
  EXPECT_EQ(readError(Dir, document("[{\"check\": \"c\", \"path\": \"a.cpp\", "
                                    "\"fingerprint\": \"" +
                                    std::string(FP1) + "\", \"line\": 0}]")),
            "<no error>");
  EXPECT_EQ(readError(Dir, document("[" + entry("", FP1) + "]")),
            File + ": findings[0]: an empty path or check");
  EXPECT_EQ(readError(Dir, document("[" + entry("a.cpp", FP1, "") + "]")),
            File + ": findings[0]: an empty path or check");
  EXPECT_EQ(readError(Dir, document("[{\"check\": \"c\", \"path\": \"a.cpp\", "
                                    "\"fingerprint\": \"" +
                                    std::string(FP1) + "\", \"line\": -1}]")),
            File + ": an entry this tool cannot read: expected a line number "
                   "at findings[0].line");
  std::string NotArray = readError(Dir, document("{}"));
  EXPECT_EQ(NotArray.rfind(File + ": an entry this tool cannot read: ", 0), 0u)
      << NotArray;
}

TEST(BaselineRead, Unreadable) {
  ScratchDir Dir;
  std::string Missing = Dir.path("missing.json");
  llvm::Expected<Baseline> B = readBaselines({Missing});
  ASSERT_FALSE(bool(B));
  std::string E = llvm::toString(B.takeError());
  EXPECT_EQ(E.rfind("cannot read the baseline '" + Missing + "': ", 0), 0u)
      << E;

  B = readBaselines({Dir.Path});
  ASSERT_FALSE(bool(B));
  EXPECT_EQ(llvm::toString(B.takeError()),
            "cannot read the baseline '" + Dir.Path + "': it is a directory");

  // A good first file does not hide a bad second one.
  std::string Good = Dir.write("good.json", document("[]"));
  B = readBaselines({Good, Missing});
  ASSERT_FALSE(bool(B));
  E = llvm::toString(B.takeError());
  EXPECT_NE(E.find(Missing), std::string::npos) << E;
}

TEST(BaselineRead, UnionOfFilesIsDeduplicated) {
  ScratchDir Dir;
  std::string A = Dir.write(
      "a.json",
      document("[" + entry("src/a.cpp", FP1) + ", " + entry("h.h", FP2) +
               // The same key twice in one file: once.
               ", " + entry("src/a.cpp", FP1, "transformers-legacy-cache", 9) +
               "]"));
  std::string B =
      Dir.write("b.json", document("[" + entry("h.h", FP2) + ", " +
                                   // The same fingerprint for another check or
                                   // path is another entry.
                                   entry("h.h", FP2, "transformers-x") + ", " +
                                   entry("g.h", FP2) + ", " +
                                   entry("src/c.cpp", FP3) + "]"));
  llvm::Expected<Baseline> Read = readBaselines({A, B});
  ASSERT_TRUE(bool(Read)) << llvm::toString(Read.takeError());
  std::vector<std::string> Got;
  for (const BaselineEntry &E : Read->Entries)
    Got.push_back(E.Check + " " + E.Path + " " + E.Fingerprint + " " +
                  std::to_string(E.Line));
  const std::string L = "transformers-legacy-cache ";
  EXPECT_EQ(Got, (std::vector<std::string>{
                     L + "src/a.cpp " + FP1 + " 3",
                     L + "h.h " + FP2 + " 3",
                     "transformers-x h.h " + std::string(FP2) + " 3",
                     L + "g.h " + FP2 + " 3",
                     L + "src/c.cpp " + FP3 + " 3",
                 }));
}

/// A finding in /p/\p Path with the fingerprint \p Fingerprint.
Record finding(const std::string &Path, const std::string &Fingerprint,
               const std::string &Check = "transformers-legacy-cache",
               unsigned Offset = 1) {
  Record R = findingAt("/p/" + Path, Offset);
  R.Diag.DiagnosticName = Check;
  R.Fingerprint = Fingerprint;
  return R;
}

BaselineEntry
baselineEntry(const std::string &Path, const std::string &Fingerprint,
              const std::string &Check = "transformers-legacy-cache") {
  return {Check, Path, Fingerprint, 1, "m"};
}

bool judgeAll(llvm::StringRef) { return true; }

TEST(BaselineApply, CheckPathAndFingerprintMustAllBeEqual) {
  Baseline B{{baselineEntry("src/a.cpp", FP1)}};
  std::vector<Record> Records{
      finding("src/a.cpp", FP1, "transformers-x", 1),
      finding("src/b.cpp", FP1, "transformers-legacy-cache", 2),
      finding("src/a.cpp", FP2, "transformers-legacy-cache", 3),
      finding("src/a.cpp", FP1, "transformers-legacy-cache", 4)};
  BaselineMatch M = applyBaseline(B, Records, "/p", judgeAll);
  ASSERT_EQ(M.Accepted.size(), 1u);
  EXPECT_EQ(M.Accepted[0].offset(), 4u);
  ASSERT_EQ(Records.size(), 3u);
  EXPECT_EQ(Records[0].offset(), 1u);
  EXPECT_EQ(Records[1].offset(), 2u);
  EXPECT_EQ(Records[2].offset(), 3u);
  EXPECT_TRUE(M.NotFound.empty());
}

TEST(BaselineApply, EachEntryHidesOneFinding) {
  Baseline B{{baselineEntry("src/a.cpp", FP1), baselineEntry("h.h", FP2)}};
  std::vector<Record> Records{
      finding("src/a.cpp", FP1, "transformers-legacy-cache", 1),
      finding("src/a.cpp", FP1, "transformers-legacy-cache", 2),
      finding("h.h", FP2, "transformers-legacy-cache", 3)};
  BaselineMatch M = applyBaseline(B, Records, "/p", judgeAll);
  ASSERT_EQ(M.Accepted.size(), 2u);
  EXPECT_EQ(M.Accepted[0].offset(), 1u);
  EXPECT_EQ(M.Accepted[1].offset(), 3u);
  ASSERT_EQ(Records.size(), 1u);
  EXPECT_EQ(Records[0].offset(), 2u);
}

TEST(BaselineApply, AMovedOrRewordedFindingIsUpdated) {
  // The entries' line is 1 and message "m" (baselineEntry).
  Baseline B{{baselineEntry("src/a.cpp", FP1), baselineEntry("src/b.cpp", FP2),
              baselineEntry("src/c.cpp", FP3)}};
  Record Same = finding("src/a.cpp", FP1), Moved = finding("src/b.cpp", FP2),
         Reworded = finding("src/c.cpp", FP3);
  Same.At.Line = Moved.At.Line = Reworded.At.Line = 1;
  Same.Diag.Message.Message = Moved.Diag.Message.Message = "m";
  Moved.At.Line = 7;
  Reworded.Diag.Message.Message = "another message";
  std::vector<Record> Records{Same, Moved, Reworded};
  BaselineMatch M = applyBaseline(B, Records, "/p", judgeAll);
  ASSERT_EQ(M.Accepted.size(), 3u);
  EXPECT_EQ(M.Updated, (std::vector<bool>{false, true, true}));
}

TEST(BaselineApply, CompilerErrorsAreNeverHidden) {
  // Even an entry naming the error's check, path and fingerprint.
  Baseline B{{baselineEntry("src/a.cpp", FP1, "clang-diagnostic-error"),
              baselineEntry("src/a.cpp", FP2)}};
  std::vector<Record> Records{Record::error("/p/src/a.cpp", "unknown type name",
                                            "/p/src/a.cpp", "/p/build"),
                              finding("src/a.cpp", FP2)};
  Records[0].Fingerprint = FP1;
  // The tool's own note about a fix it held back is not a finding either.
  Records[1].FixNotApplied = true;
  BaselineMatch M = applyBaseline(B, Records, "/p", judgeAll);
  EXPECT_TRUE(M.Accepted.empty());
  EXPECT_EQ(Records.size(), 2u);
  EXPECT_EQ(M.NotFound.size(), 2u);
}

TEST(BaselineApply, FindingsWithoutAFingerprintAreKept) {
  // Not even an entry without one (readBaselines refuses it; a Baseline
  // made in code need not) matches a finding that has none.
  Baseline B{{baselineEntry("src/a.cpp", FP1), baselineEntry("src/a.cpp", "")}};
  std::vector<Record> Records{finding("src/a.cpp", "")};
  BaselineMatch M = applyBaseline(B, Records, "/p", judgeAll);
  EXPECT_TRUE(M.Accepted.empty());
  EXPECT_EQ(Records.size(), 1u);
}

TEST(BaselineApply, NotFoundOnlyWhereTheRunJudged) {
  Baseline B{{baselineEntry("src/a.cpp", FP1), baselineEntry("src/b.cpp", FP2),
              baselineEntry("src/c.cpp", FP3), baselineEntry("h.h", FP1)}};
  std::vector<Record> Records{finding("h.h", FP1)};
  std::vector<std::string> Asked;
  BaselineMatch M = applyBaseline(B, Records, "/p", [&](llvm::StringRef Path) {
    Asked.push_back(Path.str());
    return Path != "src/b.cpp";
  });
  EXPECT_EQ(M.Accepted.size(), 1u);
  ASSERT_EQ(M.NotFound.size(), 2u);
  EXPECT_EQ(M.NotFound[0].Path, "src/a.cpp");
  EXPECT_EQ(M.NotFound[1].Path, "src/c.cpp");
  // Asked about the unmatched entries' files only, by their baseline path.
  EXPECT_EQ(Asked,
            (std::vector<std::string>{"src/a.cpp", "src/b.cpp", "src/c.cpp"}));
}

TEST(BaselineText, RoundTripsThroughReadBaselines) {
  std::vector<Record> Run;
  Run.push_back(findingAt("/p/src/b.cpp", 40));
  Run.back().At = {4, 2};
  Run.back().Subject = "b";
  Run.push_back(findingAt("/p/src/a.cpp", 90));
  Run.back().At = {9, 1};
  Run.back().Subject = "a2";
  Run.push_back(findingAt("/p/src/a.cpp", 10));
  Run.back().At = {2, 7};
  Run.back().Subject = "a1";
  Run.back().Diag.Message.Message = "with \"quotes\" and \xc3\xa9";
  // Outside the root: a "../" path.
  Run.push_back(findingAt("/vendor/x.h", 5));
  Run.back().At = {1, 6};
  // Not findings: not written.
  Run.push_back(Record::error("/p/src/c.cpp", "error", "/p/src/c.cpp", ""));
  assignFingerprints(Run, "/p");
  Run.push_back(findingAt("/p/src/d.cpp", 5)); // no fingerprint

  ScratchDir Dir;
  std::vector<const Record *> Pointers;
  for (const Record &R : Run)
    Pointers.push_back(&R);
  std::string Path = Dir.write("b.json", baselineText(Pointers, "/p"));
  llvm::Expected<Baseline> B = readBaselines({Path});
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  ASSERT_EQ(B->Entries.size(), 4u);
  // By path, then line.
  const Record *Want[] = {&Run[3], &Run[2], &Run[1], &Run[0]};
  const char *Paths[] = {"../vendor/x.h", "src/a.cpp", "src/a.cpp",
                         "src/b.cpp"};
  for (size_t I = 0; I < 4; ++I) {
    const BaselineEntry &E = B->Entries[I];
    EXPECT_EQ(E.Path, Paths[I]);
    EXPECT_EQ(E.Check, Want[I]->check());
    EXPECT_EQ(E.Fingerprint, Want[I]->Fingerprint);
    EXPECT_EQ(E.Line, Want[I]->At.Line);
    EXPECT_EQ(E.Message, Want[I]->message());
  }
  // Applied to the run it was written from, it accepts every finding.
  Run.pop_back();
  BaselineMatch M = applyBaseline(*B, Run, "/p", judgeAll);
  EXPECT_EQ(M.Accepted.size(), 4u);
  ASSERT_EQ(Run.size(), 1u);
  EXPECT_EQ(Run[0].check(), "clang-diagnostic-error");
  EXPECT_TRUE(M.NotFound.empty());
}

} // namespace
