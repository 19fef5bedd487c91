// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A non-dependent legacy expression inside a template is fixed once, whether
// the template is instantiated several times or not at all.
#include <transformers/transformers.h>

transformers::LegacyCache load();

template <class Tag>
void instantiated(const transformers::PreTrainedModel &model,
                  const transformers::TokenIds &ids, Tag) {
  transformers::LegacyCache legacy = load();
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
}

template <class T>
transformers::PastKeyValues never_instantiated(T) {
  return load();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return transformers::DynamicCache::from_legacy_cache(load());
}

template <class M> struct Driver {
  transformers::LegacyCache past;
  transformers::PastKeyValues kwargs() const { return past; }
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-FIXES: transformers::PastKeyValues kwargs() const { return transformers::DynamicCache::from_legacy_cache(past); }
};

void use(const transformers::LlamaForCausalLM &model,
         const transformers::TokenIds &ids) {
  instantiated(model, ids, 1);
  instantiated(model, ids, 2.0);
  instantiated(model, ids, 'c');
  Driver<int>().kwargs();
  Driver<long>().kwargs();
}
