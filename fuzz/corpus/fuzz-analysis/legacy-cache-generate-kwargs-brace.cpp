// FUZZ-STD: c++17
// RUN: %check_clang_tidy -std=c++17 %s transformers-legacy-cache %t
// Aggregate / brace initialisation of GenerateKwargs (C++17 forms).
#include <transformers/transformers.h>

using transformers::GenerateKwargs;

void braced_argument(const transformers::LlamaForCausalLM &model,
                     const transformers::TokenIds &ids,
                     const transformers::LegacyCache &legacy) {
  model.generate(ids, {}, {legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(legacy)});

  model.generate(ids, {}, GenerateKwargs{legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, GenerateKwargs{transformers::DynamicCache::from_legacy_cache(legacy)});
}

void named_kwargs(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids,
                  const transformers::LegacyCache &legacy) {
  GenerateKwargs kwargs{legacy, {}};
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: GenerateKwargs kwargs{transformers::DynamicCache::from_legacy_cache(legacy), {}};
  model.generate(ids, {}, kwargs);

  GenerateKwargs copy_init = {legacy};
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: GenerateKwargs copy_init = {transformers::DynamicCache::from_legacy_cache(legacy)};
  model.generate(ids, {}, copy_init);
}

void recurrent_model(const transformers::MambaForCausalLM &mamba,
                     const transformers::TokenIds &ids,
                     const transformers::LegacyCache &state) {
  // The second member is `cache_params`.
  mamba.generate(ids, {}, {{}, state});
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: passing a legacy tuple-shaped KV cache as 'cache_params' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: mamba.generate(ids, {}, {{[{][{]}}}, transformers::DynamicCache::from_legacy_cache(state)});

  GenerateKwargs kwargs = {nullptr, state};
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: passing a legacy tuple-shaped KV cache as 'cache_params' is not supported anymore
  // CHECK-FIXES: GenerateKwargs kwargs = {nullptr, transformers::DynamicCache::from_legacy_cache(state)};
  mamba.generate(ids, {}, kwargs);
}
