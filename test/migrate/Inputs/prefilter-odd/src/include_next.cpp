// The library reached through #include_next (-I next1 -I next2).
#include <odd_next.h>

void include_next(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids,
                  const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
