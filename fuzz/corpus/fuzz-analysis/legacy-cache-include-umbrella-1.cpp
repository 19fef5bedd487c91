// FUZZ-CONFIG: {Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// The umbrella header does not count as including cache_utils.h textually:
// the header is inserted, sorted before it.
#include <transformers/transformers.h>
// CHECK-FIXES: {{^}}#include <transformers/cache_utils.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/transformers.h>{{$}}
// CHECK-FIXES-NOT: #include <transformers/cache_utils.h>

void one(const transformers::LlamaForCausalLM &model,
         const transformers::TokenIds &ids, const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
}
