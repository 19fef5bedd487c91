//===- PreambleStore.cpp --------------------------------------------------===//

#include "analysis/PreambleStore.h"
#include <algorithm>

namespace tlsp {

std::shared_ptr<tmigrate::PreambleCache>
PreambleStore::get(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto It = Recent.begin(); It != Recent.end(); ++It)
    if (It->first == Path) {
      Recent.splice(Recent.begin(), Recent, It);
      return Recent.front().second;
    }
  Recent.emplace_front(Path, std::make_shared<tmigrate::PreambleCache>());
  while (Recent.size() > std::max<size_t>(Capacity, 1))
    Recent.pop_back();
  return Recent.front().second;
}

void PreambleStore::forget(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Recent.remove_if([&](const auto &E) { return E.first == Path; });
}

size_t PreambleStore::size() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Recent.size();
}

} // namespace tlsp
