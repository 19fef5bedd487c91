//===- FindingBuffer.cpp - Per-TU de-duplication of findings --------------===//

#include "FindingBuffer.h"
#include "transformers-tidy/Analysis.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

namespace transformers_tidy {

Analysis::~Analysis() = default;
FindingConsumer::~FindingConsumer() = default;

void FindingBuffer::add(Key K, Finding F, int Rank,
                        std::optional<clang::FixItHint> Include) {
  auto It = Entries.find(K);
  if (It != Entries.end() && It->second.Rank >= Rank)
    return;
  Entries[K] = Entry{std::move(F), Rank, std::move(Include)};
}

void FindingBuffer::emit(FindingConsumer &Out, const clang::SourceManager &SM,
                         bool IncludeOnEveryFix) {
  // Source order; the map key (the spelling's range) breaks ties, so the
  // order is total and the output deterministic.
  std::vector<std::pair<const Key *, Entry *>> Sorted;
  Sorted.reserve(Entries.size());
  for (auto &KV : Entries)
    Sorted.emplace_back(&KV.first, &KV.second);
  llvm::sort(Sorted, [&SM](const auto &A, const auto &B) {
    const Finding &FA = A.second->F, &FB = B.second->F;
    if (FA.Loc != FB.Loc)
      return SM.isBeforeInTranslationUnit(FA.Loc, FB.Loc);
    if (FA.Message != FB.Message)
      return FA.Message < FB.Message;
    return *A.first < *B.first;
  });
  llvm::DenseSet<clang::FileID> FilesWithInclude;
  for (auto &[K, E] : Sorted) {
    Finding F = E->F;
    if (E->Include && !F.Fixes.empty()) {
      clang::FileID FID = SM.getFileID(E->Include->RemoveRange.getBegin());
      if (IncludeOnEveryFix || FilesWithInclude.insert(FID).second) {
        F.IncludeFixIndex = static_cast<int>(F.Fixes.size());
        F.Fixes.push_back(*E->Include);
      }
    }
    Out.consume(F, SM);
  }
  Entries.clear();
}

} // namespace transformers_tidy
