//===- RunReportTest.cpp --------------------------------------------------===//
//
// The merge of every translation unit's results (de-duplication, counters)
// and the closing summary, line for line as clang-tidy-19 prints it.
//
//===----------------------------------------------------------------------===//

#include "report/RunReport.h"
#include "TestFiles.h"
#include "llvm/Config/llvm-config.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

Record finding(const std::string &File, unsigned Offset,
               const std::string &MainFile) {
  Record R = findingAt(File, Offset);
  R.MainFile = MainFile;
  addEdit(R, Replacement(File, Offset, 0, "wrap("));
  return R;
}

TUResult tu(const std::string &Main, std::vector<Record> Findings) {
  TUResult R;
  R.MainFile = Main;
  R.Findings = std::move(Findings);
  for (const Record &F : R.Findings)
    R.ContentHashes[F.file().str()] = 42;
  return R;
}

TEST(MergeResults, SharedHeaderFindingOnceFromTheFirstTU) {
  std::vector<TUResult> Results;
  Results.push_back(tu("/p/b.cpp", {finding("/p/b.cpp", 9, "/p/b.cpp"),
                                    finding("/p/h.h", 5, "/p/b.cpp")}));
  Results.push_back(tu("/p/a.cpp", {finding("/p/h.h", 5, "/p/a.cpp")}));
  Results.back().Stats = {1, 2, 3, 4, 5, 6};
  TUResult Failed;
  Failed.MainFile = "/p/c.cpp";
  Failed.Failed = true;
  Failed.Stats.GeneratedErrors = 1;
  Results.push_back(Failed);

  MergedRun M = mergeResults(std::move(Results), /*FixMode=*/true);
  ASSERT_EQ(M.Records.size(), 2u);
  // Sorted by file, then offset; the header's finding is b.cpp's (first).
  EXPECT_EQ(M.Records[0].file().str(), "/p/b.cpp");
  EXPECT_EQ(M.Records[1].file().str(), "/p/h.h");
  EXPECT_EQ(M.Records[1].MainFile, "/p/b.cpp");
  EXPECT_EQ(M.Records[1].RealFile, "/p/h.h");
  EXPECT_EQ(M.Summary.Files,
            (std::vector<std::string>{"/p/b.cpp", "/p/a.cpp", "/p/c.cpp"}));
  EXPECT_EQ(M.Summary.FailedFiles, std::vector<std::string>{"/p/c.cpp"});
  EXPECT_TRUE(M.Summary.FixMode);
  EXPECT_EQ(M.Counts.NoLint, 1u);
  EXPECT_EQ(M.Counts.Generated, 5u);
  EXPECT_EQ(M.Counts.GeneratedErrors, 7u);
  // Only analysed TUs with fixes are re-verified.
  ASSERT_EQ(M.Units.size(), 2u);
  EXPECT_EQ(M.Units[0].Touched, (std::set<std::string>{"/p/b.cpp", "/p/h.h"}));
  EXPECT_EQ(M.SeenHashes["/p/h.h"], std::set<uint64_t>{42});
}

TEST(CountFindings, WhatIsAFinding) {
  std::vector<Record> Records;
  Records.push_back(finding("/p/a.cpp", 1, "/p/a.cpp"));
  Records.push_back(finding("/p/a.cpp", 2, "/p/a.cpp"));
  Records.back().WarningAsError = true;
  Record Config;
  Config.Diag.DiagnosticName = "clang-tidy-config";
  Records.push_back(Config);
  Record NoLint;
  NoLint.Diag.DiagnosticName = "clang-tidy-nolint";
  NoLint.Diag.DiagLevel = clang::tooling::Diagnostic::Error;
  Records.push_back(NoLint);
  Record HeldBack = finding("/p/a.cpp", 3, "/p/a.cpp");
  HeldBack.FixNotApplied = true;
  HeldBack.Diag.DiagLevel = clang::tooling::Diagnostic::Error;
  Records.push_back(HeldBack);

  RunCounts C = countFindings(Records, {true, false}, /*FixMode=*/true);
  EXPECT_EQ(C.Fixable, 2u);
  EXPECT_EQ(C.Fixed, 1u);
  // The unfixed finding and the unmatched NOLINTBEGIN (a check error).
  EXPECT_EQ(C.Remaining, 2u);
  EXPECT_EQ(C.Promoted, 1u);
  EXPECT_TRUE(C.AnyError);
  // Without --fix nothing counts as fixed.
  EXPECT_EQ(countFindings(Records, {true, true}, false).Fixed, 0u);
}

std::string summary(const TUResult::Counters &Counts, const RunCounts &C,
                    bool Fix = false, size_t Written = 0,
                    std::vector<std::string> Failed = {}) {
  MergedRun M;
  M.Counts = Counts;
  M.Summary.Files = {"/p/a.cpp", "/p/b.cpp"};
  M.Summary.FailedFiles = std::move(Failed);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printClosingSummary(OS, M, C, Fix, Written);
  return Out;
}

