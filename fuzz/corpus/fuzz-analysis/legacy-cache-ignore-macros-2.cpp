// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: maybe}}
// RUN: %check_clang_tidy -check-suffixes=,DEFAULT %s transformers-legacy-cache %t.default
// RUN: %check_clang_tidy %s transformers-legacy-cache %t.ignore \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.IgnoreMacros: true}}"
// IgnoreMacros: true silences findings in macro bodies; code outside macros
// is still checked.
#include <transformers/transformers.h>

extern transformers::LegacyCache global_legacy;

#define FORWARD_GLOBAL(model, ids) (model).forward(ids, global_legacy)

void with_macros(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids) {
  FORWARD_GLOBAL(model, ids);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:3: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]

  model.forward(ids, global_legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(global_legacy));
}
