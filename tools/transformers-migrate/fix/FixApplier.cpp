//===- FixApplier.cpp -----------------------------------------------------===//

#include "fix/FixApplier.h"
#include "input/CompilationDatabaseLoader.h"
#include "support/BoundedInput.h"
#include "support/Paths.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <limits>
#include <optional>

using clang::tooling::Replacement;

namespace tmigrate {

/// Whether the end of \p E, computed in 32 bits as overlaps() computes it,
/// wraps around. No edit of a real file does, but a damaged cache entry may.
static bool endWraps(const Replacement &E) {
  return uint64_t(E.getOffset()) + E.getLength() >
         std::numeric_limits<unsigned>::max();
}

namespace {

/// The edits accepted so far in one file, indexed for the conflict check.
/// Accepted edits never overlap one another (each was checked against those
/// before it), so a new edit overlaps one of them only if it overlaps a
/// neighbour by offset: a look-up in O(log n) where comparing it with every
/// accepted edit made the plan quadratic in the findings of a file.
///
/// Not a tooling::Replacements: its add() is another merge rule. It takes
/// two insertions at one offset when either order gives the same text
/// (and concatenates them: the same #include from two findings would be
/// inserted twice), and overlapping replacements whose order does not
/// matter (merged into one); overlaps() refuses both. It also decides edit
/// by edit, where a finding's fix is accepted whole or not at all.
/// tooling::Replacements only applies the accepted edits (planFixes).
class AcceptedEdits {
public:
  bool contains(const Replacement &E) const { return All.count(E); }

  /// Whether overlaps(A, E) holds for some accepted edit A.
  bool overlapsAny(const Replacement &E) const {
    auto Overlaps = [&E](const Replacement &A) { return overlaps(A, E); };
    // overlaps() with a wrapped end is no interval test: such edits are
    // compared one by one, as before.
    if (endWraps(E))
      return llvm::any_of(All, Overlaps);
    if (llvm::any_of(Wrapping, Overlaps))
      return true;
    unsigned Offset = E.getOffset();
    if (E.getLength() == 0) // the same place, or strictly inside a replacement
      return Insertions.count(Offset) || replacementAcross(Offset);
    // An insertion strictly inside, a replacement starting inside, or one
    // starting before that reaches into it.
    unsigned End = Offset + E.getLength();
    auto I = Insertions.upper_bound(Offset);
    if (I != Insertions.end() && *I < End)
      return true;
    auto R = Replacements.lower_bound(Offset);
    if (R != Replacements.end() && R->first < End)
      return true;
    return replacementAcross(Offset);
  }

  void insert(const Replacement &E) {
    if (!All.insert(E).second)
      return;
    if (endWraps(E))
      Wrapping.push_back(E);
    else if (E.getLength() == 0)
      Insertions.insert(E.getOffset());
    else
      Replacements.emplace(E.getOffset(), E.getOffset() + E.getLength());
  }

  /// Every accepted edit, in EditOrder.
  const std::set<Replacement, EditOrder> &edits() const { return All; }

private:
  /// Whether an accepted replacement starts before \p Offset and ends after
  /// it. Only the last one starting before it can: they do not overlap.
  bool replacementAcross(unsigned Offset) const {
    auto R = Replacements.lower_bound(Offset);
    return R != Replacements.begin() && std::prev(R)->second > Offset;
  }

  std::set<Replacement, EditOrder> All;
  /// Of the edits whose end does not wrap: the offsets of the insertions
  /// (distinct: two insertions at one place overlap), and the replacements'
  /// offsets with their ends.
  std::set<unsigned> Insertions;
  std::map<unsigned, unsigned> Replacements;
  std::vector<Replacement> Wrapping;
};

} // namespace

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
  std::map<std::string, AcceptedEdits> Accepted;
  std::map<std::string, std::vector<size_t>> FileRecords;

  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    if (!R.hasFix() || (I < Opts.Excluded.size() && Opts.Excluded[I]))
      continue;
    std::vector<Replacement> Edits;
    bool Ok = true;
    for (const Replacement &E : R.edits()) {
      Replacement Real(realPathOf(E.getFilePath()), E.getOffset(),
                       E.getLength(), E.getReplacementText());
      if (!Opts.AllowOutside && !Opts.Project.contains(Real.getFilePath())) {
        Plan.Problems.push_back("fix for " + where(R) + " [" + R.check().str() +
                                "] not applied: " + Real.getFilePath().str() +
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
    std::vector<Replacement> New;
    for (const Replacement &E : Edits) {
      AcceptedEdits &InFile = Accepted[E.getFilePath().str()];
      if (InFile.contains(E))
        continue; // the same edit from another TU or finding
      if (InFile.overlapsAny(E))
        Ok = false;
      // One finding's own edits: a handful.
      for (const Replacement &N : New)
        if (N.getFilePath() == E.getFilePath() && overlaps(N, E) && N != E)
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
    for (const Replacement &E : New)
      Accepted[E.getFilePath().str()].insert(E);
    for (const Replacement &E : Edits) {
      auto &V = FileRecords[E.getFilePath().str()];
      if (V.empty() || V.back() != I)
        V.push_back(I);
    }
    Plan.Applied[I] = true;
  }

  for (auto &[Path, InFile] : Accepted) {
    const std::set<Replacement, EditOrder> &Edits = InFile.edits();
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
    for (const Replacement &E : Edits) {
      // 64-bit: an offset and a length near 2^32 must not wrap around.
      if (uint64_t(E.getOffset()) + uint64_t(E.getLength()) > Content->size()) {
        Bad = true;
        break;
      }
      // Every edit here is in Path (Accepted is keyed by its edits' file).
      if (llvm::Error Err = Repls.add(E)) {
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
