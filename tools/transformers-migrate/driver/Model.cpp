//===- Model.cpp - The tool's results once the AST is gone ----------------===//

#include "driver/Model.h"
#include "llvm/ADT/STLExtras.h"
#include <set>
#include <tuple>

using clang::tooling::Replacement;

namespace tmigrate {

bool EditOrder::operator()(const Replacement &A, const Replacement &B) const {
  return std::make_tuple(A.getFilePath(), A.getOffset(), A.getLength(),
                         A.getReplacementText()) <
         std::make_tuple(B.getFilePath(), B.getOffset(), B.getLength(),
                         B.getReplacementText());
}

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

std::vector<Replacement> Record::edits() const {
  std::vector<Replacement> Out;
  for (const auto &[File, Replacements] : Diag.Message.Fix)
    llvm::append_range(Out, Replacements);
  llvm::sort(Out, EditOrder());
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

std::vector<std::vector<Replacement>>
reportedEdits(const std::vector<Record> &Records,
              const std::vector<bool> *Applied) {
  std::vector<std::vector<Replacement>> Out(Records.size());
  // A set, not a list searched per edit: the edits seen grow with the
  // findings, thousands in one file.
  std::set<Replacement, EditOrder> Seen;
  for (size_t I = 0; I < Records.size(); ++I) {
    if (Applied && !(I < Applied->size() && (*Applied)[I]))
      continue;
    for (Replacement &E : Records[I].edits())
      if (Seen.insert(E).second)
        Out[I].push_back(std::move(E));
  }
  return Out;
}

bool overlaps(const Replacement &A, const Replacement &B) {
  unsigned AOffset = A.getOffset(), ALength = A.getLength();
  unsigned BOffset = B.getOffset(), BLength = B.getLength();
  if (ALength == 0 && BLength == 0)
    return AOffset == BOffset; // two different insertions: order unknown
  if (ALength == 0)
    return BOffset < AOffset && AOffset < BOffset + BLength;
  if (BLength == 0)
    return AOffset < BOffset && BOffset < AOffset + ALength;
  return AOffset < BOffset + BLength && BOffset < AOffset + ALength;
}

} // namespace tmigrate
