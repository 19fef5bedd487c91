/// \file
/// KV caches (upstream `transformers/cache_utils.py`, v4.56-style per-layer
/// caches) and the legacy tuple formats they replace.
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

/// One decoder layer in the legacy format: `(keys, values)`, each
/// `[batch, kv_heads, seq, head_dim]` (upstream: a `tuple[Tensor, Tensor]`).
using LegacyLayer = std::tuple<Tensor, Tensor>;
/// The legacy cache: one `(keys, values)` tuple per layer (upstream: the
/// tuple of tuples `to_legacy_cache()` returns and v5 `generate` rejects).
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
/// `std::tuple` (at least one layer) of legacy layers of the same arity. An
/// empty `std::vector` of layers counts (the check is on the type).
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

  /// Stores new states and returns the states attention should use
  /// (`layer.update(key_states, value_states)`). `key_states` and
  /// `value_states` are `[batch, kv_heads, new_tokens, head_dim]`.
  /// \throws ValueError unless both are 4-D with the same batch size and
  /// number of heads; a rejected update leaves the layer unchanged.
  virtual std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                           const Tensor &value_states) = 0;
  /// Number of tokens seen (for sliding layers: cumulative).
  virtual int64_t get_seq_length() const = 0;
  /// Maximum number of stored tokens, -1 if unbounded (for sliding layers:
  /// the window).
  virtual int64_t get_max_cache_shape() const = 0;
  /// `(kv_length, kv_offset)` for a query of `query_length` new tokens, as
  /// upstream: the returned states of the next `update` start at absolute
  /// position `kv_offset`.
  virtual std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const = 0;
  /// Keeps the first `max_length` tokens (negative: drops `-max_length`).
  /// \throws ValueError if `-max_length` exceeds the stored tokens.
  virtual void crop(int64_t max_length) = 0;
  /// Whether this is a sliding-window layer (upstream `is_sliding`).
  virtual bool is_sliding() const { return false; }
  /// A deep copy of this layer, of the same dynamic type (used by the
  /// `Cache` copy constructor).
  virtual std::unique_ptr<CacheLayer> clone() const = 0;

  /// Reorders the batch dimension for beam search: row `i` becomes old row
  /// `beam_idx[i]` (`index_select` on dim 0). No-op before the first
  /// `update`.
  /// \throws IndexError for an index out of range.
  virtual void reorder_cache(const std::vector<int64_t> &beam_idx);
  /// Repeats every batch entry `repeats` times (`repeat_interleave` on
  /// dim 0). No-op before the first `update`.
  /// \throws ValueError if `repeats` is negative.
  virtual void batch_repeat_interleave(int64_t repeats);
  /// Keeps only the given batch entries (`index_select` on dim 0). No-op
  /// before the first `update`.
  /// \throws IndexError for an index out of range.
  virtual void batch_select_indices(const std::vector<int64_t> &indices);
  /// Forgets everything.
  virtual void reset();

  /// Stored keys, `[batch, kv_heads, seq, head_dim]` (upstream `layer.keys`);
  /// undefined before the first `update`.
  Tensor keys;
  /// Stored values, same shape as `keys` (upstream `layer.values`).
  Tensor values;
  /// Whether `update` has been called since construction or `reset`.
  bool is_initialized = false;
};

/// Unbounded layer: grows by concatenation on dim -2 (upstream
/// `DynamicLayer`).
class DynamicLayer : public CacheLayer {
public:
  /// Appends the new states (`cat` on dim -2) and returns all stored states.
  /// \throws ValueError if the states do not match the stored ones in every
  /// dimension but -2.
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states) override;
  /// `keys.size(-2)`, 0 before the first `update`.
  int64_t get_seq_length() const override;
  /// -1: unbounded.
  int64_t get_max_cache_shape() const override { return -1; }
  /// `(get_seq_length() + query_length, 0)`.
  std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const override;
  /// Keeps the first `max_length` tokens (negative: drops `-max_length`);
  /// no-op if the layer is already that short.
  void crop(int64_t max_length) override;
  /// A copy of this layer.
  std::unique_ptr<CacheLayer> clone() const override;
};

