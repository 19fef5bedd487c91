// A prefix-caching program written the old way: the shared prompt's states
// are kept as a legacy tuple and handed back as past_key_values, which the
// library rejects at run time until the fixes wrap them in
// DynamicCache::from_legacy_cache.
#include "kv/prefix.h"

#include <exception>
#include <iostream>
#include <ranges>
#include <string>

#if !APP_COPT
#error "compiled without //:app's copts"
#endif

namespace {

// An abbreviated function template: C++20 (the workspace's --cxxopt).
std::string join(const std::ranges::range auto &tokens) {
  std::string out;
  for (auto token : tokens)
    out += (out.empty() ? "" : " ") + std::to_string(token);
  return out;
}

} // namespace

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const kv::Tokens system = {1, 17, 42, 5, 23, 8, 31, 12, 9, 3};
    const kv::Tokens question = {44, 7, 19};
    kv::Tokens ids = system;
    ids.insert(ids.end(), question.begin(), question.end());

    transformers::LegacyCache prefix = kv::prefill(model, system);
    std::cout << "peek ran " << kv::peek(model, prefix, question) << " tokens\n";
    std::cout << "continued: " << join(kv::continue_from(model, prefix, ids, 6))
              << "\n";

    transformers::GenerationConfig config;
    config.max_new_tokens = 4;
    auto out = model.generate({ids}, config, {.past_key_values = prefix}); // FINDING
    std::cout << "generated: "
              << join(kv::Tokens(out.sequences[0].begin() + ids.size(),
                                 out.sequences[0].end()))
              << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
