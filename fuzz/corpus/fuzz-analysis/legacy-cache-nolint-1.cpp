// FUZZ-CONFIG: {Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Suppression comments (same line, next line, begin/end regions), with and
// without check lists, suppress the finding and its fix. The first finding
// of the file is suppressed: the header must still be inserted for the
// others.
#include <transformers/transformers.h>
// CHECK-FIXES: {{^}}#include <transformers/cache_utils.h>{{$}}
// CHECK-FIXES-NEXT: {{^}}#include <transformers/transformers.h>{{$}}

void suppressed(const transformers::LlamaForCausalLM &model,
                const transformers::TokenIds &ids,
                const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy); // NOLINT
  // CHECK-FIXES: model.forward(ids, legacy); // NOLINT
  model.forward(ids, legacy); // NOLINT(transformers-legacy-cache)
  // CHECK-FIXES: model.forward(ids, legacy); // NOLINT(transformers-legacy-cache)
  model.forward(ids, legacy); // NOLINT(transformers-*)
  // CHECK-FIXES: model.forward(ids, legacy); // NOLINT(transformers-*)
  model.forward(ids, legacy); // NOLINT(modernize-use-nullptr)
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy)); // NOLINT(modernize-use-nullptr)

  // NOLINTNEXTLINE
  model.generate(ids, {}, {legacy});
  // CHECK-FIXES: {{^}}  model.generate(ids, {}, {legacy});{{$}}
  // NOLINTNEXTLINE(transformers-legacy-cache)
  model.generate(ids, {}, {legacy});
  // CHECK-FIXES: {{^}}  model.generate(ids, {}, {legacy});{{$}}
  // NOLINTNEXTLINE(bugprone-use-after-move, readability-*)
  model.generate(ids, {}, {legacy});
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: {{^}}  model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(legacy)});{{$}}

  // NOLINTBEGIN
  model.forward(ids, legacy, true);
  transformers::PastKeyValues a = legacy;
  // NOLINTEND
  // CHECK-FIXES: {{^}}  model.forward(ids, legacy, true);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  transformers::PastKeyValues a = legacy;{{$}}

  // NOLINTBEGIN(transformers-legacy-cache)
  model.forward(ids, legacy, false);
  transformers::PastKeyValues b = legacy;
  // NOLINTEND(transformers-legacy-cache)
  // CHECK-FIXES: {{^}}  model.forward(ids, legacy, false);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  transformers::PastKeyValues b = legacy;{{$}}

  // NOLINTBEGIN(modernize-*)
  transformers::PastKeyValues c = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: {{^}}  transformers::PastKeyValues c = transformers::DynamicCache::from_legacy_cache(legacy);{{$}}
  // NOLINTEND(modernize-*)
  (void)a;
  (void)b;
  (void)c;
}
