//===- BoundedInput.cpp - Reading untrusted text inputs -------------------===//

#include "support/BoundedInput.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tmigrate {

/// "it is larger than N KiB".
static llvm::Error tooLarge(uint64_t Limit) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "it is larger than " +
                                     llvm::Twine(Limit >> 10) + " KiB");
}

/// What is left to read from \p FD, at most \p Limit bytes (one byte more
/// tells a stream, or a file growing meanwhile, that is too long). Errors
/// are the system's message or tooLarge()'s.
static llvm::Expected<std::string> readToLimit(llvm::sys::fs::file_t FD,
                                               uint64_t Limit) {
  std::string Out;
  char Buf[64 * 1024];
  for (;;) {
    llvm::Expected<size_t> N =
        llvm::sys::fs::readNativeFile(FD, llvm::MutableArrayRef<char>(Buf));
    if (!N)
      return N.takeError();
    if (*N == 0)
      return Out;
    Out.append(Buf, *N);
    if (Out.size() > Limit)
      return tooLarge(Limit);
  }
}

llvm::Expected<std::string>
readBoundedFile(llvm::StringRef Path, uint64_t Limit, llvm::StringRef What) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read " + What + " '" + Path +
                                       "': " + Why);
  };
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return Fail(EC.message());
  if (llvm::sys::fs::is_directory(Status))
    return Fail("it is a directory");
  if (llvm::sys::fs::is_regular_file(Status) && Status.getSize() > Limit)
    return Fail(llvm::toString(tooLarge(Limit)));
  llvm::Expected<llvm::sys::fs::file_t> FD =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD)
    return Fail(llvm::toString(FD.takeError()));
  llvm::Expected<std::string> Text = readToLimit(*FD, Limit);
  llvm::sys::fs::closeFile(*FD);
  if (!Text)
    return Fail(llvm::toString(Text.takeError()));
  return Text;
}

llvm::Expected<std::string> readRegularFile(llvm::StringRef Path,
                                            uint64_t Limit) {
  auto Fail = [](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
  int FD = ::open(Path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return Fail(std::strerror(errno));
  auto Close = llvm::make_scope_exit([&] { ::close(FD); });
  struct stat St;
  if (::fstat(FD, &St))
    return Fail(std::strerror(errno));
  if (!S_ISREG(St.st_mode))
    return Fail("it is not a regular file");
  if (uint64_t(St.st_size) > Limit)
    return tooLarge(Limit);
  return readToLimit(FD, Limit);
}

namespace {
class BoundedFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  BoundedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                    uint64_t Limit)
      : ProxyFileSystem(std::move(FS)), Limit(Limit) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = status(Path);
    if (!S)
      return S.getError();
    if (!S->isRegularFile())
      return std::make_error_code(std::errc::invalid_argument);
    if (S->getSize() > Limit)
      return std::make_error_code(std::errc::file_too_large);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  uint64_t Limit;
};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createBoundedFileSystem(uint64_t Limit) {
  return llvm::makeIntrusiveRefCnt<BoundedFileSystem>(
      llvm::vfs::getRealFileSystem(), Limit);
}

} // namespace tmigrate
