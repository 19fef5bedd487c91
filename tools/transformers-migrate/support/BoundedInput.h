//===- BoundedInput.h - Reading untrusted text inputs ----------*- C++ -*-===//
//
// Configuration files, --config-file and response files come from the user's
// tree or command line and may be anything: a FIFO, /dev/zero, a gigabyte of
// text. They are read only when they are regular files (or, for an explicit
// --config-file, a pipe) of bounded size, so that no input makes the tool
// read until it runs out of memory.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_BOUNDEDINPUT_H
#define TRANSFORMERS_MIGRATE_BOUNDEDINPUT_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <string>

namespace tmigrate {

/// The largest configuration (--config, --config-file, a .clang-tidy).
constexpr uint64_t MaxConfigBytes = 1 << 20;
/// The largest response file.
constexpr uint64_t MaxResponseFileBytes = 16 << 20;
/// The largest source file --fix reads back to rewrite (clang's source
/// locations cannot address much more).
constexpr uint64_t MaxSourceBytes = uint64_t(1) << 30;
/// The largest build-system record read for the project scope
/// (CMakeCache.txt, meson-info.json).
constexpr uint64_t MaxBuildRecordBytes = 64 << 20;

/// The content of \p Path, at most \p Limit bytes: a regular file (symlinks
/// followed) or a pipe/character device read up to the limit. Errors name
/// the file as "cannot read <What> '<Path>': ..." (missing, unreadable, a
/// directory, too large).
llvm::Expected<std::string>
readBoundedFile(llvm::StringRef Path, uint64_t Limit, llvm::StringRef What);

/// The content of the regular file \p Path (symlinks followed), at most
/// \p Limit bytes. Opened without blocking, so that a named pipe planted
/// where a regular file is expected is an error, never a hang. Errors are
/// one line without the path: "it is not a regular file", "it is larger
/// than N KiB", or the system's message.
llvm::Expected<std::string> readRegularFile(llvm::StringRef Path,
                                            uint64_t Limit);

/// The real file system, but opening anything that is not a regular file of
/// at most \p Limit bytes fails (EINVAL or EFBIG).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createBoundedFileSystem(uint64_t Limit);

} // namespace tmigrate

#endif