/// Sliding-window layer: stores the last `sliding_window - 1` tokens and
/// returns the full states (stored + new) from `update` (upstream
/// `DynamicSlidingWindowLayer`).
class DynamicSlidingWindowLayer : public DynamicLayer {
public:
  /// \throws ValueError if `sliding_window < 1`.
  explicit DynamicSlidingWindowLayer(int64_t sliding_window);
  /// Returns stored + new states (the new queries may need all of them),
  /// then keeps only the last `sliding_window - 1` tokens.
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states) override;
  /// Cumulative number of tokens seen (not the number stored).
  int64_t get_seq_length() const override { return cumulative_length; }
  /// The window.
  int64_t get_max_cache_shape() const override { return sliding_window; }
  /// `(stored + query_length, max(cumulative_length - sliding_window + 1,
  /// 0))`.
  std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const override;
  /// Like `DynamicLayer::crop`, then `cumulative_length` = tokens kept.
  /// \throws ValueError with upstream's text ("Cannot `crop` a
  /// `DynamicSlidingWindowLayer` after it has seen more tokens than its"
  /// "sliding window (otherwise some states are lost)", missing space
  /// included) once the layer has seen `sliding_window` tokens.
  void crop(int64_t max_length) override;
  /// True.
  bool is_sliding() const override { return true; }
  /// A copy of this layer.
  std::unique_ptr<CacheLayer> clone() const override;
  /// Forgets everything, including `cumulative_length`.
  void reset() override;

  /// Attention window in tokens (upstream `config.sliding_window`).
  int64_t sliding_window;
  /// Tokens seen since construction or `reset` (`get_seq_length`).
  int64_t cumulative_length = 0;
};

/// Fixed-capacity layer: preallocated `[batch, heads, max_cache_len, dim]`
/// zeros, written in place; `update` returns the whole buffers (upstream
/// `StaticLayer`). The buffers are allocated on the first `update`, with
/// that call's batch, heads and head dimension. New tokens are written right
/// after the stored ones (upstream writes at `cache_position`).
class StaticLayer : public CacheLayer {
public:
  /// \throws ValueError if `max_cache_len < 1`.
  explicit StaticLayer(int64_t max_cache_len);
  /// Writes the new states after the stored ones and returns both whole
  /// `[batch, heads, max_cache_len, dim]` buffers (unwritten slots are zero).
  /// \throws IndexError when the new tokens do not fit ("index
  /// {max_cache_len} is out of bounds for dimension 2 with size
  /// {max_cache_len}", torch-style; upstream has no message of its own).
  /// \throws ValueError if batch, heads or head dimension differ from the
  /// buffers'.
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states) override;
  /// Number of slots written (upstream counts non-zero slots instead).
  int64_t get_seq_length() const override { return length_; }
  /// `max_cache_len`.
  int64_t get_max_cache_shape() const override { return max_cache_len; }
  /// `(max_cache_len, 0)`: attention always sees the whole buffer.
  std::pair<int64_t, int64_t>
  get_mask_sizes(int64_t query_length) const override;
  /// Keeps the first `max_length` slots (negative: drops `-max_length`) and
  /// zeroes the rest.
  void crop(int64_t max_length) override;
  /// A copy of this layer.
  std::unique_ptr<CacheLayer> clone() const override;
  /// Zeroes the buffers (keeping their shape) and the length.
  void reset() override;

  /// Capacity in tokens.
  int64_t max_cache_len;

private:
  int64_t length_ = 0;
};

// ---------------------------------------------------------------------------
// Caches
// ---------------------------------------------------------------------------

