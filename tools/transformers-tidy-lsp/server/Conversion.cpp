//===- Conversion.cpp -----------------------------------------------------===//

#include "server/Conversion.h"
#include "protocol/Uri.h"
#include "report/sarif/SarifRules.h"
#include "llvm/Support/FileSystem.h"
#include <map>

namespace tlsp {

using clang::tooling::Replacement;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

/// Offsets to positions in the texts the analysis read.
class Locator {
public:
  Locator(const AnalysisResult &R, const ConversionOptions &O) : R(R), O(O) {}

  /// The file's canonical name: the document's path for the document
  /// (reached through any link).
  std::string canonical(llvm::StringRef File) {
    if (File == R.Path || llvm::sys::fs::equivalent(File, R.Path))
      return R.Path;
    return File.str();
  }
  std::string uri(llvm::StringRef File) {
    std::string C = canonical(File);
    return C == R.Path ? R.Uri : pathToUri(C);
  }
  LspPosition position(llvm::StringRef File, size_t Offset) {
    return table(File).position(Offset, O.Encoding);
  }
  Value range(llvm::StringRef File, size_t Begin, size_t End) {
    return Object{{"start", toJson(position(File, Begin))},
                  {"end", toJson(position(File, End))}};
  }
  static Value toJson(LspPosition P) {
    return Object{{"line", P.Line}, {"character", P.Character}};
  }

private:
  const LineTable &table(llvm::StringRef File) {
    std::string C = canonical(File);
    auto It = Tables.find(C);
    if (It != Tables.end())
      return It->second;
    auto Text = R.Texts.find(C);
    if (Text == R.Texts.end())
      Text = R.Texts.find(File.str());
    llvm::StringRef T;
    if (Text != R.Texts.end())
      T = Text->second;
    return Tables.try_emplace(C, T).first->second;
  }

