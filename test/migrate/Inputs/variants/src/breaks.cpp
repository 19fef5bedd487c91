// Both commands see the hand-off; under the second one (-DBREAK_FIX) the fix
// does not compile: the plan is verified under each command that saw the
// finding, so the fix is held back.
#include <transformers/transformers.h>
#ifdef BREAK_FIX
#define from_legacy_cache from_legacy_cache_missing
#endif

transformers::GenerateOutput decode(const transformers::LlamaForCausalLM &model,
                                    const transformers::LegacyCache &legacy) {
  return model.generate({{1, 2}}, {}, {.past_key_values = legacy});
}
