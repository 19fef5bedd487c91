// KV caches (upstream `transformers/cache_utils.py`, v4.56-style per-layer
// caches) and the legacy tuple formats they replace.
#ifndef TRANSFORMERS_CACHE_UTILS_H
#define TRANSFORMERS_CACHE_UTILS_H

#include <transformers/configuration_utils.h>
#include <transformers/errors.h>
#include <transformers/tensor.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace transformers {

// ---------------------------------------------------------------------------
// Legacy formats
// ---------------------------------------------------------------------------

/// One decoder layer in the legacy format: `(keys, values)`.
using LegacyLayer = std::tuple<Tensor, Tensor>;
/// The legacy cache: one `(keys, values)` tuple per layer.
using LegacyCache = std::vector<LegacyLayer>;
/// One encoder-decoder layer in the legacy format:
/// `(self_keys, self_values, cross_keys, cross_values)`.
using LegacyEncoderDecoderLayer = std::tuple<Tensor, Tensor, Tensor, Tensor>;
/// The legacy encoder-decoder cache.
using LegacyEncoderDecoderCache = std::vector<LegacyEncoderDecoderLayer>;

namespace detail {
template <class T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

template <class T>
struct is_tensor : std::is_same<remove_cvref_t<T>, Tensor> {};

template <class T>
struct layer_arity : std::integral_constant<std::size_t, 0> {};
template <class A, class B>
struct layer_arity<std::tuple<A, B>>
    : std::integral_constant<
          std::size_t, (is_tensor<A>::value && is_tensor<B>::value) ? 2 : 0> {};
template <class A, class B>
struct layer_arity<std::pair<A, B>>
    : std::integral_constant<
          std::size_t, (is_tensor<A>::value && is_tensor<B>::value) ? 2 : 0> {};
template <class A, class B, class C, class D>
struct layer_arity<std::tuple<A, B, C, D>>
    : std::integral_constant<std::size_t,
                             (is_tensor<A>::value && is_tensor<B>::value &&
                              is_tensor<C>::value && is_tensor<D>::value)
                                 ? 4
                                 : 0> {};

template <class T>
struct cache_arity : std::integral_constant<std::size_t, 0> {};
template <class L, class Alloc>
struct cache_arity<std::vector<L, Alloc>> : layer_arity<remove_cvref_t<L>> {};
template <class L, std::size_t N>
struct cache_arity<std::array<L, N>>
    : std::integral_constant<
          std::size_t, N == 0 ? 0 : layer_arity<remove_cvref_t<L>>::value> {};
template <class L0, class... Ls>
struct cache_arity<std::tuple<L0, Ls...>>
    : std::integral_constant<std::size_t,
                             ((layer_arity<remove_cvref_t<Ls>>::value ==
                               layer_arity<remove_cvref_t<L0>>::value) &&
                              ...)
                                 ? layer_arity<remove_cvref_t<L0>>::value
                                 : 0> {};
} // namespace detail

/// Number of tensors of a legacy layer type (2 or 4), 0 if `T` is none.
template <class T>
inline constexpr std::size_t legacy_layer_arity_v =
    detail::layer_arity<detail::remove_cvref_t<T>>::value;

/// `std::tuple`/`std::pair` of exactly 2 tensors, or `std::tuple` of 4.
template <class T>
inline constexpr bool is_legacy_layer_v = legacy_layer_arity_v<T> != 0;

/// Arity of the layers of a legacy cache type (2 or 4), 0 if `T` is none.
template <class T>
inline constexpr std::size_t legacy_cache_arity_v =
    detail::cache_arity<detail::remove_cvref_t<T>>::value;

/// Every tuple-shaped legacy cache: an outer `std::vector`, `std::array` or
/// `std::tuple` (at least one layer) of legacy layers of the same arity.
template <class T>
inline constexpr bool is_legacy_cache_v = legacy_cache_arity_v<T> != 0;

