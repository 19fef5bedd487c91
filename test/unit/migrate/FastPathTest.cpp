//===- FastPathTest.cpp ---------------------------------------------------===//
//
// The fast paths never change the verdict (FastPath.h, issue 26): special
// files are read as clang reads them, a TU whose preprocessing fails is
// parsed rather than skipped, and a cache that cannot be used is a warning,
// the run going on as with --no-cache.
//
//===----------------------------------------------------------------------===//

#include "LibraryRun.h"
#include "Migration.h"
#include "TestFiles.h"
#include "input/CheckConfig.h"
#include "support/StableFileSystem.h"
#include "llvm/ADT/StringExtras.h"
#include "gtest/gtest.h"
#include <fstream>
#include <sys/stat.h>
#include <thread>

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

TEST(StableFileSystem, ADeviceIsReadAsClangReadsIt) {
  auto FS = createStableFileSystem();
  auto F = FS->openFileForRead("/dev/zero");
  ASSERT_TRUE(F);
  // Asked for everything up to its end, as the dependency scanner asks: what
  // its size says (nothing), not an endless read.
  auto Buf = (*F)->getBuffer("/dev/zero");
  ASSERT_TRUE(Buf);
  EXPECT_EQ((*Buf)->getBufferSize(), 0u);
}

TEST(StableFileSystem, ANamedPipeIsReadToItsEnd) {
  ScratchDir D;
  std::string Pipe = D.path("pipe.h");
  ASSERT_EQ(::mkfifo(Pipe.c_str(), 0600), 0);
  // Its size says nothing: clang reads a pipe until its writer closes it.
  std::thread Writer([&] { std::ofstream(Pipe) << "int from_the_pipe;\n"; });
  auto FS = createStableFileSystem();
  auto F = FS->openFileForRead(Pipe);
  ASSERT_TRUE(F);
  auto Buf = (*F)->getBuffer(Pipe);
  Writer.join();
  ASSERT_TRUE(Buf);
  EXPECT_EQ((*Buf)->getBuffer(), "int from_the_pipe;\n");
}

/// A run over \p Files with the prefilter and the cache in \p CacheDir.
MigrationRequest request(const ScratchDir &D, std::vector<std::string> Files,
                         const std::string &CacheDir) {
  MigrationRequest R = libraryRun(D, std::move(Files));
  R.Fast.CacheOptions.Dir = CacheDir;
  R.Fast.Cache = !CacheDir.empty();
  R.Fast.CacheOptions.Argv0 = "transformers-migrate-unit-tests";
  R.Fast.CacheOptions.MainAddr = reinterpret_cast<void *>(&request);
  R.Stats = true;
  return R;
}

size_t count(llvm::StringRef Text, llvm::StringRef Word) {
  size_t N = 0;
  for (size_t P = Text.find(Word); P != llvm::StringRef::npos;
       P = Text.find(Word, P + 1))
    ++N;
  return N;
}

TEST(Prefilter, ATUThatDoesNotPreprocessIsParsedNotSkipped) {
  ScratchDir D;
  // Neither reaches the library; #error is a directive the dependency
  // scanner itself drops.
  std::string Clean = D.write("clean.cpp", "int clean() { return 0; }\n");
  std::string Error = D.write("error.cpp", "#if 1\n#error unsupported\n#endif\n"
                                           "int error() { return 0; }\n");
  std::string Open = D.write("open.cpp", "#if 1\nint open() { return 0; }\n");
  Analysed R = analyse(request(D, {Clean, Error, Open}, ""));
  ASSERT_TRUE(R.M);
  EXPECT_NE(R.Log.find("1 skipped by the prefilter"), std::string::npos)
      << R.Log;
  EXPECT_EQ(R.M->merged().Summary.FailedFiles,
            (std::vector<std::string>{Error, Open}));
  EXPECT_EQ(exitCodeFor(R.M->outcome(false)), ExitFailedTU);
}

TEST(ResultCache, AFileInPlaceOfTheDirectoryIsAWarning) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  std::string NotADir = D.write("cache", "a file\n");
  Analysed Plain = analyse(request(D, {A}, ""));
  Analysed Cached = analyse(request(D, {A}, NotADir));
  ASSERT_TRUE(Plain.M && Cached.M);
  EXPECT_EQ(count(Cached.Log, "warning: result cache disabled: '" + NotADir +
                                  "' is not a directory\n"),
            1u)
      << Cached.Log;
  EXPECT_EQ(count(Cached.Log, "cache disabled"), 1u) << Cached.Log;
  EXPECT_EQ(Cached.Findings, Plain.Findings);
  EXPECT_EQ(exitCodeFor(Cached.M->outcome(false)), ExitFindings);
  EXPECT_EQ(readAll(NotADir), "a file\n");
}

TEST(ResultCache, AUsableCacheSaysNothing) {
  ScratchDir D;
  std::string A = D.write("a.cpp", LegacyHandOff);
  Analysed Cold = analyse(request(D, {A}, D.path("cache")));
  Analysed Warm = analyse(request(D, {A}, D.path("cache")));
  ASSERT_TRUE(Cold.M && Warm.M);
  EXPECT_EQ(Cold.Log.find("cache disabled"), std::string::npos) << Cold.Log;
  EXPECT_NE(Warm.Log.find("1 results from the cache"), std::string::npos)
      << Warm.Log;
  EXPECT_EQ(Warm.Findings, Cold.Findings);
  // The probe leaves nothing behind.
  EXPECT_EQ(count(llvm::join(listDir(D.path("cache/v1")), " "), "probe"), 0u);
}

} // namespace
