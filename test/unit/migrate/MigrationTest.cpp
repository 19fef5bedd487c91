//===- MigrationTest.cpp --------------------------------------------------===//
//
// The pipeline behind main() (Migration.h), end to end on a scratch project
// parsed with the reference library's real headers: what is analysed,
// planned, held back, exported and written, and the exit status each run
// has.
//
//===----------------------------------------------------------------------===//

#include "Migration.h"
#include "LibraryRun.h"
#include "TestFiles.h"
#include "input/CheckConfig.h"
#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"
#include <set>

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

/// A run over \p Files of \p D, with the library's headers and nothing
/// cached or skipped.
MigrationRequest request(const ScratchDir &D, std::vector<std::string> Files) {
  MigrationRequest R = libraryRun(D, std::move(Files));
  R.Fast.Prefilter = false;
  R.Fast.Cache = false;
  return R;
}

/// Runs every stage of \p R; what the stages logged goes to \p Log.
std::unique_ptr<Migration> runAll(MigrationRequest R, CheckConfig &Cfg,
                                  std::string &Log) {
  auto M = Migration::open(std::move(R), Cfg);
  if (!M) {
    ADD_FAILURE() << toString(M.takeError());
    return nullptr;
  }
  llvm::raw_string_ostream OS(Log);
  if (llvm::Error E = (*M)->analyse(nullptr, OS))
    ADD_FAILURE() << toString(std::move(E));
  (*M)->plan(OS);
  (*M)->commit(OS);
  return std::move(*M);
}

unsigned countFixNotApplied(const Migration &M) {
  unsigned N = 0;
  for (const Record &R : M.records())
    N += R.FixNotApplied;
  return N;
}

TEST(Migration, ReportsWithoutWritingAndExitsOne) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  auto Cfg = config();
  std::string Log;
  auto M = runAll(request(D, {A}), *Cfg, Log);
  ASSERT_TRUE(M);
  ASSERT_EQ(M->records().size(), 1u);
  EXPECT_EQ(M->records()[0].check().str(), "transformers-legacy-cache");
  EXPECT_EQ(M->records()[0].At.Line, 6u);
  EXPECT_TRUE(M->fixPlan().Files.empty()); // nothing planned without a fix
  EXPECT_EQ(readAll(A), LegacyHandOff);
  EXPECT_EQ(exitCodeFor(M->outcome(false)), ExitFindings);
}

TEST(Migration, FixWritesEveryFixAndExitsClean) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  std::string B = D.write("b.cpp", LibraryClean);
  auto Cfg = config();
  MigrationRequest R = request(D, {A, B});
  R.Fix = true;
  std::string Log;
  auto M = runAll(std::move(R), *Cfg, Log);
  ASSERT_TRUE(M);
  EXPECT_NE(readAll(A).find("model.forward(ids, "
                            "transformers::DynamicCache::from_legacy_cache("
                            "legacy));"),
            std::string::npos)
      << readAll(A);
  EXPECT_EQ(readAll(B), LibraryClean);
  EXPECT_EQ(M->counts().Fixed, 1u);
  EXPECT_EQ(M->counts().Remaining, 0u);
  EXPECT_TRUE(M->problems().empty());
  EXPECT_EQ(exitCodeFor(M->outcome(false)), ExitClean);
  // The report of a clean run still says the output was lost.
  EXPECT_EQ(exitCodeFor(M->outcome(true)), ExitUsage);
}

// A factory that does not exist makes a fix that cannot compile: the
// verification holds it back (the file is not written, the finding stays
// and says why); without it the broken fix is written.
TEST(Migration, VerifyHoldsBackAFixThatDoesNotCompile) {
  const std::string Broken =
      "{CheckOptions: {transformers-legacy-cache.CacheFactory: "
      "'nowhere::from_legacy'}}";
  {
    ScratchDir D;
    std::string A = D.write("a.cpp", LegacyHandOff);
    auto Cfg = config(Broken);
    MigrationRequest R = request(D, {A});
    R.Fix = true;
    std::string Log;
    auto M = runAll(std::move(R), *Cfg, Log);
    ASSERT_TRUE(M);
    EXPECT_EQ(readAll(A), LegacyHandOff);
    EXPECT_EQ(countFixNotApplied(*M), 1u);
    EXPECT_TRUE(M->fixPlan().Files.empty());
    EXPECT_EQ(M->counts().Remaining, 1u);
    EXPECT_EQ(exitCodeFor(M->outcome(false)), ExitFindings);
  }
  {
    ScratchDir D;
    std::string A = D.write("a.cpp", LegacyHandOff);
    auto Cfg = config(Broken);
    MigrationRequest R = request(D, {A});
    R.Fix = true;
    R.Verify = false;
    std::string Log;
    auto M = runAll(std::move(R), *Cfg, Log);
    ASSERT_TRUE(M);
    EXPECT_NE(readAll(A).find("nowhere::from_legacy(legacy)"),
              std::string::npos);
    EXPECT_EQ(countFixNotApplied(*M), 0u);
  }
}

