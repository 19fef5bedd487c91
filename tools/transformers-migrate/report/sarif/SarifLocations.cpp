//===- SarifLocations.cpp -------------------------------------------------===//

#include "report/sarif/SarifLocations.h"
#include "support/Paths.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace tmigrate {

static const char SourceRootId[] = "%SRCROOT%";

/// \p Path percent-encoded as a URI path: unreserved characters and '/'
/// stay, every other byte is %XX.
static std::string percentEncode(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-_.~").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

std::string fileUri(llvm::StringRef Path) {
  return "file://" + percentEncode(Path);
}

SarifLocations::SarifLocations(llvm::StringRef SourceRoot,
                               const FixPlan *Rewritten)
    : Root(SourceRoot.size() > 1 ? SourceRoot.rtrim('/') : SourceRoot),
      Rewritten(Rewritten) {}

/// \p Path relative to \p Root, if it lies below it and names no "." or
/// ".." (a consumer would resolve those, maybe out of the root).
static std::optional<llvm::StringRef> below(llvm::StringRef Path,
                                            llvm::StringRef Root) {
  if (Root.empty() || Path == Root || !isUnder(Path, Root))
    return std::nullopt;
  llvm::StringRef Relative = Path.drop_front(Root == "/" ? 1 : Root.size() + 1);
  for (llvm::StringRef Part : llvm::make_range(llvm::sys::path::begin(Relative),
                                               llvm::sys::path::end(Relative)))
    if (Part == "." || Part == "..")
      return std::nullopt;
  return Relative;
}

llvm::json::Object SarifLocations::artifactLocation(llvm::StringRef File) {
  // Below the root as named, or once symlinks are resolved (the root is
  // resolved; a file may be reached through a symlinked directory).
  std::string Real;
  std::optional<llvm::StringRef> Relative = below(File, Root);
  if (!Relative && !Root.empty()) {
    Real = realPathOf(File);
    Relative = below(Real, Root);
  }
  if (!Relative)
    return llvm::json::Object{{"uri", fileUri(File)}};
  return llvm::json::Object{{"uri", percentEncode(*Relative)},
                            {"uriBaseId", SourceRootId}};
}

std::optional<llvm::json::Object> SarifLocations::originalUriBaseIds() const {
  if (Root.empty())
    return std::nullopt;
  std::string Uri = fileUri(Root);
  if (!llvm::StringRef(Uri).ends_with("/"))
    Uri += '/';
  return llvm::json::Object{
      {SourceRootId, llvm::json::Object{{"uri", std::move(Uri)}}}};
}

const CodePointMap *SarifLocations::mapOf(llvm::StringRef File) {
  auto [It, New] = Texts.try_emplace(File.str());
  Text &T = It->second;
  if (New) {
    // A file --fix rewrote: the positions are in the text before the fix.
    const FilePlan *Planned = nullptr;
    if (Rewritten) {
      auto P = Rewritten->Files.find(realPathOf(File));
      if (P != Rewritten->Files.end())
        Planned = &P->second;
    }
    if (Planned) {
      T.Map.emplace(Planned->Original);
    } else if (auto Buffer = llvm::MemoryBuffer::getFile(
                   File, /*IsText=*/false, /*RequiresNullTerminator=*/false)) {
      T.Buffer = std::move(*Buffer);
      T.Map.emplace(T.Buffer->getBuffer());
    }
  }
  return T.Map ? &*T.Map : nullptr;
}

std::optional<llvm::json::Object>
SarifLocations::region(llvm::StringRef File, unsigned Offset, unsigned Length) {
  const CodePointMap *Map = mapOf(File);
  if (!Map)
    return std::nullopt;
  unsigned End = Offset + Length;
  return llvm::json::Object{{"startLine", Map->line(Offset)},
                            {"startColumn", Map->column(Offset)},
                            {"endLine", Map->line(End)},
                            {"endColumn", Map->column(End)},
                            {"charOffset", Map->offset(Offset)},
                            {"charLength", Map->length(Offset, Length)}};
}

std::optional<llvm::json::Object>
SarifLocations::charRegion(llvm::StringRef File, unsigned Offset,
                           unsigned Length) {
  const CodePointMap *Map = mapOf(File);
  if (!Map)
    return std::nullopt;
  return llvm::json::Object{{"charOffset", Map->offset(Offset)},
                            {"charLength", Map->length(Offset, Length)}};
}

} // namespace tmigrate
