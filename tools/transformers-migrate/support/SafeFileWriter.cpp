//===- SafeFileWriter.cpp - Writes that never lose a byte -----------------===//
//
// POSIX (Linux) implementation; see SafeFileWriter.h for the rules.
//
//===----------------------------------------------------------------------===//

#include "support/SafeFileWriter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Signals.h"
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/xattr.h>
#endif

namespace tmigrate {

namespace {

/// A read, write or rename the system failed (a full disk, EIO).
llvm::Error failure(const llvm::Twine &Why) {
  return llvm::make_error<WriteFailure>(WriteFailure::IOError, Why.str());
}
/// The file is not what the analysis read: the user's version is kept.
llvm::Error changed(const llvm::Twine &Why) {
  return llvm::make_error<WriteFailure>(WriteFailure::Changed, Why.str());
}
/// The tool will not write the file as it is (its mode, links or owner).
llvm::Error refused(const llvm::Twine &Why) {
  return llvm::make_error<WriteFailure>(WriteFailure::Refused, Why.str());
}

std::string lastError() { return std::strerror(errno); }

/// The identity and version of a file as the kernel reports it: any write
/// changes the size or the ctime; a rename changes the inode the path names.
struct Snapshot {
  dev_t Dev = 0;
  ino_t Ino = 0;
  off_t Size = 0;
  struct timespec Mtime = {}, Ctime = {};

  static Snapshot of(const struct stat &St) {
    Snapshot S;
    S.Dev = St.st_dev;
    S.Ino = St.st_ino;
    S.Size = St.st_size;
    S.Mtime = St.st_mtim;
    S.Ctime = St.st_ctim;
    return S;
  }
  bool sameFile(const Snapshot &O) const {
    return Dev == O.Dev && Ino == O.Ino;
  }
  bool operator==(const Snapshot &O) const {
    return sameFile(O) && Size == O.Size && Mtime.tv_sec == O.Mtime.tv_sec &&
           Mtime.tv_nsec == O.Mtime.tv_nsec && Ctime.tv_sec == O.Ctime.tv_sec &&
           Ctime.tv_nsec == O.Ctime.tv_nsec;
  }
  bool operator!=(const Snapshot &O) const { return !(*this == O); }
  /// A rename updates the ctime of the files it moves: after one, only the
  /// size and mtime say whether a file was written to.
  bool sameDataAs(const Snapshot &O) const {
    return sameFile(O) && Size == O.Size && Mtime.tv_sec == O.Mtime.tv_sec &&
           Mtime.tv_nsec == O.Mtime.tv_nsec;
  }
};

/// An owned file descriptor.
class FileDescriptor {
public:
  explicit FileDescriptor(int FD = -1) : FD(FD) {}
  FileDescriptor(const FileDescriptor &) = delete;
  FileDescriptor &operator=(const FileDescriptor &) = delete;
  ~FileDescriptor() {
    if (FD >= 0)
      ::close(FD);
  }
  int get() const { return FD; }
  bool valid() const { return FD >= 0; }

private:
  int FD;
};

/// The whole content of \p FD from offset 0.
bool readAll(int FD, std::string &Out) {
  Out.clear();
  char Buf[64 * 1024];
  off_t Offset = 0;
  for (;;) {
    ssize_t N = ::pread(FD, Buf, sizeof(Buf), Offset);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (N == 0)
      return true;
    Out.append(Buf, size_t(N));
    Offset += N;
  }
}

bool writeAll(int FD, llvm::StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(FD, Data.data(), Data.size());
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Data = Data.drop_front(size_t(N));
  }
  return true;
}

bool statFD(int FD, Snapshot &S) {
  struct stat St;
  if (::fstat(FD, &St))
    return false;
  S = Snapshot::of(St);
  return true;
}

bool lstatPath(llvm::StringRef Path, Snapshot &S) {
  struct stat St;
  if (::lstat(Path.str().c_str(), &St))
    return false;
  S = Snapshot::of(St);
  return true;
}

/// Makes the rename durable; an error here does not undo it.
void syncDirectory(llvm::StringRef Dir) {
  int FD = ::open(Dir.str().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (FD >= 0) {
    (void)::fsync(FD);
    ::close(FD);
  }
}

/// "<dir>/.<name>.transformers-migrate-<pid>-" for \p Path: the start of
/// the name of its temporary files (isTemporaryName).
std::string temporaryPrefix(llvm::StringRef Path) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  // Keep the whole name within NAME_MAX (255).
  llvm::StringRef Name = llvm::sys::path::filename(Path).take_front(180);
  llvm::SmallString<256> Prefix(Dir.empty() ? "." : Dir);
  llvm::sys::path::append(Prefix, "." + Name + ".transformers-migrate-" +
                                      llvm::Twine(::getpid()) + "-");
  return std::string(Prefix);
}

/// Six random lowercase hex digits.
std::string randomSuffix() {
  return llvm::utohexstr(llvm::sys::Process::GetRandomNumber() & 0xffffff,
                         /*LowerCase=*/true, /*Width=*/6);
}

/// Set by useNamedTemporariesForTesting: every temporary is named from the
/// start, as on a file system without O_TMPFILE.
std::atomic<bool> NamedTemporariesOnly{false};

/// Whether an unnamed file can be given a name: linkat() reaches it through
/// /proc/self/fd (AT_EMPTY_PATH would need CAP_DAC_READ_SEARCH). Without
/// /proc (some chroots) temporaries are named from the start.
bool canNameUnnamedFiles() {
  static const bool Can = ::access("/proc/self/fd", X_OK) == 0;
  return Can;
}

/// The directory a temporary named "<Prefix>..." goes to.
std::string directoryOf(llvm::StringRef Prefix) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Prefix);
  return Dir.empty() ? "." : Dir.str();
}

