// RUN: %check_clang_tidy -std=c++17,c++20 %s transformers-legacy-cache %t
// The user's own perfect-forwarding templates: the conversion inside the
// template is not reported (its operand is the forwarded parameter); each
// call that passes a legacy value is, at that argument, through any number of
// forwarding layers. The fix changes what the template is instantiated
// with, so it is only offered when the template does nothing else with the
// parameter.
#include <transformers/transformers.h>

#include <memory>
#include <utility>
#include <vector>

using transformers::LegacyCache;
using transformers::PastKeyValues;

template <class T> PastKeyValues make_past(T &&value) {
  return PastKeyValues(std::forward<T>(value));
}

template <class... Args> std::shared_ptr<PastKeyValues> share(Args &&...args) {
  return std::make_shared<PastKeyValues>(std::forward<Args>(args)...);
}

template <class T> PastKeyValues outer(T &&value) {
  return make_past(std::forward<T>(value));
}

template <class T> PastKeyValues inspects(T &&value) {
  (void)value.size();
  return PastKeyValues(std::forward<T>(value));
}

struct Holder {
  template <class T> explicit Holder(T &&value) : past(std::forward<T>(value)) {}
  PastKeyValues past;
};

void callers(const LegacyCache &legacy) {
  make_past(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: 'make_past' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: make_past(transformers::DynamicCache::from_legacy_cache(legacy));
  share(LegacyCache(legacy));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: 'share' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: share(transformers::DynamicCache::from_legacy_cache(LegacyCache(legacy)));
  outer(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: 'outer' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: outer(transformers::DynamicCache::from_legacy_cache(legacy));
  inspects(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: no fix-it: 'inspects' uses the forwarded parameter beyond forwarding it; wrapping the argument would change its type there
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'inspects' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: inspects(legacy);
  Holder holder(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: passing a legacy tuple-shaped KV cache as 'past' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: the constructor of 'Holder' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: Holder holder(transformers::DynamicCache::from_legacy_cache(legacy));
  auto lambda = [](auto &&value) {
    return PastKeyValues(std::forward<decltype(value)>(value));
  };
  lambda(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the lambda forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: lambda(transformers::DynamicCache::from_legacy_cache(legacy));
}

// Not forwarding: the template takes `const T &`, so the conversion is
// reported inside it, once, without a fix (see
// legacy-cache-template-dependent.cpp); callers are not reported.
template <class T> PastKeyValues by_reference(const T &value) {
  return value;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
}

// Forwarding templates that never convert to PastKeyValues, and callers
// that already pass caches: nothing to report.
template <class T> LegacyCache keep(T &&value) { return std::forward<T>(value); }

void no_findings(const LegacyCache &legacy,
                 std::shared_ptr<transformers::DynamicCache> cache) {
  by_reference(legacy);
  keep(legacy);
  make_past(cache);
  outer(transformers::DynamicCache::from_legacy_cache(legacy));
}
