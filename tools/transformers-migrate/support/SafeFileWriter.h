//===- SafeFileWriter.h - Writes that never lose a byte --------*- C++ -*-===//
//
// Every file transformers-migrate writes goes through here: the user's
// sources (--fix), the outputs it is asked for (--export-fixes) and its own
// files (result cache entries). The rules:
//
//  - A new content is written to a temporary file in the target's directory
//    and renamed over the target: a reader sees the old file or the new one,
//    never a mix, and an I/O error (a full disk) leaves the old one intact.
//  - The temporary file is unnamed (O_TMPFILE) while it is written, synced
//    and given its metadata; it gets a name (linkat) only right before the
//    rename, so a SIGKILL or a crash leaves a temporary behind only from
//    then to the end of the rename and the check after it. A file system
//    without O_TMPFILE gets a temporary named from the start.
//  - A source file is only replaced while it still holds exactly what the
//    analysis read. The check is repeated once the temporary file is
//    complete, immediately before the rename, and once more after it: the
//    rename is an exchange (renameat2(RENAME_EXCHANGE)), so if the replaced
//    file changed in between it is swapped back, the edit kept, and the file
//    reported as not written. The window left is that of every
//    rename-based writer: a program that opened the file before the rename
//    and writes to it after the last check writes to the replaced file.
//  - Owner, group, mode, ACLs and other extended attributes are kept; a file
//    whose owner the tool cannot keep is not written.
//  - Named temporary files are removed on SIGINT/SIGTERM (LLVM's
//    RemoveFileOnSignal) and, after a SIGKILL, by the next run
//    (removeStaleTemporaries): their names carry the writing process' id.
//  - Every failure is one line saying why (WriteFailure); whether it fails
//    the run is the caller's rule: a fix target not written leaves its
//    finding (exit 1), an output the user named that is lost is exit 2.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_SAFEFILEWRITER_H
#define TRANSFORMERS_MIGRATE_SAFEFILEWRITER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <string>

namespace tmigrate {

/// Why a file was not written. The message is one line, without the path.
class WriteFailure : public llvm::ErrorInfo<WriteFailure> {
public:
  enum Kind {
    /// It is not what the analysis read (the user edited it): their version
    /// is kept and a later run fixes it.
    Changed,
    /// The tool will not write it as it is: read-only, hard links, an owner
    /// or ACL it cannot keep, not a regular file.
    Refused,
    /// The system failed a read, write or rename (a full disk, EIO).
    IOError,
  };
  static char ID;

  WriteFailure(Kind K, std::string Message)
      : K(K), Message(std::move(Message)) {}
  Kind kind() const { return K; }
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  Kind K;
  std::string Message;
};

/// Called with the target and the complete temporary file right before the
/// final check (tests inject faults there: an edit, a signal). The
/// temporary is named by its path, or, while it is unnamed, by
/// /proc/<pid>/fd/<fd> (readable by another process while this one runs).
using BeforeCommitHook =
    std::function<void(llvm::StringRef Target, llvm::StringRef Temporary)>;

/// Replaces the content of the existing regular file \p Path with \p New if,
/// and only if, it still is \p Expected. On error (changed, read-only, owner
/// not keepable, hard links, any I/O error) the file is left as it is and
/// the error, a WriteFailure, says why in one line.
/// \p AfterCheck (tests only) is called between the last check and the
/// exchange, the window the check after the exchange covers.
llvm::Error replaceFileContent(llvm::StringRef Path, llvm::StringRef Expected,
                               llvm::StringRef New,
                               const BeforeCommitHook &Hook = nullptr,
                               const BeforeCommitHook &AfterCheck = nullptr);

/// Whose file an output is, for writeOutputFile.
enum class OutputKind {
  /// A file the user named (--export-fixes): the process' own streams
  /// (/dev/stdout, /dev/fd/N) and an existing device or pipe are written as
  /// streams.
  UserNamed,
  /// The tool's own file (a cache entry): whatever is at the path that is
  /// not a regular file, a pipe or a device too, is replaced, never written
  /// through or waited on.
  ToolOwned,
};

/// Writes an output file (a report, --export-fixes, a cache entry) whole or
/// not at all: a regular file (new or existing) via a temporary file and a
/// rename. A symbolic link at \p Path is replaced by the new file, never
/// written through (OutputTargets.h). An existing file keeps its mode; a
/// new one gets 0666 minus the umask.
llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Content,
                            OutputKind Kind = OutputKind::UserNamed);

/// True when \p Path names one of the process' own streams (/dev/stdout,
/// /dev/stderr, /dev/fd/N, /proc/self/fd/N), which an output is written to
/// as a stream.
bool isOwnStream(llvm::StringRef Path);

/// Removes, in \p Dir, the temporary files of transformers-migrate runs that
/// were killed (their process is gone, or they are over a day old). Returns
/// the paths removed. Only names this writer makes are considered, only
/// regular files, never through a symlink.
std::vector<std::string> removeStaleTemporaries(llvm::StringRef Dir);

/// True when \p Name is the name of one of this writer's temporary files.
bool isTemporaryName(llvm::StringRef Name);

/// Testing only: with \p Named, every temporary file is named from its
/// creation, as on a file system without O_TMPFILE (the fallback).
void useNamedTemporariesForTesting(bool Named);

} // namespace tmigrate

#endif