/// A temporary file that is, or will be, named "<Prefix><6 hex
/// digits><Suffix>". Where the file system supports it, it starts unnamed
/// (O_TMPFILE): a SIGKILL or a crash before name() leaves nothing behind,
/// and name() is called right before the rename that gives it its final
/// place. Elsewhere it is named from the start and, like every named
/// temporary, removed on SIGINT/SIGTERM until kept or discarded; after a
/// SIGKILL the next run removes it (removeStaleTemporaries). Names are
/// created exclusively, never over an existing file or through a symlink.
/// llvm::sys::fs::TempFile would also randomise every '%' of the
/// directories in the path.
class TemporaryFile {
public:
  static llvm::Expected<TemporaryFile>
  create(llvm::StringRef Prefix, llvm::StringRef Suffix, unsigned Mode) {
#ifdef O_TMPFILE
    if (!NamedTemporariesOnly && canNameUnnamedFiles()) {
      int FD = ::open(directoryOf(Prefix).c_str(),
                      O_TMPFILE | O_RDWR | O_CLOEXEC, Mode);
      if (FD >= 0)
        return TemporaryFile(FD, Prefix, Suffix);
      // No O_TMPFILE in this file system (EOPNOTSUPP), or a kernel that
      // predates it and took the flags for O_DIRECTORY (EISDIR, EINVAL).
      if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
        return failure(lastError());
    }
#endif
    return createNamed(Prefix, Suffix, Mode);
  }

  /// A file named at once: for a file that is to stay, or where unnamed
  /// files are not available.
  static llvm::Expected<TemporaryFile>
  createNamed(llvm::StringRef Prefix, llvm::StringRef Suffix, unsigned Mode) {
    for (int Attempt = 0; Attempt < 128; ++Attempt) {
      std::string Name = (Prefix + randomSuffix() + Suffix).str();
      int FD = ::open(Name.c_str(),
                      O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Mode);
      if (FD < 0 && errno == EEXIST)
        continue;
      if (FD < 0)
        return failure(lastError());
      TemporaryFile T(FD, Prefix, Suffix);
      T.setName(std::move(Name));
      return std::move(T);
    }
    return failure("no free temporary name");
  }

  TemporaryFile(TemporaryFile &&O)
      : FD(O.FD), TmpName(std::move(O.TmpName)), Prefix(std::move(O.Prefix)),
        Suffix(std::move(O.Suffix)), Done(O.Done) {
    O.FD = -1;
    O.Done = true;
  }
  TemporaryFile &operator=(TemporaryFile &&) = delete;
  ~TemporaryFile() { llvm::consumeError(discard()); }

  bool named() const { return !TmpName.empty(); }

