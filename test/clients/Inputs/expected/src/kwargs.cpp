#include "shared.h"
#include <transformers/cache_utils.h>

transformers::GenerateKwargs
make_kwargs(const transformers::LlamaForCausalLM &model,
            const transformers::LegacyCache &legacy) {
  (void)resume_step(model, legacy);
  transformers::GenerateKwargs kwargs;
  kwargs.past_key_values = transformers::DynamicCache::from_legacy_cache(legacy);
  return kwargs;
}
