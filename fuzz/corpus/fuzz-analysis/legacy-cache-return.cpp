// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// `return` of a legacy value from a function returning PastKeyValues.
#include <transformers/transformers.h>

transformers::LegacyCache load_legacy();

transformers::PastKeyValues from_local() {
  transformers::LegacyCache legacy = load_legacy();
  return legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return transformers::DynamicCache::from_legacy_cache(legacy);
}

transformers::PastKeyValues from_call() {
  return load_legacy();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: return transformers::DynamicCache::from_legacy_cache(load_legacy());
}

struct Store {
  transformers::LegacyCache saved;
  transformers::PastKeyValues get() const { return saved; }
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: transformers::PastKeyValues get() const { return transformers::DynamicCache::from_legacy_cache(saved); }
};

transformers::PastKeyValues pick(bool empty, const transformers::LegacyCache &l) {
  if (empty)
    return nullptr;
  return l;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: return transformers::DynamicCache::from_legacy_cache(l);
}
