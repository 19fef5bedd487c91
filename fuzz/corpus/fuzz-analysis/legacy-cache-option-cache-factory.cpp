// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.CacheFactory: 'mylib::to_cache', transformers-legacy-cache.EncoderDecoderCacheFactory: 'mylib::to_ed_cache'}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.CacheFactory: 'mylib::to_cache', \
// RUN:                               transformers-legacy-cache.EncoderDecoderCacheFactory: 'mylib::to_ed_cache'}}"
// CacheFactory / EncoderDecoderCacheFactory: the spelling of the wrapper.
#include <transformers/transformers.h>

#include <memory>

namespace mylib {
template <class Legacy>
std::shared_ptr<transformers::DynamicCache> to_cache(const Legacy &legacy) {
  return transformers::DynamicCache::from_legacy_cache(legacy);
}
template <class Legacy>
std::shared_ptr<transformers::EncoderDecoderCache> to_ed_cache(const Legacy &legacy) {
  return transformers::EncoderDecoderCache::from_legacy_cache(legacy);
}
} // namespace mylib

void factories(const transformers::LlamaForCausalLM &model,
               const transformers::TokenIds &ids,
               const transformers::LegacyCache &legacy,
               const transformers::LegacyEncoderDecoderCache &ed) {
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, mylib::to_cache(legacy));
  model.forward(ids, ed);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, mylib::to_ed_cache(ed));
}
