// The library behind __has_include: found, so a finding.
#if __has_include(<transformers/transformers.h>)
#include <transformers/transformers.h>
#endif
#if __has_include("odd_missing_header.h")
#include "odd_missing_header.h"
#endif

void has_include(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids,
                 const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
