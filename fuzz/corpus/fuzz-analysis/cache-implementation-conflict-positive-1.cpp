// FUZZ-CONFIG: {Checks: '-*,transformers-cache-implementation-conflict'}
// RUN: %check_clang_tidy %s transformers-cache-implementation-conflict %t
// A Cache object passed to generate() while the GenerationConfig passed with
// it visibly sets cache_implementation in the same function: upstream's
// ValueError, diagnosed before run time. No fix (which one to drop is the
// user's decision).
#include <transformers/transformers.h>

#include <memory>
#include <optional>
#include <string>

void assigned(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids) {
  transformers::GenerationConfig cfg;
  cfg.max_new_tokens = 8;
  cfg.cache_implementation = "static";
  auto cache = std::make_shared<transformers::DynamicCache>();
  model.generate(ids, cfg, {cache});
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: passing both 'cache_implementation' and a Cache object as 'past_key_values' is unsupported; use only one of the two [transformers-cache-implementation-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:{{[0-9]+}}: note: 'cache_implementation' is set here
}

void emplaced(const transformers::MambaForCausalLM &mamba,
              const transformers::TokenIds &ids,
              std::shared_ptr<transformers::Cache> state) {
  transformers::GenerationConfig cfg;
  cfg.cache_implementation = std::string("dynamic");
  mamba.generate(ids, cfg, {nullptr, state});
  // CHECK-NOTES: :[[@LINE-1]]:38: warning: passing both 'cache_implementation' and a Cache object as 'cache_params' is unsupported; use only one of the two [transformers-cache-implementation-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:{{[0-9]+}}: note: 'cache_implementation' is set here
}

void emplace_call(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids) {
  transformers::GenerationConfig cfg;
  cfg.cache_implementation.emplace("sliding_window");
  auto out = model.generate(ids);
  model.generate(ids, cfg, {out.past_key_values});
  // CHECK-NOTES: :[[@LINE-1]]:29: warning: passing both 'cache_implementation' and a Cache object as 'past_key_values' is unsupported; use only one of the two [transformers-cache-implementation-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:{{[0-9]+}}: note: 'cache_implementation' is set here
}
