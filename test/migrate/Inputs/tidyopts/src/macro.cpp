// A legacy hand-off spelled only in a macro body (IgnoreMacros).
#include <transformers/transformers.h>

extern transformers::LegacyCache global_legacy;

#define STEP(model, ids) (model).forward(ids, global_legacy)

void step(const transformers::LlamaForCausalLM &model,
          const transformers::TokenIds &ids) {
  STEP(model, ids);
}
