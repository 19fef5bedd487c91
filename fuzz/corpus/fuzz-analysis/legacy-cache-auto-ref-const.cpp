// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// auto, references and const: the declared type is looked
// through.
#include <transformers/transformers.h>

void through_declarations(const transformers::LlamaForCausalLM &model,
                          const transformers::TokenIds &ids,
                          std::shared_ptr<transformers::Cache> cache) {
  auto legacy = cache->to_legacy_cache();
  const auto &cref = legacy;
  auto &ref = legacy;
  const transformers::LegacyCache constant = legacy;
  auto &&forwarding = cache->to_legacy_cache();

  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  model.forward(ids, cref);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cref));
  model.forward(ids, ref);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(ref));
  model.forward(ids, constant);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(constant));
  model.forward(ids, forwarding);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(forwarding));
}

void const_layers(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids,
                  const std::vector<std::tuple<const transformers::Tensor,
                                               const transformers::Tensor>> &cl) {
  // Layers of const tensors are still tensors.
  model.forward(ids, cl);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cl));
}
