//===- BoundedInput.cpp - Reading untrusted text inputs -------------------===//

#include "BoundedInput.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tmigrate {

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
  bool Regular = llvm::sys::fs::is_regular_file(Status);
  if (Regular && Status.getSize() > Limit)
    return Fail("it is larger than " + llvm::Twine(Limit >> 10) + " KiB");
  llvm::Expected<llvm::sys::fs::file_t> FD =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD)
    return Fail(llvm::toString(FD.takeError()));
  // One byte more than the limit tells a stream that is too long.
  std::string Out;
  char Buf[64 * 1024];
  for (;;) {
    llvm::Expected<size_t> N =
        llvm::sys::fs::readNativeFile(*FD, llvm::MutableArrayRef<char>(Buf));
    if (!N) {
      llvm::sys::fs::closeFile(*FD);
      return Fail(llvm::toString(N.takeError()));
    }
    if (*N == 0)
      break;
    Out.append(Buf, *N);
    if (Out.size() > Limit) {
      llvm::sys::fs::closeFile(*FD);
      return Fail("it is larger than " + llvm::Twine(Limit >> 10) + " KiB");
    }
  }
  llvm::sys::fs::closeFile(*FD);
  return Out;
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
  auto TooLarge = [&] {
    return Fail("it is larger than " + llvm::Twine(Limit >> 10) + " KiB");
  };
  if (uint64_t(St.st_size) > Limit)
    return TooLarge();
  std::string Out;
  char Buf[64 * 1024];
  for (;;) {
    ssize_t N = ::read(FD, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return Fail(std::strerror(errno));
    if (N == 0)
      return Out;
    Out.append(Buf, size_t(N));
    if (Out.size() > Limit) // it grew while being read
      return TooLarge();
  }
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