namespace detail {
template <class L> LegacyLayer to_legacy_layer(const L &layer) {
  return LegacyLayer(std::get<0>(layer), std::get<1>(layer));
}
template <class L>
LegacyEncoderDecoderLayer to_legacy_ed_layer(const L &layer) {
  return LegacyEncoderDecoderLayer(std::get<0>(layer), std::get<1>(layer),
                                   std::get<2>(layer), std::get<3>(layer));
}
template <class T> struct is_std_tuple : std::false_type {};
template <class... Ts>
struct is_std_tuple<std::tuple<Ts...>> : std::true_type {};

/// Converts any 2-tensor legacy cache form to `LegacyCache`.
template <class T> LegacyCache normalize_legacy_cache(const T &legacy) {
  LegacyCache out;
  if constexpr (is_std_tuple<remove_cvref_t<T>>::value) {
    std::apply(
        [&out](const auto &...layers) {
          (out.push_back(to_legacy_layer(layers)), ...);
        },
        legacy);
  } else {
    for (const auto &layer : legacy)
      out.push_back(to_legacy_layer(layer));
  }
  return out;
}
/// Converts any 4-tensor legacy cache form to `LegacyEncoderDecoderCache`.
template <class T>
LegacyEncoderDecoderCache normalize_legacy_ed_cache(const T &legacy) {
  LegacyEncoderDecoderCache out;
  if constexpr (is_std_tuple<remove_cvref_t<T>>::value) {
    std::apply(
        [&out](const auto &...layers) {
          (out.push_back(to_legacy_ed_layer(layers)), ...);
        },
        legacy);
  } else {
    for (const auto &layer : legacy)
      out.push_back(to_legacy_ed_layer(layer));
  }
  return out;
}
} // namespace detail

// ---------------------------------------------------------------------------
// Cache layers
// ---------------------------------------------------------------------------

/// Base of the per-layer caches (upstream `CacheLayerMixin`). `keys` and
/// `values` are `[batch, kv_heads, seq, head_dim]`; both are undefined until
/// the first `update`.
class CacheLayer {
public:
  virtual ~CacheLayer();

  /// Stores new states and returns the states attention should use.
  virtual std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                           const Tensor &value_states) = 0;
  /// Number of tokens seen (for sliding layers: cumulative).
  virtual int64_t get_seq_length() const = 0;
  /// Maximum number of stored tokens, -1 if unbounded.
  virtual int64_t get_max_cache_shape() const = 0;
  /// `(kv_length, kv_offset)` for a query of `query_length` new tokens, as
  /// upstream: the returned states of the next `update` start at absolute
  /// position `kv_offset`.
  virtual std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const = 0;
  /// Keeps the first `max_length` tokens (negative: drops `-max_length`).
  virtual void crop(int64_t max_length) = 0;
  virtual bool is_sliding() const { return false; }
  virtual std::unique_ptr<CacheLayer> clone() const = 0;

  /// Reorders the batch dimension for beam search.
  virtual void reorder_cache(const std::vector<int64_t> &beam_idx);
  /// Repeats every batch entry `repeats` times (dimension 0).
  virtual void batch_repeat_interleave(int64_t repeats);
  /// Keeps only the given batch entries.
  virtual void batch_select_indices(const std::vector<int64_t> &indices);
  /// Forgets everything.
  virtual void reset();

  Tensor keys;
  Tensor values;
  bool is_initialized = false;
};

/// Unbounded layer: grows by concatenation on dim -2.
class DynamicLayer : public CacheLayer {
public:
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states) override;
  int64_t get_seq_length() const override;
  int64_t get_max_cache_shape() const override { return -1; }
  std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const override;
  void crop(int64_t max_length) override;
  std::unique_ptr<CacheLayer> clone() const override;
};

/// Sliding-window layer: stores the last `sliding_window - 1` tokens and
/// returns the full states (stored + new) from `update`.
class DynamicSlidingWindowLayer : public DynamicLayer {
public:
  explicit DynamicSlidingWindowLayer(int64_t sliding_window);
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states) override;
  int64_t get_seq_length() const override { return cumulative_length; }
  int64_t get_max_cache_shape() const override { return sliding_window; }
  std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const override;
  /// Throws ValueError once the layer has seen `sliding_window` tokens.
  void crop(int64_t max_length) override;
  bool is_sliding() const override { return true; }
  std::unique_ptr<CacheLayer> clone() const override;
  void reset() override;

  int64_t sliding_window;
  int64_t cumulative_length = 0;
};

/// Fixed-capacity layer: preallocated `[batch, heads, max_cache_len, dim]`
/// zeros, written in place; `update` returns the whole buffers.
class StaticLayer : public CacheLayer {
public:
  explicit StaticLayer(int64_t max_cache_len);
  /// Throws IndexError when the new tokens do not fit.
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states) override;
  int64_t get_seq_length() const override { return length_; }
  int64_t get_max_cache_shape() const override { return max_cache_len; }
  std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const override;
  void crop(int64_t max_length) override;
  std::unique_ptr<CacheLayer> clone() const override;
  void reset() override;

  int64_t max_cache_len;