/// A cache: one `CacheLayer` per decoder layer (upstream `Cache`). Handed
/// around as `std::shared_ptr` (see `PastKeyValues`); a model updates it in
/// place. Copying a `Cache` deep-copies its layers.
class Cache {
public:
  /// Iterates `(keys, values)` per layer, like upstream `__iter__`:
  /// `for (auto [k, v] : cache)`.
  class const_iterator {
  public:
    /// Input iterator: each dereference builds the pair anew.
    using iterator_category = std::input_iterator_tag;
    /// `(keys, values)` of one layer.
    using value_type = std::pair<Tensor, Tensor>;
    /// Distance between layer indices.
    using difference_type = std::ptrdiff_t;
    /// No `operator->`.
    using pointer = void;
    /// Dereferencing returns by value.
    using reference = value_type;
    /// Iterator at layer `idx` of `cache`.
    const_iterator(const Cache *cache, std::size_t idx)
        : cache_(cache), idx_(idx) {}
    /// `cache[idx]`.
    value_type operator*() const {
      return (*cache_)[static_cast<int64_t>(idx_)];
    }
    /// Next layer.
    const_iterator &operator++() {
      ++idx_;
      return *this;
    }
    /// Next layer (postfix).
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++idx_;
      return old;
    }
    /// Same layer index.
    bool operator==(const const_iterator &o) const { return idx_ == o.idx_; }
    /// Different layer index.
    bool operator!=(const const_iterator &o) const { return idx_ != o.idx_; }

  private:
    const Cache *cache_;
    std::size_t idx_;
  };

  /// A cache without layers that does not grow (updates throw KeyError).
  Cache();
  /// A cache over the given layers. When `replicate_dynamic` is set, updates
  /// of layers past the end append `DynamicLayer`s (upstream
  /// `layer_class_to_replicate`).
  explicit Cache(std::vector<std::unique_ptr<CacheLayer>> layers,
                 bool replicate_dynamic = false);
  /// Deep copy: every layer is cloned.
  Cache(const Cache &other);
  /// Deep copy: every layer is cloned.
  Cache &operator=(const Cache &other);
  /// Takes over the layers of the moved-from cache.
  Cache(Cache &&) noexcept;
  /// Takes over the layers of the moved-from cache.
  Cache &operator=(Cache &&) noexcept;
  virtual ~Cache();

  /// Updates layer `layer_idx` and returns the states attention should use
  /// (`cache.update(key_states, value_states, layer_idx)`). States are
  /// `[batch, kv_heads, new_tokens, head_dim]`; the result is what the
  /// layer's `CacheLayer::update` returns. `layer_idx` must be
  /// non-negative.
  /// \throws KeyError if `layer_idx >= size()` and the cache does not grow
  /// (e.g. `StaticCache`); a `DynamicCache` appends `DynamicLayer`s instead.
  /// \throws IndexError if `layer_idx` is negative.
  /// \throws ValueError, IndexError as the layer's `update`.
  virtual std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                           const Tensor &value_states,
                                           int64_t layer_idx);
  /// Tokens seen by layer `layer_idx` (`cache.get_seq_length(layer_idx)`);
  /// 0 if there is no such layer (negative indices included).
  virtual int64_t get_seq_length(int64_t layer_idx = 0) const;
  /// Capacity of layer `layer_idx` (`cache.get_max_cache_shape(layer_idx)`);
  /// -1 if unbounded or there is no such layer.
  virtual int64_t get_max_cache_shape(int64_t layer_idx = 0) const;
  /// `cache.crop(max_length)`: crops every layer to `max_length` tokens
  /// (negative: drops `-max_length`).
  /// \throws ValueError from a sliding layer that has seen a full window, or
  /// if `-max_length` exceeds what a layer holds. Every layer is checked
  /// first: a rejected crop (or batch operation) changes no layer.
  virtual void crop(int64_t max_length);
  /// `cache.reorder_cache(beam_idx)`: reorders the batch of every layer.
  /// \throws IndexError for an index out of range.
  virtual void reorder_cache(const std::vector<int64_t> &beam_idx);
  /// `cache.batch_repeat_interleave(repeats)` on every layer.
  /// \throws ValueError if `repeats` is negative.
  virtual void batch_repeat_interleave(int64_t repeats);
  /// `cache.batch_select_indices(indices)` on every layer.
  /// \throws IndexError for an index out of range.
  virtual void batch_select_indices(const std::vector<int64_t> &indices);
  /// `cache.reset()`: forgets the content of every layer (the layers stay).
  virtual void reset();
  /// Number of layers (`len(cache)`); an empty `DynamicCache` has none.
  virtual std::size_t size() const;
  /// Stored `(keys, values)` of layer `layer_idx` (`cache[layer_idx]`;
  /// negative counts from the end); undefined tensors for a layer not
  /// updated yet.
  /// \throws KeyError (`std::out_of_range`) with upstream's text, "Cache
  /// only has N layers, attempted to access layer with index I", when out of
  /// range.
  std::pair<Tensor, Tensor> operator[](int64_t layer_idx) const;
  /// First layer, for range-for.
  const_iterator begin() const { return const_iterator(this, 0); }
  /// Past the last layer.
  const_iterator end() const { return const_iterator(this, size()); }

  /// The layer object itself (`cache.layers[layer_idx]`; negative counts
  /// from the end).
  /// \throws KeyError when out of range.
  CacheLayer &layer(int64_t layer_idx);
  /// The layer object itself (const).
  /// \throws KeyError when out of range.
  const CacheLayer &layer(int64_t layer_idx) const;

  /// The legacy format: one `(keys, values)` tuple per layer
  /// (`cache.to_legacy_cache()`). Sliding layers give only the tokens they
  /// store.
  LegacyCache to_legacy_cache() const;

