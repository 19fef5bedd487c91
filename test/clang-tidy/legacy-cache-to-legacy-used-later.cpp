// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// When the handle is used again later, or the call is in a loop, dropping the
// round trip would let forward() mutate the caller's cache in place: the
// value is wrapped instead. A cache object (not a handle) cannot be passed
// as is, so it is wrapped too.
#include <transformers/transformers.h>

#include <cstdint>

void used_later(const transformers::LlamaForCausalLM &model,
                const transformers::TokenIds &ids) {
  auto cache = std::make_shared<transformers::DynamicCache>();
  model.forward(ids, cache);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  int64_t n = cache->get_seq_length();
  (void)n;
}

void in_loop(const transformers::LlamaForCausalLM &model,
             const transformers::TokenIds &ids,
             std::shared_ptr<transformers::Cache> cache) {
  for (int i = 0; i < 3; ++i) {
    model.forward(ids, cache->to_legacy_cache());
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  }
}

void object(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids) {
  transformers::DynamicCache local;
  model.forward(ids, local.to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(local.to_legacy_cache()));
}
