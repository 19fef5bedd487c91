// FUZZ-CONFIG: {Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}
// RUN: %check_clang_tidy -std=c++20 %s transformers-cache-implementation-conflict %t
// Designated / aggregate initialisation sets cache_implementation too.
#include <transformers/transformers.h>

#include <memory>

void designated(const transformers::LlamaForCausalLM &model,
                const transformers::TokenIds &ids,
                std::shared_ptr<transformers::DynamicCache> cache) {
  transformers::GenerationConfig cfg{.max_new_tokens = 4,
                                     .cache_implementation = "static"};
  model.generate(ids, cfg, {.past_key_values = cache});
  // CHECK-NOTES: :[[@LINE-1]]:48: warning: passing both 'cache_implementation' and a Cache object as 'past_key_values' is unsupported; use only one of the two [transformers-cache-implementation-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:{{[0-9]+}}: note: 'cache_implementation' is set here

  model.generate(ids, {.cache_implementation = "dynamic"},
                 {.past_key_values = cache});
  // CHECK-NOTES: :[[@LINE-1]]:38: warning: passing both 'cache_implementation' and a Cache object as 'past_key_values' is unsupported; use only one of the two [transformers-cache-implementation-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:{{[0-9]+}}: note: 'cache_implementation' is set here
}
