// A header with a finding, included by two translation units.
#pragma once
#include <transformers/transformers.h>

inline transformers::CausalLMOutput
shared_step(const transformers::LlamaForCausalLM &model,
            const transformers::LegacyCache &legacy) {
  return model.forward({{1, 2, 3}}, legacy);
}
