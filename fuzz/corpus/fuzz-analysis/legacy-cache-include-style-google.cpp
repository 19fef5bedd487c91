// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IncludeStyle: google}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.IncludeStyle: google}}"
// IncludeStyle: google. In a Google-ordered file (library headers, then C++
// standard headers) the header joins the library block, sorted.
#include <transformers/modeling.h>
#include <transformers/tensor.h>

#include <memory>
#include <vector>
// CHECK-FIXES: {{^}}#include <transformers/cache_utils.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/modeling.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/tensor.h>{{$}}
// CHECK-FIXES-NOT: #include <transformers/cache_utils.h>

void google(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids, const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
}