TEST(Migration, AnExportThatCannotBeWrittenStopsEveryWrite) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  auto Cfg = config();
  MigrationRequest R = request(D, {A});
  R.Fix = true;
  R.ExportFixesPath = D.path("missing-directory/fixes.yaml");
  std::string Log;
  auto M = runAll(std::move(R), *Cfg, Log);
  ASSERT_TRUE(M);
  EXPECT_EQ(readAll(A), LegacyHandOff);
  EXPECT_NE(Log.find("error: "), std::string::npos) << Log;
  ASSERT_FALSE(M->problems().empty());
  EXPECT_EQ(M->problems().back(),
            "no file was written: the run had an I/O error");
  EXPECT_EQ(exitCodeFor(M->outcome(false)), ExitUsage);
}

TEST(Migration, FilesThatCannotBeParsedFailTheRunNotTheOthers) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  std::string Broken = D.write("broken.cpp", "int x = ;\n");
  // Not source text: failed before any parse (unusableSource).
  std::string Binary = D.write("binary.cpp", llvm::StringRef("\x7f"
                                                             "ELF\0\0",
                                                             6));
  auto Cfg = config();
  std::string Log;
  auto M = runAll(request(D, {A, Broken, Binary}), *Cfg, Log);
  ASSERT_TRUE(M);
  std::set<std::string> Failed(M->merged().Summary.FailedFiles.begin(),
                               M->merged().Summary.FailedFiles.end());
  EXPECT_EQ(Failed, (std::set<std::string>{Broken, Binary}));
  EXPECT_EQ(M->counts().Remaining, 1u); // a.cpp is still analysed
  EXPECT_EQ(exitCodeFor(M->outcome(false)), ExitFailedTU);
}

TEST(Migration, ABadConfigurationStopsTheRunBeforeAnyParse) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  D.write(".clang-tidy", "Checks: [unterminated\n");
  auto Cfg = config();
  auto M = Migration::open(request(D, {A}), *Cfg);
  ASSERT_FALSE(M);
  std::vector<std::string> Lines;
  llvm::handleAllErrors(M.takeError(), [&](const llvm::ErrorInfoBase &E) {
    Lines.push_back(E.message());
  });
  ASSERT_EQ(Lines.size(), 2u);
  EXPECT_NE(Lines[0].find(".clang-tidy"), std::string::npos) << Lines[0];
  EXPECT_EQ(Lines[1],
            "nothing was analysed or written; fix the configuration first");
}

TEST(ShardFiles, EveryFileInExactlyOneShard) {
  std::vector<std::string> Files;
  for (int I = 0; I < 50; ++I)
    Files.push_back("/project/src/f" + std::to_string(I) + ".cpp");
  std::multiset<std::string> Union;
  for (unsigned K = 1; K <= 4; ++K)
    for (const std::string &F : shardFiles(Files, "/project", K, 4))
      Union.insert(F);
  EXPECT_EQ(Union, std::multiset<std::string>(Files.begin(), Files.end()));
  // Relative to the root: the same partition wherever the tree is.
  for (unsigned K = 1; K <= 4; ++K) {
    std::vector<std::string> Moved;
    for (const std::string &F : Files)
      Moved.push_back("/elsewhere/checkout" + F.substr(strlen("/project")));
    std::vector<std::string> Here = shardFiles(Files, "/project", K, 4);
    std::vector<std::string> There =
        shardFiles(Moved, "/elsewhere/checkout", K, 4);
    ASSERT_EQ(Here.size(), There.size());
    for (size_t I = 0; I < Here.size(); ++I)
      EXPECT_EQ(Here[I].substr(strlen("/project")),
                There[I].substr(strlen("/elsewhere/checkout")));
  }
}

TEST(UnusableSource, SaysWhy) {
  ScratchDir D;
  EXPECT_EQ(unusableSource(D.write("ok.cpp", "int x;\n")), std::nullopt);
  EXPECT_EQ(unusableSource(D.path("missing.cpp")), "no such file");
  EXPECT_EQ(unusableSource(D.Path), "this is a directory, not a source file");
  EXPECT_EQ(unusableSource(D.write("bin.cpp", llvm::StringRef("a\0b", 3))),
            "this is not a source file: it contains NUL bytes");
}

} // namespace
