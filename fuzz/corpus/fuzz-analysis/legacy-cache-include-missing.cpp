// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// The factory's header is not included textually (modeling.h only includes
// it transitively): it is inserted once, sorted into the library's include
// block (LLVM style), although there are several fixes.
#include <transformers/modeling.h>
#include <transformers/tensor.h>

#include <vector>
// CHECK-FIXES: {{^}}#include <transformers/cache_utils.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/modeling.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/tensor.h>{{$}}
// CHECK-FIXES-NOT: #include <transformers/cache_utils.h>

void several(const transformers::LlamaForCausalLM &model,
             const transformers::TokenIds &ids,
             const std::vector<transformers::LegacyLayer> &legacy,
             const transformers::LegacyEncoderDecoderCache &ed) {
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  model.generate(ids, {}, {legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(legacy)});
  model.forward(ids, ed);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::EncoderDecoderCache::from_legacy_cache(ed));
}