  /// Gives an unnamed file its name (nothing to do for a named one). A
  /// link, never a copy: the name appears with the complete content.
  llvm::Error name() {
    if (named())
      return llvm::Error::success();
    std::string Self = "/proc/self/fd/" + std::to_string(FD);
    for (int Attempt = 0; Attempt < 128; ++Attempt) {
      std::string Name = Prefix + randomSuffix() + Suffix;
      if (::linkat(AT_FDCWD, Self.c_str(), AT_FDCWD, Name.c_str(),
                   AT_SYMLINK_FOLLOW) == 0) {
        setName(std::move(Name));
        return llvm::Error::success();
      }
      if (errno != EEXIST)
        return failure(lastError());
    }
    return failure("no free temporary name");
  }

  /// A path the file can be read by now (for the tests' hooks): its name,
  /// or, while it has none, /proc/<pid>/fd/<fd>, which other processes can
  /// open as long as this one runs.
  std::string path() const {
    if (named())
      return TmpName;
    return "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(FD);
  }

  /// Removes the file (whatever its name now holds) and closes it.
  llvm::Error discard() {
    if (Done)
      return llvm::Error::success();
    Done = true;
    ::close(FD);
    FD = -1;
    if (!named())
      return llvm::Error::success(); // the kernel frees an unnamed file
    llvm::sys::DontRemoveFileOnSignal(TmpName);
    if (::unlink(TmpName.c_str()) && errno != ENOENT)
      return failure(lastError());
    return llvm::Error::success();
  }
  /// Closes the file and leaves it: it was renamed away or is to stay.
  void keep() {
    if (Done)
      return;
    Done = true;
    if (named())
      llvm::sys::DontRemoveFileOnSignal(TmpName);
    ::close(FD);
    FD = -1;
  }

  int FD = -1;
  /// Empty while the file is unnamed.
  std::string TmpName;

private:
  TemporaryFile(int FD, llvm::StringRef Prefix, llvm::StringRef Suffix)
      : FD(FD), Prefix(Prefix.str()), Suffix(Suffix.str()) {}
  void setName(std::string Name) {
    TmpName = std::move(Name);
    llvm::sys::RemoveFileOnSignal(TmpName);
  }

  std::string Prefix, Suffix;
  bool Done = false;
};

/// "<Path>.transformers-migrate-saved-<pid>-": the start of the name under
/// which another writer's version of \p Path is kept (docs/migrate.md).
std::string savedPrefix(llvm::StringRef Path) {
  return Path.str() + ".transformers-migrate-saved-" +
         std::to_string(::getpid()) + "-";
}

/// Keeps \p Content, another writer's version of \p Path that the tool
/// could not leave in place, in a new file beside it. Returns its name.
llvm::Expected<std::string> saveAside(llvm::StringRef Path,
                                      llvm::StringRef Content) {
  llvm::Expected<TemporaryFile> Saved =
      TemporaryFile::createNamed(savedPrefix(Path), "", 0600);
  if (!Saved)
    return Saved.takeError();
  if (!writeAll(Saved->FD, Content) || ::fsync(Saved->FD))
    return failure(lastError()); // discarded by its destructor
  Saved->keep();
  return Saved->TmpName;
}

/// Gives the file \p Tmp (another writer's version of \p Path) a name of
/// its own beside \p Path, never replacing a file. Returns the name, or Tmp
/// itself when it cannot be linked.
std::string setAside(llvm::StringRef Path, const std::string &Tmp) {
  for (int Attempt = 0; Attempt < 128; ++Attempt) {
    std::string Saved = savedPrefix(Path) + randomSuffix();
    if (::link(Tmp.c_str(), Saved.c_str()) == 0) {
      ::unlink(Tmp.c_str());
      return Saved;
    }
    if (errno != EEXIST)
      break;
  }
  return Tmp;
}

/// Copies every extended attribute (POSIX ACLs are the system.posix_acl_*
/// ones) of \p From to \p To.
llvm::Error copyExtendedAttributes(int From, int To) {
#if defined(__linux__)
  ssize_t Size = ::flistxattr(From, nullptr, 0);
  if (Size < 0)
    return errno == ENOTSUP
               ? llvm::Error::success()
               : failure("cannot list its extended attributes: " + lastError());
  std::string Names(size_t(Size), '\0');
  Size = ::flistxattr(From, Names.data(), Names.size());
  if (Size < 0)
    return failure("cannot list its extended attributes: " + lastError());
  Names.resize(size_t(Size));
  llvm::SmallVector<llvm::StringRef, 4> List;
  llvm::StringRef(Names).split(List, '\0', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Name : List) {
    std::string N = Name.str();
    ssize_t Len = ::fgetxattr(From, N.c_str(), nullptr, 0);
    if (Len < 0)
      return failure("cannot read its extended attribute '" + N +
                     "': " + lastError());
    std::string Value(size_t(Len), '\0');
    Len = ::fgetxattr(From, N.c_str(), Value.data(), Value.size());
    if (Len < 0)
      return failure("cannot read its extended attribute '" + N +
                     "': " + lastError());
    if (::fsetxattr(To, N.c_str(), Value.data(), size_t(Len), 0))
      return refused("cannot keep its extended attribute '" + N +
                     "' (ACL or label): " + lastError());
  }
#endif
  return llvm::Error::success();
}

