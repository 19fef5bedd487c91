// Encoder-decoder legacy layers: (self k, self v, cross k, cross v) tuples
// are passed to generate(); the fix builds an EncoderDecoderCache. The output
// cache is converted back to the 4-tensor form (round trip) and checked.
#include "common.h"

#include <exception>
#include <stdexcept>
#include <memory>

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{11, 22, 33, 44, 5}};
    const transformers::TokenIds ids = {{11, 22, 33, 44, 5, 6, 7}};

    transformers::LegacyEncoderDecoderCache legacy;
    uint64_t seed = 100;
    auto self_cache = model.forward(prefix).past_key_values;
    for (const auto &[k, v] : *self_cache) {
      auto cross_k = transformers::Tensor::randn({1, 2, 3, 8}, seed++);
      auto cross_v = transformers::Tensor::randn({1, 2, 3, 8}, seed++);
      legacy.emplace_back(k, v, cross_k, cross_v);
    }

    transformers::GenerationConfig config;
    config.max_new_tokens = 5;
    auto out = model.generate(ids, config, {.past_key_values = legacy});
    std::cout << "generated: " << e2e::tail(out.sequences[0], 7) << "\n";

    auto cache =
        std::dynamic_pointer_cast<transformers::EncoderDecoderCache>(out.past_key_values);
    if (!cache)
      throw std::logic_error("generate did not return an EncoderDecoderCache");
    auto back = cache->to_legacy_cache();
    bool cross_kept = back.size() == legacy.size();
    for (std::size_t l = 0; cross_kept && l < back.size(); ++l)
      cross_kept = std::get<2>(back[l]).equal(std::get<2>(legacy[l])) &&
                   std::get<3>(back[l]).equal(std::get<3>(legacy[l]));
    std::cout << "self length: " << std::get<0>(back[0]).size(-2)
              << ", cross states kept: " << (cross_kept ? "yes" : "no") << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
