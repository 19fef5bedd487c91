// legacy-app-reference: what legacy-app (main.cpp) does, written with Cache
// objects from the start instead of legacy tuples.
//
// The end-to-end test and the demo check that legacy-app, once migrated by
// transformers-migrate --fix, prints exactly what this program prints.
#include <transformers/transformers.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {

using Tokens = std::vector<int64_t>;

// Token ids of an imaginary tokenizer, to keep the example self-contained.
const Tokens kSystemPrompt = {1, 17, 42, 5, 23, 8, 31, 12, 9, 3};
const std::vector<std::pair<std::string, Tokens>> kRequests = {
    {"weather", {44, 7, 19}},
    {"translate", {28, 2, 61, 33}},
    {"summarize", {50, 11}},
};

std::string join(const Tokens &tokens, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < tokens.size(); ++i)
    out += (i == from ? "" : " ") + std::to_string(tokens[i]);
  return out;
}

} // namespace

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});

    // 1. Prefill the shared system prompt once and keep the cache itself.
    auto prefill = model.forward({kSystemPrompt});
    auto prefix = std::dynamic_pointer_cast<transformers::DynamicCache>(
        prefill.past_key_values);
    if (!prefix)
      throw std::logic_error("forward did not return a DynamicCache");
    std::cout << "prefilled " << kSystemPrompt.size()
              << " system-prompt tokens in " << prefix->size() << " layers\n";

    transformers::GenerationConfig config;
    config.max_new_tokens = 8;

    for (const auto &[name, prompt] : kRequests) {
      Tokens ids = kSystemPrompt;
      ids.insert(ids.end(), prompt.begin(), prompt.end());

      // A cache is updated in place, so every use starts from its own copy
      // of the prefix (upstream: copy.deepcopy(prompt_cache)).
      auto peek = model.forward(
          {prompt}, std::make_shared<transformers::DynamicCache>(*prefix));
      (void)peek;

      auto out = model.generate(
          {ids}, config,
          {.past_key_values =
               std::make_shared<transformers::DynamicCache>(*prefix)});
      std::cout << name << ": " << join(out.sequences[0], ids.size()) << "\n";
    }
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
