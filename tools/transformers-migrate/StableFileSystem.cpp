//===- StableFileSystem.cpp - Sources that change under the parse ---------===//

#include "StableFileSystem.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include <system_error>

namespace tmigrate {

namespace {

/// A file whose buffers are always read (IsVolatile), never mapped.
class ReadFile : public llvm::vfs::File {
public:
  explicit ReadFile(std::unique_ptr<llvm::vfs::File> F) : F(std::move(F)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return F->status(); }
  llvm::ErrorOr<std::string> getName() override { return F->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool /*IsVolatile*/) override {
    // A device has no end (/dev/zero): read as much of it as its size says,
    // which is what clang's FileManager reads (nothing), instead of reading
    // "to the end" as the dependency scanner asks (FileSize -1), which ends
    // in an allocation failure and an abort.
    if (FileSize == -1)
      if (llvm::ErrorOr<llvm::vfs::Status> S = F->status();
          S && S->getType() != llvm::sys::fs::file_type::regular_file)
        FileSize = S->getSize();
    return F->getBuffer(Name, FileSize, RequiresNullTerminator,
                        /*IsVolatile=*/true);
  }
  std::error_code close() override { return F->close(); }

private:
  std::unique_ptr<llvm::vfs::File> F;
};

/// Why a named pipe is not read.
class NamedPipeCategory : public std::error_category {
public:
  const char *name() const noexcept override { return "transformers-migrate"; }
  std::string message(int) const override {
    return "a named pipe (FIFO) is not read: the tool reads a file more "
           "than once, a pipe can be read once, and may never end";
  }
};

std::error_code namedPipeError() {
  static const NamedPipeCategory Category;
  return {1, Category};
}

/// A named pipe, never opened: opening one waits for a writer, reading it
/// waits for the writer to close it, and its content is gone once read.
/// Found as clang finds it (so an #include of it names it), it cannot be
/// read: the translation unit fails with "cannot open file" and the reason.
class NamedPipe : public llvm::vfs::File {
public:
  explicit NamedPipe(llvm::vfs::Status S) : S(std::move(S)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::string> getName() override {
    return std::string(S.getName());
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &, int64_t, bool, bool) override {
    return namedPipeError();
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
};

class StableFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (std::unique_ptr<llvm::vfs::File> Pipe = namedPipeAt(Path))
      return std::move(Pipe);
    return readNotMapped(ProxyFileSystem::openFileForRead(Path));
  }
#if LLVM_VERSION_MAJOR >= 22
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForReadBinary(const llvm::Twine &Path) override {
    if (std::unique_ptr<llvm::vfs::File> Pipe = namedPipeAt(Path))
      return std::move(Pipe);
    return readNotMapped(ProxyFileSystem::openFileForReadBinary(Path));
  }
#endif

private:
  /// The named pipe at \p Path (through symlinks: /dev/stdin when the
  /// input is a pipe), checked before open() would wait for a writer.
  std::unique_ptr<llvm::vfs::File> namedPipeAt(const llvm::Twine &Path) {
    llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Path);
    if (!S || S->getType() != llvm::sys::fs::file_type::fifo_file)
      return nullptr;
    return std::make_unique<NamedPipe>(
        llvm::vfs::Status::copyWithNewName(*S, Path.str()));
  }

  static llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  readNotMapped(llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> F) {
    if (!F)
      return F.getError();
    return std::make_unique<ReadFile>(std::move(*F));
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createStableFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  if (!Base)
    Base = llvm::vfs::createPhysicalFileSystem();
  return llvm::makeIntrusiveRefCnt<StableFileSystem>(std::move(Base));
}

std::vector<std::string> filesChangedSinceRead(const clang::SourceManager &SM) {
  std::vector<std::string> Changed;
  clang::FileManager &FM = SM.getFileManager();
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
       ++It) {
    clang::FileEntryRef FE = It->first;
    // Only files whose content the parse used (not ones merely stat'ed).
    if (!It->second->getBufferIfLoaded())
      continue;
    llvm::SmallString<256> Path(FE.getName());
    FM.makeAbsolutePath(Path);
    // Through the parse's own file system (the real one, or the fuzzer's
    // in-memory tree).
    llvm::ErrorOr<llvm::vfs::Status> Now =
        FM.getVirtualFileSystem().status(Path);
    if (!Now) {
      Changed.push_back(std::string(Path));
      continue;
    }
    // A named pipe or a device has no content to compare: what the parse
    // read was all there was, and its times move with every read or write.
    if (Now->getType() != llvm::sys::fs::file_type::regular_file)
      continue;
    if (uint64_t(FE.getSize()) != Now->getSize() ||
        FE.getModificationTime() !=
            llvm::sys::toTimeT(Now->getLastModificationTime()))
      Changed.push_back(std::string(Path));
  }
  return Changed;
}

} // namespace tmigrate
