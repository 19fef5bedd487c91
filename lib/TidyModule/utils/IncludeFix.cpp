//===- IncludeFix.cpp - The #include edit a fix needs ---------------------===//

#include "IncludeFix.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Inclusions/HeaderIncludes.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace transformers_tidy {

IncludeFixer::IncludeFixer(llvm::StringRef Header,
                           tidy::utils::IncludeSorter::IncludeStyle Style)
    : Angled(true), Style(Style) {
  Header = Header.trim();
  if (Header.size() >= 2 && Header.front() == '"' && Header.back() == '"') {
    Angled = false;
    Header = Header.drop_front().drop_back();
  } else if (Header.size() >= 2 && Header.front() == '<' &&
             Header.back() == '>') {
    Header = Header.drop_front().drop_back();
  }
  Name = Header.str();
}

/// Whether \p Code has an #include / #import of \p Name, quoted or angled.
static bool includesTextually(llvm::StringRef Code, llvm::StringRef Name) {
  llvm::Regex Directive("^[ \t]*#[ \t]*(include|import)[ \t]*[<\"]" +
                            llvm::Regex::escape(Name) + "[>\"]",
                        llvm::Regex::Newline);
  return Directive.match(Code);
}

std::optional<FixItHint> IncludeFixer::insertionFor(FileID File,
                                                    const SourceManager &SM) {
  if (Name.empty() || File.isInvalid())
    return std::nullopt;
  auto It = PerFile.find(File);
  if (It != PerFile.end())
    return It->second;

  std::optional<FixItHint> Result;
  bool Invalid = false;
  llvm::StringRef Code = SM.getBufferData(File, &Invalid);
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Invalid && Entry && !includesTextually(Code, Name)) {
    using tidy::utils::IncludeSorter;
    format::FormatStyle FS =
        Style == IncludeSorter::IS_LLVM ? format::getLLVMStyle()
        : Style == IncludeSorter::IS_Google_ObjC
            ? format::getGoogleStyle(format::FormatStyle::LK_ObjC)
            : format::getGoogleStyle(format::FormatStyle::LK_Cpp);
    tooling::HeaderIncludes Includes(Entry->getName(), Code, FS.IncludeStyle);
    std::optional<tooling::Replacement> R =
        Includes.insert(Name, Angled, tooling::IncludeDirective::Include);
    if (R) {
      SourceLocation Loc =
          SM.getLocForStartOfFile(File).getLocWithOffset(R->getOffset());
      Result = FixItHint::CreateInsertion(Loc, R->getReplacementText());
    }
  }
  PerFile[File] = Result;
  return Result;
}

} // namespace transformers_tidy
