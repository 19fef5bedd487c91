//===- DriverBufferTest.cpp -----------------------------------------------===//
//
// The driver library run over unsaved buffers (TidyWorker::run with
// UnsavedFile, TidyDriver.h), as the language server will run it: the
// findings, positions and fixes are those of the buffer's text, not of the
// file on disk; a file may exist only as a buffer; a buffer that does not
// compile is a failed TU. Parsed with the reference library's headers.
//
//===----------------------------------------------------------------------===//

#include "LibraryRun.h"
#include "TestFiles.h"
#include "driver/TidyDriver.h"
#include "driver/ToolArguments.h"
#include "input/CheckConfig.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"
#include "gtest/gtest.h"

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

/// Two lines more than LegacyHandOff before it: the finding moves by them.
const std::string Shifted =
    std::string("// unsaved\n// edits\n") + LegacyHandOff;

/// One worker over the default configuration, and the command that parses
/// a file of the scratch directory with the library's headers.
class DriverBuffers : public ::testing::Test {
protected:
  void SetUp() override {
    Cfg = config();
    ASSERT_TRUE(Cfg);
    Worker = std::make_unique<TidyWorker>(Cfg->workerProvider());
    Opts.Jobs = 1;
    Opts.ResourceDir = TT_MIGRATE_RESOURCE_DIR;
  }

  TUResult run(const std::string &File,
               llvm::ArrayRef<UnsavedFile> Unsaved = {}) {
    clang::tooling::CompileCommand Cmd(
        D.Path, File,
        {"clang++", "-std=c++20", "-I", TT_TEST_LIBRARY_INCLUDE_DIR, File}, "");
    return Worker->run(Cmd, File, Cfg->configFor(File), Opts, Unsaved);
  }

  ScratchDir D;
  std::unique_ptr<CheckConfig> Cfg;
  std::unique_ptr<TidyWorker> Worker;
  RunOptions Opts;
};

/// The real file system, but for one file, which is seen to grow once it has
/// been read: as if it were written while the TU is parsed.
class GrowsAfterRead : public llvm::vfs::ProxyFileSystem {
public:
  explicit GrowsAfterRead(std::string Name)
      : ProxyFileSystem(llvm::vfs::createPhysicalFileSystem()),
        Name(std::move(Name)) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (llvm::sys::path::filename(Path.str()) == Name)
      Read = true;
    return ProxyFileSystem::openFileForRead(Path);
  }
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Path);
    if (S && Read && llvm::sys::path::filename(Path.str()) == Name)
      return llvm::vfs::Status::copyWithNewSize(*S, S->getSize() + 1);
    return S;
  }

private:
  std::string Name;
  bool Read = false;
};

/// \p Text with the fix of \p R applied to \p File's edits.
std::string applyFix(const Record &R, const std::string &File,
                     const std::string &Text) {
  auto It = R.Diag.Message.Fix.find(File);
  if (It == R.Diag.Message.Fix.end())
    return "<no fix for " + File + ">";
  llvm::Expected<std::string> Fixed =
      clang::tooling::applyAllReplacements(Text, It->second);
  if (!Fixed)
    return "<" + llvm::toString(Fixed.takeError()) + ">";
  return *Fixed;
}

TEST_F(DriverBuffers, FindingAndFixAreTheBuffersNotTheDisks) {
  std::string A = D.write("a.cpp", LibraryClean);
  // The disk alone has nothing to find.
  TUResult OnDisk = run(A);
  ASSERT_FALSE(OnDisk.Failed);
  EXPECT_TRUE(OnDisk.Findings.empty());

  // The same text on disk elsewhere: where the finding and its fix must be.
  std::string B = D.write("b.cpp", Shifted);
  TUResult Reference = run(B);
  ASSERT_FALSE(Reference.Failed);
  ASSERT_EQ(Reference.Findings.size(), 1u);
  const Record &Ref = Reference.Findings[0];

  TUResult R = run(A, {{A, Shifted}});
  ASSERT_FALSE(R.Failed);
  ASSERT_EQ(R.Findings.size(), 1u);
  const Record &F = R.Findings[0];
  EXPECT_EQ(F.check().str(), "transformers-legacy-cache");
  EXPECT_EQ(F.file().str(), A);
  EXPECT_EQ(F.At.Line, 8u); // line 6 of LegacyHandOff, two lines down
  EXPECT_EQ(F.offset(), Ref.offset());
  EXPECT_EQ(F.At.Line, Ref.At.Line);
  EXPECT_EQ(F.At.Column, Ref.At.Column);
  EXPECT_LT(F.offset(), Shifted.size());
  EXPECT_EQ(llvm::StringRef(Shifted).substr(F.offset(), 7), "legacy)");

  std::string FixedBuffer = applyFix(F, A, Shifted);
  EXPECT_NE(FixedBuffer, Shifted);
  EXPECT_EQ(FixedBuffer, applyFix(Ref, B, Shifted));
  // The content the fix was computed on is the buffer's.
  ASSERT_EQ(R.ContentHashes.count(A), 1u);
  EXPECT_EQ(R.ContentHashes[A], llvm::xxh3_64bits(Shifted));
  // The disk is left as it was.
  EXPECT_EQ(readAll(A), LibraryClean);
}

