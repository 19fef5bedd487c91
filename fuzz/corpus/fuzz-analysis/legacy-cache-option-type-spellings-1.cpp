// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.TensorTypes: 'torch::v2::Tensor', transformers-legacy-cache.SinkTypes: 'sinks::abi_v1::CacheArg', transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}
// RUN: %check_clang_tidy -check-suffixes=NAMED %s transformers-legacy-cache %t.plain \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: '::torch::Tensor', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::sinks::CacheArg', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=NAMED %s transformers-legacy-cache %t.inline \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: 'torch::v2::Tensor', \
// RUN:                               transformers-legacy-cache.SinkTypes: 'sinks::abi_v1::CacheArg', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=NAMED %s transformers-legacy-cache %t.alias \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: '::mylib::TensorAlias', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::sinks::CacheArgT', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=NAMED %s transformers-legacy-cache %t.nsalias \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: 'at::Tensor', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::mylib::Arg', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=TEMPLATE %s transformers-legacy-cache %t.template \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: '::torch::Tensor', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::sinks::Holder', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=SPECIALIZATION %s transformers-legacy-cache %t.spec \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: '::torch::Tensor', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::sinks::IntHolder', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=NONE %s transformers-legacy-cache %t.typo \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: '::torch::Tensr', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::sinks::CacheArg', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
// RUN: %check_clang_tidy -check-suffixes=NONE %s transformers-legacy-cache %t.scope \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.TensorTypes: '::sinks::Tensor', \
// RUN:                               transformers-legacy-cache.SinkTypes: '::sinks::CacheArg', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'sinks::from_legacy_cache'}}"
//
// The type options name types, not spellings (TypeNames.h): a class through
// an inline namespace or not, a typedef or alias of it, a namespace alias,
// with or without a leading "::", a class template (every specialization) or
// an alias of one specialization (that one only). A name that names no type
// (a typo, a namespace that has no such member) matches nothing.
#include <tuple>
#include <vector>

namespace torch {
inline namespace v2 {
struct Tensor {};
} // namespace v2
} // namespace torch
namespace at = torch;

using TorchLegacy = std::vector<std::tuple<torch::Tensor, torch::Tensor>>;

namespace sinks {
struct Cache {};
Cache from_legacy_cache(const TorchLegacy &legacy);

inline namespace abi_v1 {
struct CacheArg {
  CacheArg(const TorchLegacy &legacy);
  CacheArg(Cache cache);
};
} // namespace abi_v1
typedef CacheArg CacheArgT;

template <class Tag> struct Holder {
  Holder(const TorchLegacy &legacy);
  Holder(Cache cache);
};
using IntHolder = Holder<int>;
} // namespace sinks

namespace mylib {
using TensorAlias = torch::Tensor;
using sinks::CacheArg;
using Arg = CacheArg;
} // namespace mylib

void decode(sinks::CacheArg cache_arg);
void decode_int(sinks::Holder<int> holder);
void decode_long(sinks::Holder<long> holder);

void hand_offs(const TorchLegacy &legacy) {
  decode(legacy);
  // CHECK-MESSAGES-NAMED: :[[@LINE-1]]:10: warning: passing a legacy tuple-shaped KV cache as 'cache_arg' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES-NAMED: decode(sinks::from_legacy_cache(legacy));
  // CHECK-FIXES-TEMPLATE: decode(legacy);
  // CHECK-MESSAGES-NONE-NOT: warning:
  // CHECK-FIXES-NONE: decode(legacy);
  decode_int(legacy);
  // CHECK-MESSAGES-TEMPLATE: :[[@LINE-1]]:14: warning: passing a legacy tuple-shaped KV cache as 'holder' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES-SPECIALIZATION: :[[@LINE-2]]:14: warning: passing a legacy tuple-shaped KV cache as 'holder' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES-NAMED: decode_int(legacy);
  // CHECK-FIXES-TEMPLATE: decode_int(sinks::from_legacy_cache(legacy));
  // CHECK-FIXES-SPECIALIZATION: decode_int(sinks::from_legacy_cache(legacy));
  decode_long(legacy);
  // CHECK-MESSAGES-TEMPLATE: :[[@LINE-1]]:15: warning: passing a legacy tuple-shaped KV cache as 'holder' is not supported anymore
  // CHECK-FIXES-TEMPLATE: decode_long(sinks::from_legacy_cache(legacy));
  // CHECK-FIXES-SPECIALIZATION: decode_long(legacy);
}
