// Written against the old API: the cache of the first call goes back into
// generate as a tuple-shaped legacy cache. It compiles (PastKeyValues still
// accepts it) and would throw at run time; transformers-legacy-cache, run by
// CMake through CMAKE_CXX_CLANG_TIDY, fails the build instead.
#include <transformers/transformers.h>

#include <iostream>

int main() {
  transformers::LlamaForCausalLM model(transformers::ModelConfig{});
  transformers::GenerationConfig cfg;
  cfg.max_new_tokens = 3;
  auto first = model.generate({{1, 2, 3}}, cfg);
  transformers::LegacyCache legacy = first.past_key_values->to_legacy_cache();
  auto more = model.generate(first.sequences, cfg, {.past_key_values = legacy});
  std::cout << more.sequences[0].size() << "\n";
  return 0;
}
