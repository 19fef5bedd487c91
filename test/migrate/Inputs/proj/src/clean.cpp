// Already migrated: nothing to report.
#include <transformers/transformers.h>

transformers::GenerateOutput
answer(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {
  auto cache = transformers::DynamicCache::from_legacy_cache(legacy);
  return model.generate(ids, {}, {.past_key_values = cache});
}
