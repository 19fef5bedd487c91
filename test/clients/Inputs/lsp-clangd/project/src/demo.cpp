// One buffer, two servers: clangd warns about the unused variable, the
// transformers-tidy check about the legacy cache handed to generate.
#include <transformers/transformers.h>

transformers::GenerateOutput
continue_generation(const transformers::LlamaForCausalLM &model,
                    const transformers::TokenIds &ids,
                    const transformers::LegacyCache &legacy) {
  int unused_budget = 42;
  return model.generate(ids, {}, {.past_key_values = legacy});
}
