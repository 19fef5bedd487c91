//===- TextEmitter.cpp - clang-tidy's diagnostic text form ----------------===//
//
// Prints records the way clang-tidy's ErrorReporter does: through clang's
// TextDiagnosticPrinter over a fresh SourceManager, with "%0 [%1]" messages,
// highlighted ranges, fix-it hints and notes.
//
//===----------------------------------------------------------------------===//

#include "report/Emitters.h"
#include "transformers-tidy/LLVMCompat.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace tmigrate {

namespace {

class Reporter {
public:
  Reporter(llvm::raw_ostream &OS, bool Color)
      : Files((FileSystemOptions())),
        Printer(new TextDiagnosticPrinter(OS, DiagOpts.arg())),
        Diags(new DiagnosticIDs(), DiagOpts.arg(), Printer), SM(Diags, Files) {
    DiagOpts->ShowColors = Color;
    Diags.setSourceManager(&SM);
    Printer->BeginSourceFile(LangOpts, nullptr);
  }
  ~Reporter() { Printer->EndSourceFile(); }

  /// Files already rewritten are shown with the content the analysis read.
  /// The override is per file (inode), so every path that reaches the file
  /// (a symlink, a relative spelling) sees it.
  void useOriginals(const FixPlan &Rewritten) {
    for (const auto &[RealPath, FP] : Rewritten.Files)
      if (auto FE = Files.getOptionalFileRef(RealPath))
        SM.overrideFileContents(
            *FE, llvm::MemoryBuffer::getMemBufferCopy(FP.Original, RealPath));
  }

  SourceLocation location(llvm::StringRef File, unsigned Offset) {
    if (File.empty())
      return {};
    auto FE = Files.getOptionalFileRef(File);
    if (!FE)
      return {};
    FileID ID = SM.getOrCreateFileID(*FE, SrcMgr::C_User);
    if (Offset > SM.getBufferData(ID).size())
      return {};
    return SM.getLocForStartOfFile(ID).getLocWithOffset(Offset);
  }

  void report(const Record &R, const std::vector<tooling::Replacement> &Edits,
              bool FixMode, bool Applied) {
    // A record without a line (a file that could not be used at all) has
    // no source to show: its message names the file.
    SourceLocation Loc =
        R.At.Line ? location(R.file(), R.offset()) : SourceLocation();
    std::vector<SourceLocation> FixLocs;
    {
      auto Level =
          R.isError() ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
      // As clang-tidy's ErrorReporter names a promoted warning.
      std::string Name = R.check().str();
      if (R.WarningAsError)
        Name += ",-warnings-as-errors";
      auto Diag = Diags.Report(Loc, Diags.getCustomDiagID(Level, "%0 [%1]"))
                  << R.message() << Name;
      for (const tooling::FileByteRange &Rg : R.Diag.Message.Ranges) {
        SourceLocation B = location(Rg.FilePath, Rg.FileOffset);
        if (B.isValid())
          Diag << CharSourceRange::getCharRange(B,
                                                B.getLocWithOffset(Rg.Length));
      }
      for (const tooling::Replacement &E : Edits) {
        SourceLocation B = location(E.getFilePath(), E.getOffset());
        if (B.isInvalid())
          continue;
        Diag << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(B, B.getLocWithOffset(E.getLength())),
            E.getReplacementText());
        FixLocs.push_back(B);
      }
    }
    // clang-tidy reports "FIX-IT applied" per replacement in offset order.
    if (FixMode) {
      std::vector<tooling::Replacement> Sorted = Edits;
      llvm::sort(Sorted, EditOrder());
      FixLocs.clear();
      for (const tooling::Replacement &E : Sorted) {
        SourceLocation B = location(E.getFilePath(), E.getOffset());
        if (B.isValid())
          FixLocs.push_back(B);
      }
    }
    if (FixMode)
      for (SourceLocation L : FixLocs)
        Diags.Report(L, Applied ? diag::note_fixit_applied
                                : diag::note_fixit_failed);
    for (const tooling::DiagnosticMessage &N : R.Diag.Notes)
      Diags.Report(location(N.FilePath, N.FileOffset),
                   Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0"))
          << N.Message;
  }

private:
  FileManager Files;
  LangOptions LangOpts;
  transformers_tidy::compat::OwnedDiagnosticOptions DiagOpts;
  TextDiagnosticPrinter *Printer;
  DiagnosticsEngine Diags;
  SourceManager SM;
};

} // namespace

void emitText(const std::vector<Record> &Records,
              const std::vector<bool> &Applied, bool FixMode, bool Color,
              llvm::raw_ostream &OS, const FixPlan *Rewritten) {
  Reporter Rep(OS, Color);
  if (Rewritten)
    Rep.useOriginals(*Rewritten);
  std::vector<std::vector<tooling::Replacement>> Edits = reportedEdits(Records);
  for (size_t I = 0; I < Records.size(); ++I)
    Rep.report(Records[I], Edits[I], FixMode, I < Applied.size() && Applied[I]);
  OS.flush();
}

} // namespace tmigrate
