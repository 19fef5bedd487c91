// FUZZ-CONFIG: {CheckOptions: {IgnoreMacros: off, transformers-legacy-cache.IncludeStyle: google}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Constructor arguments and member initialisers of PastKeyValues members.
#include <transformers/transformers.h>

#include <memory>

struct Session {
  Session(int id, transformers::PastKeyValues initial_cache);
};

struct Holder {
  transformers::PastKeyValues pkv;
  explicit Holder(const transformers::LegacyCache &legacy) : pkv(legacy) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: passing a legacy tuple-shaped KV cache as 'pkv' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: explicit Holder(const transformers::LegacyCache &legacy) : pkv(transformers::DynamicCache::from_legacy_cache(legacy)) {}
  Holder(const transformers::LegacyCache &legacy, int) : pkv{legacy} {}
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: passing a legacy tuple-shaped KV cache as 'pkv' is not supported anymore
  // CHECK-FIXES: Holder(const transformers::LegacyCache &legacy, int) : pkv{transformers::DynamicCache::from_legacy_cache(legacy)} {}
};

void constructors(const transformers::LegacyCache &legacy) {
  Session direct(1, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: passing a legacy tuple-shaped KV cache as 'initial_cache' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: Session direct(1, transformers::DynamicCache::from_legacy_cache(legacy));

  Session braced{2, legacy};
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: passing a legacy tuple-shaped KV cache as 'initial_cache' is not supported anymore
  // CHECK-FIXES: Session braced{2, transformers::DynamicCache::from_legacy_cache(legacy)};

  auto temporary = Session(3, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: passing a legacy tuple-shaped KV cache as 'initial_cache' is not supported anymore
  // CHECK-FIXES: auto temporary = Session(3, transformers::DynamicCache::from_legacy_cache(legacy));

  std::unique_ptr<Session> heap(new Session(4, legacy));
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: passing a legacy tuple-shaped KV cache as 'initial_cache' is not supported anymore
  // CHECK-FIXES: std::unique_ptr<Session> heap(new Session(4, transformers::DynamicCache::from_legacy_cache(legacy)));
  (void)direct;
  (void)braced;
  (void)temporary;
}