enum class Exchange { Done, Unsupported, Failed };

/// Swaps the files two paths name, atomically.
Exchange exchangeFiles(llvm::StringRef A, llvm::StringRef B) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
  if (::renameat2(AT_FDCWD, A.str().c_str(), AT_FDCWD, B.str().c_str(),
                  RENAME_EXCHANGE) == 0)
    return Exchange::Done;
  if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP)
    return Exchange::Unsupported;
  return Exchange::Failed;
#else
  return Exchange::Unsupported;
#endif
}

/// A temporary file next to \p Path holding \p Content, complete and synced;
/// unnamed where the file system allows (TemporaryFile).
llvm::Expected<TemporaryFile> makeTemporary(llvm::StringRef Path,
                                            llvm::StringRef Content) {
  llvm::Expected<TemporaryFile> Temp =
      TemporaryFile::create(temporaryPrefix(Path), ".tmp", 0600);
  if (!Temp)
    return failure("cannot create a temporary file next to it: " +
                   llvm::toString(Temp.takeError()));
  if (!writeAll(Temp->FD, Content) || ::fsync(Temp->FD))
    return failure("cannot write the temporary file: " + lastError());
  return std::move(*Temp);
}

/// Gives the temporary \p To the owner, group, extended attributes and mode
/// of \p From (in that order: chown clears set-id bits, chmod restores them).
llvm::Error copyMetadata(int From, const struct stat &St, int To) {
  if (::fchown(To, St.st_uid, St.st_gid)) {
    if (St.st_uid != ::geteuid())
      return refused("cannot keep its owner (uid " + llvm::Twine(St.st_uid) +
                     "): " + lastError() + "; run as its owner");
    return refused("cannot keep its group (gid " + llvm::Twine(St.st_gid) +
                   "): " + lastError());
  }
  if (llvm::Error E = copyExtendedAttributes(From, To))
    return E;
  if (::fchmod(To, St.st_mode & 07777))
    return refused("cannot keep its mode: " + lastError());
  if (::fsync(To))
    return failure("cannot write the temporary file: " + lastError());
  return llvm::Error::success();
}

} // namespace

char WriteFailure::ID = 0;

void useNamedTemporariesForTesting(bool Named) { NamedTemporariesOnly = Named; }

bool isTemporaryName(llvm::StringRef Name) {
  static const llvm::Regex Pattern(
      "^\\..*\\.transformers-migrate-[0-9]+-[0-9a-f]{6}\\.tmp$");
  return Pattern.match(Name);
}

