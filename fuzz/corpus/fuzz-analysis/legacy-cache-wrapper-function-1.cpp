// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: yes}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Any function taking a PastKeyValues is a sink, not only generate/forward:
// the diagnostic names the parameter, or the type for an unnamed one.
#include <transformers/transformers.h>

namespace app {
void step(const transformers::PastKeyValues &cache);
void step_by_value(int layer, transformers::PastKeyValues past);
void unnamed(transformers::PastKeyValues);
transformers::CausalLMOutput
run_model(const transformers::PreTrainedModel &m, const transformers::TokenIds &ids,
          transformers::PastKeyValues past_key_values = {}) {
  return m.forward(ids, past_key_values);
}

struct Pipeline {
  void feed(transformers::PastKeyValues state);
  static void reset(const transformers::PastKeyValues &kv);
};
} // namespace app

void wrappers(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids,
              const transformers::LegacyCache &legacy, app::Pipeline &pipe) {
  app::step(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: passing a legacy tuple-shaped KV cache as 'cache' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: app::step(transformers::DynamicCache::from_legacy_cache(legacy));

  app::step_by_value(0, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: app::step_by_value(0, transformers::DynamicCache::from_legacy_cache(legacy));

  app::unnamed(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: app::unnamed(transformers::DynamicCache::from_legacy_cache(legacy));

  app::run_model(model, ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: app::run_model(model, ids, transformers::DynamicCache::from_legacy_cache(legacy));

  pipe.feed(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: passing a legacy tuple-shaped KV cache as 'state' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: pipe.feed(transformers::DynamicCache::from_legacy_cache(legacy));

  app::Pipeline::reset(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'kv' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: app::Pipeline::reset(transformers::DynamicCache::from_legacy_cache(legacy));
}
