// Baseline fixture: a second file with one legacy hand-off.
#include <transformers/transformers.h>

transformers::GenerateOutput
answer(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {
  return model.generate(ids, {}, {.past_key_values = legacy});
}
