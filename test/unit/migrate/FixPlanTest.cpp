//===- FixPlanTest.cpp ----------------------------------------------------===//
//
// The merge of every translation unit's fixes (planFixes), the write
// (writeFixes) and the exit status the run then has.
//
//===----------------------------------------------------------------------===//

#include "TestFiles.h"
#include "fix/FixApplier.h"
#include "input/CompilationDatabaseLoader.h"
#include "report/ExitStatus.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/xxhash.h"
#include "gtest/gtest.h"
#include <random>

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

/// A finding in \p File whose fix replaces [Offset, Offset + Length).
Record finding(const std::string &File, unsigned Offset, unsigned Length,
               const std::string &Text) {
  Record R = findingAt(File, Offset);
  addEdit(R, Replacement(File, Offset, Length, Text));
  return R;
}

/// The content hashes each file had when it was analysed, as the runner
/// records them.
std::map<std::string, std::set<uint64_t>>
seen(std::initializer_list<std::pair<std::string, std::string>> Files) {
  std::map<std::string, std::set<uint64_t>> Out;
  for (const auto &[Path, Content] : Files)
    Out[realPathOf(Path)].insert(llvm::xxh3_64bits(Content));
  return Out;
}

PlanOptions inside(const ScratchDir &D) {
  PlanOptions O;
  O.Project.Roots = {realPathOf(D.Path)};
  return O;
}

TEST(Edits, ByFileThenOffset) {
  // tooling::Replacement's operator< compares offsets before files; a fix's
  // edits, and records told apart by their edits alone, are ordered by file
  // first (EditOrder, Model.h), as the outputs always were.
  Record R = findingAt("/p/src/a.cpp", 120);
  addEdit(R, Replacement("/p/z.h", 0, 0, "#include <x.h>\n"));
  addEdit(R, Replacement("/p/src/a.cpp", 126, 0, ")"));
  addEdit(R, Replacement("/p/src/a.cpp", 120, 0, "wrap("));
  std::vector<Replacement> Edits = R.edits();
  ASSERT_EQ(Edits.size(), 3u);
  EXPECT_EQ(Edits[0], Replacement("/p/src/a.cpp", 120, 0, "wrap("));
  EXPECT_EQ(Edits[1], Replacement("/p/src/a.cpp", 126, 0, ")"));
  EXPECT_EQ(Edits[2], Replacement("/p/z.h", 0, 0, "#include <x.h>\n"));

  Record A = findingAt("/p/src/a.cpp", 120), B = A;
  addEdit(A, Replacement("/p/src/a.cpp", 5, 0, "x"));
  addEdit(B, Replacement("/p/src/b.cpp", 1, 0, "x"));
  A.RealEdits = A.edits();
  B.RealEdits = B.edits();
  EXPECT_TRUE(A.key() < B.key());
  EXPECT_FALSE(B.key() < A.key());
  EXPECT_TRUE(A.key() != B.key());
  B.RealEdits = A.RealEdits;
  EXPECT_TRUE(A.key() == B.key());
}

TEST(PlanFixes, TheSameEditFromTwoUnitsIsAppliedOnce) {
  ScratchDir D;
  std::string H = D.write("shared.h", "f(legacy);\n");
  // A header seen by two translation units: both report the same fix.
  std::vector<Record> Records = {finding(H, 2, 6, "wrap(legacy)"),
                                 finding(H, 2, 6, "wrap(legacy)")};
  FixPlan Plan = planFixes(Records, seen({{H, "f(legacy);\n"}}), inside(D));
  EXPECT_EQ(Plan.Applied, (std::vector<bool>{true, true}));
  EXPECT_TRUE(Plan.Problems.empty());
  ASSERT_EQ(Plan.Files.size(), 1u);
  EXPECT_EQ(Plan.Files.begin()->second.Fixed, "f(wrap(legacy));\n");
  EXPECT_EQ(Plan.Files.begin()->second.Findings, (std::vector<size_t>{0, 1}));
}

TEST(PlanFixes, AConflictingFixIsNotAppliedAtAll) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "f(legacy, other);\n");
  Record First = finding(F, 2, 6, "wrap(legacy)");
  // Overlaps the first; its second edit alone would fit: none is applied.
  Record Second = finding(F, 4, 6, "x");
  addEdit(Second, Replacement(F, 10, 5, "y"));
  FixPlan Plan =
      planFixes({First, Second}, seen({{F, "f(legacy, other);\n"}}), inside(D));
  EXPECT_EQ(Plan.Applied, (std::vector<bool>{true, false}));
  ASSERT_EQ(Plan.Problems.size(), 1u);
  EXPECT_NE(Plan.Problems[0].find("it conflicts with another fix"),
            std::string::npos);
  EXPECT_EQ(Plan.Files.begin()->second.Fixed, "f(wrap(legacy), other);\n");
}

