//===- JsonEmitter.cpp - --format=json ------------------------------------===//
//
// {"version": 1, "tool": {...}, "summary": {...}, "diagnostics": [...]}, one
// object per diagnostic with its location, ranges, notes, fix and (for a
// finding) its baseline fingerprint; with --baseline, the summary says what
// the baseline accepted and which entries were not found.
//
//===----------------------------------------------------------------------===//

#include "report/Emitters.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace tmigrate {

static llvm::json::Object position(const Position &P) {
  return llvm::json::Object{{"file", P.File},
                            {"line", P.Line},
                            {"column", P.Column},
                            {"offset", P.Offset}};
}

void emitJson(const std::vector<Record> &Records,
              const std::vector<bool> &Applied, const RunSummary &Summary,
              llvm::raw_ostream &OS) {
  llvm::json::Array Diags;
  unsigned Warnings = 0, Errors = 0;
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    (R.hasErrorLevel() ? Errors : Warnings)++;
    llvm::json::Object D = position(R.position());
    D["check"] = R.check();
    D["severity"] = R.isError() ? "error" : "warning";
    D["message"] = R.message();
    D["mainFile"] = R.MainFile;
    llvm::json::Array Ranges, Notes, Fix;
    for (const clang::tooling::FileByteRange &Rg : R.Diag.Message.Ranges)
      Ranges.push_back(llvm::json::Object{{"file", Rg.FilePath},
                                          {"offset", Rg.FileOffset},
                                          {"length", Rg.Length}});
    for (size_t N = 0; N < R.Diag.Notes.size(); ++N) {
      llvm::json::Object O = position(R.notePosition(N));
      O["message"] = R.Diag.Notes[N].Message;
      Notes.push_back(std::move(O));
    }
    for (const clang::tooling::Replacement &E : R.edits())
      Fix.push_back(
          llvm::json::Object{{"file", E.getFilePath().str()},
                             {"offset", E.getOffset()},
                             {"length", E.getLength()},
                             {"replacement", E.getReplacementText().str()}});
    D["ranges"] = std::move(Ranges);
    D["notes"] = std::move(Notes);
    D["fix"] = std::move(Fix);
    if (Summary.FixMode)
      D["fixApplied"] = I < Applied.size() && Applied[I];
    if (!R.Fingerprint.empty())
      D["fingerprint"] = R.Fingerprint;
    Diags.push_back(std::move(D));
  }
  llvm::json::Object Sum{
      {"files", Summary.Files.size()},
      {"failedFiles", llvm::json::Array(Summary.FailedFiles)},
      {"warnings", Warnings},
      {"errors", Errors}};
  // What the baseline hid (accepted findings are not diagnostics here) and
  // which of its entries no finding matched any more.
  if (const BaselineOutcome *B = Summary.Baseline) {
    Sum["baseline"] =
        llvm::json::Object{{"accepted", B->Accepted.size()},
                           {"notFound", B->NotFound.size()},
                           {"notFoundEntries", llvm::json::Array(B->NotFound)}};
  }
  llvm::json::Object Root{
      {"version", 1},
      {"tool", llvm::json::Object{{"name", "transformers-migrate"},
                                  {"version", TT_MIGRATE_VERSION},
                                  {"llvmVersion", TT_MIGRATE_LLVM_VERSION}}},
      {"summary", std::move(Sum)},
      {"diagnostics", std::move(Diags)}};
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
}

} // namespace tmigrate
