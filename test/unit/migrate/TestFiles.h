//===- TestFiles.h - Scratch directories for the unit tests ----*- C++ -*-===//

#ifndef TRANSFORMERS_MIGRATE_UNITTESTS_TESTFILES_H
#define TRANSFORMERS_MIGRATE_UNITTESTS_TESTFILES_H

#include "driver/Model.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace tmigrate::testing {

using clang::tooling::Replacement;

/// A finding of transformers-legacy-cache at \p Offset of \p File, as
/// clang-tidy reports it, without a fix.
inline Record findingAt(const std::string &File, unsigned Offset) {
  Record R;
  R.Diag.DiagnosticName = "transformers-legacy-cache";
  R.Diag.DiagLevel = clang::tooling::Diagnostic::Warning;
  R.Diag.Message.FilePath = File;
  R.Diag.Message.FileOffset = Offset;
  R.Diag.Message.Message = "legacy cache";
  return R;
}

/// Adds \p E to the fix of \p R.
inline void addEdit(Record &R, const Replacement &E) {
  llvm::cantFail(R.Diag.Message.Fix[E.getFilePath()].add(E));
}

/// A fresh directory, removed with everything in it at the end of the test.
class ScratchDir {
public:
  ScratchDir() {
    llvm::SmallString<128> P;
    if (llvm::sys::fs::createUniqueDirectory("tt-migrate-unit", P))
      abort();
    Path = std::string(P);
  }
  ~ScratchDir() { (void)llvm::sys::fs::remove_directories(Path); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Path);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  /// Writes \p Content to \p Name and returns its path.
  std::string write(llvm::StringRef Name, llvm::StringRef Content) const {
    std::string P = path(Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Content;
    return P;
  }

  std::string Path;
};

inline std::string readAll(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false,
                                         /*IsVolatile=*/true);
  return Buf ? (*Buf)->getBuffer().str() : "<unreadable>";
}

/// The names in \p Dir, sorted.
inline std::vector<std::string> listDir(llvm::StringRef Dir) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC, false), End;
       It != End && !EC; It.increment(EC))
    Out.push_back(std::string(llvm::sys::path::filename(It->path())));
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace tmigrate::testing

#endif
