// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// 4-tensor layers (self keys/values, cross keys/values) are wrapped in the
// EncoderDecoderCache factory; 2-tensor layers in the DynamicCache one.
#include <transformers/transformers.h>

#include <array>

void encoder_decoder(const transformers::LlamaForCausalLM &model,
                     const transformers::TokenIds &ids,
                     const transformers::LegacyEncoderDecoderCache &ed,
                     const std::array<transformers::LegacyEncoderDecoderLayer, 2> &eda,
                     const transformers::LegacyCache &dec) {
  model.forward(ids, ed);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::EncoderDecoderCache::from_legacy_cache(ed));
  model.generate(ids, {}, {eda});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::EncoderDecoderCache::from_legacy_cache(eda)});
  model.forward(ids, dec);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(dec));
}

void round_trip(const transformers::LlamaForCausalLM &model,
                const transformers::TokenIds &ids,
                std::shared_ptr<transformers::EncoderDecoderCache> cache) {
  // A parameter is the caller's cache: the 4-tensor round trip is kept and
  // wrapped in the encoder-decoder factory.
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::EncoderDecoderCache::from_legacy_cache(cache->to_legacy_cache()));
}
