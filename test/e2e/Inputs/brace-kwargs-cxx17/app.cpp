// C++17, no designated initialisers: the legacy cache reaches generate()
// through brace initialisation of GenerateKwargs (first member), aggregate
// initialisation of a named GenerateKwargs and a member assignment.
#include "common.h"

#include <exception>

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{3, 14, 15, 9, 26, 5}};
    const transformers::TokenIds ids = {{3, 14, 15, 9, 26, 5, 35, 8, 9}};
    transformers::LegacyCache legacy =
        model.forward(prefix).past_key_values->to_legacy_cache();

    transformers::GenerationConfig config;
    config.max_new_tokens = 6;

    auto braced = model.generate(ids, config, {legacy});
    std::cout << "braced: " << e2e::tail(braced.sequences[0], 9) << "\n";

    transformers::GenerateKwargs named{legacy, {}};
    auto aggregate = model.generate(ids, config, named);
    std::cout << "aggregate: " << e2e::tail(aggregate.sequences[0], 9) << "\n";

    transformers::GenerateKwargs kwargs;
    kwargs.past_key_values = legacy;
    config.max_new_tokens = 3;
    auto assigned = model.generate(ids, config, kwargs);
    std::cout << "assigned: " << e2e::tail(assigned.sequences[0], 9) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
