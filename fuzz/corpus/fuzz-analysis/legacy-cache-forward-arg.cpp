// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// forward() and generate() arguments, through the base class and a derived
// model, with and without trailing arguments.
#include <transformers/transformers.h>

void forward_calls(const transformers::LlamaForCausalLM &llama,
                   const transformers::PreTrainedModel &base,
                   const transformers::TokenIds &ids,
                   transformers::LegacyCache legacy) {
  auto out = llama.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: auto out = llama.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));

  base.forward(ids, legacy, /*use_cache=*/true);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: base.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy), /*use_cache=*/true);

  const transformers::PreTrainedModel *ptr = &llama;
  ptr->forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: ptr->forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  (void)out;
}
