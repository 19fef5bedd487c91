// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Sinks inside lambda bodies, lambdas returning legacy values, and lambdas
// returning PastKeyValues.
#include <transformers/transformers.h>

void lambdas(const transformers::LlamaForCausalLM &model,
             const transformers::TokenIds &ids,
             const transformers::LegacyCache &legacy) {
  auto run = [&] { return model.forward(ids, legacy); };
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: auto run = [&] { return model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy)); };
  run();

  auto make = [&legacy]() { return legacy; };
  model.forward(ids, make());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(make()));

  model.forward(ids, [&] { return legacy; }());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache([&] { return legacy; }()));

  auto to_past = [](const transformers::LegacyCache &l) -> transformers::PastKeyValues {
    return l;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-FIXES: return transformers::DynamicCache::from_legacy_cache(l);
  };
  model.forward(ids, to_past(legacy));
}
