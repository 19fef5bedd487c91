//===- FindingBuffer.cpp - Per-TU de-duplication of findings --------------===//

#include "FindingBuffer.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

namespace transformers_tidy {

void FindingBuffer::add(Key K, Finding F, int Rank) {
  auto It = Entries.find(K);
  if (It != Entries.end() && It->second.Rank >= Rank)
    return;
  Entries[K] = Entry{std::move(F), Rank};
}

void FindingBuffer::emit(const clang::SourceManager &SM,
                         llvm::function_ref<void(const Finding &)> Emit) {
  // Source order; the map key (the spelling's range) breaks ties, so the
  // order is total and the output deterministic.
  std::vector<std::pair<const Key *, const Entry *>> Sorted;
  Sorted.reserve(Entries.size());
  for (const auto &KV : Entries)
    Sorted.emplace_back(&KV.first, &KV.second);
  llvm::sort(Sorted, [&SM](const auto &A, const auto &B) {
    const Finding &FA = A.second->F, &FB = B.second->F;
    if (FA.Loc != FB.Loc)
      return SM.isBeforeInTranslationUnit(FA.Loc, FB.Loc);
    if (FA.Message != FB.Message)
      return FA.Message < FB.Message;
    return *A.first < *B.first;
  });
  for (const auto &KV : Sorted)
    Emit(KV.second->F);
  Entries.clear();
}

} // namespace transformers_tidy
