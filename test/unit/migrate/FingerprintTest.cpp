//===- FingerprintTest.cpp ------------------------------------------------===//
//
// A finding's fingerprint (report/Fingerprint.h): paths relative to the
// project's root, and a hash that ignores where in the file the finding is
// but not what it is, in which declaration, file and check, nor which of
// several identical findings of one declaration it is.
//
//===----------------------------------------------------------------------===//

#include "report/Fingerprint.h"
#include "TestFiles.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

TEST(FingerprintProjectRelative, BelowTheRoot) {
  EXPECT_EQ(projectRelative("/p/src/a.cpp", "/p"), "src/a.cpp");
  EXPECT_EQ(projectRelative("/p/a.cpp", "/p"), "a.cpp");
}

TEST(FingerprintProjectRelative, OutsideTheRoot) {
  EXPECT_EQ(projectRelative("/vendor/x.h", "/p"), "../vendor/x.h");
  EXPECT_EQ(projectRelative("/q/x.h", "/p/sub"), "../../q/x.h");
  // Components, not characters: /p2 is not below /p.
  EXPECT_EQ(projectRelative("/p2/a.h", "/p"), "../p2/a.h");
}

TEST(FingerprintProjectRelative, EqualAndEmptyRoot) {
  EXPECT_EQ(projectRelative("/p", "/p"), ".");
  EXPECT_EQ(projectRelative("/p/src/a.cpp", ""), "/p/src/a.cpp");
}

/// A finding of \p Check in \p File with the scope and subject
/// FindingContext would have given it.
Record finding(const std::string &File, unsigned Offset,
               const std::string &Scope, const std::string &Subject,
               const std::string &Check = "transformers-legacy-cache") {
  Record R = findingAt(File, Offset);
  R.Diag.DiagnosticName = Check;
  R.Scope = Scope;
  R.Subject = Subject;
  return R;
}

std::string fingerprintOf(Record R, llvm::StringRef Root = "/p") {
  std::vector<Record> Records{std::move(R)};
  assignFingerprints(Records, Root);
  return Records[0].Fingerprint;
}

const char *const Call = "model.generate(ids,{},{.past_key_values=legacy})";

TEST(FingerprintAssign, IsTheDocumentedHash) {
  // SHA-256 of "transformersTidy/v1", check, path, scope, subject and
  // occurrence, each ended by a NUL, first 16 bytes in lowercase hex
  // (computed with Python's hashlib). A baseline holds these: a change of
  // the computation needs a new FingerprintKey.
  EXPECT_EQ(fingerprintOf(finding("/p/src/a.cpp", 10, "ns::run", Call)),
            "5aeb1cd439dce4ffbafdcb76bcebb6cf");
}

TEST(FingerprintAssign, MovingTheFindingKeepsIt) {
  Record Before = finding("/p/src/a.cpp", 10, "ns::run", Call);
  Before.At = {3, 5};
  Record After = finding("/p/src/a.cpp", 4000, "ns::run", Call);
  After.At = {120, 9};
  std::string Fingerprint = fingerprintOf(Before);
  EXPECT_EQ(Fingerprint.size(), 32u);
  EXPECT_EQ(fingerprintOf(After), Fingerprint);
  // The same tree checked out elsewhere: paths are relative to the root.
  EXPECT_EQ(fingerprintOf(finding("/home/ci/w/src/a.cpp", 10, "ns::run", Call),
                          "/home/ci/w"),
            Fingerprint);
}

TEST(FingerprintAssign, WhatTheFindingIsChangesIt) {
  std::string Base =
      fingerprintOf(finding("/p/src/a.cpp", 10, "ns::run", Call));
  EXPECT_NE(fingerprintOf(finding("/p/src/a.cpp", 10, "ns::resume", Call)),
            Base);
  EXPECT_NE(fingerprintOf(finding("/p/src/a.cpp", 10, "ns::run",
                                  "model.generate(ids,{},{})")),
            Base);
  EXPECT_NE(
      fingerprintOf(finding("/p/src/a.cpp", 10, "ns::run", Call,
                            "transformers-cache-implementation-conflict")),
      Base);
  EXPECT_NE(fingerprintOf(finding("/p/src/b.cpp", 10, "ns::run", Call)), Base);
  // The fields are delimited: moving a character from scope to subject
  // is another finding.
  EXPECT_NE(fingerprintOf(
                finding("/p/src/a.cpp", 10, "ns::ru", std::string("n") + Call)),
            Base);
}

TEST(FingerprintAssign, IdenticalFindingsOfOneScopeDifferByOrder) {
  std::vector<Record> Records{finding("/p/src/a.cpp", 10, "ns::run", Call),
                              finding("/p/src/a.cpp", 20, "ns::run", "other"),
                              finding("/p/src/a.cpp", 30, "ns::run", Call),
                              // Another file's occurrences are counted apart.
                              finding("/p/src/b.cpp", 10, "ns::run", Call)};
  assignFingerprints(Records, "/p");
  EXPECT_NE(Records[0].Fingerprint, Records[2].Fingerprint);
  EXPECT_EQ(Records[0].Fingerprint,
            fingerprintOf(finding("/p/src/a.cpp", 10, "ns::run", Call)));
  EXPECT_EQ(Records[1].Fingerprint,
            fingerprintOf(finding("/p/src/a.cpp", 20, "ns::run", "other")));
  EXPECT_EQ(Records[3].Fingerprint,
            fingerprintOf(finding("/p/src/b.cpp", 10, "ns::run", Call)));

  // The first one fixed: the second is now the first occurrence, and takes
  // the fingerprint the first one had.
  std::vector<Record> Later{finding("/p/src/a.cpp", 30, "ns::run", Call)};
  assignFingerprints(Later, "/p");
  EXPECT_EQ(Later[0].Fingerprint, Records[0].Fingerprint);
}

TEST(FingerprintAssign, OnlyFindings) {
  std::vector<Record> Records{finding("/p/src/a.cpp", 10, "", "x")};
  Records.push_back(
      Record::error("/p/src/a.cpp", "no such file", "/p/a.cpp", "/p/build"));
  Records.push_back(finding("/p/src/a.cpp", 12, "", "y"));
  Records.back().FixNotApplied = true;
  assignFingerprints(Records, "/p");
  EXPECT_FALSE(Records[0].Fingerprint.empty());
  EXPECT_TRUE(Records[1].Fingerprint.empty());
  EXPECT_TRUE(Records[2].Fingerprint.empty());
}

TEST(FingerprintFindingPath, RealPathBelowTheRoot) {
  Record R = findingAt("/p/link/a.h", 1);
  R.RealFile = "/p/src/a.h";
  EXPECT_EQ(findingPath(R, "/p"), "src/a.h");
  // A link from inside the project to a file outside it: the spelled path.
  R.RealFile = "/elsewhere/a.h";
  EXPECT_EQ(findingPath(R, "/p"), "link/a.h");
  // Outside both ways: the real path.
  R = findingAt("/q/a.h", 1);
  R.RealFile = "/r/a.h";
  EXPECT_EQ(findingPath(R, "/p"), "../r/a.h");
}

} // namespace
