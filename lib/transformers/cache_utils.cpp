#include <transformers/cache_utils.h>

#include <algorithm>
#include <string>

namespace transformers {

// --- CacheLayer -------------------------------------------------------------

CacheLayer::~CacheLayer() = default;

void CacheLayer::reorder_cache(const std::vector<int64_t> &beam_idx) {
  if (!is_initialized)
    return;
  keys = index_select(keys, 0, beam_idx);
  values = index_select(values, 0, beam_idx);
}

void CacheLayer::batch_repeat_interleave(int64_t repeats) {
  if (!is_initialized)
    return;
  keys = repeat_interleave(keys, repeats, 0);
  values = repeat_interleave(values, repeats, 0);
}

void CacheLayer::batch_select_indices(const std::vector<int64_t> &indices) {
  if (!is_initialized)
    return;
  keys = index_select(keys, 0, indices);
  values = index_select(values, 0, indices);
}

void CacheLayer::reset() {
  keys = Tensor();
  values = Tensor();
  is_initialized = false;
}

// --- DynamicLayer -----------------------------------------------------------

std::pair<Tensor, Tensor> DynamicLayer::update(const Tensor &key_states,
                                               const Tensor &value_states) {
  if (!is_initialized) {
    keys = key_states;
    values = value_states;
    is_initialized = true;
  } else {
    keys = cat({keys, key_states}, -2);
    values = cat({values, value_states}, -2);
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
  if (!is_initialized)
    return;
  int64_t seq = get_seq_length();
  if (max_length < 0)
    max_length = seq - (-max_length);
  if (seq <= max_length)
    return;
  max_length = std::max<int64_t>(max_length, 0);
  keys = narrow(keys, -2, 0, max_length);
  values = narrow(values, -2, 0, max_length);
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
  cumulative_length += key_states.size(-2);
  Tensor full_keys = key_states;
  Tensor full_values = value_states;
  if (is_initialized) {
    full_keys = cat({keys, key_states}, -2);
    full_values = cat({values, value_states}, -2);
  }
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
  if (get_seq_length() >= sliding_window)
    // Verbatim upstream text (including its missing space).
    throw ValueError("Cannot `crop` a `DynamicSlidingWindowLayer` after it has "
                     "seen more tokens than its"
                     "sliding window (otherwise some states are lost)");
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
// Copies `src` ([b, h, n, d]) into `dst` ([b, h, cap, d]) at sequence `pos`.
Tensor write_at(const Tensor &dst, const Tensor &src, int64_t pos) {
  if (dst.dim() != 4 || src.dim() != 4 || dst.size(0) != src.size(0) ||
      dst.size(1) != src.size(1) || dst.size(3) != src.size(3))
    throw ValueError("StaticLayer.update: states do not match the cache shape");
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
  if (!is_initialized) {
    keys = Tensor::zeros({key_states.size(0), key_states.size(1), max_cache_len,
                          key_states.size(3)});
    values = Tensor::zeros({value_states.size(0), value_states.size(1),
                            max_cache_len, value_states.size(3)});
    is_initialized = true;
  }
  int64_t n = key_states.size(-2);
  if (length_ + n > max_cache_len)
    // What torch's `index_copy_` raises for a position past the buffer.
    throw IndexError("index " + std::to_string(max_cache_len) +
                     " is out of bounds for dimension 2 with size " +
                     std::to_string(max_cache_len));
  keys = write_at(keys, key_states, length_);
  values = write_at(values, value_states, length_);
  length_ += n;
  return {keys, values};
}

std::pair<int64_t, int64_t>
StaticLayer::get_mask_sizes(int64_t /*query_length*/) const {
  return {max_cache_len, 0};
}

void StaticLayer::crop(int64_t max_length) {
  if (max_length < 0)
    max_length = length_ - (-max_length);
  max_length = std::max<int64_t>(max_length, 0);
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
    : layers_(std::move(layers)), replicate_dynamic_(replicate_dynamic) {}

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
    check_layer_index(layer_idx);
  if (static_cast<std::size_t>(layer_idx) >= layers_.size()) {
    if (!replicate_dynamic_)
      check_layer_index(layer_idx);
    while (layers_.size() <= static_cast<std::size_t>(layer_idx))
      layers_.push_back(std::make_unique<DynamicLayer>());
  }
  return layers_[layer_idx]->update(key_states, value_states);
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

void Cache::crop(int64_t max_length) {
  for (auto &l : layers_)
    l->crop(max_length);
}

void Cache::reorder_cache(const std::vector<int64_t> &beam_idx) {
  for (auto &l : layers_)
    l->reorder_cache(beam_idx);
}

void Cache::batch_repeat_interleave(int64_t repeats) {
  for (auto &l : layers_)
    l->batch_repeat_interleave(repeats);
}

void Cache::batch_select_indices(const std::vector<int64_t> &indices) {
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
  for (int64_t i = 0; i < config.num_hidden_layers; ++i) {
    if (is_sliding_layer(config, i))
      layers_.push_back(
          std::make_unique<DynamicSlidingWindowLayer>(*config.sliding_window));
    else
      layers_.push_back(std::make_unique<DynamicLayer>());
  }
}

std::shared_ptr<DynamicCache>
DynamicCache::from_legacy_cache(const LegacyCache &past_key_values) {
  auto cache = std::make_shared<DynamicCache>();
  int64_t idx = 0;
  for (const LegacyLayer &layer : past_key_values)
    cache->update(std::get<0>(layer), std::get<1>(layer), idx++);
  return cache;
}

// --- StaticCache ------------------------------------------------------------

StaticCache::StaticCache(const ModelConfig &config, int64_t max_cache_len)
    : StaticCache(config.num_hidden_layers, max_cache_len) {}

StaticCache::StaticCache(int64_t num_layers, int64_t max_cache_len) {
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
  auto self_cache = std::make_shared<DynamicCache>();
  auto cross_cache = std::make_shared<DynamicCache>();
  int64_t idx = 0;
  for (const auto &layer : past_key_values) {
    self_cache->update(std::get<0>(layer), std::get<1>(layer), idx);
    cross_cache->update(std::get<2>(layer), std::get<3>(layer), idx);
    ++idx;
  }
  return std::make_shared<EncoderDecoderCache>(self_cache, cross_cache);
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
  self_attention_cache->reorder_cache(beam_idx);
  cross_attention_cache->reorder_cache(beam_idx);
}

void EncoderDecoderCache::batch_repeat_interleave(int64_t repeats) {
  self_attention_cache->batch_repeat_interleave(repeats);
  cross_attention_cache->batch_repeat_interleave(repeats);
}

void EncoderDecoderCache::batch_select_indices(
    const std::vector<int64_t> &indices) {
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
