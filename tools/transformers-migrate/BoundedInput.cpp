//===- BoundedInput.cpp - Reading untrusted text inputs -------------------===//

#include "BoundedInput.h"
#include "llvm/Support/FileSystem.h"

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