private:
  int64_t length_ = 0;
};

// ---------------------------------------------------------------------------
// Caches
// ---------------------------------------------------------------------------

/// A cache: one `CacheLayer` per decoder layer.
class Cache {
public:
  /// Iterates `(keys, values)` per layer, like upstream `__iter__`.
  class const_iterator {
  public:
    using iterator_category = std::input_iterator_tag;
    using value_type = std::pair<Tensor, Tensor>;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = value_type;
    const_iterator(const Cache *cache, std::size_t idx)
        : cache_(cache), idx_(idx) {}
    value_type operator*() const {
      return (*cache_)[static_cast<int64_t>(idx_)];
    }
    const_iterator &operator++() {
      ++idx_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++idx_;
      return old;
    }
    bool operator==(const const_iterator &o) const { return idx_ == o.idx_; }
    bool operator!=(const const_iterator &o) const { return idx_ != o.idx_; }

  private:
    const Cache *cache_;
    std::size_t idx_;
  };

  Cache();
  /// A cache over the given layers. When `replicate_dynamic` is set, updates
  /// of layers past the end append `DynamicLayer`s (upstream
  /// `layer_class_to_replicate`).
  explicit Cache(std::vector<std::unique_ptr<CacheLayer>> layers,
                 bool replicate_dynamic = false);
  Cache(const Cache &other);
  Cache &operator=(const Cache &other);
  Cache(Cache &&) noexcept;
  Cache &operator=(Cache &&) noexcept;
  virtual ~Cache();

  /// Updates layer `layer_idx` and returns the states attention should use.
  virtual std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                           const Tensor &value_states,
                                           int64_t layer_idx);
  /// Tokens seen by layer `layer_idx` (0 if there is no such layer).
  virtual int64_t get_seq_length(int64_t layer_idx = 0) const;
  virtual int64_t get_max_cache_shape(int64_t layer_idx = 0) const;
  virtual void crop(int64_t max_length);
  virtual void reorder_cache(const std::vector<int64_t> &beam_idx);
  virtual void batch_repeat_interleave(int64_t repeats);
  virtual void batch_select_indices(const std::vector<int64_t> &indices);
  virtual void reset();
  /// Number of layers.
  virtual std::size_t size() const;
  /// Stored `(keys, values)` of layer `layer_idx`; throws KeyError
  /// (`std::out_of_range`) with upstream's text when out of range.
  std::pair<Tensor, Tensor> operator[](int64_t layer_idx) const;
  const_iterator begin() const { return const_iterator(this, 0); }
  const_iterator end() const { return const_iterator(this, size()); }

  /// The layer object itself (throws KeyError when out of range).
  CacheLayer &layer(int64_t layer_idx);
  const CacheLayer &layer(int64_t layer_idx) const;

  /// The legacy format: one `(keys, values)` tuple per layer.
  LegacyCache to_legacy_cache() const;

protected:
  virtual std::pair<Tensor, Tensor> get_layer_states(int64_t layer_idx) const;
  void check_layer_index(int64_t layer_idx) const;

  std::vector<std::unique_ptr<CacheLayer>> layers_;
  bool replicate_dynamic_ = false;
};

/// The default cache: grows as needed.
class DynamicCache : public Cache {
public:
  /// An empty cache whose layers are created on first update.
  DynamicCache();
  /// One layer per decoder layer of `config`: `DynamicSlidingWindowLayer`
  /// for sliding-attention layers, `DynamicLayer` otherwise.
  explicit DynamicCache(const ModelConfig &config);

  /// Builds a cache from the legacy format (exact round trip with
  /// `to_legacy_cache`).
  static std::shared_ptr<DynamicCache>
  from_legacy_cache(const LegacyCache &past_key_values);

  /// Every other 2-tensor legacy form: outer `std::vector` / `std::array` /
  /// `std::tuple`, layers `std::tuple` / `std::pair`.
  template <class T,
            std::enable_if_t<legacy_cache_arity_v<T> == 2 &&
                                 !std::is_same<detail::remove_cvref_t<T>,
                                               LegacyCache>::value,
                             int> = 0>
  static std::shared_ptr<DynamicCache> from_legacy_cache(const T &legacy) {
    return from_legacy_cache(detail::normalize_legacy_cache(legacy));
  }
};

