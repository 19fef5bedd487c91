// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IncludeHeader: '"transformers/cache_utils.h"'}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.IncludeHeader: '\"transformers/cache_utils.h\"'}}"
// IncludeHeader in quotes selects the quoted form of the directive.
#include <transformers/modeling.h>
// CHECK-FIXES: {{^}}#include "transformers/cache_utils.h"{{$}}
// CHECK-FIXES-NOT: #include {{["<]}}transformers/cache_utils.h

void quoted(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids, const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  model.forward(ids, legacy, false);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy), false);
}
