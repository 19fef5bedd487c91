//===- SafeFileWriterTest.cpp ---------------------------------------------===//

#include "support/SafeFileWriter.h"
#include "TestFiles.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace tmigrate;
using namespace tmigrate::testing;

namespace {

std::string errorOf(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}

/// The kind of \p E's WriteFailure; Ok when there is no error.
enum class Outcome { Ok, Changed, Refused, IOError, Other };
Outcome outcomeOf(llvm::Error E) {
  Outcome O = Outcome::Ok;
  llvm::handleAllErrors(
      std::move(E),
      [&](const WriteFailure &F) {
        O = F.kind() == WriteFailure::Changed   ? Outcome::Changed
            : F.kind() == WriteFailure::Refused ? Outcome::Refused
                                                : Outcome::IOError;
      },
      [&](const llvm::ErrorInfoBase &) { O = Outcome::Other; });
  return O;
}

mode_t modeOf(const std::string &P) {
  struct stat St;
  return ::stat(P.c_str(), &St) ? 0 : St.st_mode & 07777;
}

TEST(ReplaceFileContent, ReplacesWhenUnchanged) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n")), "");
  EXPECT_EQ(readAll(F), "new\n");
  // Nothing is left next to it.
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"a.cpp"});
}

TEST(ReplaceFileContent, RefusesAChangedFile) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "edited\n");
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n")),
            "it changed on disk since it was analysed");
  EXPECT_EQ(readAll(F), "edited\n");
}

TEST(ReplaceFileContent, KeepsAnEditMadeBeforeTheCommit) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  std::string SeenTemporary;
  auto EditNow = [&](llvm::StringRef Target, llvm::StringRef Temporary) {
    SeenTemporary = Temporary.str();
    EXPECT_EQ(readAll(Temporary), "new\n"); // complete before the check
    std::error_code EC;
    llvm::raw_fd_ostream OS(Target, EC, llvm::sys::fs::OF_Append);
    OS << "typed\n";
  };
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n", EditNow)),
            "it changed on disk while it was being written");
  EXPECT_EQ(readAll(F), "old\ntyped\n");
  EXPECT_FALSE(llvm::sys::fs::exists(SeenTemporary));
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"a.cpp"});
}

// An editor that saves by writing a new file and renaming it over the old
// one, in the instant between the last check and the exchange: the new file
// is swapped out, seen not to be the analysed one, and swapped back.
TEST(ReplaceFileContent, KeepsAFileSavedByRenameJustBeforeTheExchange) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  auto SaveByRename = [&](llvm::StringRef Target, llvm::StringRef) {
    std::string Saved = D.write("a.cpp.editor-swap", "saved by the editor\n");
    ASSERT_EQ(::rename(Saved.c_str(), Target.str().c_str()), 0);
  };
  EXPECT_EQ(
      errorOf(replaceFileContent(F, "old\n", "new\n", nullptr, SaveByRename)),
      "it changed on disk while it was being written");
  EXPECT_EQ(readAll(F), "saved by the editor\n");
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"a.cpp"});
}

// An in-place write in the same instant: the original inode changed.
TEST(ReplaceFileContent, KeepsAnInPlaceWriteJustBeforeTheExchange) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  auto Append = [&](llvm::StringRef Target, llvm::StringRef) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Target, EC, llvm::sys::fs::OF_Append);
    OS << "typed\n";
  };
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n", nullptr, Append)),
            "it changed on disk while it was being written");
  EXPECT_EQ(readAll(F), "old\ntyped\n");
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"a.cpp"});
}

// Only the temporary's own random part is random: a '%' in a directory
// name is kept (llvm::sys::fs::TempFile replaced it, so such a file could
// never be fixed).
TEST(ReplaceFileContent, DirectoriesWithPercentSigns) {
  ScratchDir D;
  ASSERT_FALSE(llvm::sys::fs::create_directories(D.path("50%off")));
  std::string F = D.write("50%off/a.cpp", "old\n");
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n")), "");
  EXPECT_EQ(readAll(F), "new\n");
  EXPECT_EQ(errorOf(writeOutputFile(D.path("50%off/fixes.yaml"), "y\n")), "");
  EXPECT_EQ(listDir(D.path("50%off")),
            (std::vector<std::string>{"a.cpp", "fixes.yaml"}));
}

TEST(ReplaceFileContent, KeepsModeAndExtendedAttributes) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  ASSERT_EQ(::chmod(F.c_str(), 0640), 0);
  bool HasXattr =
      ::setxattr(F.c_str(), "user.tt-test", "v", 1, 0) == 0; // not on tmpfs
  ASSERT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n")), "");
  EXPECT_EQ(modeOf(F), 0640u);
  if (HasXattr) {
    char Value[8] = {};
    EXPECT_EQ(::getxattr(F.c_str(), "user.tt-test", Value, sizeof(Value)), 1);
    EXPECT_EQ(Value[0], 'v');
  }
}

