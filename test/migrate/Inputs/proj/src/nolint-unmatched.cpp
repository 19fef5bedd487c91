#include <transformers/transformers.h>

void unmatched(const transformers::LlamaForCausalLM &model,
               const transformers::TokenIds &ids,
               const transformers::LegacyCache &legacy) {
  // NOLINTBEGIN(transformers-legacy-cache)
  model.forward(ids, legacy);
}
