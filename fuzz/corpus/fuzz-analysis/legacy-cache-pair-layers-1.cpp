// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: maybe}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Layers may be std::pair as well as std::tuple, in every outer container.
#include <transformers/transformers.h>

#include <array>
#include <tuple>
#include <utility>
#include <vector>

using PairLayer = std::pair<transformers::Tensor, transformers::Tensor>;

void pairs(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids, const std::vector<PairLayer> &v,
           const std::array<PairLayer, 2> &a, const std::tuple<PairLayer, PairLayer> &t,
           const std::tuple<PairLayer, transformers::LegacyLayer> &mixed) {
  model.forward(ids, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(v));
  model.forward(ids, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(a));
  model.forward(ids, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(t));
  model.forward(ids, mixed);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(mixed));
}
