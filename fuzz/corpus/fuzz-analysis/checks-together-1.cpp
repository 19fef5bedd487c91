// FUZZ-CONFIG: {HeaderFilterRegex: 'transformers', ExcludeHeaderFilterRegex: 'cache'}
// RUN: %check_clang_tidy -std=c++20 %s 'transformers-*' %t
// Both checks enabled: a legacy value with cache_implementation set is only
// the legacy-cache finding; a Cache with it only the conflict finding.
#include <transformers/transformers.h>

#include <memory>

void together(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids,
              const transformers::LegacyCache &legacy,
              std::shared_ptr<transformers::Cache> cache) {
  transformers::GenerationConfig cfg;
  cfg.cache_implementation = "static";
  model.generate(ids, cfg, {.past_key_values = legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.generate(ids, cfg, {.past_key_values = transformers::DynamicCache::from_legacy_cache(legacy)});
  model.generate(ids, cfg, {.past_key_values = cache});
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: passing both 'cache_implementation' and a Cache object as 'past_key_values' is unsupported; use only one of the two [transformers-cache-implementation-conflict]
}
