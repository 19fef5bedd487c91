// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: maybe}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A perfect-forwarding template instantiated with a legacy value and with a
// cache: nothing is reported in the template (a fix there would break the
// cache instantiation); each caller passing a legacy value is reported, with
// the fix on its argument.
#include <transformers/transformers.h>

#include <memory>

template <class Past>
void step(const transformers::PreTrainedModel &model,
          const transformers::TokenIds &ids, Past &&past) {
  model.generate(ids, {}, {std::forward<Past>(past)});
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
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 'step' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: step(model, ids, transformers::DynamicCache::from_legacy_cache(legacy));
  step(model, ids, transformers::LegacyCache{});
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 'step' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: step(model, ids, transformers::DynamicCache::from_legacy_cache(transformers::LegacyCache{}));
  only_caches(model, ids, cache);
  only_caches(model, ids, transformers::DynamicCache::from_legacy_cache(legacy));
}
