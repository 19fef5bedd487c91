// Reference for encoder-decoder/app.cpp: the EncoderDecoderCache is built
// from the self-attention cache and a cross-attention DynamicCache.
#include "common.h"

#include <exception>
#include <stdexcept>
#include <memory>

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{11, 22, 33, 44, 5}};
    const transformers::TokenIds ids = {{11, 22, 33, 44, 5, 6, 7}};

    auto self_cache = model.forward(prefix).past_key_values;
    auto cross_cache = std::make_shared<transformers::DynamicCache>();
    std::vector<std::pair<transformers::Tensor, transformers::Tensor>> cross;
    uint64_t seed = 100;
    for (std::size_t l = 0; l < self_cache->size(); ++l) {
      auto cross_k = transformers::Tensor::randn({1, 2, 3, 8}, seed++);
      auto cross_v = transformers::Tensor::randn({1, 2, 3, 8}, seed++);
      cross_cache->update(cross_k, cross_v, static_cast<int64_t>(l));
      cross.emplace_back(cross_k, cross_v);
    }
    auto cache = std::make_shared<transformers::EncoderDecoderCache>(self_cache, cross_cache);

    transformers::GenerationConfig config;
    config.max_new_tokens = 5;
    auto out = model.generate(ids, config, {.past_key_values = cache});
    std::cout << "generated: " << e2e::tail(out.sequences[0], 7) << "\n";

    bool cross_kept = cache->cross_attention_cache->size() == cross.size();
    for (std::size_t l = 0; cross_kept && l < cross.size(); ++l) {
      auto [k, v] = (*cache->cross_attention_cache)[static_cast<int64_t>(l)];
      cross_kept = k.equal(cross[l].first) && v.equal(cross[l].second);
    }
    std::cout << "self length: " << (*cache->self_attention_cache)[0].first.size(-2)
              << ", cross states kept: " << (cross_kept ? "yes" : "no") << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
