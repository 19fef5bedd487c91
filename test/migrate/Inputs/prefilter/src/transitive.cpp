// Reaches the library only through wrap.h -> deep.h.
#include "wrap.h"

void transitive(const transformers::LlamaForCausalLM &model,
                const transformers::TokenIds &ids,
                const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
