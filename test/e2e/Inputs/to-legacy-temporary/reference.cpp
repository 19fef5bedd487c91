// Reference for to-legacy-temporary/app.cpp: the cache handles are passed
// as they are.
#include "common.h"

#include <exception>

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{9, 8, 7, 6, 5, 4, 3, 2}};
    const transformers::TokenIds ids = {{9, 8, 7, 6, 5, 4, 3, 2, 60, 61}};

    transformers::GenerationConfig config;
    config.max_new_tokens = 6;
    auto prefilled = model.forward(prefix).past_key_values;
    auto out = model.generate(ids, config, {.past_key_values = prefilled});
    std::cout << "generated: " << e2e::tail(out.sequences[0], 10) << "\n";

    auto again = model.forward(prefix).past_key_values;
    auto peek = model.forward({{60, 61}}, again);
    std::cout << "peek: " << e2e::argmax_last(peek.logits) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
