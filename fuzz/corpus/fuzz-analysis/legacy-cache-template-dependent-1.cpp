// FUZZ-CONFIG: {HeaderFilterRegex: '.*', SystemHeaders: true}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// In a template, an expression whose type depends on a template parameter is
// reported once (not once per instantiation), with a note and no fix.
#include <transformers/transformers.h>

#include <utility>
#include <vector>

template <class Past>
transformers::CausalLMOutput run(const transformers::PreTrainedModel &model,
                                 const transformers::TokenIds &ids,
                                 const Past &past) {
  return model.forward(ids, past);
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:29: note: no fix-it: the type of the expression depends on a template parameter
}

template <class Layer> struct History {
  std::vector<Layer> layers;
  transformers::PastKeyValues as_past() const {
    return layers;
    // CHECK-NOTES: :[[@LINE-1]]:12: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-NOTES: :[[@LINE-2]]:12: note: no fix-it: the type of the expression depends on a template parameter
  }
};

void instantiate(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids,
                 const transformers::LegacyCache &tuples,
                 const std::vector<std::pair<transformers::Tensor, transformers::Tensor>> &pairs) {
  // Two different legacy types: still one finding.
  run(model, ids, tuples);
  run(model, ids, pairs);
  History<transformers::LegacyLayer> h1;
  History<std::pair<transformers::Tensor, transformers::Tensor>> h2;
  h1.as_past();
  h2.as_past();
}
