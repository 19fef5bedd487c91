// What app/main.cc computes, written with caches from the start: every use of
// the prefix starts from its own copy (a cache is updated in place). The
// fixed app must print exactly this.
#include <transformers/transformers.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {

using Tokens = std::vector<int64_t>;

std::string join(const Tokens &tokens) {
  std::string out;
  for (auto token : tokens)
    out += (out.empty() ? "" : " ") + std::to_string(token);
  return out;
}

std::shared_ptr<transformers::DynamicCache>
copy_of(const std::shared_ptr<transformers::Cache> &cache) {
  return std::make_shared<transformers::DynamicCache>(
      dynamic_cast<const transformers::DynamicCache &>(*cache));
}

Tokens generate_after(transformers::LlamaForCausalLM &model,
                      const std::shared_ptr<transformers::Cache> &prefix,
                      const Tokens &ids, int max_new_tokens) {
  transformers::GenerationConfig config;
  config.max_new_tokens = max_new_tokens;
  auto out = model.generate({ids}, config, {.past_key_values = copy_of(prefix)});
  return Tokens(out.sequences[0].begin() + ids.size(), out.sequences[0].end());
}

} // namespace

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const Tokens system = {1, 17, 42, 5, 23, 8, 31, 12, 9, 3};
    const Tokens question = {44, 7, 19};
    Tokens ids = system;
    ids.insert(ids.end(), question.begin(), question.end());

    auto prefix = model.forward({system}).past_key_values;
    auto peek = model.forward({question}, copy_of(prefix));
    std::cout << "peek ran " << peek.logits.size(1) << " tokens\n";
    std::cout << "continued: " << join(generate_after(model, prefix, ids, 6))
              << "\n";
    std::cout << "generated: " << join(generate_after(model, prefix, ids, 4))
              << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
