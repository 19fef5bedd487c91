// Reference for roundtrip-flow/app.cpp: the caches are passed as they are,
// except where the program reads the cache afterwards: there the model gets
// a deep copy.
#include "common.h"

#include <exception>
#include <memory>
#include <vector>

using transformers::LlamaForCausalLM;
using transformers::TokenIds;

// The conversation so far plus two new tokens for `turn`.
TokenIds next_ids(const TokenIds &sequences, int turn) {
  std::vector<int64_t> row = sequences[0];
  row.push_back(30 + turn);
  row.push_back(40 + turn);
  return {row};
}

void local_cache(const LlamaForCausalLM &model) {
  const TokenIds prefix = {{9, 8, 7, 6, 5, 4, 3, 2}};
  const TokenIds ids = {{60, 61}};
  auto cache = std::make_shared<transformers::DynamicCache>();
  model.forward(prefix, cache);
  auto r = model.forward(ids, cache);
  std::cout << "local: " << e2e::argmax_last(r.logits) << "\n";
}

void vector_element(const LlamaForCausalLM &model) {
  const TokenIds prefix = {{1, 3, 5, 7, 9, 11}};
  const TokenIds ids = {{13, 15, 17}};
  std::vector<std::shared_ptr<transformers::Cache>> caches;
  caches.push_back(model.forward(prefix).past_key_values);
  auto r = model.forward(ids, caches[0]);
  std::cout << "element: " << e2e::argmax_last(r.logits) << "\n";
}

void cast_handle(const LlamaForCausalLM &model) {
  const TokenIds prefix = {{50, 40, 30, 20, 10}};
  const TokenIds ids = {{0, 63}};
  auto out = model.forward(prefix);
  auto dc = std::dynamic_pointer_cast<transformers::DynamicCache>(
      out.past_key_values);
  auto r = model.forward(ids, dc);
  std::cout << "cast: " << e2e::argmax_last(r.logits) << "\n";
}

void multi_turn(const LlamaForCausalLM &model) {
  const TokenIds prompt = {{2, 4, 6, 8, 10, 12}};
  transformers::GenerationConfig config;
  config.max_new_tokens = 4;
  auto out = model.generate(prompt, config);
  std::cout << "turn 0: " << e2e::tail(out.sequences[0], 6) << "\n";
  for (int turn = 1; turn <= 3; ++turn) {
    out = model.generate(next_ids(out.sequences, turn), config,
                         {out.past_key_values});
    std::cout << "turn " << turn << ": " << e2e::tail(out.sequences[0], 6)
              << "\n";
  }
}

void kwargs_hand_off(const LlamaForCausalLM &model) {
  const TokenIds prompt = {{14, 16, 18, 20, 22}};
  transformers::GenerationConfig config;
  config.max_new_tokens = 3;
  auto cache = std::make_shared<transformers::DynamicCache>();
  transformers::GenerateKwargs kwargs{.past_key_values = cache};
  auto first = model.generate(prompt, config, kwargs);
  auto second = model.generate(next_ids(first.sequences, 1), config,
                               {.past_key_values = cache});
  std::cout << "kwargs: " << e2e::tail(first.sequences[0], 5) << " / "
            << e2e::tail(second.sequences[0], 10) << "\n";
}

// The model continues a copy; `keep` still sees the prefix only.
void read_through_alias(const LlamaForCausalLM &model) {
  const TokenIds prefix = {{21, 22, 23, 24, 25, 26, 27}};
  const TokenIds ids = {{28, 29}};
  auto cache2 = std::make_shared<transformers::DynamicCache>();
  model.forward(prefix, cache2);
  auto keep = cache2;
  auto r = model.forward(ids, std::make_shared<transformers::DynamicCache>(*cache2));
  std::cout << "kept: " << e2e::argmax_last(r.logits) << "\n";
  std::cout << "kept length: " << keep->get_seq_length() << "\n";
}

int main() {
  try {
    LlamaForCausalLM model(transformers::ModelConfig{});
    local_cache(model);
    vector_element(model);
    cast_handle(model);
    multi_turn(model);
    kwargs_hand_off(model);
    read_through_alias(model);
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
