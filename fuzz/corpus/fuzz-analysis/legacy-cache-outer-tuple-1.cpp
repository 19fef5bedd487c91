// FUZZ-CONFIG: {HeaderFilterRegex: '.*', SystemHeaders: true}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// An outer std::tuple of layers (one element per decoder layer).
#include <transformers/transformers.h>

#include <tuple>

void tuples(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids, const transformers::LegacyLayer &l0,
            const transformers::LegacyLayer &l1) {
  std::tuple<transformers::LegacyLayer, transformers::LegacyLayer> two{l0, l1};
  model.forward(ids, two);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(two));

  model.forward(ids, std::make_tuple(l0, l1));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(std::make_tuple(l0, l1)));

  std::tuple<transformers::LegacyLayer> single{l0};
  transformers::PastKeyValues p = single;
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: transformers::PastKeyValues p = transformers::DynamicCache::from_legacy_cache(single);
  model.forward(ids, p);
}
