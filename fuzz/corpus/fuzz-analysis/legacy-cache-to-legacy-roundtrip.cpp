// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// `x->to_legacy_cache()` on a fresh cache handle (a model output computed
// without a cache, a factory result) that is a temporary, or a local that
// nothing reads afterwards, becomes `x`: no pointless round trip (the data
// flow cases are in legacy-cache-to-legacy-flow.cpp).
#include <transformers/transformers.h>

void temporaries(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids) {
  auto out = model.generate(ids);
  model.generate(ids, {}, {out.past_key_values->to_legacy_cache()});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.generate(ids, {}, {out.past_key_values});

  model.forward(ids, model.forward(ids).past_key_values->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, model.forward(ids).past_key_values);
}

void only_use(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids) {
  std::shared_ptr<transformers::DynamicCache> cache =
      std::make_shared<transformers::DynamicCache>();
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, cache);
}

void fresh_in_loop(const transformers::LlamaForCausalLM &model,
                   const transformers::TokenIds &ids) {
  for (int i = 0; i < 2; ++i) {
    auto out = model.forward(ids);
    model.generate(ids, {}, {out.past_key_values->to_legacy_cache()});
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
    // CHECK-FIXES: model.generate(ids, {}, {out.past_key_values});
  }
}
