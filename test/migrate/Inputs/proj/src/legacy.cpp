// Two hand-offs of a legacy cache in one translation unit.
#include <transformers/transformers.h>

transformers::GenerateOutput
answer(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {
  auto peek = model.forward(ids, legacy);
  (void)peek;
  return model.generate(ids, {}, {.past_key_values = legacy});
}
