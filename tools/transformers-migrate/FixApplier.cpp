//===- FixApplier.cpp -----------------------------------------------------===//

#include "FixApplier.h"
#include "BoundedInput.h"
#include "CompilationDatabaseLoader.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <optional>

namespace tmigrate {

static bool overlaps(const Edit &A, const Edit &B) {
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset; // two different insertions: order unknown
  if (A.Length == 0)
    return B.Offset < A.Offset && A.Offset < B.Offset + B.Length;
  if (B.Length == 0)
    return A.Offset < B.Offset && B.Offset < A.Offset + A.Length;
  return A.Offset < B.Offset + B.Length && B.Offset < A.Offset + A.Length;
}

static std::optional<std::string> readFile(const std::string &Path,
                                           std::string &Error) {
  // A source replaced by a named pipe since the analysis must not hang the
  // run.
  llvm::Expected<std::string> Text = readRegularFile(Path, MaxSourceBytes);
  if (!Text) {
    Error = llvm::toString(Text.takeError());
    return std::nullopt;
  }
  return std::move(*Text);
}

FixPlan planFixes(const std::vector<Record> &Records,
                  const std::map<std::string, std::set<uint64_t>> &SeenHashes,
                  const PlanOptions &Opts) {
  FixPlan Plan;
  Plan.Applied.assign(Records.size(), false);
  std::map<std::string, std::set<Edit>> Accepted;
  std::map<std::string, std::vector<size_t>> FileRecords;

  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    if (!R.hasFix() || (I < Opts.Excluded.size() && Opts.Excluded[I]))
      continue;
    std::vector<Edit> Edits;
    bool Ok = true;
    for (const Edit &E : R.edits()) {
      Edit Real = E;
      Real.File = realPathOf(E.File);
      if (!Opts.AllowOutside && !Opts.Project.contains(Real.File)) {
        Plan.Problems.push_back("fix for " + where(R) + " [" + R.check().str() +
                                "] not applied: " + Real.File +
                                " is outside the project (" +
                                Opts.Project.describe() +
                                "); use --project-root or --allow-outside");
        Ok = false;
        break;
      }
      Edits.push_back(std::move(Real));
    }
    if (!Ok)
      continue;
    std::vector<Edit> New;
    for (const Edit &E : Edits) {
      if (Accepted[E.File].count(E))
        continue; // the same edit from another TU or finding
      for (const Edit &A : Accepted[E.File])
        if (overlaps(A, E))
          Ok = false;
      for (const Edit &N : New)
        if (N.File == E.File && overlaps(N, E) && !(N == E))
          Ok = false;
      if (!Ok)
        break;
      New.push_back(E);
    }
    if (!Ok) {
      Plan.Problems.push_back("fix for " + where(R) + " [" + R.check().str() +
                              "] not applied: it conflicts with another fix");
      continue;
    }
    for (const Edit &E : New)
      Accepted[E.File].insert(E);
    for (const Edit &E : Edits) {
      auto &V = FileRecords[E.File];
      if (V.empty() || V.back() != I)
        V.push_back(I);
    }
    Plan.Applied[I] = true;
  }

  for (auto &[Path, Edits] : Accepted) {
    auto Unapply = [&, P = Path](const std::string &Why) {
      Plan.Problems.push_back(P + ": not written: " + Why);
      for (size_t I : FileRecords[P])
        Plan.Applied[I] = false;
    };
    std::string Error;
    std::optional<std::string> Content = readFile(Path, Error);
    if (!Content) {
      Unapply("cannot read it: " + Error);
      continue;
    }
    auto Seen = SeenHashes.find(Path);
    if (Seen != SeenHashes.end()) {
      if (Seen->second.size() > 1) {
        Unapply("it changed while it was being analysed");
        continue;
      }
      if (*Seen->second.begin() != llvm::xxh3_64bits(*Content)) {
        Unapply("it changed on disk since it was analysed");
        continue;
      }
    }
    clang::tooling::Replacements Repls;
    bool Bad = false;
    for (const Edit &E : Edits) {
      // 64-bit: an offset and a length near 2^32 must not wrap around.
      if (uint64_t(E.Offset) + uint64_t(E.Length) > Content->size()) {
        Bad = true;
        break;
      }
      if (llvm::Error Err = Repls.add(
              clang::tooling::Replacement(Path, E.Offset, E.Length, E.Text))) {
        llvm::consumeError(std::move(Err));
        Bad = true;
        break;
      }
    }
    if (Bad) {
      Unapply("its fixes do not fit its current content");
      continue;
    }
    auto Fixed = clang::tooling::applyAllReplacements(*Content, Repls);
    if (!Fixed) {
      Unapply(llvm::toString(Fixed.takeError()));
      continue;
    }
    if (*Fixed == *Content)
      continue;
    FilePlan &FP = Plan.Files[Path];
    FP.RealPath = Path;
    FP.Original = std::move(*Content);
    FP.Fixed = std::move(*Fixed);
    FP.Findings = FileRecords[Path];
    FP.Edits.assign(Edits.begin(), Edits.end());
  }
  return Plan;
}

WriteProblems writeFixes(FixPlan &Plan, const BeforeCommitHook &Hook) {
  WriteProblems Problems;
  for (auto It = Plan.Files.begin(); It != Plan.Files.end();) {
    const FilePlan &FP = It->second;
    llvm::Error E =
        replaceFileContent(FP.RealPath, FP.Original, FP.Fixed, Hook);
    if (!E) {
      ++It;
      continue;
    }
    // Whatever the reason (an edit by the user, a read-only file, a full
    // disk, an immutable directory, a bind mount), the file is as it was
    // and its findings stay: one rule, exit 1 (docs/migrate.md).
    Problems.Lines.push_back(It->first +
                             ": not written: " + llvm::toString(std::move(E)));
    for (size_t I : FP.Findings)
      Plan.Applied[I] = false;
    It = Plan.Files.erase(It);
  }
  return Problems;
}

} // namespace tmigrate
