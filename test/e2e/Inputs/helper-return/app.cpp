// The legacy cache reaches the model through helpers: returned from a
// function whose result type is PastKeyValues, and passed to a wrapper that
// takes a PastKeyValues parameter.
#include "common.h"

#include <exception>

namespace {

transformers::PastKeyValues resume(const transformers::LegacyCache &states) {
  return states;
}

std::vector<int64_t> continue_with(const transformers::LlamaForCausalLM &model,
                                   const transformers::TokenIds &ids,
                                   transformers::PastKeyValues past) {
  transformers::GenerationConfig config;
  config.max_new_tokens = 5;
  transformers::GenerateKwargs kwargs;
  kwargs.past_key_values = past;
  return model.generate(ids, config, kwargs).sequences[0];
}

} // namespace

int main() {
  try {
    transformers::ModelConfig mc;
    mc.seed = 7;
    transformers::LlamaForCausalLM model(mc);
    const transformers::TokenIds prefix = {{2, 4, 6, 8, 10, 12, 14}};
    const transformers::TokenIds ids = {{2, 4, 6, 8, 10, 12, 14, 1, 3}};
    const transformers::LegacyCache legacy =
        model.forward(prefix).past_key_values->to_legacy_cache();

    std::cout << "resumed: " << e2e::tail(continue_with(model, ids, resume(legacy)), 9)
              << "\n";
    std::cout << "wrapped: " << e2e::tail(continue_with(model, ids, legacy), 9) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
