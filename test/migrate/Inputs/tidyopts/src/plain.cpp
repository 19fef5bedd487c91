// Two hand-offs, on lines 7 and 8 (--line-filter, WarningsAsErrors).
#include <transformers/transformers.h>

void plain(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids,
           const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
  model.forward(ids, legacy);
}
