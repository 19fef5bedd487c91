// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: 0, transformers-legacy-cache.TensorTypes: 'transformers::Tensor'}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A PastKeyValues variable initialised from a legacy value.
#include <transformers/transformers.h>

transformers::PastKeyValues global_past = transformers::LegacyCache{};
// CHECK-MESSAGES: :[[@LINE-1]]:43: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
// CHECK-FIXES: transformers::PastKeyValues global_past = transformers::DynamicCache::from_legacy_cache(transformers::LegacyCache{});

void variables(const transformers::LegacyCache &legacy) {
  transformers::PastKeyValues copy_init = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: transformers::PastKeyValues copy_init = transformers::DynamicCache::from_legacy_cache(legacy);

  transformers::PastKeyValues direct(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: transformers::PastKeyValues direct(transformers::DynamicCache::from_legacy_cache(legacy));

  transformers::PastKeyValues braced{legacy};
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: transformers::PastKeyValues braced{transformers::DynamicCache::from_legacy_cache(legacy)};

  const transformers::PastKeyValues &bound = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: const transformers::PastKeyValues &bound = transformers::DynamicCache::from_legacy_cache(legacy);
  (void)copy_init;
  (void)direct;
  (void)braced;
  (void)bound;
}