TEST(PlanFixes, OutsideTheProjectOnlyWhenAllowed) {
  ScratchDir Project, Elsewhere;
  std::string H = Elsewhere.write("vendor.h", "f(legacy);\n");
  std::vector<Record> Records = {finding(H, 2, 6, "wrap(legacy)")};
  FixPlan Plan =
      planFixes(Records, seen({{H, "f(legacy);\n"}}), inside(Project));
  EXPECT_EQ(Plan.Applied, std::vector<bool>{false});
  EXPECT_TRUE(Plan.Files.empty());
  ASSERT_EQ(Plan.Problems.size(), 1u);
  EXPECT_NE(Plan.Problems[0].find("is outside the project"), std::string::npos);

  PlanOptions Allowed = inside(Project);
  Allowed.AllowOutside = true;
  Plan = planFixes(Records, seen({{H, "f(legacy);\n"}}), Allowed);
  EXPECT_EQ(Plan.Applied, std::vector<bool>{true});
  EXPECT_EQ(Plan.Files.size(), 1u);
}

TEST(PlanFixes, HeldBackRecordsAreNotPlanned) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "f(a); g(b);\n");
  PlanOptions O = inside(D);
  O.Excluded = {true, false}; // the first failed verification (Verifier.h)
  FixPlan Plan = planFixes({finding(F, 2, 1, "A"), finding(F, 8, 1, "B")},
                           seen({{F, "f(a); g(b);\n"}}), O);
  EXPECT_EQ(Plan.Applied, (std::vector<bool>{false, true}));
  EXPECT_EQ(Plan.Files.begin()->second.Fixed, "f(a); g(B);\n");
}

TEST(PlanFixes, AFileThatChangedIsNotPlanned) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "f(legacy); // edited\n");
  std::vector<Record> Records = {finding(F, 2, 6, "wrap(legacy)")};
  // Analysed before the edit.
  FixPlan Plan = planFixes(Records, seen({{F, "f(legacy);\n"}}), inside(D));
  EXPECT_EQ(Plan.Applied, std::vector<bool>{false});
  ASSERT_EQ(Plan.Problems.size(), 1u);
  EXPECT_NE(Plan.Problems[0].find("it changed on disk since it was analysed"),
            std::string::npos);
  // Two translation units saw two contents.
  auto Twice = seen({{F, "f(legacy);\n"}});
  Twice[realPathOf(F)].insert(llvm::xxh3_64bits("f(legacy); // edited\n"));
  Plan = planFixes(Records, Twice, inside(D));
  EXPECT_EQ(Plan.Applied, std::vector<bool>{false});
  EXPECT_NE(Plan.Problems[0].find("it changed while it was being analysed"),
            std::string::npos);
}

TEST(PlanFixes, EditsThatDoNotFitAreRejected) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "f(x);\n");
  // Past the end, and a length whose sum with the offset wraps 2^32.
  for (Record R : {finding(F, 4, 10, "y"), finding(F, 2, 0xFFFFFFFFu, "y")}) {
    FixPlan Plan = planFixes({R}, seen({{F, "f(x);\n"}}), inside(D));
    EXPECT_EQ(Plan.Applied, std::vector<bool>{false});
    ASSERT_EQ(Plan.Problems.size(), 1u);
    EXPECT_NE(Plan.Problems[0].find("its fixes do not fit"), std::string::npos);
    EXPECT_EQ(readAll(F), "f(x);\n");
  }
}

/// Which of \p Records (edits in one file) conflict with the fixes accepted
/// before them, comparing every edit with every accepted one by overlaps()
/// (Model.h): planFixes' decisions as they were before its accepted edits
/// were indexed (issue 26, item 8).
std::vector<bool> conflictsPairwise(const std::vector<Record> &Records) {
  std::vector<Replacement> Accepted;
  std::vector<bool> Conflicts;
  for (const Record &R : Records) {
    std::vector<Replacement> New;
    bool Ok = true;
    for (const Replacement &E : R.edits()) {
      if (llvm::is_contained(Accepted, E))
        continue;
      for (const Replacement &A : Accepted)
        Ok = Ok && !overlaps(A, E);
      for (const Replacement &N : New)
        Ok = Ok && (N == E || !overlaps(N, E));
      New.push_back(E);
    }
    if (Ok)
      Accepted.insert(Accepted.end(), New.begin(), New.end());
    Conflicts.push_back(!Ok);
  }
  return Conflicts;
}

