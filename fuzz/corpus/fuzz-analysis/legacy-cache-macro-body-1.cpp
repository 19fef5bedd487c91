// FUZZ-CONFIG: {HeaderFilterRegex: 'transformers', ExcludeHeaderFilterRegex: 'cache'}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// A legacy expression spelled in a macro body cannot be fixed safely (other
// expansions of the macro may not be legacy): a warning at the expansion with
// a note saying why, and the file is left unchanged.
#include <transformers/transformers.h>

extern transformers::LegacyCache global_legacy;

#define FORWARD_GLOBAL(model, ids) (model).forward(ids, global_legacy)
#define KWARGS_OF_GLOBAL {global_legacy}
#define AS_PAST transformers::PastKeyValues past = global_legacy

void macro_bodies(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids) {
  FORWARD_GLOBAL(model, ids);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: the expression is expanded from the body of macro 'FORWARD_GLOBAL'

  model.generate(ids, {}, KWARGS_OF_GLOBAL);
  // CHECK-NOTES: :[[@LINE-1]]:27: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:27: note: no fix-it: the expression is expanded from the body of macro 'KWARGS_OF_GLOBAL'

  AS_PAST;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: no fix-it: the expression is expanded from the body of macro 'AS_PAST'
  model.forward(ids, past);
}
