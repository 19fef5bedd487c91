//===- FindingBuffer.cpp - Per-TU de-duplication of findings --------------===//

#include "FindingBuffer.h"
#include "transformers-tidy/Analysis.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

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
  std::vector<Entry *> Sorted;
  Sorted.reserve(Entries.size());
  for (auto &KV : Entries)
    Sorted.push_back(&KV.second);
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [&SM](const Entry *A, const Entry *B) {
                     if (A->F.Loc != B->F.Loc)
                       return SM.isBeforeInTranslationUnit(A->F.Loc, B->F.Loc);
                     return A->F.Message < B->F.Message;
                   });
  llvm::DenseSet<clang::FileID> FilesWithInclude;
  for (Entry *E : Sorted) {
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
