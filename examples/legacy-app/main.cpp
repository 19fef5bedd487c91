// legacy-app: answer several user prompts that share one system prompt.
//
// The shared prefix is prefilled once; every request then continues from a
// copy of its key/value states instead of re-running the system prompt.
// Written the OLD way: the prefix is kept as a legacy tuple
// (`to_legacy_cache()`) and handed back as `past_key_values`, which the
// library rejects at run time ("Passing a tuple of `past_key_values` is not
// supported anymore. Please use a `Cache` instance."). The migration is to
// wrap the tuple in `transformers::DynamicCache::from_legacy_cache(...)`.
#include <transformers/transformers.h>

#include <cstdint>
#include <exception>
#include <iostream>
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

    // 1. Prefill the shared system prompt once.
    auto prefill = model.forward({kSystemPrompt});
    // Keep the prefix states as a plain tuple so every request can start
    // from its own copy (old API habit).
    transformers::LegacyCache prefix_kv =
        prefill.past_key_values->to_legacy_cache();
    std::cout << "prefilled " << kSystemPrompt.size()
              << " system-prompt tokens in " << prefix_kv.size() << " layers\n";

    transformers::GenerationConfig config;
    config.max_new_tokens = 8;

    for (const auto &[name, prompt] : kRequests) {
      Tokens ids = kSystemPrompt;
      ids.insert(ids.end(), prompt.begin(), prompt.end());

      // Peek at the most likely first answer token: only the new tokens are
      // run, on top of the cached prefix.
      auto peek = model.forward({prompt}, prefix_kv);
      (void)peek;

      // 2. Continue from the prefix: input_ids hold the whole sequence, only
      //    the uncached tail is run.
      auto out = model.generate({ids}, config, {.past_key_values = prefix_kv});
      std::cout << name << ": " << join(out.sequences[0], ids.size()) << "\n";
    }
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
