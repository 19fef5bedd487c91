// Reference for brace-kwargs-cxx17/app.cpp, written with caches from the
// start: every generate() gets its own copy of the prefix cache.
#include "common.h"

#include <exception>
#include <memory>

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{3, 14, 15, 9, 26, 5}};
    const transformers::TokenIds ids = {{3, 14, 15, 9, 26, 5, 35, 8, 9}};
    auto cache = std::dynamic_pointer_cast<transformers::DynamicCache>(
        model.forward(prefix).past_key_values);
    auto copy = [&] { return std::make_shared<transformers::DynamicCache>(*cache); };

    transformers::GenerationConfig config;
    config.max_new_tokens = 6;

    auto braced = model.generate(ids, config, {copy()});
    std::cout << "braced: " << e2e::tail(braced.sequences[0], 9) << "\n";

    transformers::GenerateKwargs named{copy(), {}};
    auto aggregate = model.generate(ids, config, named);
    std::cout << "aggregate: " << e2e::tail(aggregate.sequences[0], 9) << "\n";

    transformers::GenerateKwargs kwargs;
    kwargs.past_key_values = copy();
    config.max_new_tokens = 3;
    auto assigned = model.generate(ids, config, kwargs);
    std::cout << "assigned: " << e2e::tail(assigned.sequences[0], 9) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
