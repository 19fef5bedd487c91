//===- FixEdits.cpp - Fix-it hints as byte edits of one file each ---------===//

#include "FixEdits.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace tmigrate {

std::optional<FileRange> fileRangeOf(CharSourceRange Range,
                                     const SourceManager &SM,
                                     const LangOptions &LangOpts) {
  CharSourceRange CR = Lexer::makeFileCharRange(Range, SM, LangOpts);
  if (CR.isInvalid())
    return std::nullopt;
  auto [BeginFile, BeginOffset] = SM.getDecomposedLoc(CR.getBegin());
  auto [EndFile, EndOffset] = SM.getDecomposedLoc(CR.getEnd());
  if (BeginFile != EndFile || EndOffset < BeginOffset)
    return std::nullopt;
  return FileRange{BeginFile, BeginOffset, EndOffset - BeginOffset};
}

std::optional<llvm::SmallVector<FileEdit, 4>>
fileEditsOf(llvm::ArrayRef<FixItHint> Fixes, const SourceManager &SM,
            const LangOptions &LangOpts) {
  llvm::SmallVector<FileEdit, 4> Edits;
  for (const FixItHint &H : Fixes) {
    if (H.RemoveRange.isInvalid())
      continue;
    std::optional<FileRange> R = fileRangeOf(H.RemoveRange, SM, LangOpts);
    if (!R)
      return std::nullopt;
    Edits.push_back({R->File, R->Offset, R->Length, H.CodeToInsert});
  }
  return Edits;
}

} // namespace tmigrate
