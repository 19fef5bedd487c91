// FUZZ-CONFIG: {HeaderFilterRegex: '.*', SystemHeaders: true}
// RUN: %check_clang_tidy -check-suffixes=DEFAULT %s transformers-legacy-cache %t.default
// RUN: %check_clang_tidy -check-suffixes=BOTH %s transformers-legacy-cache %t.both \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.SinkTypes: '::transformers::PastKeyValues; ::mylib::CacheArg'}}"
// RUN: %check_clang_tidy -check-suffixes=ONLY %s transformers-legacy-cache %t.only \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.SinkTypes: '::mylib::CacheArg'}}"
// SinkTypes: the types a legacy value must not implicitly become; the list
// replaces the default.
#include <transformers/transformers.h>

#include <memory>
#include <type_traits>

namespace mylib {
// A project's own "cache or legacy" parameter type.
class CacheArg {
public:
  template <class T,
            std::enable_if_t<transformers::is_legacy_cache_v<T>, int> = 0>
  CacheArg(const T &legacy);
  template <class C>
  CacheArg(std::shared_ptr<C> cache);
};
void decode(CacheArg cache_arg);
} // namespace mylib

void sinks(const transformers::LlamaForCausalLM &model,
           const transformers::TokenIds &ids,
           const transformers::LegacyCache &legacy) {
  mylib::decode(legacy);
  // CHECK-MESSAGES-BOTH: :[[@LINE-1]]:17: warning: passing a legacy tuple-shaped KV cache as 'cache_arg' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES-ONLY: :[[@LINE-2]]:17: warning: passing a legacy tuple-shaped KV cache as 'cache_arg' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES-DEFAULT: mylib::decode(legacy);
  // CHECK-FIXES-BOTH: mylib::decode(transformers::DynamicCache::from_legacy_cache(legacy));
  // CHECK-FIXES-ONLY: mylib::decode(transformers::DynamicCache::from_legacy_cache(legacy));

  model.forward(ids, legacy);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES-BOTH: :[[@LINE-2]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES-DEFAULT: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  // CHECK-FIXES-BOTH: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  // CHECK-FIXES-ONLY: model.forward(ids, legacy);
}
