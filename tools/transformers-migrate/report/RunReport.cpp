//===- RunReport.cpp - Merging TU results and the closing summary ---------===//

#include "report/RunReport.h"
#include "support/Paths.h"
#include "transformers-tidy/LLVMCompat.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>

namespace tmigrate {

namespace {

/// Fills Record::RealFile / RealEdits (symlinks resolved, cached).
void resolvePaths(std::vector<Record> &Records) {
  std::map<std::string, std::string> Cache;
  auto Real = [&](const std::string &P) -> const std::string & {
    auto It = Cache.find(P);
    if (It == Cache.end())
      It = Cache.emplace(P, P.empty() ? P : realPathOf(P)).first;
    return It->second;
  };
  for (Record &R : Records) {
    R.RealFile = Real(R.file().str());
    R.RealEdits = R.edits();
    for (clang::tooling::Replacement &E : R.RealEdits)
      E = clang::tooling::Replacement(Real(E.getFilePath().str()),
                                      E.getOffset(), E.getLength(),
                                      E.getReplacementText());
  }
}

void add(TUResult::Counters &Sum, const TUResult::Counters &C) {
  Sum.NoLint += C.NoLint;
  Sum.NonUser += C.NonUser;
  Sum.LineFilter += C.LineFilter;
  Sum.CheckFilter += C.CheckFilter;
  Sum.Generated += C.Generated;
  Sum.GeneratedErrors += C.GeneratedErrors;
}

} // namespace

const char *plural(size_t N) { return N == 1 ? "" : "s"; }

MergedRun mergeResults(std::vector<TUResult> Results, bool FixMode) {
  MergedRun M;
  M.Summary.FixMode = FixMode;
  std::vector<Record> Records;
  // Per (option, name): whether it named a type in some TU.
  std::map<std::pair<std::string, std::string>, bool> TypeNames;
  for (TUResult &R : Results) {
    M.TypeCheckedTUs += !R.TypeNames.empty();
    for (const TypeNameUse &T : R.TypeNames)
      TypeNames[{T.Option, T.Name}] |= T.Named;
    if (!R.Failed && (!R.ContentHashes.empty() || !R.Findings.empty())) {
      M.Units.push_back({R.MainFile, R.Command, {}});
      for (auto &[File, Hash] : R.ContentHashes)
        M.Units.back().Touched.insert(realPathOf(File));
      // A finding without a fix where another TU's fix edits: this TU sees
      // that code differently (another template instantiation), so it must
      // compile with the edit too.
      for (const Record &Rec : R.Findings)
        if (!Rec.Diag.Message.FilePath.empty())
          M.Units.back().Touched.insert(realPathOf(Rec.Diag.Message.FilePath));
    }
    // A file's results (one per compile command) are consecutive: the file
    // is counted once, and failed if any of its commands failed.
    bool SameFile =
        !M.Summary.Files.empty() && M.Summary.Files.back() == R.MainFile;
    if (!SameFile)
      M.Summary.Files.push_back(R.MainFile);
    if (R.Failed && (M.Summary.FailedFiles.empty() ||
                     M.Summary.FailedFiles.back() != R.MainFile))
      M.Summary.FailedFiles.push_back(R.MainFile);
    add(M.Counts, R.Stats);
    for (auto &[File, Hash] : R.ContentHashes)
      M.SeenHashes[realPathOf(File)].insert(Hash);
    for (Record &Rec : R.Findings)
      Records.push_back(std::move(Rec));
    for (Record &Rec : R.Errors)
      Records.push_back(std::move(Rec));
  }
  for (const auto &[Entry, Named] : TypeNames)
    if (!Named)
      M.UnnamedTypes.push_back({Entry.first, Entry.second, false});
  resolvePaths(Records);
  // Records of one key are duplicates from several TUs (a shared header);
  // sorting by (key, arrival) keeps the first TU's record, deterministically.
  std::vector<size_t> Order(Records.size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::sort(Order, [&Records](size_t A, size_t B) {
    if (Records[A].key() != Records[B].key())
      return Records[A].key() < Records[B].key();
    return A < B;
  });
  M.Records.reserve(Records.size());
  for (size_t I : Order)
    if (M.Records.empty() || M.Records.back().key() != Records[I].key())
      M.Records.push_back(std::move(Records[I]));
  return M;
}

bool isFinding(const Record &R) {
  return R.check() != "clang-diagnostic-error" &&
         R.check() != "clang-tidy-config" && !R.FixNotApplied;
}

RunCounts countFindings(const std::vector<Record> &Records,
                        const std::vector<bool> &Applied, bool FixMode) {
  RunCounts C;
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    C.AnyError |= R.hasErrorLevel() && !R.FixNotApplied;
    if (!isFinding(R))
      continue;
    C.Promoted += R.WarningAsError;
    if (R.hasFix())
      ++C.Fixable;
    if (FixMode && I < Applied.size() && Applied[I])
      ++C.Fixed;
    else
      ++C.Remaining;
  }
  return C;
}

void printClosingSummary(llvm::raw_ostream &OS, const MergedRun &Run,
                         const RunCounts &Counts, bool FixMode,
                         size_t FilesWritten) {
  // clang-tidy's cumulative "N warnings generated." after each file ends in
  // this total; then its printStats.
  const TUResult::Counters &S = Run.Counts;
  if (S.Generated)
    OS << S.Generated << " warning" << plural(S.Generated);
  if (S.Generated && S.GeneratedErrors)
    OS << " and ";
  if (S.GeneratedErrors)
    OS << S.GeneratedErrors << " error" << plural(S.GeneratedErrors);
  if (S.Generated || S.GeneratedErrors)
    OS << " generated.\n";
  if (unsigned Ignored = S.NoLint + S.NonUser + S.LineFilter + S.CheckFilter) {
    OS << "Suppressed " << Ignored << " warnings (";
    llvm::StringRef Separator = "";
    auto Part = [&](unsigned N, llvm::StringRef What) {
      if (!N)
        return;
      OS << Separator << N << What;
      Separator = ", ";
    };
    Part(S.NonUser, " in non-user code");
    Part(S.LineFilter, " due to line filter");
    Part(S.NoLint, " NOLINT");
    Part(S.CheckFilter, " with check filters");
    OS << ").\n";
    if (S.NonUser)
      OS << TT_CLANG_TIDY_NON_USER_HINT "\n";
  }
  if (FixMode)
    OS << "transformers-migrate applied " << Counts.Fixed << " of "
       << Counts.Fixable << " suggested fixes in " << FilesWritten << " file"
       << plural(FilesWritten) << ".\n";
  // clang-tidy's last line: the promoted warnings, else whether any error
  // (a compiler error, an unmatched NOLINTBEGIN) was reported.
  if (Counts.Promoted)
    OS << Counts.Promoted << " warning" << plural(Counts.Promoted)
       << " treated as error" << plural(Counts.Promoted) << "\n";
  else if (Counts.AnyError)
    OS << "Found compiler error(s).\n";
  const RunSummary &Sum = Run.Summary;
  if (!Sum.FailedFiles.empty()) {
    OS << "Found compiler errors: " << Sum.FailedFiles.size() << " of "
       << Sum.Files.size() << " file" << plural(Sum.Files.size())
       << " could not be analysed:\n";
    // By name: in a long log the errors above may be far away.
    for (const std::string &F : Sum.FailedFiles)
      OS << "  " << F << "\n";
  }
}

void printBaselineSummary(llvm::raw_ostream &OS, const BaselineOutcome *Used,
                          llvm::StringRef WrittenTo,
                          std::optional<size_t> Written) {
  if (Used) {
    size_t Hidden = Used->Accepted.size(), Gone = Used->NotFound.size();
    OS << "transformers-migrate: the baseline accepted " << Hidden << " finding"
       << plural(Hidden) << " (not reported); " << Gone << " of its entries "
       << (Gone == 1 ? "was" : "were") << " not found any more";
    if (Gone)
      OS << " (fixed or changed: write the baseline again with "
            "--write-baseline to drop "
         << (Gone == 1 ? "it" : "them") << ")";
    OS << ".\n";
  }
  if (Written)
    OS << "transformers-migrate: wrote " << *Written << " finding"
       << plural(*Written) << " to the baseline '" << WrittenTo
       << "'; they are accepted.\n";
}

} // namespace tmigrate
