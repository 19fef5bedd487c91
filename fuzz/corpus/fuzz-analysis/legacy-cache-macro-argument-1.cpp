// FUZZ-CONFIG: {Checks: '-*,transformers-cache-implementation-conflict'}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A legacy expression spelled in a macro argument is user code: it is fixed
// where it is written.
#include <transformers/transformers.h>

#define FORWARD(model, ids, kv) (model).forward(ids, kv)
#define IDENTITY(x) x
#define KWARGS(kv) {kv}

void macro_arguments(const transformers::LlamaForCausalLM &model,
                     const transformers::TokenIds &ids,
                     const transformers::LegacyCache &legacy) {
  FORWARD(model, ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: FORWARD(model, ids, transformers::DynamicCache::from_legacy_cache(legacy));

  IDENTITY(model.forward(ids, legacy));
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: IDENTITY(model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy)));

  model.generate(ids, {}, KWARGS(legacy));
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, KWARGS(transformers::DynamicCache::from_legacy_cache(legacy)));
}
