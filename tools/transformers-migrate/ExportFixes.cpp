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
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/YAMLTraits.h"

namespace tmigrate {

llvm::Error exportFixes(llvm::StringRef Path,
                        const std::vector<Record> &Records,
                        const std::vector<bool> &Applied,
                        llvm::StringRef MainSourceFile) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSourceFile.str();
  std::vector<std::vector<Edit>> Edits = reportedEdits(Records, &Applied);
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    clang::tooling::Diagnostic D;
    D.DiagnosticName = R.Check;
    D.DiagLevel = R.Severity == Level::Error
                      ? clang::tooling::Diagnostic::Error
                      : clang::tooling::Diagnostic::Warning;
    D.BuildDirectory = R.BuildDirectory;
    D.Message.Message = R.Message;
    D.Message.FilePath = R.Pos.File;
    D.Message.FileOffset = R.Pos.Offset;
    for (const Range &Rg : R.Ranges) {
      clang::tooling::FileByteRange FBR;
      FBR.FilePath = Rg.File;
      FBR.FileOffset = Rg.Offset;
      FBR.Length = Rg.Length;
      D.Message.Ranges.push_back(std::move(FBR));
    }
    for (const Edit &E : Edits[I]) {
      std::string Real = realPathOf(E.File);
      llvm::Error Err = D.Message.Fix[Real].add(
          clang::tooling::Replacement(Real, E.Offset, E.Length, E.Text));
      if (Err)
        return Err;
    }
    for (const Note &N : R.Notes) {
      clang::tooling::DiagnosticMessage M;
      M.Message = N.Message;
      M.FilePath = N.Pos.File;
      M.FileOffset = N.Pos.Offset;
      D.Notes.push_back(std::move(M));
    }
    TUD.Diagnostics.push_back(std::move(D));
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC)
    return llvm::createStringError(EC, "cannot write '%s': %s",
                                   Path.str().c_str(), EC.message().c_str());
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  return llvm::Error::success();
}

} // namespace tmigrate
