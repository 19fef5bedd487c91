// A header of //kv that //app includes too: its legacy hand-off is found
// through both targets' translation units and must be fixed once.
#pragma once

#include <transformers/transformers.h>

#include <cstdint>
#include <vector>

namespace kv {

using Tokens = std::vector<int64_t>;

// Runs a shared prompt once; its states are kept as a legacy tuple (the old
// habit the migration removes).
transformers::LegacyCache prefill(transformers::LlamaForCausalLM &model,
                                  const Tokens &prompt);

// Runs `prompt` on top of the cached prefix; returns how many tokens ran.
int64_t peek(transformers::LlamaForCausalLM &model,
             const transformers::LegacyCache &prefix, const Tokens &prompt);

// Generates `max_new_tokens` after `ids` (the prefix and the prompt), running
// only the tokens the prefix does not hold.
inline Tokens continue_from(transformers::LlamaForCausalLM &model,
                            const transformers::LegacyCache &prefix,
                            const Tokens &ids, int max_new_tokens) {
  transformers::GenerationConfig config;
  config.max_new_tokens = max_new_tokens;
  auto out = model.generate({ids}, config, {.past_key_values = prefix}); // FINDING
  return Tokens(out.sequences[0].begin() + ids.size(), out.sequences[0].end());
}

} // namespace kv