TEST(ReplaceFileContent, RefusesReadOnlyHardLinkedAndSpecialFiles) {
  ScratchDir D;
  std::string F = D.write("ro.cpp", "old\n");
  ASSERT_EQ(::chmod(F.c_str(), 0444), 0);
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n")),
            "it is read-only (no write permission)");
  std::string L = D.write("linked.cpp", "old\n");
  ASSERT_EQ(::link(L.c_str(), D.path("other").c_str()), 0);
  EXPECT_EQ(errorOf(replaceFileContent(L, "old\n", "new\n")),
            "it has 2 hard links, which replacing it would separate");
  EXPECT_EQ(readAll(D.path("other")), "old\n");
  ASSERT_EQ(::mkfifo(D.path("fifo").c_str(), 0644), 0);
  EXPECT_EQ(errorOf(replaceFileContent(D.path("fifo"), "", "new\n")),
            "it is not a regular file");
  // The path was resolved once: a symlink there now is not followed.
  ASSERT_EQ(::symlink(F.c_str(), D.path("link").c_str()), 0);
  EXPECT_NE(errorOf(replaceFileContent(D.path("link"), "old\n", "new\n")), "");
}

// The run's exit status depends on the kind: an edit the user made is a
// finding left for the next run (exit 1), an I/O error is exit 2.
TEST(ReplaceFileContent, SaysWhyAFileWasNotWritten) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "edited\n");
  EXPECT_EQ(outcomeOf(replaceFileContent(F, "old\n", "new\n")),
            Outcome::Changed);
  EXPECT_EQ(outcomeOf(replaceFileContent(D.path("gone.cpp"), "", "new\n")),
            Outcome::Changed);
  std::string Typed = D.write("typed.cpp", "old\n");
  auto Edit = [&](llvm::StringRef Target, llvm::StringRef) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Target, EC, llvm::sys::fs::OF_Append);
    OS << "typed\n";
  };
  EXPECT_EQ(outcomeOf(replaceFileContent(Typed, "old\n", "new\n", Edit)),
            Outcome::Changed);
  std::string RO = D.write("ro.cpp", "old\n");
  ASSERT_EQ(::chmod(RO.c_str(), 0444), 0);
  EXPECT_EQ(outcomeOf(replaceFileContent(RO, "old\n", "new\n")),
            Outcome::Refused);
  EXPECT_EQ(outcomeOf(replaceFileContent("/dev/null", "", "new\n")),
            Outcome::Refused);
  std::string Ok = D.write("ok.cpp", "old\n");
  EXPECT_EQ(outcomeOf(replaceFileContent(Ok, "old\n", "new\n")), Outcome::Ok);
}

TEST(WriteOutputFile, NewAndExistingFiles) {
  ScratchDir D;
  std::string F = D.path("fixes.yaml");
  EXPECT_EQ(errorOf(writeOutputFile(F, "one\n")), "");
  EXPECT_EQ(readAll(F), "one\n");
  ASSERT_EQ(::chmod(F.c_str(), 0600), 0);
  EXPECT_EQ(errorOf(writeOutputFile(F, "two\n")), "");
  EXPECT_EQ(readAll(F), "two\n");
  EXPECT_EQ(modeOf(F), 0600u);
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"fixes.yaml"});
}

// A symbolic link at an output's path, planted or not, is replaced by the
// output and never written through: its target keeps its content.
TEST(WriteOutputFile, SymlinksAreReplacedNotFollowed) {
  ScratchDir D;
  std::string Target = D.write("target", "old\n");
  for (OutputKind Kind : {OutputKind::UserNamed, OutputKind::ToolOwned}) {
    std::string Link = D.path("link");
    ::unlink(Link.c_str());
    ASSERT_EQ(::symlink(Target.c_str(), Link.c_str()), 0);
    EXPECT_EQ(errorOf(writeOutputFile(Link, "mine\n", Kind)), "");
    EXPECT_EQ(readAll(Target), "old\n");
    EXPECT_EQ(readAll(Link), "mine\n");
    struct stat St;
    ASSERT_EQ(::lstat(Link.c_str(), &St), 0);
    EXPECT_TRUE(S_ISREG(St.st_mode));
  }
  // A dangling link is replaced too.
  ASSERT_EQ(::symlink(D.path("nowhere").c_str(), D.path("dangling").c_str()),
            0);
  EXPECT_EQ(errorOf(writeOutputFile(D.path("dangling"), "y\n")), "");
  EXPECT_EQ(readAll(D.path("dangling")), "y\n");
  EXPECT_FALSE(llvm::sys::fs::exists(D.path("nowhere")));
}

