// `to_legacy_cache()` called on a temporary cache handle and handed straight
// back: the fix removes the pointless round trip instead of wrapping it.
#include "common.h"

#include <exception>

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{9, 8, 7, 6, 5, 4, 3, 2}};
    const transformers::TokenIds ids = {{9, 8, 7, 6, 5, 4, 3, 2, 60, 61}};

    transformers::GenerationConfig config;
    config.max_new_tokens = 6;
    auto out = model.generate(
        ids, config,
        {.past_key_values = model.forward(prefix).past_key_values->to_legacy_cache()});
    std::cout << "generated: " << e2e::tail(out.sequences[0], 10) << "\n";

    auto peek = model.forward({{60, 61}},
                              model.forward(prefix).past_key_values->to_legacy_cache());
    std::cout << "peek: " << e2e::argmax_last(peek.logits) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
