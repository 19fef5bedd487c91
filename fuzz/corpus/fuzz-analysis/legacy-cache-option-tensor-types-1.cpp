// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.SinkTypes: '::transformers::PastKeyValues;::torchcompat::PastKeyValues', transformers-legacy-cache.TensorTypes: '::transformers::Tensor;::torch::Tensor', transformers-legacy-cache.CacheFactory: 'torchcompat::DynamicCache::from_legacy_cache'}}
// RUN: %check_clang_tidy -check-suffixes=SINK %s transformers-legacy-cache %t.sink \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.SinkTypes: '::transformers::PastKeyValues;::torchcompat::PastKeyValues'}}"
// RUN: %check_clang_tidy -check-suffixes=TORCH %s transformers-legacy-cache %t.torch \
// RUN:   -- -config="{CheckOptions: {transformers-legacy-cache.SinkTypes: '::transformers::PastKeyValues;::torchcompat::PastKeyValues', \
// RUN:                               transformers-legacy-cache.TensorTypes: '::transformers::Tensor;::torch::Tensor', \
// RUN:                               transformers-legacy-cache.CacheFactory: 'torchcompat::DynamicCache::from_legacy_cache'}}"
// TensorTypes: with a user tensor type (a torch::Tensor stand-in defined
// here), tuples of it are legacy values too.
#include <transformers/transformers.h>

#include <memory>
#include <tuple>
#include <vector>

namespace torch {
struct Tensor {};
} // namespace torch

namespace torchcompat {
using TorchLegacy = std::vector<std::tuple<torch::Tensor, torch::Tensor>>;
struct PastKeyValues {
  PastKeyValues(const TorchLegacy &legacy);
  PastKeyValues(const transformers::LegacyCache &legacy);
  template <class C> PastKeyValues(std::shared_ptr<C> cache);
};
struct DynamicCache {
  // Accepts the library's and torch's legacy layouts.
  template <class Legacy>
  static std::shared_ptr<transformers::DynamicCache>
  from_legacy_cache(const Legacy &legacy);
};
void forward(PastKeyValues past_key_values);
} // namespace torchcompat

void torch_tensors(const transformers::LlamaForCausalLM &model,
                   const transformers::TokenIds &ids,
                   const torchcompat::TorchLegacy &torch_legacy,
                   const transformers::LegacyCache &legacy) {
  torchcompat::forward(torch_legacy);
  // CHECK-MESSAGES-TORCH: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES-TORCH: torchcompat::forward(torchcompat::DynamicCache::from_legacy_cache(torch_legacy));
  // CHECK-FIXES-SINK: torchcompat::forward(torch_legacy);

  torchcompat::forward(legacy);
  // CHECK-MESSAGES-SINK: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-MESSAGES-TORCH: :[[@LINE-2]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES-SINK: torchcompat::forward(transformers::DynamicCache::from_legacy_cache(legacy));
  // CHECK-FIXES-TORCH: torchcompat::forward(torchcompat::DynamicCache::from_legacy_cache(legacy));

  model.forward(ids, legacy);
  // CHECK-MESSAGES-SINK: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-MESSAGES-TORCH: :[[@LINE-2]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES-SINK: model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  // CHECK-FIXES-TORCH: model.forward(ids, torchcompat::DynamicCache::from_legacy_cache(legacy));
}