TEST(PlanFixes, ConflictsAreThoseOfAPairwiseComparison) {
  ScratchDir D;
  const std::string Content(48, 'x');
  std::string F = D.write("a.cpp", Content);
  std::mt19937 Random(26);
  auto Pick = [&Random](unsigned N) { return unsigned(Random() % N); };
  for (int Round = 0; Round < 300; ++Round) {
    // Dense edits in a small file: insertions, replacements, repeats,
    // touching and nested ones; now and then an end that wraps 2^32.
    bool Wraps = Round % 10 == 9;
    std::vector<Record> Records;
    for (unsigned I = 0, N = 2 + Pick(30); I < N; ++I) {
      Record R = findingAt(F, 0);
      R.At = {I + 1, 1}; // where() tells the records apart
      for (unsigned K = 0, Edits = 1 + Pick(3); K < Edits; ++K) {
        unsigned Offset = Pick(Content.size());
        unsigned Length = Pick(3) ? 0 : 1 + Pick(Content.size() - Offset);
        if (Wraps && Pick(8) == 0)
          Length = 0xFFFFFFF0u + Pick(16);
        // A record's edits never overlap one another (clang-tidy's
        // tooling::Replacements refuses such a fix): an edit that does not
        // fit its own record is left out, as clang-tidy would.
        llvm::consumeError(
            R.Diag.Message.Fix[F].add(clang::tooling::Replacement(
                F, Offset, Length, Pick(2) ? "a" : "b")));
      }
      Records.push_back(std::move(R));
    }
    FixPlan Plan = planFixes(Records, seen({{F, Content}}), inside(D));

    std::vector<bool> Expected = conflictsPairwise(Records);
    std::vector<bool> Conflicts(Records.size(), false);
    for (const std::string &P : Plan.Problems)
      for (size_t I = 0; I < Records.size(); ++I)
        if (P == "fix for " + where(Records[I]) +
                     " [transformers-legacy-cache] not applied: it conflicts "
                     "with another fix")
          Conflicts[I] = true;
    ASSERT_EQ(Conflicts, Expected) << "round " << Round;
    if (Wraps)
      continue; // the whole file does not fit
    std::vector<bool> Applied;
    for (bool C : Expected)
      Applied.push_back(!C);
    EXPECT_EQ(Plan.Applied, Applied) << "round " << Round;
  }
}

TEST(WriteFixes, WritesThePlanAndReportsWhatItCouldNot) {
  ScratchDir D;
  std::string A = D.write("a.cpp", "f(legacy);\n");
  std::string B = D.write("b.cpp", "g(legacy);\n");
  std::vector<Record> Records = {finding(A, 2, 6, "wrap(legacy)"),
                                 finding(B, 2, 6, "wrap(legacy)")};
  FixPlan Plan = planFixes(
      Records, seen({{A, "f(legacy);\n"}, {B, "g(legacy);\n"}}), inside(D));
  ASSERT_EQ(Plan.Files.size(), 2u);
  // b.cpp is edited by its user after the plan was made.
  D.write("b.cpp", "g(legacy); // mine\n");
  WriteProblems Problems = writeFixes(Plan);
  EXPECT_EQ(readAll(A), "f(wrap(legacy));\n");
  EXPECT_EQ(readAll(B), "g(legacy); // mine\n");
  EXPECT_EQ(Plan.Applied, (std::vector<bool>{true, false}));
  EXPECT_EQ(Plan.Files.size(), 1u);
  ASSERT_EQ(Problems.Lines.size(), 1u);
  EXPECT_EQ(Problems.Lines[0], realPathOf(B) +
                                   ": not written: it changed on disk since "
                                   "it was analysed");
}

TEST(ExitStatus, Precedence) {
  EXPECT_EQ(exitCodeFor({}), ExitClean);
  EXPECT_EQ(exitCodeFor({/*IOError=*/false, 0, /*RemainingFindings=*/2}),
            ExitFindings);
  EXPECT_EQ(exitCodeFor({false, /*FailedTUs=*/1, 2}), ExitFailedTU);
  // A missing output outranks everything: CI must not read a report that
  // was never written as "findings" or "clean".
  EXPECT_EQ(exitCodeFor({/*IOError=*/true, 0, 0}), ExitUsage);
  EXPECT_EQ(exitCodeFor({true, 1, 2}), ExitUsage);
}

} // namespace
