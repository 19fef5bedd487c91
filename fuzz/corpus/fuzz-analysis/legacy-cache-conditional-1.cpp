// FUZZ-CONFIG: {Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A conditional operator whose result is legacy is wrapped as a whole.
#include <transformers/transformers.h>

void conditional(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids, bool warm,
                 const transformers::LegacyCache &first,
                 const transformers::LegacyCache &second) {
  model.forward(ids, warm ? first : second);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(warm ? first : second));

  transformers::PastKeyValues p = !warm ? transformers::LegacyCache{} : first;
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: transformers::PastKeyValues p = transformers::DynamicCache::from_legacy_cache(!warm ? transformers::LegacyCache{} : first);
  model.forward(ids, p);
}
