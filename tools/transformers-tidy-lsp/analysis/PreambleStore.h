//===- PreambleStore.h - The open documents' preambles ---------*- C++ -*-===//
//
// Every analysis of a document after an edit reuses the precompiled
// #include lines of the one before (the driver's PreambleCache, Preamble.h),
// so that a keystroke costs the parse of the file's own code, not of the
// library and the STL it includes. The store keeps one cache per document
// path, for the most recently analysed documents only: a preamble holds
// the AST of everything the file includes (tens of megabytes), and an
// editor may have opened many files. A document dropped from the store is
// parsed whole on its next analysis, and gets a new cache.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_PREAMBLESTORE_H
#define TRANSFORMERS_TIDY_LSP_PREAMBLESTORE_H

#include "driver/Preamble.h"
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace tlsp {

class PreambleStore {
public:
  explicit PreambleStore(size_t Capacity = 8) : Capacity(Capacity) {}

  /// The cache of \p Path's preamble, made on first use, and now the most
  /// recently used. Thread-safe; an analysis holding a cache keeps it alive
  /// even if the store drops it meanwhile.
  std::shared_ptr<tmigrate::PreambleCache> get(const std::string &Path);

  /// Drops \p Path's cache (its preamble goes with its last user).
  void forget(const std::string &Path);

  size_t size() const;

private:
  size_t Capacity;
  mutable std::mutex Mutex;
  /// Most recently used first.
  std::list<std::pair<std::string, std::shared_ptr<tmigrate::PreambleCache>>>
      Recent;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_PREAMBLESTORE_H
