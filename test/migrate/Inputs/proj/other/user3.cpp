// Includes shared.h through a symlinked directory (see header-dedup.test).
#include "shared.h"

int user3(const transformers::LlamaForCausalLM &model,
          const transformers::LegacyCache &legacy) {
  return static_cast<int>(shared_step(model, legacy).logits.numel());
}
