// FUZZ-STD: c++17
// FUZZ-CONFIG: {Checks: '-*,transformers-cache-implementation-conflict'}
// RUN: %check_clang_tidy -std=c++17 %s transformers-legacy-cache %t.17
// RUN: %check_clang_tidy -std=c++20 -check-suffixes=,CXX20 %s transformers-legacy-cache %t.20
// The same findings in C++17 and C++20; C++20 adds designated initialisers.
#include <transformers/transformers.h>

void both(const transformers::LlamaForCausalLM &model,
          const transformers::TokenIds &ids,
          const transformers::LegacyCache &legacy) {
  model.generate(ids, {}, {legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(legacy)});
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
#if __cplusplus >= 202002L
  model.generate(ids, {.max_new_tokens = 2}, {.past_key_values = legacy});
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:66: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES-CXX20: model.generate(ids, {.max_new_tokens = 2}, {.past_key_values = transformers::DynamicCache::from_legacy_cache(legacy)});
#endif
}
