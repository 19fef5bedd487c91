// FUZZ-CONFIG: {CheckOptions: {IgnoreMacros: off, transformers-legacy-cache.IncludeStyle: google}}
// RUN: %check_clang_tidy -std=c++20 -expect-clean %s transformers-cache-implementation-conflict %t
// No finding: no cache passed, cache_implementation unset or reset to
// std::nullopt, set on another config or in another function, or a legacy
// value passed (that is transformers-legacy-cache's finding).
#include <transformers/transformers.h>

#include <memory>
#include <optional>

void no_cache(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids) {
  transformers::GenerationConfig cfg;
  cfg.cache_implementation = "static";
  model.generate(ids, cfg);
  model.generate(ids, cfg, {});
  model.generate(ids, cfg, {nullptr});
  model.generate(ids, cfg, {.past_key_values = nullptr});
}

void unset(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids,
           std::shared_ptr<transformers::DynamicCache> cache) {
  transformers::GenerationConfig cfg;
  cfg.cache_implementation = std::nullopt;
  model.generate(ids, cfg, {cache});
  transformers::GenerationConfig plain{.max_new_tokens = 3};
  model.generate(ids, plain, {cache});
  model.generate(ids, {}, {cache});
}

void other_config(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids,
                  std::shared_ptr<transformers::DynamicCache> cache) {
  transformers::GenerationConfig with_impl;
  with_impl.cache_implementation = "static";
  transformers::GenerationConfig without;
  model.generate(ids, without, {cache});
  model.generate(ids, with_impl);
}

void configure(transformers::GenerationConfig &cfg) {
  cfg.cache_implementation = "static";
}

void not_visible(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids,
                 const transformers::GenerationConfig &cfg,
                 std::shared_ptr<transformers::DynamicCache> cache) {
  // Set elsewhere: not visible in this function.
  model.generate(ids, cfg, {cache});
}

void legacy_value(const transformers::LlamaForCausalLM &model,
                  const transformers::TokenIds &ids,
                  const transformers::LegacyCache &legacy) {
  transformers::GenerationConfig cfg;
  cfg.cache_implementation = "static";
  model.generate(ids, cfg, {legacy});
}
