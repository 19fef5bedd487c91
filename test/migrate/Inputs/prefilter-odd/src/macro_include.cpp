// A macro builds the include's name: the scan expands it as clang does.
#define ODD_LIBRARY_HEADER(name) <transformers/name.h>
#include ODD_LIBRARY_HEADER(transformers)

void macro_include(const transformers::LlamaForCausalLM &model,
                   const transformers::TokenIds &ids,
                   const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
