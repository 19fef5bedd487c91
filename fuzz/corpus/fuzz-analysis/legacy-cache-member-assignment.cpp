// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Assignment to a sink-typed field names the field; assignment to a plain
// PastKeyValues variable names the type.
#include <transformers/transformers.h>

struct Options {
  int layers = 0;
  transformers::PastKeyValues cache;
};

void assignments(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids,
                 const transformers::LegacyCache &legacy) {
  transformers::GenerateKwargs kwargs;
  kwargs.past_key_values = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: kwargs.past_key_values = transformers::DynamicCache::from_legacy_cache(legacy);
  kwargs.cache_params = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'cache_params' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: kwargs.cache_params = transformers::DynamicCache::from_legacy_cache(legacy);
  model.generate(ids, {}, kwargs);

  Options opts;
  opts.cache = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: passing a legacy tuple-shaped KV cache as 'cache' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: opts.cache = transformers::DynamicCache::from_legacy_cache(legacy);

  Options *popts = &opts;
  popts->cache = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: passing a legacy tuple-shaped KV cache as 'cache' is not supported anymore
  // CHECK-FIXES: popts->cache = transformers::DynamicCache::from_legacy_cache(legacy);

  transformers::PastKeyValues local;
  local = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: local = transformers::DynamicCache::from_legacy_cache(legacy);
  model.forward(ids, local);
}
