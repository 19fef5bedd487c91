// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// cache_utils.h is already included: it is not added again.
#include <transformers/cache_utils.h>
#include <transformers/modeling.h>
// CHECK-FIXES: {{^}}#include <transformers/cache_utils.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/modeling.h>{{$}}
// CHECK-FIXES-NOT: #include <transformers/cache_utils.h>

void present(const transformers::LlamaForCausalLM &model,
             const transformers::TokenIds &ids, const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  model.generate(ids, {}, {legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(legacy)});
}
