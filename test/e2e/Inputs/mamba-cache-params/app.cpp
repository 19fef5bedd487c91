// A recurrent model: Mamba's cache keyword is `cache_params`, set by a
// designated initialiser from a legacy tuple held in an `auto` variable.
#include "common.h"

#include <exception>

int main() {
  try {
    transformers::MambaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prompt = {{7, 1, 30, 12, 4}};
    const transformers::TokenIds ids = {{7, 1, 30, 12, 4, 19, 2}};
    auto state = model.forward(prompt).past_key_values->to_legacy_cache();

    transformers::GenerationConfig config;
    config.max_new_tokens = 7;
    auto out = model.generate(ids, config, {.cache_params = state});
    std::cout << "mamba: " << e2e::tail(out.sequences[0], 7) << "\n";
    std::cout << "state length: " << out.past_key_values->get_seq_length() << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
