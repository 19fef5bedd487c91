// FUZZ-CONFIG: {HeaderFilterRegex: '.*', SystemHeaders: true}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Findings without a fix (macro body) must not insert the header either: the
// file stays byte-identical (the harness checks that without CHECK-FIXES).
#include <transformers/modeling.h>

extern transformers::LegacyCache global_legacy;
#define FORWARD_GLOBAL(model, ids) (model).forward(ids, global_legacy)

void only_unfixable(const transformers::LlamaForCausalLM &model,
                    const transformers::TokenIds &ids) {
  FORWARD_GLOBAL(model, ids);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
}
