// RUN: %check_clang_tidy -std=c++17,c++20 %s transformers-legacy-cache %t
// A legacy value converted to PastKeyValues inside a standard-library
// template that forwards its arguments (allocator construct, construct_at,
// make_shared, in-place and converting constructors, emplace, try_emplace)
// is reported at the argument the user wrote, with the fix there. Nothing is
// reported in system code.
#include <transformers/transformers.h>

#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

using transformers::LegacyCache;
using transformers::PastKeyValues;

void forwarded(const LegacyCache &legacy, LegacyCache owned) {
  std::vector<PastKeyValues> pending;
  pending.emplace_back(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: 'emplace_back' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: pending.emplace_back(transformers::DynamicCache::from_legacy_cache(legacy));
  pending.emplace(pending.begin(), std::move(owned));
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: 'emplace' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: pending.emplace(pending.begin(), transformers::DynamicCache::from_legacy_cache(std::move(owned)));
  auto shared = std::make_shared<PastKeyValues>(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: 'make_shared' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: auto shared = std::make_shared<PastKeyValues>(transformers::DynamicCache::from_legacy_cache(legacy));
  std::optional<PastKeyValues> maybe;
  maybe.emplace(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: 'emplace' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: maybe.emplace(transformers::DynamicCache::from_legacy_cache(legacy));
  std::optional<PastKeyValues> in_place(std::in_place, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:32: note: the constructor of 'optional' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: std::optional<PastKeyValues> in_place(std::in_place, transformers::DynamicCache::from_legacy_cache(legacy));
  std::optional<PastKeyValues> converted = legacy;
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:44: note: the constructor of 'optional' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: std::optional<PastKeyValues> converted = transformers::DynamicCache::from_legacy_cache(legacy);
  auto made = std::make_optional<PastKeyValues>(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:15: note: 'make_optional' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: auto made = std::make_optional<PastKeyValues>(transformers::DynamicCache::from_legacy_cache(legacy));
  std::map<int, PastKeyValues> by_id;
  by_id.try_emplace(1, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: 'try_emplace' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: by_id.try_emplace(1, transformers::DynamicCache::from_legacy_cache(legacy));
  std::pair<PastKeyValues, int> pair(legacy, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:33: note: the constructor of 'pair' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: std::pair<PastKeyValues, int> pair(transformers::DynamicCache::from_legacy_cache(legacy), 1);
  std::tuple<PastKeyValues, int> tuple(legacy, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:34: note: the constructor of 'tuple' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: std::tuple<PastKeyValues, int> tuple(transformers::DynamicCache::from_legacy_cache(legacy), 2);
  std::variant<PastKeyValues, int> variant(std::in_place_index<0>, legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:68: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:36: note: the constructor of 'variant' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: std::variant<PastKeyValues, int> variant(std::in_place_index<0>, transformers::DynamicCache::from_legacy_cache(legacy));
}

// Through a class of the user's that std::make_shared constructs: the
// conversion is in the argument of its constructor, inside make_shared.
struct Holder {
  Holder(PastKeyValues Past) : Past(std::move(Past)) {}
  PastKeyValues Past;
};

std::shared_ptr<Holder> hold(const LegacyCache &legacy) {
  return std::make_shared<Holder>(legacy);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: 'make_shared' forwards the value to a conversion to 'transformers::PastKeyValues'
  // CHECK-FIXES: return std::make_shared<Holder>(transformers::DynamicCache::from_legacy_cache(legacy));
}

// In a template, a forwarded value whose type depends on a template
// parameter: reported once, no fix.
template <class Past> void store(std::vector<PastKeyValues> &out, const Past &past) {
  out.emplace_back(past);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: no fix-it: the type of the expression depends on a template parameter
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'emplace_back' forwards the value to a conversion to 'transformers::PastKeyValues'
}

void instantiate(std::vector<PastKeyValues> &out, const LegacyCache &legacy,
                 const std::vector<std::pair<transformers::Tensor, transformers::Tensor>> &pairs) {
  store(out, legacy);
  store(out, pairs);
  store(out, transformers::DynamicCache::from_legacy_cache(legacy));
}

// Look-alikes: nothing is converted to PastKeyValues.
void negatives(const LegacyCache &legacy,
               std::shared_ptr<transformers::DynamicCache> cache) {
  std::vector<LegacyCache> history;
  history.emplace_back(legacy);
  auto copy = std::make_shared<LegacyCache>(legacy);
  std::optional<LegacyCache> maybe(std::in_place, legacy);
  std::pair<LegacyCache, int> pair(legacy, 1);
  std::map<int, LegacyCache> by_id;
  by_id.try_emplace(1, legacy);
  std::vector<PastKeyValues> pending;
  pending.emplace_back(cache);
  pending.emplace_back(transformers::DynamicCache::from_legacy_cache(legacy));
  pending.emplace_back(nullptr);
  auto tuple = std::make_tuple(legacy, 1);
  (void)copy;
  (void)tuple;
}
