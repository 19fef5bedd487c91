// Reaches the library directly.
#include <transformers/transformers.h>

void direct(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids,
            const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