TEST_F(DriverBuffers, BufferThatFixesTheFileHasNoFinding) {
  std::string A = D.write("a.cpp", LegacyHandOff);
  TUResult OnDisk = run(A);
  ASSERT_FALSE(OnDisk.Failed);
  EXPECT_EQ(OnDisk.Findings.size(), 1u);

  TUResult R = run(A, {{A, LibraryClean}});
  EXPECT_FALSE(R.Failed);
  EXPECT_TRUE(R.Findings.empty());
  EXPECT_TRUE(R.Errors.empty());
}

TEST_F(DriverBuffers, FileThatExistsOnlyAsABuffer) {
  std::string Only = D.path("only.cpp");
  ASSERT_FALSE(llvm::sys::fs::exists(Only));
  TUResult R = run(Only, {{Only, LegacyHandOff}});
  ASSERT_FALSE(R.Failed) << (R.Errors.empty() ? ""
                                              : R.Errors[0].message().str());
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].file().str(), Only);
  EXPECT_EQ(R.Findings[0].At.Line, 6u);
  EXPECT_NE(applyFix(R.Findings[0], Only, LegacyHandOff), LegacyHandOff);
  EXPECT_FALSE(llvm::sys::fs::exists(Only));
}

TEST_F(DriverBuffers, RelativeBufferPathIsInTheCommandsDirectory) {
  std::string A = D.write("a.cpp", LibraryClean);
  TUResult R = run(A, {{"a.cpp", LegacyHandOff}});
  ASSERT_FALSE(R.Failed);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(R.Findings[0].file().str(), A);
}

TEST_F(DriverBuffers, HeaderBufferIsReadByTheParse) {
  // A buffer of a file the main file includes is what the parse reads.
  std::string H = D.write("step.h", "#pragma once\nint step();\n");
  std::string A = D.write("a.cpp", "#include \"step.h\"\nint use() { "
                                   "return step(); }\n");
  EXPECT_FALSE(run(A).Failed);
  TUResult R = run(A, {{H, "#pragma once\nint step(;\n"}});
  EXPECT_TRUE(R.Failed);
  ASSERT_FALSE(R.Errors.empty());
  // The header's own error, at its line in the buffer (the disk's line 2
  // compiles).
  std::vector<std::string> Errors;
  for (const Record &E : R.Errors)
    Errors.push_back(E.file().str() + ":" + std::to_string(E.At.Line) + ": " +
                     E.message().str());
  EXPECT_TRUE(llvm::any_of(R.Errors, [&](const Record &E) {
    return E.file() == H && E.At.Line == 2;
  })) << llvm::join(Errors, "\n");
}

TEST_F(DriverBuffers, DiskFileChangedUnderTheParseIsStillReported) {
  // The buffer includes a header from disk that changes while it is parsed:
  // the TU is reported as changed, as without buffers; the buffer itself,
  // which no one writes, is not.
  std::string H = D.write("shared.h", "#pragma once\nint shared();\n");
  std::string A = D.write("a.cpp", LibraryClean);
  const std::string Buffer =
      std::string("#include \"shared.h\"\n") + LibraryClean;
  EXPECT_FALSE(run(A, {{A, Buffer}}).Failed);

  Opts.FileSystem = llvm::makeIntrusiveRefCnt<GrowsAfterRead>("shared.h");
  TUResult R = run(A, {{A, Buffer}});
  EXPECT_TRUE(R.Failed);
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Errors[0].file().str(), H);
  EXPECT_TRUE(R.Errors[0].message().contains("changed on disk"))
      << R.Errors[0].message().str();
}

TEST_F(DriverBuffers, BufferThatDoesNotCompileIsAFailedTU) {
  std::string A = D.write("a.cpp", LegacyHandOff);
  const std::string Broken = std::string(LegacyHandOff) + "int broken(;\n";
  TUResult R = run(A, {{A, Broken}});
  EXPECT_TRUE(R.Failed);
  EXPECT_TRUE(R.Findings.empty());
  ASSERT_FALSE(R.Errors.empty());
  const Record &E = R.Errors[0];
  EXPECT_EQ(E.file().str(), A);
  EXPECT_EQ(E.At.Line, 8u); // the buffer's last line, which the disk lacks
  EXPECT_GE(E.offset(), llvm::StringRef(LegacyHandOff).size());
}

} // namespace
