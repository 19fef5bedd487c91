#include "shared.h"

transformers::GenerateKwargs
make_kwargs(const transformers::LlamaForCausalLM &model,
            const transformers::LegacyCache &legacy) {
  (void)resume_step(model, legacy);
  transformers::GenerateKwargs kwargs;
  kwargs.past_key_values = legacy;
  return kwargs;
}
