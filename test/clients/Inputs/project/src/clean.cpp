// Already migrated: nothing to report, nothing to change.
#include <transformers/cache_utils.h>
#include <transformers/transformers.h>

transformers::GenerateOutput
continue_clean(const transformers::LlamaForCausalLM &model,
               const transformers::TokenIds &ids,
               const transformers::LegacyCache &legacy) {
  return model.generate(
      ids, {},
      {.past_key_values =
           transformers::DynamicCache::from_legacy_cache(legacy)});
}
