//===- CheckCatalog.cpp - Looking up the checks' entries ------------------===//

#include "transformers-tidy/CheckCatalog.h"
#include "llvm/ADT/STLExtras.h"
#include <mutex>
#include <vector>

namespace transformers_tidy {
namespace {

struct AddedEntries {
  std::mutex Mutex;
  std::vector<const CheckInfo *> Entries;
};

AddedEntries &added() {
  static AddedEntries Added;
  return Added;
}

} // namespace

const CheckInfo *findCheckInfo(llvm::StringRef Name) {
  for (const CheckInfo &Info : AllChecks)
    if (Name == Info.Name)
      return &Info;
  AddedEntries &A = added();
  std::lock_guard<std::mutex> Lock(A.Mutex);
  for (const CheckInfo *Info : A.Entries)
    if (Name == Info->Name)
      return Info;
  return nullptr;
}

CatalogEntry::CatalogEntry(const CheckInfo &Info) : Info(Info) {
  AddedEntries &A = added();
  std::lock_guard<std::mutex> Lock(A.Mutex);
  A.Entries.push_back(&Info);
}

CatalogEntry::~CatalogEntry() {
  AddedEntries &A = added();
  std::lock_guard<std::mutex> Lock(A.Mutex);
  llvm::erase(A.Entries, &Info);
}

} // namespace transformers_tidy
