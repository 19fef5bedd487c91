//===- FixEdits.h - Fix-it hints as byte edits of one file each -*- C++ -*-===//
//
// The one place where a finding's fix-it hints become byte ranges of files:
// the tool's runner and the analysis fuzzer both use it, so the fuzzer checks
// exactly the conversion the tool applies.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_FIXEDITS_H
#define TRANSFORMERS_MIGRATE_FIXEDITS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace tmigrate {

/// Bytes [Offset, Offset + Length) of one file.
struct FileRange {
  clang::FileID File;
  unsigned Offset = 0;
  unsigned Length = 0;
};

/// \p Range as bytes of one file, or std::nullopt when it cannot be written
/// as one range of one file (e.g. it spans a macro expansion).
std::optional<FileRange> fileRangeOf(clang::CharSourceRange Range,
                                     const clang::SourceManager &SM,
                                     const clang::LangOptions &LangOpts);

/// One fix-it hint as a replacement of bytes [Offset, Offset + Length) of
/// one file.
struct FileEdit {
  clang::FileID File;
  unsigned Offset = 0;
  unsigned Length = 0;
  llvm::StringRef Text;
};

/// The edits of \p Fixes in file coordinates, hints without a range (none
/// are emitted today) skipped. std::nullopt when any hint cannot be written
/// as one range of one file (e.g. it spans a macro expansion): a fix is all
/// or nothing, so the finding is then reported without one.
std::optional<llvm::SmallVector<FileEdit, 4>>
fileEditsOf(llvm::ArrayRef<clang::FixItHint> Fixes,
            const clang::SourceManager &SM, const clang::LangOptions &LangOpts);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_FIXEDITS_H
