// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: yes}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// An outer std::array of layers is a legacy cache too.
#include <transformers/transformers.h>

#include <array>

using ArrayCache = std::array<transformers::LegacyLayer, 2>;

void arrays(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids, const ArrayCache &fixed,
            const std::array<std::tuple<transformers::Tensor, transformers::Tensor>, 3> &three) {
  model.forward(ids, fixed);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(fixed));
  model.generate(ids, {}, {three});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(three)});
}
