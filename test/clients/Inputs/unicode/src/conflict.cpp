// A finding with a note, both on lines with non-ASCII text before them
// (clients.sarif-columns).
#include <transformers/transformers.h>

#include <memory>

transformers::GenerateOutput
choose(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids) {
  transformers::GenerationConfig cfg; /* «static» */ cfg.cache_implementation = "static";
  auto cache = std::make_shared<transformers::DynamicCache>();
  return /* ✓ cache */ model.generate(ids, cfg, {.past_key_values = cache});
}
