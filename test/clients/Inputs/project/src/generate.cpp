#include "shared.h"

transformers::GenerateOutput
continue_generation(const transformers::LlamaForCausalLM &model,
                    const transformers::TokenIds &ids,
                    const transformers::LegacyCache &legacy) {
  (void)resume_step(model, legacy);
  return model.generate(ids, {}, {.past_key_values = legacy});
}
