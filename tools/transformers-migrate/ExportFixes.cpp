//===- ExportFixes.cpp - --export-fixes (clang-tidy's YAML) ---------------===//
//
// Writes one tooling::TranslationUnitDiagnostics document, exactly as
// clang-tidy --export-fixes does, so clang-apply-replacements applies it.
// Replacement paths are real paths (symlinks resolved), and only the fixes
// that --fix would apply are included (conflicting or out-of-project fixes
// are exported as diagnostics without replacements).
//
//===----------------------------------------------------------------------===//

#include "CompilationDatabaseLoader.h"
#include "Emitters.h"
#include "SafeFileWriter.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/YAMLTraits.h"

namespace tmigrate {

/// YAML text must be UTF-8 (LLVM's writer mangles other bytes): messages and
/// locations show invalid bytes as U+FFFD; such a path is never used for a
/// replacement.
static std::string utf8(llvm::StringRef Text) {
  return llvm::json::isUTF8(Text) ? Text.str() : llvm::json::fixUTF8(Text);
}

llvm::Error exportFixes(llvm::StringRef Path,
                        const std::vector<Record> &Records,
                        const std::vector<bool> &Applied,
                        llvm::StringRef MainSourceFile,
                        std::vector<std::string> &Problems) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = utf8(MainSourceFile);
  std::vector<std::vector<Edit>> Edits = reportedEdits(Records, &Applied);
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    clang::tooling::Diagnostic D;
    D.DiagnosticName = R.Check;
    D.DiagLevel = R.isError() ? clang::tooling::Diagnostic::Error
                              : clang::tooling::Diagnostic::Warning;
    D.BuildDirectory = utf8(R.BuildDirectory);
    D.Message.Message = utf8(R.Message);
    D.Message.FilePath = utf8(R.Pos.File);
    D.Message.FileOffset = R.Pos.Offset;
    for (const Range &Rg : R.Ranges) {
      clang::tooling::FileByteRange FBR;
      FBR.FilePath = utf8(Rg.File);
      FBR.FileOffset = Rg.Offset;
      FBR.Length = Rg.Length;
      D.Message.Ranges.push_back(std::move(FBR));
    }
    bool Representable = llvm::all_of(Edits[I], [](const Edit &E) {
      return llvm::json::isUTF8(realPathOf(E.File));
    });
    if (!Representable)
      Problems.push_back("fix for " + R.Pos.File + ":" +
                         std::to_string(R.Pos.Line) + ":" +
                         std::to_string(R.Pos.Column) +
                         " not exported: its file name is not valid UTF-8, "
                         "which the YAML file cannot carry");
    for (const Edit &E : Representable ? Edits[I] : std::vector<Edit>()) {
      std::string Real = realPathOf(E.File);
      llvm::Error Err = D.Message.Fix[Real].add(
          clang::tooling::Replacement(Real, E.Offset, E.Length, E.Text));
      if (Err)
        return Err;
    }
    for (const Note &N : R.Notes) {
      clang::tooling::DiagnosticMessage M;
      M.Message = utf8(N.Message);
      M.FilePath = utf8(N.Pos.File);
      M.FileOffset = N.Pos.Offset;
      D.Notes.push_back(std::move(M));
    }
    TUD.Diagnostics.push_back(std::move(D));
  }
  // Whole or not at all: a full disk leaves no truncated YAML behind.
  std::string Text;
  {
    llvm::raw_string_ostream OS(Text);
    llvm::yaml::Output YAML(OS);
    YAML << TUD;
  }
  return writeOutputFile(Path, Text);
}

} // namespace tmigrate
