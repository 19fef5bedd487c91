// The library at the end of an include chain deeper than clang's limit
// (200; the test makes include/chain/over/0.h ... 205.h): clang stops with
// "#include nested too deeply" (exit 3). The scan hit the same limit, and
// its library headers unread, the TU was skipped: a run said clean, and the
// hand-off below was never reported.
#include "chain/over/0.h"

void deep_chain(const transformers::LlamaForCausalLM &model,
                const transformers::TokenIds &ids,
                const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
