// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: yes}}
// RUN: %check_clang_tidy -std=c++20 %s transformers-legacy-cache %t
// C++20 designated initialisers of GenerateKwargs::past_key_values and
// GenerateKwargs::cache_params.
#include <transformers/transformers.h>

void designated(const transformers::LlamaForCausalLM &model,
                const transformers::MambaForCausalLM &mamba,
                const transformers::TokenIds &ids,
                const transformers::LegacyCache &legacy) {
  model.generate(ids, {}, {.past_key_values = legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.generate(ids, {}, {.past_key_values = transformers::DynamicCache::from_legacy_cache(legacy)});

  mamba.generate(ids, {.max_new_tokens = 4}, {.cache_params = legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: passing a legacy tuple-shaped KV cache as 'cache_params' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: mamba.generate(ids, {.max_new_tokens = 4}, {.cache_params = transformers::DynamicCache::from_legacy_cache(legacy)});

  transformers::GenerateKwargs kwargs{.past_key_values = legacy};
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: transformers::GenerateKwargs kwargs{.past_key_values = transformers::DynamicCache::from_legacy_cache(legacy)};
  model.generate(ids, {}, kwargs);

  auto kw2 = transformers::GenerateKwargs{.past_key_values = {}, .cache_params = legacy};
  // CHECK-MESSAGES: :[[@LINE-1]]:82: warning: passing a legacy tuple-shaped KV cache as 'cache_params' is not supported anymore
  // CHECK-FIXES: auto kw2 = transformers::GenerateKwargs{.past_key_values = {}, .cache_params = transformers::DynamicCache::from_legacy_cache(legacy)};
  mamba.generate(ids, {}, kw2);
}
