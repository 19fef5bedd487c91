// Baseline fixture: two identical legacy calls in one function, and one
// expression in two functions (first, second).
#include <transformers/transformers.h>

long twice(const transformers::LlamaForCausalLM &model,
           const transformers::LegacyCache &legacy) {
  auto a = model.forward({{1}}, legacy);
  auto b = model.forward({{1}}, legacy);
  return a.logits.numel() + b.logits.numel();
}

long first(const transformers::LlamaForCausalLM &model,
           const transformers::LegacyCache &legacy) {
  return model.forward({{2}}, legacy).logits.numel();
}

long second(const transformers::LlamaForCausalLM &model,
            const transformers::LegacyCache &legacy) {
  return model.forward({{2}}, legacy).logits.numel();
}
