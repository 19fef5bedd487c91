//===- Model.cpp - The tool's results once the AST is gone ----------------===//

#include "driver/Model.h"
#include "llvm/ADT/STLExtras.h"
#include <set>

namespace tmigrate {

Record Record::error(llvm::StringRef File, llvm::StringRef Message,
                     llvm::StringRef MainFile, llvm::StringRef BuildDirectory) {
  Record R;
  R.Diag.DiagnosticName = "clang-diagnostic-error";
  R.Diag.DiagLevel = clang::tooling::Diagnostic::Error;
  R.Diag.BuildDirectory = BuildDirectory.str();
  R.Diag.Message.FilePath = File.str();
  R.Diag.Message.Message = Message.str();
  R.MainFile = MainFile.str();
  return R;
}

std::vector<Edit> Record::edits() const {
  std::vector<Edit> Out;
  for (const auto &[File, Replacements] : Diag.Message.Fix)
    for (const clang::tooling::Replacement &Rep : Replacements)
      Out.push_back({Rep.getFilePath().str(), Rep.getOffset(), Rep.getLength(),
                     Rep.getReplacementText().str()});
  llvm::sort(Out);
  return Out;
}

bool Record::hasFix() const {
  return llvm::any_of(Diag.Message.Fix,
                      [](const auto &F) { return !F.second.empty(); });
}

Position Record::position() const {
  return {Diag.Message.FilePath, Diag.Message.FileOffset, At.Line, At.Column};
}

Position Record::notePosition(size_t I) const {
  const clang::tooling::DiagnosticMessage &N = Diag.Notes[I];
  LineColumn LC = I < NotesAt.size() ? NotesAt[I] : LineColumn();
  return {N.FilePath, N.FileOffset, LC.Line, LC.Column};
}

std::string where(const Record &R) {
  return R.file().str() + ":" + std::to_string(R.At.Line) + ":" +
         std::to_string(R.At.Column);
}

std::vector<std::vector<Edit>> reportedEdits(const std::vector<Record> &Records,
                                             const std::vector<bool> *Applied) {
  std::vector<std::vector<Edit>> Out(Records.size());
  // A set, not a list searched per edit: the edits seen grow with the
  // findings, thousands in one file.
  std::set<Edit> Seen;
  for (size_t I = 0; I < Records.size(); ++I) {
    if (Applied && !(I < Applied->size() && (*Applied)[I]))
      continue;
    for (Edit &E : Records[I].edits())
      if (Seen.insert(E).second)
        Out[I].push_back(std::move(E));
  }
  return Out;
}

bool overlaps(const Edit &A, const Edit &B) {
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset; // two different insertions: order unknown
  if (A.Length == 0)
    return B.Offset < A.Offset && A.Offset < B.Offset + B.Length;
  if (B.Length == 0)
    return A.Offset < B.Offset && B.Offset < A.Offset + A.Length;
  return A.Offset < B.Offset + B.Length && B.Offset < A.Offset + A.Length;
}

} // namespace tmigrate
