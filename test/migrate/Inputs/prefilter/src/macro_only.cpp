// The library is reached only through a computed #include whose operand is
// built from macros; nothing in this TU's files spells a library path.
#include "indirect_name.h"
#include TT_PATH(transformers)

int macro_only(const transformers::LlamaForCausalLM &model,
               const transformers::TokenIds &ids, const transformers::LegacyCache &legacy) {
  return static_cast<int>(model.forward(ids, legacy).logits.numel());
}