protected:
  /// `(keys, values)` of layer `layer_idx`, already range-checked.
  virtual std::pair<Tensor, Tensor> get_layer_states(int64_t layer_idx) const;
  /// Throws KeyError unless `-size() <= layer_idx < size()`.
  void check_layer_index(int64_t layer_idx) const;

  /// The layers, one per decoder layer.
  std::vector<std::unique_ptr<CacheLayer>> layers_;
  /// Whether `update` past the end appends `DynamicLayer`s.
  bool replicate_dynamic_ = false;
};

/// The default cache: grows as needed (upstream `DynamicCache`).
class DynamicCache : public Cache {
public:
  /// An empty cache whose layers (`DynamicLayer`) are created on first update
  /// (`DynamicCache()`).
  DynamicCache();
  /// One layer per decoder layer of `config`: `DynamicSlidingWindowLayer`
  /// for sliding-attention layers, `DynamicLayer` otherwise
  /// (`DynamicCache(config=config)`). `config.sliding_window` must be set
  /// when a layer is sliding.
  /// \throws ValueError if the sliding window is not positive or missing
  /// for a sliding layer, or `layer_types` has unknown entries or not one
  /// per layer (upstream `layer_type_validation` text).
  explicit DynamicCache(const ModelConfig &config);

  /// Builds a cache from the legacy format
  /// (`DynamicCache.from_legacy_cache(past_key_values)`): one `DynamicLayer`
  /// per tuple, so a round trip with `to_legacy_cache` is exact (sliding
  /// layers come back as plain `DynamicLayer`s holding their window; a
  /// layer of two undefined tensors stays an empty layer).
  /// \throws ValueError for a layer that is not two 4-D states of the same
  /// batch size and heads, or layers of different batch sizes.
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

/// Fixed-capacity cache (`StaticLayer` per decoder layer; upstream
/// `StaticCache`). It does not grow: `update` of a layer past the end throws
/// KeyError.
class StaticCache : public Cache {
public:
  /// `config.num_hidden_layers` layers of `max_cache_len` tokens
  /// (`StaticCache(config=config, max_cache_len=n)`; batch size and head
  /// shapes come from the first update).
  /// \throws ValueError if `max_cache_len < 1`.
  StaticCache(const ModelConfig &config, int64_t max_cache_len);
  /// `num_layers` layers of `max_cache_len` tokens.
  /// \throws ValueError if `max_cache_len < 1` or `num_layers < 0`.
  StaticCache(int64_t num_layers, int64_t max_cache_len);
};

/// Self-attention + cross-attention caches of an encoder-decoder model
/// (upstream `EncoderDecoderCache`). Layer queries (`get_seq_length`,
/// `operator[]`, `size`, ...) answer for the self-attention cache; batch
/// operations apply to both. No model of this library uses it; it exists for
/// the legacy 4-tensor format.
class EncoderDecoderCache : public Cache {
public:
  /// `EncoderDecoderCache(self_attention_cache, cross_attention_cache)`.
  /// \throws ValueError if either cache is null.
  EncoderDecoderCache(std::shared_ptr<Cache> self_attention_cache,
                      std::shared_ptr<Cache> cross_attention_cache);