// clang-tidy's hint after warnings in non-user code, per major.
#if LLVM_VERSION_MAJOR >= 22
const std::string NonUserHint =
    "Use -header-filter=.* or leave it as default to display errors from all "
    "non-system headers. Use -system-headers to display errors from system "
    "headers as well.\n";
#else
const std::string NonUserHint =
    "Use -header-filter=.* to display errors from all non-system headers. Use "
    "-system-headers to display errors from system headers as well.\n";
#endif

TEST(ClosingSummary, ClangTidysLines) {
  // clang-tidy -load <plugin> over test/migrate/Inputs/proj's legacy,
  // nolint, user1 and user2 sources printed exactly these lines (19 and 22).
  TUResult::Counters Counts;
  Counts.Generated = 7;
  Counts.NonUser = 2;
  Counts.NoLint = 6;
  EXPECT_EQ(summary(Counts, {}),
            "7 warnings generated.\n"
            "Suppressed 8 warnings (2 in non-user code, 6 NOLINT).\n" +
                NonUserHint);
  // With --warnings-as-errors and --line-filter.
  Counts = {};
  Counts.Generated = 5;
  Counts.NonUser = 1;
  Counts.LineFilter = 2;
  Counts.NoLint = 6;
  RunCounts Promoted;
  Promoted.Promoted = 2;
  Promoted.AnyError = true;
  EXPECT_EQ(summary(Counts, Promoted),
            "5 warnings generated.\n"
            "Suppressed 9 warnings (1 in non-user code, 2 due to line filter, "
            "6 NOLINT).\n" +
                NonUserHint + "2 warnings treated as errors\n");
}

TEST(MergeResults, EveryCompileCommandOfAFileIsOneFile) {
  // a.cpp built twice: the finding both commands saw is kept once, the
  // file is counted once, and it failed because one of its commands did;
  // each command that saw a fixable finding is verified.
  std::vector<TUResult> Results;
  Results.push_back(tu("/p/a.cpp", {finding("/p/a.cpp", 9, "/p/a.cpp")}));
  Results.back().Commands = 3;
  Results.push_back(tu("/p/a.cpp", {finding("/p/a.cpp", 9, "/p/a.cpp"),
                                    finding("/p/a.cpp", 30, "/p/a.cpp")}));
  Results.back().Command = 1;
  Results.back().Commands = 3;
  TUResult Failed;
  Failed.MainFile = "/p/a.cpp";
  Failed.Failed = true;
  Failed.Command = 2;
  Failed.Commands = 3;
  Results.push_back(Failed);
  Results.push_back(tu("/p/b.cpp", {}));

  MergedRun M = mergeResults(std::move(Results), /*FixMode=*/false);
  EXPECT_EQ(M.Records.size(), 2u);
  EXPECT_EQ(M.Summary.Files,
            (std::vector<std::string>{"/p/a.cpp", "/p/b.cpp"}));
  EXPECT_EQ(M.Summary.FailedFiles, std::vector<std::string>{"/p/a.cpp"});
  ASSERT_EQ(M.Units.size(), 2u);
  EXPECT_EQ(M.Units[0].Command, 0u);
  EXPECT_EQ(M.Units[1].Command, 1u);
}

TEST(MergeResults, TypeNamesThatNamedNothingInAnyTU) {
  std::vector<TUResult> Results;
  Results.push_back(tu("/p/a.cpp", {}));
  Results.back().TypeNames = {{"c.TensorTypes", "::torch::Tensor", true},
                              {"c.TensorTypes", "::torch::Tensr", false},
                              {"c.SinkTypes", "::lib::Sink", false}};
  Results.push_back(tu("/p/b.cpp", {}));
  Results.back().TypeNames = {{"c.TensorTypes", "::torch::Tensor", false},
                              {"c.TensorTypes", "::torch::Tensr", false},
                              {"c.SinkTypes", "::lib::Sink", true}};
  Results.push_back(tu("/p/skipped.cpp", {})); // not parsed: no say

  MergedRun M = mergeResults(std::move(Results), /*FixMode=*/false);
  EXPECT_EQ(M.TypeCheckedTUs, 2u);
  ASSERT_EQ(M.UnnamedTypes.size(), 1u);
  EXPECT_EQ(M.UnnamedTypes[0].Option, "c.TensorTypes");
  EXPECT_EQ(M.UnnamedTypes[0].Name, "::torch::Tensr");
}

TEST(ClosingSummary, ErrorsFixesAndFailedFiles) {
  TUResult::Counters Counts;
  Counts.Generated = 1;
  Counts.GeneratedErrors = 1;
  Counts.CheckFilter = 1;
  RunCounts C;
  C.AnyError = true;
  C.Fixed = 1;
  C.Fixable = 1;
  EXPECT_EQ(summary(Counts, C, /*Fix=*/true, 1, {"/p/b.cpp"}),
            "1 warning and 1 error generated.\n"
            "Suppressed 1 warnings (1 with check filters).\n"
            "transformers-migrate applied 1 of 1 suggested fixes in 1 file.\n"
            "Found compiler error(s).\n"
            "Found compiler errors: 1 of 2 files could not be analysed:\n"
            "  /p/b.cpp\n");
  EXPECT_EQ(summary({}, {}), "");
}

} // namespace