// --export-fixes=/dev/stdout with stdout redirected to a file: the YAML is
// written to the stream, after what is already there, not renamed over the
// file the stream goes to.
TEST(WriteOutputFile, TheProcessOwnStreams) {
  ScratchDir D;
  std::string Log = D.write("build.log", "earlier output\n");
  int FD = ::open(Log.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  ASSERT_GE(FD, 0);
  EXPECT_EQ(errorOf(writeOutputFile("/dev/fd/" + std::to_string(FD), "y\n")),
            "");
  EXPECT_EQ(
      errorOf(writeOutputFile("/proc/self/fd/" + std::to_string(FD), "z\n")),
      "");
  ::close(FD);
  EXPECT_EQ(readAll(Log), "earlier output\ny\nz\n");
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"build.log"});
}

TEST(WriteOutputFile, ErrorsAreOneLine) {
  ScratchDir D;
  EXPECT_EQ(errorOf(writeOutputFile("/dev/full", "x")),
            "cannot write '/dev/full': No space left on device");
  EXPECT_EQ(errorOf(writeOutputFile(D.Path, "x")),
            "cannot write '" + D.Path + "': it is a directory");
  EXPECT_EQ(errorOf(writeOutputFile("/dev/null", "x")), "");
  EXPECT_NE(errorOf(writeOutputFile(D.path("missing/dir/f"), "x")), "");
}

TEST(RemoveStaleTemporaries, OnlyThoseOfProcessesThatAreGone) {
  ScratchDir D;
  // A pid that cannot exist (above pid_max's largest possible value).
  std::string Dead =
      D.write(".a.cpp.transformers-migrate-4194305-abc123.tmp", "");
  std::string Alive = D.write(".a.cpp.transformers-migrate-" +
                                  std::to_string(::getppid()) + "-abc123.tmp",
                              "");
  std::string Mine = D.write(".a.cpp.transformers-migrate-" +
                                 std::to_string(::getpid()) + "-abc123.tmp",
                             "");
  std::string Foreign = D.write(".a.cpp.transformers-migrate-1-xyz.tmp", "");
  std::string User = D.write("notes.tmp", "");
  ASSERT_EQ(
      ::mkdir(D.path(".d.transformers-migrate-4194305-abc123.tmp").c_str(),
              0755),
      0);
  std::vector<std::string> Removed = removeStaleTemporaries(D.Path);
  EXPECT_EQ(Removed, std::vector<std::string>{Dead});
  EXPECT_FALSE(llvm::sys::fs::exists(Dead));
  for (const std::string &Kept : {Alive, Mine, Foreign, User})
    EXPECT_TRUE(llvm::sys::fs::exists(Kept)) << Kept;
}

/// Named temporaries from their creation for the lifetime of a test, as on a
/// file system without O_TMPFILE.
struct NamedTemporaries {
  NamedTemporaries() { useNamedTemporariesForTesting(true); }
  ~NamedTemporaries() { useNamedTemporariesForTesting(false); }
};

/// What replaceFileContent's hooks saw of the temporary file.
struct SeenTemporary {
  std::string AtPause, AtExchange;
  std::vector<std::string> DirAtPause;
  std::string ContentAtPause, ContentAtExchange;
};

SeenTemporary replaceAndWatch(const ScratchDir &D, const std::string &F) {
  SeenTemporary Seen;
  auto Pause = [&](llvm::StringRef, llvm::StringRef Temporary) {
    Seen.AtPause = Temporary.str();
    Seen.DirAtPause = listDir(D.Path);
    Seen.ContentAtPause = readAll(Temporary);
  };
  auto Exchange = [&](llvm::StringRef, llvm::StringRef Temporary) {
    Seen.AtExchange = Temporary.str();
    Seen.ContentAtExchange = readAll(Temporary);
  };
  EXPECT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n", Pause, Exchange)),
            "");
  EXPECT_EQ(readAll(F), "new\n");
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"a.cpp"});
  return Seen;
}

