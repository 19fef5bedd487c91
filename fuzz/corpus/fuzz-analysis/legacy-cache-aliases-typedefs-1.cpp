// FUZZ-CONFIG: {Checks: '-*,transformers-legacy-cache', WarningsAsErrors: '*'}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// The legacy shape is recognised through aliases and typedefs of the outer
// container, of the layer, and of the tensor type.
#include <transformers/transformers.h>

#include <tuple>
#include <utility>
#include <vector>

using Layer = std::tuple<transformers::Tensor, transformers::Tensor>;
using MyCache = std::vector<Layer>;
typedef std::vector<std::pair<transformers::Tensor, transformers::Tensor>> PairCache;
namespace t = transformers;
using T = t::Tensor;
typedef T Tensor2;
using DoubleAliased = std::vector<std::tuple<T, Tensor2>>;
template <class L> using VectorOf = std::vector<L>;

void aliases(const t::LlamaForCausalLM &model, const t::TokenIds &ids,
             const MyCache &a, const PairCache &b, const DoubleAliased &c,
             const VectorOf<Layer> &d, const t::LegacyCache &e) {
  model.forward(ids, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(a));
  model.forward(ids, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(b));
  model.forward(ids, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(c));
  model.forward(ids, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(d));
  model.forward(ids, e);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(e));
}
