// The library at the end of a chain within clang's limit (the test makes
// include/chain/under/0.h ... 150.h): followed by the scan, a finding.
#include "chain/under/0.h"

void deep_ok(const transformers::LlamaForCausalLM &model,
             const transformers::TokenIds &ids,
             const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