/// Fixed-capacity cache (`StaticLayer` per decoder layer).
class StaticCache : public Cache {
public:
  StaticCache(const ModelConfig &config, int64_t max_cache_len);
  StaticCache(int64_t num_layers, int64_t max_cache_len);
};

/// Self-attention + cross-attention caches of an encoder-decoder model.
class EncoderDecoderCache : public Cache {
public:
  EncoderDecoderCache(std::shared_ptr<Cache> self_attention_cache,
                      std::shared_ptr<Cache> cross_attention_cache);

  static std::shared_ptr<EncoderDecoderCache>
  from_legacy_cache(const LegacyEncoderDecoderCache &past_key_values);

  /// Every other 4-tensor legacy form.
  template <class T, std::enable_if_t<
                         legacy_cache_arity_v<T> == 4 &&
                             !std::is_same<detail::remove_cvref_t<T>,
                                           LegacyEncoderDecoderCache>::value,
                         int> = 0>
  static std::shared_ptr<EncoderDecoderCache>
  from_legacy_cache(const T &legacy) {
    return from_legacy_cache(detail::normalize_legacy_ed_cache(legacy));
  }

  /// `(self_k, self_v, cross_k, cross_v)` per layer.
  LegacyEncoderDecoderCache to_legacy_cache() const;

  /// Updates the self-attention cache.
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states,
                                   int64_t layer_idx) override;
  int64_t get_seq_length(int64_t layer_idx = 0) const override;
  int64_t get_max_cache_shape(int64_t layer_idx = 0) const override;
  void crop(int64_t max_length) override;
  void reorder_cache(const std::vector<int64_t> &beam_idx) override;
  void batch_repeat_interleave(int64_t repeats) override;
  void batch_select_indices(const std::vector<int64_t> &indices) override;
  void reset() override;
  std::size_t size() const override;

  std::shared_ptr<Cache> self_attention_cache;
  std::shared_ptr<Cache> cross_attention_cache;

protected:
  std::pair<Tensor, Tensor> get_layer_states(int64_t layer_idx) const override;
};

// ---------------------------------------------------------------------------
// PastKeyValues: the value of a cache keyword argument
// ---------------------------------------------------------------------------

/// What a caller passed as `past_key_values` / `cache_params`: nothing, a
/// `Cache`, or (accepted only so that old code still compiles) a legacy
/// tuple-shaped value, which the models reject at run time.
class PastKeyValues {
public:
  PastKeyValues() = default;
  PastKeyValues(std::nullptr_t) {}
  template <class C,
            std::enable_if_t<std::is_base_of<Cache, C>::value, int> = 0>
  PastKeyValues(std::shared_ptr<C> cache) : cache_(std::move(cache)) {}
  /// Legacy values: implicit on purpose (old code compiles, then throws).
  template <class T, std::enable_if_t<is_legacy_cache_v<T>, int> = 0>
  PastKeyValues(const T &legacy) : legacy_arity_(legacy_cache_arity_v<T>) {
    if constexpr (legacy_cache_arity_v<T> == 2)
      legacy_ = std::make_shared<const LegacyCache>(
          detail::normalize_legacy_cache(legacy));
    else
      legacy_ed_ = std::make_shared<const LegacyEncoderDecoderCache>(
          detail::normalize_legacy_ed_cache(legacy));
  }

  bool is_none() const { return !cache_ && legacy_arity_ == 0; }
  bool is_cache() const { return static_cast<bool>(cache_); }
  bool is_legacy() const { return legacy_arity_ != 0; }
  /// The cache, or null when none or legacy.
  std::shared_ptr<Cache> cache() const { return cache_; }
  /// The legacy value (2-tensor layers), or null.
  std::shared_ptr<const LegacyCache> legacy_cache() const { return legacy_; }
  /// The legacy value (4-tensor layers), or null.
  std::shared_ptr<const LegacyEncoderDecoderCache>
  legacy_encoder_decoder_cache() const {
    return legacy_ed_;
  }

private:
  std::shared_ptr<Cache> cache_;
  std::shared_ptr<const LegacyCache> legacy_;
  std::shared_ptr<const LegacyEncoderDecoderCache> legacy_ed_;
  std::size_t legacy_arity_ = 0;
};

} // namespace transformers

#endif // TRANSFORMERS_CACHE_UTILS_H
