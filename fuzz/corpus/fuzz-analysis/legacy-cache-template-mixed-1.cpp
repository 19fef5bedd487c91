// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: maybe}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A template instantiated with a legacy value and with a cache: one finding,
// no fix (the fix would break the cache instantiation).
#include <transformers/transformers.h>

#include <memory>

template <class Past>
void step(const transformers::PreTrainedModel &model,
          const transformers::TokenIds &ids, Past &&past) {
  model.generate(ids, {}, {std::forward<Past>(past)});
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: no fix-it: the type of the expression depends on a template parameter
}

template <class Past>
void only_caches(const transformers::PreTrainedModel &model,
                 const transformers::TokenIds &ids, const Past &past) {
  // Never instantiated with a legacy value: no finding.
  model.forward(ids, past);
}

void callers(const transformers::LlamaForCausalLM &model,
             const transformers::TokenIds &ids,
             const transformers::LegacyCache &legacy) {
  auto cache = std::make_shared<transformers::DynamicCache>();
  step(model, ids, cache);
  step(model, ids, legacy);
  step(model, ids, transformers::LegacyCache{});
  only_caches(model, ids, cache);
  only_caches(model, ids, transformers::DynamicCache::from_legacy_cache(legacy));
}
