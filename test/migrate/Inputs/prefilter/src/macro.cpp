// Reaches the library only through macro-expanded #include operands; no
// "transformers/" and no library type name is spelled in an #include here.
#define HDR <transformers/transformers.h>
#include HDR
#include "indirect_name.h"
#include TT_PATH(cache_utils)

void macro(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids,
           const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
