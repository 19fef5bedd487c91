// The same program written with a cache object: passes the plugin's checks,
// builds, and the cached two-step generation equals one uncached call.
#include <transformers/cache_utils.h>
#include <transformers/transformers.h>

#include <iostream>
#include <memory>

int main() {
  transformers::LlamaForCausalLM model(transformers::ModelConfig{});
  transformers::GenerationConfig cfg;
  cfg.max_new_tokens = 3;
  auto cache = std::make_shared<transformers::DynamicCache>();
  auto first = model.generate({{1, 2, 3}}, cfg, {.past_key_values = cache});
  auto more = model.generate(first.sequences, cfg, {.past_key_values = cache});

  transformers::GenerationConfig uncached = cfg;
  uncached.max_new_tokens = 6;
  uncached.use_cache = false;
  auto once = model.generate({{1, 2, 3}}, uncached);

  std::cout << "tokens:";
  for (auto T : more.sequences[0])
    std::cout << ' ' << T;
  std::cout << "\ncached == uncached: "
            << (more.sequences == once.sequences ? "yes" : "no") << "\n";
  return more.sequences == once.sequences ? 0 : 1;
}
