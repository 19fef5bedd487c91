// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Calls returning legacy values (by value or reference) are wrapped.
#include <transformers/transformers.h>

transformers::LegacyCache load(const char *path);
const transformers::LegacyCache &cached_legacy();

struct Checkpoint {
  transformers::LegacyCache restore() const;
  const transformers::LegacyCache &view() const;
};

void calls(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids, const Checkpoint &ckpt) {
  model.forward(ids, load("kv.bin"));
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(load("kv.bin")));
  model.forward(ids, cached_legacy());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cached_legacy()));
  model.generate(ids, {}, {ckpt.restore()});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(ckpt.restore())});
  model.forward(ids, ckpt.view());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(ckpt.view()));
}
