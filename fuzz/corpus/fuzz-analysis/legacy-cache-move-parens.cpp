// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// std::move and parentheses are part of the wrapped expression.
#include <transformers/transformers.h>

#include <utility>

void moves(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids, transformers::LegacyCache a,
           transformers::LegacyCache b, transformers::LegacyCache c) {
  model.forward(ids, std::move(a));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(std::move(a)));

  model.forward(ids, (b));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache((b)));

  model.generate(ids, {}, {((std::move(c)))});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(((std::move(c))))});
}
