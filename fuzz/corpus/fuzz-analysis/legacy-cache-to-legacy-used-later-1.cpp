// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: maybe}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// When the cache may be observed by someone else -- the handle is read again
// after the call, a copy is, it is a parameter (the caller's cache), a loop
// reads it again, or the model output holds a cache the caller passed in --
// dropping the round trip would
// let the callee update that cache in place: the value is wrapped instead. A
// cache object (not a handle) cannot be passed as is, so it is wrapped too.
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
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
    // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  }
}

void object(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids) {
  transformers::DynamicCache local;
  model.forward(ids, local.to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(local.to_legacy_cache()));
}

transformers::PastKeyValues handoff(std::shared_ptr<transformers::Cache> c) {
  return c->to_legacy_cache();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return transformers::DynamicCache::from_legacy_cache(c->to_legacy_cache());
}

void output_aliases_callers_cache(const transformers::LlamaForCausalLM &model,
                                  const transformers::TokenIds &ids,
                                  std::shared_ptr<transformers::Cache> mine) {
  // forward() returns the cache it was given: `out.past_key_values` is `mine`.
  auto out = model.forward(ids, mine);
  model.generate(ids, {}, {out.past_key_values->to_legacy_cache()});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(out.past_key_values->to_legacy_cache())});
  model.forward(ids, model.forward(ids, mine).past_key_values->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(model.forward(ids, mine).past_key_values->to_legacy_cache()));
}

void copied_before(const transformers::LlamaForCausalLM &model,
                   const transformers::TokenIds &ids) {
  auto out = model.forward(ids);
  std::shared_ptr<transformers::Cache> keep = out.past_key_values;
  model.forward(ids, out.past_key_values->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(out.past_key_values->to_legacy_cache()));
  (void)keep->get_seq_length();
}