  const AnalysisResult &R;
  const ConversionOptions &O;
  std::map<std::string, LineTable> Tables;
};

/// The range a finding covers: the highlighted range of its message that
/// contains its location (the legacy expression), else its location.
std::pair<size_t, size_t> findingRange(const tmigrate::Record &F) {
  size_t At = F.offset();
  for (const clang::tooling::FileByteRange &Rg : F.Diag.Message.Ranges)
    if (Rg.FilePath == F.Diag.Message.FilePath && Rg.FileOffset <= At &&
        At <= Rg.FileOffset + Rg.Length)
      return {Rg.FileOffset, Rg.FileOffset + Rg.Length};
  return {At, At};
}

Value diagnostic(const tmigrate::Record &F, Locator &L) {
  auto [Begin, End] = findingRange(F);
  Object D{{"range", L.range(F.file(), Begin, End)},
           {"severity", F.isError() ? 1 : 2},
           {"code", F.check().str()},
           {"source", DiagnosticSource},
           {"message", F.message().str()}};
  std::string Help = tmigrate::describeRule(F.check()).HelpUri;
  if (!Help.empty())
    D["codeDescription"] = Object{{"href", Help}};
  Array Related;
  for (const clang::tooling::DiagnosticMessage &N : F.Diag.Notes) {
    if (N.FilePath.empty())
      continue;
    Related.push_back(Object{
        {"location",
         Object{{"uri", L.uri(N.FilePath)},
                {"range", L.range(N.FilePath, N.FileOffset, N.FileOffset)}}},
        {"message", N.Message}});
  }
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

/// A WorkspaceEdit of \p Edits (in EditOrder: by file, then offset).
Value workspaceEdit(const std::vector<Replacement> &Edits, Locator &L,
                    const ConversionOptions &O) {
  // Files in order of first appearance; each file's edits in offset order
  // (they do not overlap; insertions at one offset keep their order).
  std::vector<std::string> Files;
  std::map<std::string, Array> PerFile;
  for (const Replacement &E : Edits) {
    std::string File = L.canonical(E.getFilePath());
    if (!PerFile.count(File))
      Files.push_back(File);
    PerFile[File].push_back(
        Object{{"range", L.range(E.getFilePath(), E.getOffset(),
                                 E.getOffset() + E.getLength())},
               {"newText", E.getReplacementText().str()}});
  }
  if (O.DocumentChanges) {
    Array Changes;
    for (const std::string &File : Files) {
      std::optional<int64_t> Version =
          O.OpenVersion ? O.OpenVersion(File) : std::nullopt;
      Changes.push_back(Object{
          {"textDocument",
           Object{{"uri", L.uri(File)},
                  {"version", Version ? Value(*Version) : Value(nullptr)}}},
          {"edits", std::move(PerFile[File])}});
    }
    return Object{{"documentChanges", std::move(Changes)}};
  }
  Object Changes;
  for (const std::string &File : Files)
    Changes[L.uri(File)] = std::move(PerFile[File]);
  return Object{{"changes", std::move(Changes)}};
}

/// Whether kind \p Kind is asked for by \p Only (equal, or a sub-kind of an
/// entry: "source" asks for "source.fixAll.transformers-tidy").
bool wanted(llvm::StringRef Kind,
            const std::optional<std::vector<std::string>> &Only) {
  if (!Only)
    return true;
  for (llvm::StringRef K : *Only)
    if (Kind == K || Kind.starts_with((K + ".").str()))
      return true;
  return false;
}

bool before(LspPosition A, LspPosition B) {
  return A.Line < B.Line || (A.Line == B.Line && A.Character < B.Character);
}

} // namespace

Array diagnostics(const AnalysisResult &R, const ConversionOptions &O) {
  Locator L(R, O);
  Array Out;
  for (const tmigrate::Record &F : R.Findings)
    Out.push_back(diagnostic(F, L));
  return Out;
}

Array codeActions(const AnalysisResult &R, LspPosition Begin, LspPosition End,
                  const std::optional<std::vector<std::string>> &Only,
                  const ConversionOptions &O) {
  Locator L(R, O);
  Array Out;
  if (wanted("quickfix", Only)) {
    for (const tmigrate::Record &F : R.Findings) {
      if (!F.hasFix())
        continue;
      auto [B, E] = findingRange(F);
      LspPosition FB = L.position(F.file(), B), FE = L.position(F.file(), E);
      if (before(FE, Begin) || before(End, FB))
        continue;
      Out.push_back(Object{{"title", ("Apply fix: " + F.message()).str()},
                           {"kind", "quickfix"},
                           {"diagnostics", Array{diagnostic(F, L)}},
                           {"isPreferred", true},
                           {"edit", workspaceEdit(F.edits(), L, O)}});
    }
  }
  if (wanted(FixAllKind, Only)) {
    // As --fix: each finding's fix whole or not at all, a fix that would
    // overlap one taken earlier left out, an edit two fixes share (the
    // #include) taken once.
    std::vector<Replacement> Taken;
    unsigned Fixes = 0;
    for (const tmigrate::Record &F : R.Findings) {
      if (!F.hasFix())
        continue;
      std::vector<Replacement> New;
      bool Conflict = false;
      for (const Replacement &E : F.edits()) {
        if (std::find(Taken.begin(), Taken.end(), E) != Taken.end())
          continue;
        for (const Replacement &T : Taken)
          Conflict |=
              L.canonical(T.getFilePath()) == L.canonical(E.getFilePath()) &&
              tmigrate::overlaps(T, E);
        New.push_back(E);
      }
      if (Conflict)
        continue;
      Taken.insert(Taken.end(), New.begin(), New.end());
      ++Fixes;
    }
    if (Fixes > 0) {
      std::sort(Taken.begin(), Taken.end(), tmigrate::EditOrder());
      Out.push_back(
          Object{{"title", "Fix all transformers-tidy findings in this file (" +
                               std::to_string(Fixes) + ")"},
                 {"kind", FixAllKind},
                 {"edit", workspaceEdit(Taken, L, O)}});
    }
  }
  return Out;
}

} // namespace tlsp
