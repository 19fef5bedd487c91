//===- StableFileSystem.cpp - Sources that change under the parse ---------===//

#include "support/StableFileSystem.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"

namespace tmigrate {

namespace {

bool isDevice(const llvm::vfs::Status &S) {
  return S.getType() == llvm::sys::fs::file_type::character_file ||
         S.getType() == llvm::sys::fs::file_type::block_file;
}

/// A file whose buffers are always read (IsVolatile), never mapped.
class ReadFile : public ForwardingFile {
public:
  using ForwardingFile::ForwardingFile;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool /*IsVolatile*/) override {
    // A device has no end (/dev/zero): read as much of it as its size says,
    // which is what clang's FileManager reads (nothing), instead of reading
    // "to the end" as the dependency scanner asks (FileSize -1), which ends
    // in an allocation failure and an abort. A named pipe is read to its
    // end, as clang reads it.
    if (FileSize == -1)
      if (llvm::ErrorOr<llvm::vfs::Status> S = F->status(); S && isDevice(*S))
        FileSize = S->getSize();
    return F->getBuffer(Name, FileSize, RequiresNullTerminator,
                        /*IsVolatile=*/true);
  }
};

class StableFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    return readNotMapped(ProxyFileSystem::openFileForRead(Path));
  }
#if LLVM_VERSION_MAJOR >= 22
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForReadBinary(const llvm::Twine &Path) override {
    return readNotMapped(ProxyFileSystem::openFileForReadBinary(Path));
  }
#endif

private:
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
