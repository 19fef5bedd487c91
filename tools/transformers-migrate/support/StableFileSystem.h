//===- StableFileSystem.h - Sources that change under the parse -*- C++ -*-===//
//
// Users keep editing while a migration runs. clang maps source files into
// memory and relies on the zero-filled tail of the last page as the buffer's
// terminator: a file that grows after its size was taken has no terminator
// in the mapping, and the lexer reads past it (a SIGSEGV, every time, under
// continuous appends). Every parse and scan of the tool therefore reads
// files into memory instead (the "volatile" path of llvm::MemoryBuffer, which
// always terminates the buffer), and after the parse compares what it read
// with the files on disk, so that a changed file is reported, not analysed
// as if it were current.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_STABLEFILESYSTEM_H
#define TRANSFORMERS_MIGRATE_STABLEFILESYSTEM_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace tmigrate {

/// A file that forwards everything to the file it wraps: the base of files
/// that only change how their buffer is read.
class ForwardingFile : public llvm::vfs::File {
public:
  explicit ForwardingFile(std::unique_ptr<llvm::vfs::File> F)
      : F(std::move(F)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return F->status(); }
  llvm::ErrorOr<std::string> getName() override { return F->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    return F->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
  }
  std::error_code close() override { return F->close(); }

protected:
  std::unique_ptr<llvm::vfs::File> F;
};

/// \p Base (the physical file system by default, with a working directory
/// of its own) with every buffer read, never mapped. A device (/dev/zero)
/// is read as clang reads it, as much as its size says (nothing), even when
/// asked for everything up to its end (as the dependency scanner asks); a
/// named pipe is read to its end, as clang reads it (the prefilter's scan
/// never opens one: fastpath/Prefilter.h).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> createStableFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base = nullptr);

/// The regular files \p SM read whose size or modification time on disk is
/// no longer what the parse saw, and the files that are gone. Pipes and
/// devices are never "changed": they were read once, as they were.
std::vector<std::string> filesChangedSinceRead(const clang::SourceManager &SM);

} // namespace tmigrate

#endif
