// The same header through a symlink: #pragma once holds, and the library
// it brings gives a finding.
#include "once/real.h"
#include "once/link.h"

void pragma_once_symlink(const transformers::LlamaForCausalLM &model,
                         const transformers::TokenIds &ids,
                         const transformers::LegacyCache &legacy) {
  OddOnce once;
  (void)once;
  model.forward(ids, legacy);
}