llvm::Error replaceFileContent(llvm::StringRef Path, llvm::StringRef Expected,
                               llvm::StringRef New,
                               const BeforeCommitHook &Hook,
                               const BeforeCommitHook &AfterCheck) {
  std::string P = Path.str();
  // The path is a real path: a symlink there now means it was replaced.
  // O_NONBLOCK: a named pipe there must be refused, not waited on (it has
  // no effect on the reads of a regular file).
  FileDescriptor Original(
      ::open(P.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!Original.valid())
    return errno == ENOENT || errno == ELOOP
               ? changed("it was removed or replaced since it was analysed")
               : failure("cannot open it: " + lastError());
  struct stat St;
  if (::fstat(Original.get(), &St))
    return failure("cannot stat it: " + lastError());
  if (!S_ISREG(St.st_mode))
    return refused("it is not a regular file");
  if (St.st_nlink > 1)
    return refused("it has " + llvm::Twine(uint64_t(St.st_nlink)) +
                   " hard links, which replacing it would separate");
  // A file without write permission is left alone even when the process
  // could replace it (root, or a writable directory): its mode says so.
  if ((St.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 ||
      ::access(P.c_str(), W_OK))
    return refused("it is read-only (no write permission)");

  Snapshot Read = Snapshot::of(St), Now;
  std::string Content;
  if (!readAll(Original.get(), Content))
    return failure("cannot read it: " + lastError());
  if (!statFD(Original.get(), Now) || Now != Read)
    return changed("it changed on disk while it was being read");
  if (Content != Expected)
    return changed("it changed on disk since it was analysed");

  llvm::Expected<TemporaryFile> Temp = makeTemporary(Path, New);
  if (!Temp)
    return Temp.takeError();
  // On every early return below, Temp's destructor removes the temporary.
  if (llvm::Error E = copyMetadata(Original.get(), St, Temp->FD))
    return E;
  Snapshot Written;
  if (!statFD(Temp->FD, Written))
    return failure("cannot stat the temporary file: " + lastError());
  if (Hook)
    Hook(Path, Temp->path());

  // The last check before the exchange: same file at the path, same
  // version, same bytes.
  Snapshot AtPath;
  if (!lstatPath(Path, AtPath) || !AtPath.sameFile(Read) ||
      !statFD(Original.get(), Now) || Now != Read ||
      !readAll(Original.get(), Content) || Content != Expected)
    return changed("it changed on disk while it was being written");
  auto OriginalIntact = [&] {
    return statFD(Original.get(), Now) && Now.sameDataAs(Read) &&
           readAll(Original.get(), Content) && Content == Expected;
  };

  // Named only now, after the last check and right before the exchange: a
  // SIGKILL leaves a temporary behind only from here to the removal of the
  // swapped-out original below (a few system calls and one read of the
  // file), and the next run removes it.
  if (llvm::Error E = Temp->name())
    return failure("cannot name the temporary file: " +
                   llvm::toString(std::move(E)));
  if (AfterCheck)
    AfterCheck(Path, Temp->TmpName);
  Exchange X = exchangeFiles(Temp->TmpName, Path);
  if (X == Exchange::Failed)
    return failure("cannot replace it: " + lastError());
  if (X == Exchange::Unsupported) {
    // A file system without the exchange (some network file systems): a
    // plain rename, checked afterwards. An editor's save-by-rename in the
    // instant between the last check and this rename is not seen here.
    if (::rename(Temp->TmpName.c_str(), P.c_str()))
      return failure("cannot replace it: " + lastError());
    Temp->keep();
    syncDirectory(llvm::sys::path::parent_path(Path));
    if (OriginalIntact())
      return llvm::Error::success();
    // Too late to swap back: keep the other writer's version beside it.
    llvm::Expected<std::string> Saved =
        readAll(Original.get(), Content)
            ? saveAside(Path, Content)
            : llvm::Expected<std::string>(failure(lastError()));
    if (!Saved)
      return changed("it changed on disk while it was being replaced; the "
                     "fixed version is in place and the other version could "
                     "not be saved: " +
                     llvm::toString(Saved.takeError()));
    return changed("it changed on disk while it was being replaced; the "
                   "fixed version is in place and the other version was "
                   "saved as '" +
                   *Saved + "'");
  }

  // Temp->TmpName now names what was at the path: the original file, unless
  // another writer replaced it (an editor saving by rename) since the last
  // check; Path names the fixed file.
  Snapshot SwappedOut;
  if (lstatPath(Temp->TmpName, SwappedOut) && SwappedOut.sameFile(Read) &&
      OriginalIntact()) {
    llvm::Error E = Temp->discard(); // removes the original
    syncDirectory(llvm::sys::path::parent_path(Path));
    if (E)
      return failure("replaced, but the temporary file '" + Temp->TmpName +
                     "' holding the original could not be removed: " +
                     llvm::toString(std::move(E)));
    return llvm::Error::success();
  }
  // The file at the path changed between the last check and the exchange:
  // put the other writer's version back, unless the fixed file has been
  // written to meanwhile as well. The temporary then holds the fixed file,
  // which the destructor removes.
  Snapshot Fixed;
  std::string FixedNow;
  if (lstatPath(Path, Fixed) && Fixed.sameFile(Written) &&
      statFD(Temp->FD, Fixed) && Fixed.sameDataAs(Written) &&
      readAll(Temp->FD, FixedNow) && FixedNow == New &&
      exchangeFiles(Temp->TmpName, Path) == Exchange::Done)
    return changed("it changed on disk while it was being written");
  std::string Saved = setAside(Path, Temp->TmpName);
  Temp->keep();
  return changed("it changed on disk while it was being replaced; the "
                 "fixed version is in place and the other version was saved "
                 "as '" +
                 Saved + "'");
}

/// The descriptor \p Path names when it is one of the process' own streams
/// (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), or -1. These
/// are links to whatever the stream is: resolving one and renaming over it
/// would replace the file the shell redirected the stream to, report and
/// all.
int ownDescriptor(llvm::StringRef Path) {
  if (Path == "/dev/stdout")
    return STDOUT_FILENO;
  if (Path == "/dev/stderr")
    return STDERR_FILENO;
  unsigned FD;
  if ((Path.consume_front("/dev/fd/") ||
       Path.consume_front("/proc/self/fd/")) &&
      !Path.getAsInteger(10, FD) && FD <= unsigned(INT_MAX))
    return int(FD);
  return -1;
}

bool isOwnStream(llvm::StringRef Path) { return ownDescriptor(Path) >= 0; }

llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Content,
                            OutputKind Kind) {
  std::string Target = Path.str();
  auto Fail = [&](const std::string &Why) {
    return failure("cannot write '" + Path + "': " + Why);
  };
  const bool UserNamed = Kind == OutputKind::UserNamed;
  if (int FD = ownDescriptor(Path); FD >= 0 && UserNamed) {
    if (!writeAll(FD, Content))
      return Fail(lastError());
    return llvm::Error::success();
  }
  struct stat St;
  bool Exists = ::lstat(Target.c_str(), &St) == 0;
  // A symbolic link is replaced by the file, never written through: a link
  // planted in a repository must not aim a write anywhere the user can
  // write (OutputTargets.h).
  if (Exists && S_ISLNK(St.st_mode))
    Exists = false;
  if (Exists && S_ISDIR(St.st_mode))
    return Fail("it is a directory");
  if (Exists && !S_ISREG(St.st_mode) && !UserNamed) {
    Exists = false; // the tool's own file: a pipe there is replaced too
  } else if (Exists && !S_ISREG(St.st_mode)) {
    // A device or a pipe the user named: there is no file to replace.
    FileDescriptor FD(::open(Target.c_str(), O_WRONLY | O_CLOEXEC));
    if (!FD.valid() || !writeAll(FD.get(), Content))
      return Fail(lastError());
    return llvm::Error::success();
  }
  // 0666 minus the umask, as a new file would be.
  llvm::Expected<TemporaryFile> Temp =
      TemporaryFile::create(temporaryPrefix(Target), ".tmp", 0666);
  if (!Temp)
    return Fail(llvm::toString(Temp.takeError()));
  // On an error, Temp's destructor removes the temporary.
  if (!writeAll(Temp->FD, Content) ||
      (Exists && ::fchmod(Temp->FD, St.st_mode & 07777)) || ::fsync(Temp->FD))
    return Fail(lastError());
  if (llvm::Error E = Temp->name())
    return Fail(llvm::toString(std::move(E)));
  // rename(2), never a copy into the target, which could leave it
  // half-written.
  if (::rename(Temp->TmpName.c_str(), Target.c_str()))
    return Fail(lastError());
  Temp->keep();
  syncDirectory(llvm::sys::path::parent_path(Target));
  return llvm::Error::success();
}

std::vector<std::string> removeStaleTemporaries(llvm::StringRef Dir) {
  std::vector<std::string> Removed;
  std::error_code EC;
  auto Now = std::chrono::system_clock::now();
  for (llvm::sys::fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false),
       End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!isTemporaryName(Name))
      continue;
    llvm::StringRef PidText =
        Name.rsplit(".transformers-migrate-").second.split('-').first;
    unsigned long Pid = 0;
    if (PidText.getAsInteger(10, Pid) || Pid == unsigned(::getpid()))
      continue;
    struct stat St;
    if (::lstat(It->path().c_str(), &St) || !S_ISREG(St.st_mode))
      continue;
    bool Gone = ::kill(pid_t(Pid), 0) != 0 && errno == ESRCH;
    auto Age = Now - std::chrono::system_clock::from_time_t(St.st_mtime);
    if ((Gone || Age > std::chrono::hours(24)) &&
        ::unlink(It->path().c_str()) == 0)
      Removed.push_back(It->path());
  }
  return Removed;
}

} // namespace tmigrate
