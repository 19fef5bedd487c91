// Reference for helper-return/app.cpp, written with caches from the start.
#include "common.h"

#include <exception>
#include <memory>

namespace {

transformers::PastKeyValues resume(const transformers::DynamicCache &states) {
  return std::make_shared<transformers::DynamicCache>(states);
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
    auto cache = std::dynamic_pointer_cast<transformers::DynamicCache>(
        model.forward(prefix).past_key_values);

    std::cout << "resumed: " << e2e::tail(continue_with(model, ids, resume(*cache)), 9)
              << "\n";
    std::cout << "wrapped: "
              << e2e::tail(continue_with(model, ids,
                                         std::make_shared<transformers::DynamicCache>(*cache)),
                           9)
              << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
