//===- ExportFixes.cpp - --export-fixes (clang-tidy's YAML) ---------------===//
//
// Writes the records as clang-tidy --export-fixes does, with clang-tidy's own
// exportReplacements, so clang-apply-replacements applies it.
// Replacement paths are real paths (symlinks resolved), and only the fixes
// that --fix would apply are included (conflicting or out-of-project fixes
// are exported as diagnostics without replacements).
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "input/CompilationDatabaseLoader.h"
#include "report/Emitters.h"
#include "support/SafeFileWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

namespace tmigrate {

/// YAML text must be UTF-8 (LLVM's writer mangles other bytes): messages and
/// locations show invalid bytes as U+FFFD; such a path is never used for a
/// replacement.
static std::string utf8(llvm::StringRef Text) {
  return llvm::json::isUTF8(Text) ? Text.str() : llvm::json::fixUTF8(Text);
}

/// \p Message with UTF-8 text and paths.
static void sanitize(clang::tooling::DiagnosticMessage &Message) {
  Message.Message = utf8(Message.Message);
  Message.FilePath = utf8(Message.FilePath);
  for (clang::tooling::FileByteRange &Rg : Message.Ranges)
    Rg.FilePath = utf8(Rg.FilePath);
}

llvm::Error exportFixes(llvm::StringRef Path,
                        const std::vector<Record> &Records,
                        const std::vector<bool> &Applied,
                        llvm::StringRef MainSourceFile,
                        std::vector<std::string> &Problems) {
  std::vector<clang::tidy::ClangTidyError> Errors;
  std::vector<std::vector<clang::tooling::Replacement>> Edits =
      reportedEdits(Records, &Applied);
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    // clang-tidy's own error: the diagnostic as it reported it, with the
    // fixes --fix applies, in real paths.
    clang::tidy::ClangTidyError E(R.check(), R.Diag.DiagLevel,
                                  R.Diag.BuildDirectory, R.WarningAsError);
    static_cast<clang::tooling::Diagnostic &>(E) = R.Diag;
    E.BuildDirectory = utf8(E.BuildDirectory);
    E.Message.Fix.clear();
    sanitize(E.Message);
    for (clang::tooling::DiagnosticMessage &N : E.Notes)
      sanitize(N);
    bool Representable =
        llvm::all_of(Edits[I], [](const clang::tooling::Replacement &Ed) {
          return llvm::json::isUTF8(realPathOf(Ed.getFilePath()));
        });
    if (!Representable)
      Problems.push_back("fix for " + where(R) +
                         " not exported: its file name is not valid UTF-8, "
                         "which the YAML file cannot carry");
    for (const clang::tooling::Replacement &Ed :
         Representable ? Edits[I]
                       : std::vector<clang::tooling::Replacement>()) {
      std::string Real = realPathOf(Ed.getFilePath());
      if (llvm::Error Err = E.Message.Fix[Real].add(clang::tooling::Replacement(
              Real, Ed.getOffset(), Ed.getLength(), Ed.getReplacementText())))
        return Err;
    }
    Errors.push_back(std::move(E));
  }
  // clang-tidy's writer; whole or not at all: a full disk leaves no
  // truncated YAML behind.
  std::string Text;
  {
    llvm::raw_string_ostream OS(Text);
    clang::tidy::exportReplacements(utf8(MainSourceFile), Errors, OS);
  }
  return writeOutputFile(Path, Text);
}

} // namespace tmigrate
