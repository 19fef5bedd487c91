// Built twice (make_project --variant): plainly and with -DVARIANT_B.
#include <transformers/transformers.h>

transformers::GenerateOutput decode(const transformers::LlamaForCausalLM &model,
                                    const transformers::LegacyCache &legacy) {
#ifdef VARIANT_B
  // Only the second compile command sees this hand-off.
  model.forward({{1, 2}}, legacy);
#endif
  // Both commands see this one: reported and fixed once.
  return model.generate({{1, 2}}, {}, {.past_key_values = legacy});
}
