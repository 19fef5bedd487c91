#include "checks.h"

#include <transformers/cache_utils.h>

#include <algorithm>
#include <limits>
#include <string>

namespace transformers {

namespace {

using checks::shape_str;

// The states passed to `update`: two 4-D `[batch, heads, seq, head_dim]`
// tensors with the same batch size and number of heads (and, when
// `same_seq`, the same sequence length). A `DynamicLayer` also carries
// non-attention states (a recurrent model's conv history and SSM state), so
// only attention-only layers require equal sequence lengths.
void check_states(const std::string &where, const Tensor &k, const Tensor &v,
                  bool same_seq) {
  auto check_4d = [&](const Tensor &t, const char *name) {
    if (!t.defined() || t.dim() != 4)
      throw ValueError(where + ": `" + name +
                       "` must be a 4-D tensor [batch, num_heads, seq_len, "
                       "head_dim], got " +
                       (t.defined() ? "shape " + shape_str(t.shape())
                                    : std::string("an undefined tensor")));
  };
  check_4d(k, "key_states");
  check_4d(v, "value_states");
  if (k.size(0) != v.size(0) || k.size(1) != v.size(1))
    throw ValueError(where + ": `key_states` " + shape_str(k.shape()) +
                     " and `value_states` " + shape_str(v.shape()) +
                     " must have the same batch size and number of heads");
  if (same_seq && k.size(2) != v.size(2))
    throw ValueError(where + ": `key_states` " + shape_str(k.shape()) +
                     " and `value_states` " + shape_str(v.shape()) +
                     " must have the same sequence length");
}

// New states appended to stored ones must agree on batch, heads, head_dim.
void check_append(const std::string &where, const Tensor &stored,
                  const Tensor &incoming, const char *name) {
  if (stored.dim() != 4 || stored.size(0) != incoming.size(0) ||
      stored.size(1) != incoming.size(1) || stored.size(3) != incoming.size(3))
    throw ValueError(where + ": new `" + name + "_states` of shape " +
                     shape_str(incoming.shape()) + " do not match the cached " +
                     name + " of shape " + shape_str(stored.shape()) +
                     " (batch size, number of heads and head_dim must agree)");
}

// `crop(max_length)` of one layer, validated before anything changes.
void check_crop(const CacheLayer &layer, int64_t max_length) {
  if (auto *sliding = dynamic_cast<const DynamicSlidingWindowLayer *>(&layer);
      sliding && sliding->get_seq_length() >= sliding->sliding_window)
    // Verbatim upstream text (including its missing space).
    throw ValueError("Cannot `crop` a `DynamicSlidingWindowLayer` after it has "
                     "seen more tokens than its"
                     "sliding window (otherwise some states are lost)");
  if (!layer.is_initialized || max_length >= 0)
    return;
  int64_t seq = layer.get_seq_length();
  if (max_length < -seq)
    throw ValueError("crop(" + std::to_string(max_length) + "): cannot drop " +
                     (max_length == std::numeric_limits<int64_t>::min()
                          ? std::string("that many")
                          : std::to_string(-max_length)) +
                     " tokens from a cache layer holding " +
                     std::to_string(seq));
}

// `crop` target length (negative: drop that many), after `check_crop`.
int64_t crop_target(int64_t max_length, int64_t seq) {
  return max_length < 0 ? seq + max_length : max_length;
}

// Batch indices for `reorder_cache` / `batch_select_indices`, checked against
// the stored states (IndexError, torch's `index_select` text).
void check_batch_indices(const CacheLayer &layer,
                         const std::vector<int64_t> &indices) {
  if (!layer.is_initialized)
    return;
  for (const Tensor *t : {&layer.keys, &layer.values}) {
    int64_t n = t->size(0);
    for (int64_t i : indices)
      if (i < -n || i >= n)
        throw IndexError("index " + std::to_string(i) +
                         " is out of bounds for dimension 0 with size " +
                         std::to_string(n));
  }
}

void check_repeats(int64_t repeats) {
  if (repeats < 0)
    throw ValueError("repeats can not be negative");
}

// Runs `check` on every layer of `cache` (through encoder-decoder caches).
template <class F> void for_each_layer(const Cache &cache, F check) {
  if (auto *ed = dynamic_cast<const EncoderDecoderCache *>(&cache)) {
    for_each_layer(*ed->self_attention_cache, check);
    for_each_layer(*ed->cross_attention_cache, check);
    return;
  }
  for (std::size_t i = 0; i < cache.size(); ++i)
    check(cache.layer(static_cast<int64_t>(i)));
}

} // namespace

// --- CacheLayer -------------------------------------------------------------

CacheLayer::~CacheLayer() = default;

void CacheLayer::reorder_cache(const std::vector<int64_t> &beam_idx) {
  check_batch_indices(*this, beam_idx);
  if (!is_initialized)
    return;
  Tensor k = index_select(keys, 0, beam_idx);
  values = index_select(values, 0, beam_idx);
  keys = std::move(k);
}

void CacheLayer::batch_repeat_interleave(int64_t repeats) {
  check_repeats(repeats);
  if (!is_initialized)
    return;
  Tensor k = repeat_interleave(keys, repeats, 0);
  values = repeat_interleave(values, repeats, 0);
  keys = std::move(k);
}

void CacheLayer::batch_select_indices(const std::vector<int64_t> &indices) {
  check_batch_indices(*this, indices);
  if (!is_initialized)
    return;
  Tensor k = index_select(keys, 0, indices);
  values = index_select(values, 0, indices);
  keys = std::move(k);
}

void CacheLayer::reset() {
  keys = Tensor();
  values = Tensor();
  is_initialized = false;
}

// --- DynamicLayer -----------------------------------------------------------

std::pair<Tensor, Tensor> DynamicLayer::update(const Tensor &key_states,
                                               const Tensor &value_states) {
  check_states("DynamicLayer.update", key_states, value_states,
               /*same_seq=*/false);
  if (!is_initialized) {
    keys = key_states;
    values = value_states;
    is_initialized = true;
  } else {
    check_append("DynamicLayer.update", keys, key_states, "key");
    check_append("DynamicLayer.update", values, value_states, "value");
    Tensor k = cat({keys, key_states}, -2);
    values = cat({values, value_states}, -2);
    keys = std::move(k);
  }
  return {keys, values};
}

int64_t DynamicLayer::get_seq_length() const {
  return is_initialized ? keys.size(-2) : 0;
}

std::pair<int64_t, int64_t>
DynamicLayer::get_mask_sizes(int64_t query_length) const {
  return {get_seq_length() + query_length, 0};
}

void DynamicLayer::crop(int64_t max_length) {
  check_crop(*this, max_length);
  if (!is_initialized)
    return;
  int64_t seq = keys.size(-2);
  max_length = crop_target(max_length, seq);
  if (seq <= max_length)
    return;
  Tensor k = narrow(keys, -2, 0, max_length);
  values = narrow(values, -2, 0, max_length);
  keys = std::move(k);
}

std::unique_ptr<CacheLayer> DynamicLayer::clone() const {
  return std::make_unique<DynamicLayer>(*this);
}

// --- DynamicSlidingWindowLayer ----------------------------------------------

DynamicSlidingWindowLayer::DynamicSlidingWindowLayer(int64_t window)
    : sliding_window(window) {
  if (window < 1)
    throw ValueError("`sliding_window` must be a positive integer, got " +
                     std::to_string(window));
}

std::pair<Tensor, Tensor>
DynamicSlidingWindowLayer::update(const Tensor &key_states,
                                  const Tensor &value_states) {
  const char *where = "DynamicSlidingWindowLayer.update";
  check_states(where, key_states, value_states, /*same_seq=*/true);
  Tensor full_keys = key_states;
  Tensor full_values = value_states;
  if (is_initialized) {
    check_append(where, keys, key_states, "key");
    check_append(where, values, value_states, "value");
    full_keys = cat({keys, key_states}, -2);
    full_values = cat({values, value_states}, -2);
  }
  cumulative_length += key_states.size(-2);
  is_initialized = true;
  // Only the last `sliding_window - 1` tokens are needed by future queries.
  int64_t keep = std::min(sliding_window - 1, full_keys.size(-2));
  keys = narrow(full_keys, -2, full_keys.size(-2) - keep, keep);
  values = narrow(full_values, -2, full_values.size(-2) - keep, keep);
  // Return the whole states: the new queries may need more context.
  return {full_keys, full_values};
}

std::pair<int64_t, int64_t>
DynamicSlidingWindowLayer::get_mask_sizes(int64_t query_length) const {
  int64_t stored = is_initialized ? keys.size(-2) : 0;
  int64_t offset = std::max<int64_t>(cumulative_length - sliding_window + 1, 0);
  return {stored + query_length, offset};
}

void DynamicSlidingWindowLayer::crop(int64_t max_length) {
  check_crop(*this, max_length);
  DynamicLayer::crop(max_length);
  cumulative_length = is_initialized ? keys.size(-2) : 0;
}

std::unique_ptr<CacheLayer> DynamicSlidingWindowLayer::clone() const {
  return std::make_unique<DynamicSlidingWindowLayer>(*this);
}

void DynamicSlidingWindowLayer::reset() {
  DynamicLayer::reset();
  cumulative_length = 0;
}

// --- StaticLayer ------------------------------------------------------------

StaticLayer::StaticLayer(int64_t max_len) : max_cache_len(max_len) {
  if (max_len < 1)
    throw ValueError("`max_cache_len` must be a positive integer, got " +
                     std::to_string(max_len));
}

namespace {
// Copies `src` ([b, h, n, d]) into `dst` ([b, h, cap, d]) at sequence `pos`;
// the caller has checked the shapes and that `pos + n <= cap`.
Tensor write_at(const Tensor &dst, const Tensor &src, int64_t pos) {
  std::vector<float> out = dst.data();
  int64_t b = dst.size(0), h = dst.size(1), cap = dst.size(2), d = dst.size(3);
  int64_t n = src.size(2);
  const std::vector<float> &in = src.data();
  for (int64_t i = 0; i < b * h; ++i)
    std::copy(in.begin() + i * n * d, in.begin() + (i + 1) * n * d,
              out.begin() + (i * cap + pos) * d);
  return Tensor::from_data(dst.shape(), std::move(out));
}
} // namespace

std::pair<Tensor, Tensor> StaticLayer::update(const Tensor &key_states,
                                              const Tensor &value_states) {
  const char *where = "StaticLayer.update";
  check_states(where, key_states, value_states, /*same_seq=*/true);
  Tensor k = keys, v = values;
  if (!is_initialized) {
    k = Tensor::zeros({key_states.size(0), key_states.size(1), max_cache_len,
                       key_states.size(3)});
    v = Tensor::zeros({value_states.size(0), value_states.size(1),
                       max_cache_len, value_states.size(3)});
  } else {
    check_append(where, k, key_states, "key");
    check_append(where, v, value_states, "value");
  }
  int64_t n = key_states.size(-2);
  if (n > max_cache_len - length_)
    // What torch's `index_copy_` raises for a position past the buffer.
    throw IndexError("index " + std::to_string(max_cache_len) +
                     " is out of bounds for dimension 2 with size " +
                     std::to_string(max_cache_len));
  keys = write_at(k, key_states, length_);
  values = write_at(v, value_states, length_);
  is_initialized = true;
  length_ += n;
  return {keys, values};
}

std::pair<int64_t, int64_t>
StaticLayer::get_mask_sizes(int64_t /*query_length*/) const {
  return {max_cache_len, 0};
}

void StaticLayer::crop(int64_t max_length) {
  check_crop(*this, max_length);
  max_length = crop_target(max_length, length_);
  if (!is_initialized || length_ <= max_length)
    return;
  int64_t keep = max_length;
  auto zero_tail = [&](const Tensor &t) {
    Tensor head = narrow(t, 2, 0, keep);
    Shape tail_shape = t.shape();
    tail_shape[2] = max_cache_len - keep;
    return cat({head, Tensor::zeros(tail_shape)}, 2);
  };
  keys = zero_tail(keys);
  values = zero_tail(values);
  length_ = keep;
}

std::unique_ptr<CacheLayer> StaticLayer::clone() const {
  return std::make_unique<StaticLayer>(*this);
}

void StaticLayer::reset() {
  if (is_initialized) {
    keys = Tensor::zeros(keys.shape());
    values = Tensor::zeros(values.shape());
  }
  length_ = 0;
}

// --- Cache ------------------------------------------------------------------

Cache::Cache() = default;

Cache::Cache(std::vector<std::unique_ptr<CacheLayer>> layers,
             bool replicate_dynamic)
    : layers_(std::move(layers)), replicate_dynamic_(replicate_dynamic) {
  for (std::size_t i = 0; i < layers_.size(); ++i)
    if (!layers_[i])
      throw ValueError("Cache: layer " + std::to_string(i) + " is null");
}

Cache::Cache(const Cache &other)
    : replicate_dynamic_(other.replicate_dynamic_) {
  for (const auto &l : other.layers_)
    layers_.push_back(l->clone());
}

Cache &Cache::operator=(const Cache &other) {
  if (this != &other) {
    Cache copy(other);
    *this = std::move(copy);
  }
  return *this;
}

Cache::Cache(Cache &&) noexcept = default;
Cache &Cache::operator=(Cache &&) noexcept = default;
Cache::~Cache() = default;

std::pair<Tensor, Tensor> Cache::update(const Tensor &key_states,
                                        const Tensor &value_states,
                                        int64_t layer_idx) {
  if (layer_idx < 0)
    throw IndexError("Cache.update: `layer_idx` must be a non-negative layer "
                     "index, got " +
                     std::to_string(layer_idx));
  const std::size_t old_size = layers_.size();
  if (static_cast<std::size_t>(layer_idx) >= old_size) {
    if (!replicate_dynamic_)
      check_layer_index(layer_idx);
    if (layer_idx >= checks::kMaxLayers)
      // Upstream would append layers until memory runs out.
      throw IndexError("Cache.update: `layer_idx` " +
                       std::to_string(layer_idx) +
                       " exceeds the supported maximum of " +
                       std::to_string(checks::kMaxLayers) + " layers");
    while (layers_.size() <= static_cast<std::size_t>(layer_idx))
      layers_.push_back(std::make_unique<DynamicLayer>());
  }
  try {
    return layers_[layer_idx]->update(key_states, value_states);
  } catch (...) {
    layers_.resize(old_size); // a rejected update adds no layers
    throw;
  }
}

int64_t Cache::get_seq_length(int64_t layer_idx) const {
  if (layer_idx < 0 || static_cast<std::size_t>(layer_idx) >= layers_.size())
    return 0;
  return layers_[layer_idx]->get_seq_length();
}

int64_t Cache::get_max_cache_shape(int64_t layer_idx) const {
  if (layer_idx < 0 || static_cast<std::size_t>(layer_idx) >= layers_.size())
    return -1;
  return layers_[layer_idx]->get_max_cache_shape();
}

// The batch and crop operations check every layer first, so a rejected call
// leaves the whole cache unchanged (no half-cropped or half-reordered cache).
void Cache::crop(int64_t max_length) {
  for (const auto &l : layers_)
    check_crop(*l, max_length);
  for (auto &l : layers_)
    l->crop(max_length);
}

void Cache::reorder_cache(const std::vector<int64_t> &beam_idx) {
  for (const auto &l : layers_)
    check_batch_indices(*l, beam_idx);
  for (auto &l : layers_)
    l->reorder_cache(beam_idx);
}

void Cache::batch_repeat_interleave(int64_t repeats) {
  check_repeats(repeats);
  for (auto &l : layers_)
    l->batch_repeat_interleave(repeats);
}

void Cache::batch_select_indices(const std::vector<int64_t> &indices) {
  for (const auto &l : layers_)
    check_batch_indices(*l, indices);
  for (auto &l : layers_)
    l->batch_select_indices(indices);
}

void Cache::reset() {
  for (auto &l : layers_)
    l->reset();
}

std::size_t Cache::size() const { return layers_.size(); }

void Cache::check_layer_index(int64_t layer_idx) const {
  auto n = static_cast<int64_t>(size());
  if (layer_idx < -n || layer_idx >= n)
    throw KeyError("Cache only has " + std::to_string(n) +
                   " layers, attempted to access layer with index " +
                   std::to_string(layer_idx));
}

std::pair<Tensor, Tensor> Cache::operator[](int64_t layer_idx) const {
  check_layer_index(layer_idx);
  if (layer_idx < 0)
    layer_idx += static_cast<int64_t>(size());
  return get_layer_states(layer_idx);
}

std::pair<Tensor, Tensor> Cache::get_layer_states(int64_t layer_idx) const {
  const CacheLayer &l = *layers_[layer_idx];
  return {l.keys, l.values};
}

CacheLayer &Cache::layer(int64_t layer_idx) {
  auto n = static_cast<int64_t>(layers_.size());
  if (layer_idx < -n || layer_idx >= n)
    throw KeyError("Cache only has " + std::to_string(n) +
                   " layers, attempted to access layer with index " +
                   std::to_string(layer_idx));
  if (layer_idx < 0)
    layer_idx += n;
  return *layers_[layer_idx];
}

const CacheLayer &Cache::layer(int64_t layer_idx) const {
  return const_cast<Cache *>(this)->layer(layer_idx);
}

LegacyCache Cache::to_legacy_cache() const {
  LegacyCache out;
  for (std::size_t i = 0; i < size(); ++i) {
    auto kv = (*this)[static_cast<int64_t>(i)];
    out.emplace_back(kv.first, kv.second);
  }
  return out;
}

// --- DynamicCache -----------------------------------------------------------

DynamicCache::DynamicCache() : Cache({}, /*replicate_dynamic=*/true) {}

DynamicCache::DynamicCache(const ModelConfig &config)
    : Cache({}, /*replicate_dynamic=*/true) {
  checks::check_layer_types(config);
  for (int64_t i = 0; i < config.num_hidden_layers; ++i) {
    if (is_sliding_layer(config, i))
      layers_.push_back(
          std::make_unique<DynamicSlidingWindowLayer>(*config.sliding_window));
    else
      layers_.push_back(std::make_unique<DynamicLayer>());
  }
}

namespace {
// Checks a legacy cache before conversion: every layer holds two 4-D states
// (or two undefined tensors: a layer that was never updated) and all layers
// share one batch size. Returns that batch size (-1 if no layer holds states).
int64_t check_legacy_layers(const LegacyCache &legacy, const char *what) {
  int64_t batch = -1;
  std::size_t batch_layer = 0;
  for (std::size_t i = 0; i < legacy.size(); ++i) {
    const Tensor &k = std::get<0>(legacy[i]);
    const Tensor &v = std::get<1>(legacy[i]);
    if (!k.defined() && !v.defined())
      continue;
    check_states(std::string(what) + ": layer " + std::to_string(i), k, v,
                 /*same_seq=*/false);
    if (batch < 0) {
      batch = k.size(0);
      batch_layer = i;
    } else if (k.size(0) != batch) {
      throw ValueError(std::string(what) + ": layer " + std::to_string(i) +
                       " has a batch size of " + std::to_string(k.size(0)) +
                       " but layer " + std::to_string(batch_layer) + " has " +
                       std::to_string(batch));
    }
  }
  return batch;
}
} // namespace

std::shared_ptr<DynamicCache>
DynamicCache::from_legacy_cache(const LegacyCache &past_key_values) {
  check_legacy_layers(past_key_values, "DynamicCache.from_legacy_cache");
  auto cache = std::make_shared<DynamicCache>();
  int64_t idx = 0;
  for (const LegacyLayer &layer : past_key_values) {
    if (!std::get<0>(layer).defined() && !std::get<1>(layer).defined())
      // A layer that was never updated: keep it, empty (exact round trip).
      cache->layers_.push_back(std::make_unique<DynamicLayer>());
    else
      cache->update(std::get<0>(layer), std::get<1>(layer), idx);
    ++idx;
  }
  return cache;
}

// --- StaticCache ------------------------------------------------------------

StaticCache::StaticCache(const ModelConfig &config, int64_t max_cache_len)
    : StaticCache(config.num_hidden_layers, max_cache_len) {}

StaticCache::StaticCache(int64_t num_layers, int64_t max_cache_len) {
  if (max_cache_len < 1)
    throw ValueError("`max_cache_len` must be a positive integer, got " +
                     std::to_string(max_cache_len));
  if (num_layers < 0 || num_layers > checks::kMaxLayers)
    throw ValueError("StaticCache: the number of layers must be in [0, " +
                     std::to_string(checks::kMaxLayers) + "], got " +
                     std::to_string(num_layers));
  for (int64_t i = 0; i < num_layers; ++i)
    layers_.push_back(std::make_unique<StaticLayer>(max_cache_len));
}

// --- EncoderDecoderCache ----------------------------------------------------

EncoderDecoderCache::EncoderDecoderCache(std::shared_ptr<Cache> self_cache,
                                         std::shared_ptr<Cache> cross_cache)
    : self_attention_cache(std::move(self_cache)),
      cross_attention_cache(std::move(cross_cache)) {
  if (!self_attention_cache || !cross_attention_cache)
    throw ValueError("EncoderDecoderCache needs a self-attention and a "
                     "cross-attention cache");
}

std::shared_ptr<EncoderDecoderCache> EncoderDecoderCache::from_legacy_cache(
    const LegacyEncoderDecoderCache &past_key_values) {
  LegacyCache self_layers, cross_layers;
  for (const auto &layer : past_key_values) {
    self_layers.emplace_back(std::get<0>(layer), std::get<1>(layer));
    cross_layers.emplace_back(std::get<2>(layer), std::get<3>(layer));
  }
  const char *what = "EncoderDecoderCache.from_legacy_cache";
  int64_t self_batch =
      check_legacy_layers(self_layers, "EncoderDecoderCache.from_legacy_cache "
                                       "(self-attention)");
  int64_t cross_batch =
      check_legacy_layers(cross_layers, "EncoderDecoderCache.from_legacy_cache "
                                        "(cross-attention)");
  if (self_batch >= 0 && cross_batch >= 0 && self_batch != cross_batch)
    throw ValueError(std::string(what) +
                     ": the self-attention states have a "
                     "batch size of " +
                     std::to_string(self_batch) +
                     " but the cross-attention states have " +
                     std::to_string(cross_batch));
  return std::make_shared<EncoderDecoderCache>(
      DynamicCache::from_legacy_cache(self_layers),
      DynamicCache::from_legacy_cache(cross_layers));
}

LegacyEncoderDecoderCache EncoderDecoderCache::to_legacy_cache() const {
  LegacyEncoderDecoderCache out;
  for (std::size_t i = 0; i < self_attention_cache->size(); ++i) {
    auto self_kv = (*self_attention_cache)[static_cast<int64_t>(i)];
    std::pair<Tensor, Tensor> cross_kv;
    if (i < cross_attention_cache->size())
      cross_kv = (*cross_attention_cache)[static_cast<int64_t>(i)];
    out.emplace_back(self_kv.first, self_kv.second, cross_kv.first,
                     cross_kv.second);
  }
  return out;
}

std::pair<Tensor, Tensor>
EncoderDecoderCache::update(const Tensor &key_states,
                            const Tensor &value_states, int64_t layer_idx) {
  return self_attention_cache->update(key_states, value_states, layer_idx);
}

int64_t EncoderDecoderCache::get_seq_length(int64_t layer_idx) const {
  return self_attention_cache->get_seq_length(layer_idx);
}

int64_t EncoderDecoderCache::get_max_cache_shape(int64_t layer_idx) const {
  return self_attention_cache->get_max_cache_shape(layer_idx);
}

void EncoderDecoderCache::crop(int64_t max_length) {
  self_attention_cache->crop(max_length);
}

void EncoderDecoderCache::reorder_cache(const std::vector<int64_t> &beam_idx) {
  for_each_layer(
      *this, [&](const CacheLayer &l) { check_batch_indices(l, beam_idx); });
  self_attention_cache->reorder_cache(beam_idx);
  cross_attention_cache->reorder_cache(beam_idx);
}

void EncoderDecoderCache::batch_repeat_interleave(int64_t repeats) {
  check_repeats(repeats);
  self_attention_cache->batch_repeat_interleave(repeats);
  cross_attention_cache->batch_repeat_interleave(repeats);
}

void EncoderDecoderCache::batch_select_indices(
    const std::vector<int64_t> &indices) {
  for_each_layer(*this,
                 [&](const CacheLayer &l) { check_batch_indices(l, indices); });
  self_attention_cache->batch_select_indices(indices);
  cross_attention_cache->batch_select_indices(indices);
}

void EncoderDecoderCache::reset() {
  self_attention_cache->reset();
  cross_attention_cache->reset();
}

std::size_t EncoderDecoderCache::size() const {
  return self_attention_cache->size();
}

std::pair<Tensor, Tensor>
EncoderDecoderCache::get_layer_states(int64_t layer_idx) const {
  return (*self_attention_cache)[layer_idx];
}

// --- ModelConfig helpers ----------------------------------------------------

bool is_sliding_layer(const ModelConfig &config, int64_t layer_idx) {
  if (config.layer_types.empty())
    return config.sliding_window.has_value();
  if (layer_idx < 0 ||
      static_cast<std::size_t>(layer_idx) >= config.layer_types.size())
    return false;
  return config.layer_types[layer_idx] == "sliding_attention";
}

} // namespace transformers
