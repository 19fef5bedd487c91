// A legacy hand-off: a finding in both modes.
#include <transformers/transformers.h>

void legacy(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids,
            const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