// The temporary has no name while it is written, synced and given its
// metadata (a SIGKILL then leaves nothing); it is named right before the
// exchange.
TEST(ReplaceFileContent, TheTemporaryIsUnnamedUntilTheExchange) {
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  SeenTemporary Seen = replaceAndWatch(D, F);
  std::string OwnFD = "/proc/" + std::to_string(::getpid()) + "/fd/";
  EXPECT_TRUE(llvm::StringRef(Seen.AtPause).starts_with(OwnFD)) << Seen.AtPause;
  EXPECT_EQ(Seen.ContentAtPause, "new\n");
  EXPECT_EQ(Seen.DirAtPause, std::vector<std::string>{"a.cpp"});
  EXPECT_TRUE(isTemporaryName(llvm::sys::path::filename(Seen.AtExchange)))
      << Seen.AtExchange;
  EXPECT_EQ(llvm::sys::path::parent_path(Seen.AtExchange), D.Path);
  EXPECT_EQ(Seen.ContentAtExchange, "new\n");
}

// Where unnamed files are not available, the temporary is named from its
// creation, and the rest is the same.
TEST(ReplaceFileContent, NamedTemporariesWhereUnnamedOnesAreNot) {
  NamedTemporaries Named;
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  SeenTemporary Seen = replaceAndWatch(D, F);
  EXPECT_TRUE(isTemporaryName(llvm::sys::path::filename(Seen.AtPause)))
      << Seen.AtPause;
  EXPECT_EQ(Seen.AtExchange, Seen.AtPause);
  EXPECT_EQ(Seen.ContentAtPause, "new\n");
  ASSERT_EQ(Seen.DirAtPause.size(), 2u);
  EXPECT_EQ(Seen.DirAtPause[1], "a.cpp");
  EXPECT_EQ(D.path(Seen.DirAtPause[0]), Seen.AtPause);
}

// Mode, extended attributes and the swap-back on a late edit hold for both
// kinds of temporaries.
TEST(ReplaceFileContent, BothKindsOfTemporariesKeepTheRules) {
  for (bool UseNamed : {false, true}) {
    SCOPED_TRACE(UseNamed ? "named" : "unnamed");
    std::optional<NamedTemporaries> Named;
    if (UseNamed)
      Named.emplace();
    ScratchDir D;
    std::string F = D.write("a.cpp", "old\n");
    ASSERT_EQ(::chmod(F.c_str(), 0640), 0);
    bool HasXattr = ::setxattr(F.c_str(), "user.tt-test", "v", 1, 0) == 0;
    ASSERT_EQ(errorOf(replaceFileContent(F, "old\n", "new\n")), "");
    EXPECT_EQ(modeOf(F), 0640u);
    if (HasXattr)
      EXPECT_EQ(::getxattr(F.c_str(), "user.tt-test", nullptr, 0), 1);
    auto Append = [&](llvm::StringRef Target, llvm::StringRef) {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Target, EC, llvm::sys::fs::OF_Append);
      OS << "typed\n";
    };
    EXPECT_EQ(
        errorOf(replaceFileContent(F, "new\n", "newer\n", nullptr, Append)),
        "it changed on disk while it was being written");
    EXPECT_EQ(readAll(F), "new\ntyped\n");
    EXPECT_EQ(errorOf(writeOutputFile(D.path("fixes.yaml"), "y\n")), "");
    EXPECT_EQ(readAll(D.path("fixes.yaml")), "y\n");
    EXPECT_EQ(listDir(D.Path),
              (std::vector<std::string>{"a.cpp", "fixes.yaml"}));
  }
}

// A directory where no file can be created: one line with the system's
// reason, the target untouched, nothing left (as root, a directory without
// write permission does not stop the tool; this test then has nothing to
// check).
TEST(ReplaceFileContent, ADirectoryWhereNoTemporaryCanBeCreated) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "root writes in a directory without write permission";
  ScratchDir D;
  std::string F = D.write("a.cpp", "old\n");
  ASSERT_EQ(::chmod(D.Path.c_str(), 0555), 0);
  std::string Error = errorOf(replaceFileContent(F, "old\n", "new\n"));
  ::chmod(D.Path.c_str(), 0755);
  EXPECT_EQ(Error,
            "cannot create a temporary file next to it: Permission denied");
  EXPECT_EQ(readAll(F), "old\n");
  EXPECT_EQ(listDir(D.Path), std::vector<std::string>{"a.cpp"});
}

TEST(TemporaryNames, Recognised) {
  EXPECT_TRUE(isTemporaryName(".x.cpp.transformers-migrate-12-0a1b2c.tmp"));
  EXPECT_FALSE(isTemporaryName("x.cpp.transformers-migrate-12-0a1b2c.tmp"));
  EXPECT_FALSE(isTemporaryName(".x.cpp.transformers-migrate-12-0A1B2C.tmp"));
  EXPECT_FALSE(isTemporaryName(".x.cpp.transformers-migrate--0a1b2c.tmp"));
}

} // namespace