  /// Builds two `DynamicCache`s from `(self_k, self_v, cross_k, cross_v)`
  /// layers (`EncoderDecoderCache.from_legacy_cache(past_key_values)`).
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

  /// `(self_k, self_v, cross_k, cross_v)` per self-attention layer
  /// (`cache.to_legacy_cache()`); cross tensors are undefined where the
  /// cross-attention cache has fewer layers.
  LegacyEncoderDecoderCache to_legacy_cache() const;

  /// Updates the self-attention cache (update the cross-attention one
  /// through `cross_attention_cache->update`).
  std::pair<Tensor, Tensor> update(const Tensor &key_states,
                                   const Tensor &value_states,
                                   int64_t layer_idx) override;
  /// Tokens seen by the self-attention layer.
  int64_t get_seq_length(int64_t layer_idx = 0) const override;
  /// Capacity of the self-attention layer.
  int64_t get_max_cache_shape(int64_t layer_idx = 0) const override;
  /// Crops the self-attention cache only (as upstream).
  void crop(int64_t max_length) override;
  /// Reorders both caches.
  void reorder_cache(const std::vector<int64_t> &beam_idx) override;
  /// Repeats the batch of both caches.
  void batch_repeat_interleave(int64_t repeats) override;
  /// Selects batch entries of both caches.
  void batch_select_indices(const std::vector<int64_t> &indices) override;
  /// Resets both caches.
  void reset() override;
  /// Number of self-attention layers.
  std::size_t size() const override;

  /// Decoder self-attention states (upstream `self_attention_cache`).
  std::shared_ptr<Cache> self_attention_cache;
  /// Encoder-output cross-attention states (upstream
  /// `cross_attention_cache`).
  std::shared_ptr<Cache> cross_attention_cache;

protected:
  /// The self-attention cache's `(keys, values)`: `cache[i]` is a pair,
  /// where upstream returns the 4-tuple with the cross-attention states.
  std::pair<Tensor, Tensor> get_layer_states(int64_t layer_idx) const override;
};

// ---------------------------------------------------------------------------
// PastKeyValues: the value of a cache keyword argument
// ---------------------------------------------------------------------------

/// What a caller passed as `past_key_values` / `cache_params`: nothing, a
/// `Cache`, or (accepted only so that old code still compiles) a legacy
/// tuple-shaped value, which the models reject at run time with ValueError
/// (`legacy_cache_message()`) and the `transformers-legacy-cache` check
/// flags at lint time. As untyped as Python's keyword argument.
class PastKeyValues {
public:
  /// None (Python's default `None`).
  PastKeyValues() = default;
  /// None: `nullptr` stands for `None`.
  PastKeyValues(std::nullptr_t) {}
  /// A cache of any class derived from `Cache`; implicit, so a
  /// `std::shared_ptr<DynamicCache>` can be passed directly. A null pointer
  /// counts as none.
  template <class C,
            std::enable_if_t<std::is_base_of<Cache, C>::value, int> = 0>
  PastKeyValues(std::shared_ptr<C> cache) : cache_(std::move(cache)) {}
  /// Legacy values (any `is_legacy_cache_v` form, copied): implicit on
  /// purpose (old code compiles, then throws).
  template <class T, std::enable_if_t<is_legacy_cache_v<T>, int> = 0>
  PastKeyValues(const T &legacy) : legacy_arity_(legacy_cache_arity_v<T>) {
    if constexpr (legacy_cache_arity_v<T> == 2)
      legacy_ = std::make_shared<const LegacyCache>(
          detail::normalize_legacy_cache(legacy));
    else
      legacy_ed_ = std::make_shared<const LegacyEncoderDecoderCache>(
          detail::normalize_legacy_ed_cache(legacy));
  }

  /// Nothing was passed (`past_key_values is None`).
  bool is_none() const { return !cache_ && legacy_arity_ == 0; }
  /// A `Cache` was passed (`isinstance(past_key_values, Cache)`).
  bool is_cache() const { return static_cast<bool>(cache_); }
  /// A legacy tuple-shaped value was passed (`isinstance(..., tuple)`).
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
