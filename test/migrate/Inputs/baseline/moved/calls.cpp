// src/calls.cpp once its lines moved: lines inserted above, the functions
// reordered (second before first, twice last); no finding changed.
#include <transformers/transformers.h>

int unrelated() { return 42; }

long second(const transformers::LlamaForCausalLM &model,
            const transformers::LegacyCache &legacy) {
  return model.forward({{2}}, legacy).logits.numel();
}

long first(const transformers::LlamaForCausalLM &model,
           const transformers::LegacyCache &legacy) {
  return model.forward({{2}}, legacy).logits.numel();
}

long twice(const transformers::LlamaForCausalLM &model,
           const transformers::LegacyCache &legacy) {
  auto a = model.forward({{1}}, legacy);

  auto b = model.forward({{1}},
                         legacy);
  return a.logits.numel() + b.logits.numel();
}
