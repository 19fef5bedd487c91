// Library robustness: every public entry point rejects bad shapes, layer
// indices, empty inputs and inconsistent configs with a Python-style
// exception (upstream text where upstream has one) -- never undefined
// behaviour, never a silently wrong result. Run under ASan + UBSan too.
#include "test_util.h"

#include <gtest/gtest.h>

#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <typeinfo>

using namespace transformers;
using tt_test::seq;
using tt_test::values;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

/// Passes when `f` throws exactly an `E` (or a subclass) whose message
/// contains `text`.
template <class E, class F>
::testing::AssertionResult Rejects(F &&f, const std::string &text) {
  try {
    f();
  } catch (const E &e) {
    if (std::string(e.what()).find(text) != std::string::npos)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "message \"" << e.what() << "\" lacks \"" << text << "\"";
  } catch (const std::exception &e) {
    return ::testing::AssertionFailure()
           << "wrong exception type " << typeid(e).name() << ": " << e.what();
  }
  return ::testing::AssertionFailure() << "no exception";
}

/// `[b, h, n, d]` states with distinct values.
Tensor kv(int64_t b, int64_t h, int64_t n, int64_t d, uint64_t seed = 1) {
  return Tensor::randn({b, h, n, d}, seed);
}

const TokenIds kIds = {{1, 2, 3, 4}};

GenerationConfig greedy(int64_t n) {
  GenerationConfig g;
  g.max_new_tokens = n;
  return g;
}

ModelConfig sliding_config() {
  ModelConfig c;
  c.sliding_window = 4;
  c.layer_types = {"sliding_attention", "full_attention"};
  return c;
}

} // namespace

// --- Tensor -----------------------------------------------------------------

TEST(TensorRobustness, NegativeDimension) {
  EXPECT_TRUE(Rejects<ValueError>([] { Tensor::zeros({2, -1}); },
                                  "Trying to create tensor with negative "
                                  "dimension -1: [2, -1]"));
  EXPECT_TRUE(Rejects<ValueError>([] { Tensor::randn({-3}, 0); },
                                  "negative dimension -3"));
}

TEST(TensorRobustness, ShapeWhoseSizeOverflows) {
  // Was a signed overflow; now rejected before anything is allocated.
  EXPECT_TRUE(Rejects<ValueError>(
      [] { Tensor::zeros({int64_t{1} << 40, int64_t{1} << 40}); },
      "overflow int64"));
  EXPECT_TRUE(Rejects<ValueError>([] { Tensor::from_data({kMax, 2}, {}); },
                                  "overflow"));
}

TEST(TensorRobustness, FromDataSizeMismatch) {
  EXPECT_TRUE(
      Rejects<ValueError>([] { Tensor::from_data({2, 2}, {1, 2, 3}); },
                          "shape '[2, 2]' is invalid for input of size 3"));
  EXPECT_TRUE(
      Rejects<ValueError>([] { Tensor::from_data({0}, {1}); },
                          "shape '[0]' is invalid for input of size 1"));
}

TEST(TensorRobustness, SizeDimOutOfRange) {
  Tensor t = Tensor::zeros({2, 3, 4});
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { (void)t.size(3); },
      "Dimension out of range (expected to be in range of [-3, 2], but got "
      "3)"));
  EXPECT_TRUE(Rejects<IndexError>([&] { (void)t.size(-4); }, "but got -4)"));
  EXPECT_TRUE(Rejects<IndexError>([&] { (void)t.size(kMin); }, "but got"));
}

TEST(TensorRobustness, SizeOfZeroDimTensor) {
  Tensor scalar = Tensor::zeros({});
  EXPECT_EQ(scalar.numel(), 1);
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { (void)scalar.size(0); },
      "Dimension specified as 0 but tensor has no dimensions"));
}

TEST(TensorRobustness, CatEmptyList) {
  EXPECT_TRUE(Rejects<ValueError>([] { cat({}, 0); },
                                  "expected a non-empty list of Tensors"));
}

TEST(TensorRobustness, CatDimOutOfRange) {
  Tensor a = kv(1, 1, 2, 1);
  EXPECT_TRUE(
      Rejects<IndexError>([&] { cat({a, a}, 4); }, "Dimension out of range"));
  EXPECT_TRUE(Rejects<IndexError>([&] { cat({a, a}, -5); }, "but got -5)"));
}

TEST(TensorRobustness, CatRankMismatch) {
  EXPECT_TRUE(Rejects<ValueError>(
      [] { cat({kv(1, 1, 2, 1), Tensor::zeros({1, 2})}, 0); },
      "Tensors must have same number of dimensions: got 4 and 2"));
}

TEST(TensorRobustness, CatSizeMismatch) {
  EXPECT_TRUE(Rejects<ValueError>(
      [] { cat({kv(1, 2, 1, 2), kv(1, 3, 1, 2)}, -2); },
      "Sizes of tensors must match except in dimension 2. Expected size 2 "
      "but got size 3 for tensor number 1 in the list."));
}

TEST(TensorRobustness, CatZeroDimTensors) {
  Tensor s = Tensor::zeros({});
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { cat({s, s}, 0); },
      "zero-dimensional tensor (at position 0) cannot be concatenated"));
}

TEST(TensorRobustness, NarrowDimOutOfRange) {
  Tensor t = Tensor::zeros({2, 3});
  EXPECT_TRUE(Rejects<IndexError>([&] { narrow(t, 2, 0, 1); },
                                  "Dimension out of range"));
}

TEST(TensorRobustness, NarrowNegativeLength) {
  Tensor t = Tensor::zeros({2, 3});
  EXPECT_TRUE(Rejects<ValueError>([&] { narrow(t, 1, 0, -1); },
                                  "narrow(): length must be non-negative."));
}

TEST(TensorRobustness, NarrowStartOutOfRange) {
  Tensor t = Tensor::zeros({2, 3});
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { narrow(t, 1, 4, 0); },
      "start out of range (expected to be in range of [-3, 3], but got 4)"));
  EXPECT_TRUE(Rejects<IndexError>([&] { narrow(t, 1, -4, 1); }, "got -4)"));
  EXPECT_TRUE(Rejects<IndexError>([&] { narrow(t, 1, kMin, 1); },
                                  "start out of range"));
}

TEST(TensorRobustness, NarrowPastTheEnd) {
  Tensor t = Tensor::zeros({2, 3});
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { narrow(t, 1, 2, 2); },
      "start (2) + length (2) exceeds dimension size (3)."));
  // `start + length` would overflow int64 (UB before the check was fixed).
  EXPECT_TRUE(Rejects<IndexError>([&] { narrow(t, 1, 1, kMax); },
                                  "exceeds dimension size (3)."));
}

TEST(TensorRobustness, IndexSelectIndexOutOfRange) {
  Tensor t = Tensor::zeros({3, 2});
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { index_select(t, 0, {0, 3}); },
      "index 3 is out of bounds for dimension 0 with size 3"));
  EXPECT_TRUE(Rejects<IndexError>([&] { index_select(t, 0, {-4}); },
                                  "index -4 is out of bounds"));
  EXPECT_TRUE(Rejects<IndexError>([&] { index_select(t, 1, {kMin}); },
                                  "out of bounds for dimension 1 with size 2"));
}

TEST(TensorRobustness, IndexSelectDimOutOfRange) {
  EXPECT_TRUE(Rejects<IndexError>(
      [] { index_select(Tensor::zeros({3}), 1, {0}); },
      "Dimension out of range (expected to be in range of [-1, 0], but got "
      "1)"));
}

TEST(TensorRobustness, RepeatInterleaveNegativeRepeats) {
  EXPECT_TRUE(
      Rejects<ValueError>([] { repeat_interleave(Tensor::zeros({2}), -1, 0); },
                          "repeats can not be negative"));
}

TEST(TensorRobustness, RepeatInterleaveSizeOverflow) {
  EXPECT_TRUE(Rejects<ValueError>(
      [] { repeat_interleave(Tensor::zeros({2}), kMax, 0); }, "overflow"));
}

TEST(TensorRobustness, RepeatInterleaveOfAnEmptyTensorDoesNotLoop) {
  // Used to build an index list of size(dim) * repeats elements even when
  // there was nothing to copy (an endless loop for huge `repeats`).
  Tensor empty = Tensor::zeros({0, 3});
  Tensor r = repeat_interleave(empty, kMax / 4, 1);
  EXPECT_EQ(r.shape(), (Shape{0, kMax / 4 * 3}));
  EXPECT_EQ(r.numel(), 0);
  EXPECT_TRUE(Rejects<ValueError>([&] { repeat_interleave(empty, kMax, 1); },
                                  "repeat_interleave(): 3 * "
                                  "9223372036854775807 elements overflow"));
}

TEST(TensorRobustness, RepeatInterleaveDimOutOfRange) {
  EXPECT_TRUE(
      Rejects<IndexError>([] { repeat_interleave(Tensor::zeros({2}), 2, 1); },
                          "Dimension out of range"));
}

// --- Layers -----------------------------------------------------------------

TEST(LayerRobustness, UpdateRejectsNon4DStates) {
  DynamicLayer layer;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.update(Tensor::zeros({1, 2, 3}), kv(1, 2, 3, 1)); },
      "DynamicLayer.update: `key_states` must be a 4-D tensor [batch, "
      "num_heads, seq_len, head_dim], got shape [1, 2, 3]"));
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.update(kv(1, 2, 3, 1), Tensor::zeros({1, 2, 3, 1, 1})); },
      "`value_states` must be a 4-D tensor"));
  EXPECT_FALSE(layer.is_initialized);
}

TEST(LayerRobustness, UpdateRejectsUndefinedStates) {
  DynamicLayer layer;
  EXPECT_TRUE(Rejects<ValueError>([&] { layer.update(Tensor(), Tensor()); },
                                  "got an undefined tensor"));
  EXPECT_FALSE(layer.is_initialized);
}

TEST(LayerRobustness, UpdateRejectsKeyValueBatchOrHeadMismatch) {
  DynamicLayer layer;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.update(kv(1, 2, 3, 4), kv(2, 2, 3, 4)); },
      "`key_states` [1, 2, 3, 4] and `value_states` [2, 2, 3, 4] must have "
      "the same batch size and number of heads"));
  EXPECT_TRUE(
      Rejects<ValueError>([&] { layer.update(kv(1, 2, 3, 4), kv(1, 1, 3, 4)); },
                          "same batch size and number of heads"));
}

TEST(LayerRobustness, UpdateRejectsBatchMismatchWithTheCache) {
  DynamicLayer layer;
  layer.update(kv(1, 2, 3, 4), kv(1, 2, 3, 4));
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.update(kv(2, 2, 1, 4), kv(2, 2, 1, 4)); },
      "new `key_states` of shape [2, 2, 1, 4] do not match the cached key of "
      "shape [1, 2, 3, 4]"));
  EXPECT_EQ(layer.get_seq_length(), 3);
}

TEST(LayerRobustness, UpdateRejectsHeadMismatchWithTheCache) {
  DynamicLayer layer;
  layer.update(kv(1, 2, 3, 4), kv(1, 2, 3, 4));
  EXPECT_TRUE(
      Rejects<ValueError>([&] { layer.update(kv(1, 4, 1, 4), kv(1, 4, 1, 4)); },
                          "number of heads and head_dim must agree"));
}

TEST(LayerRobustness, UpdateRejectsHeadDimMismatchAndLeavesTheLayerIntact) {
  DynamicLayer layer;
  layer.update(kv(1, 2, 3, 4), kv(1, 2, 3, 4));
  Tensor keys = layer.keys;
  // Keys fit, values do not: nothing may be half-updated.
  EXPECT_TRUE(
      Rejects<ValueError>([&] { layer.update(kv(1, 2, 1, 4), kv(1, 2, 1, 8)); },
                          "new `value_states` of shape [1, 2, 1, 8]"));
  EXPECT_TRUE(layer.keys.equal(keys));
  EXPECT_EQ(layer.values.size(-2), 3);
}

TEST(LayerRobustness, SlidingUpdateRejectsSequenceMismatch) {
  DynamicSlidingWindowLayer layer(4);
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.update(kv(1, 1, 2, 1), kv(1, 1, 3, 1)); },
      "DynamicSlidingWindowLayer.update: `key_states` [1, 1, 2, 1] and "
      "`value_states` [1, 1, 3, 1] must have the same sequence length"));
  EXPECT_EQ(layer.get_seq_length(), 0); // cumulative length untouched
}

TEST(LayerRobustness, SlidingUpdateRejectsMismatchWithTheCache) {
  DynamicSlidingWindowLayer layer(4);
  layer.update(kv(1, 1, 2, 2), kv(1, 1, 2, 2));
  EXPECT_TRUE(
      Rejects<ValueError>([&] { layer.update(kv(1, 1, 1, 3), kv(1, 1, 1, 3)); },
                          "do not match the cached key"));
  EXPECT_EQ(layer.get_seq_length(), 2);
}

TEST(LayerRobustness, SlidingWindowMustBePositive) {
  EXPECT_TRUE(Rejects<ValueError>([] { DynamicSlidingWindowLayer layer(0); },
                                  "`sliding_window` must be a positive "
                                  "integer, got 0"));
}

TEST(LayerRobustness, StaticUpdateRejectsValuesLongerThanKeys) {
  // Used to write past the end of the value buffer.
  StaticLayer layer(4);
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.update(kv(1, 1, 1, 1), kv(1, 1, 4, 1)); },
      "StaticLayer.update: `key_states` [1, 1, 1, 1] and `value_states` [1, "
      "1, 4, 1] must have the same sequence length"));
  StaticLayer filled(4);
  filled.update(seq({1, 2, 3}), seq({1, 2, 3}));
  EXPECT_TRUE(Rejects<ValueError>([&] { filled.update(seq({4}), seq({4, 5})); },
                                  "must have the same sequence length"));
  EXPECT_EQ(filled.get_seq_length(), 3);
}

TEST(LayerRobustness, StaticUpdateRejectsMismatchWithTheBuffer) {
  StaticLayer layer(4);
  layer.update(kv(1, 2, 1, 4), kv(1, 2, 1, 4));
  EXPECT_TRUE(
      Rejects<ValueError>([&] { layer.update(kv(1, 2, 1, 2), kv(1, 2, 1, 2)); },
                          "StaticLayer.update: new `key_states` of shape [1, "
                          "2, 1, 2] do not match the cached key of shape [1, "
                          "2, 4, 4]"));
}

TEST(LayerRobustness, StaticMaxCacheLenMustBePositive) {
  EXPECT_TRUE(
      Rejects<ValueError>([] { StaticLayer layer(0); },
                          "`max_cache_len` must be a positive integer, got 0"));
  EXPECT_TRUE(Rejects<ValueError>([] { StaticLayer layer(-3); }, "got -3"));
}

TEST(LayerRobustness, CropDroppingMoreTokensThanHeld) {
  DynamicLayer layer;
  layer.update(seq({1, 2, 3}), seq({1, 2, 3}));
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { layer.crop(-4); },
      "crop(-4): cannot drop 4 tokens from a cache layer holding 3"));
  // INT64_MIN used to overflow on negation.
  EXPECT_TRUE(Rejects<ValueError>([&] { layer.crop(kMin); }, "cannot drop"));
  EXPECT_EQ(layer.get_seq_length(), 3);
  layer.crop(-3); // dropping exactly everything is fine
  EXPECT_EQ(layer.get_seq_length(), 0);
}

TEST(LayerRobustness, StaticCropDroppingMoreTokensThanHeld) {
  StaticLayer layer(4);
  layer.update(seq({1, 2}), seq({1, 2}));
  EXPECT_TRUE(Rejects<ValueError>([&] { layer.crop(-3); },
                                  "cannot drop 3 tokens from a cache layer "
                                  "holding 2"));
  EXPECT_TRUE(Rejects<ValueError>([&] { layer.crop(kMin); }, "cannot drop"));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2, 0, 0}));
}

TEST(LayerRobustness, ReorderIndexOutOfRange) {
  DynamicLayer layer;
  layer.update(tt_test::batch({1, 2}), tt_test::batch({3, 4}));
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { layer.reorder_cache({1, 2}); },
      "index 2 is out of bounds for dimension 0 with size 2"));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2}));
}

TEST(LayerRobustness, BatchSelectIndexOutOfRange) {
  DynamicLayer layer;
  layer.update(tt_test::batch({1, 2}), tt_test::batch({3, 4}));
  EXPECT_TRUE(Rejects<IndexError>([&] { layer.batch_select_indices({-3}); },
                                  "index -3 is out of bounds"));
}

TEST(LayerRobustness, BatchRepeatNegativeEvenWhenEmpty) {
  DynamicLayer layer; // nothing stored yet: still a bad argument
  EXPECT_TRUE(Rejects<ValueError>([&] { layer.batch_repeat_interleave(-1); },
                                  "repeats can not be negative"));
}

// --- Caches -----------------------------------------------------------------

TEST(CacheRobustness, UpdateNegativeLayerIdx) {
  // Was an endless loop (DynamicCache) / out-of-bounds access (StaticCache).
  DynamicCache dynamic;
  dynamic.update(seq({1}), seq({1}), 0);
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { dynamic.update(seq({2}), seq({2}), -1); },
      "Cache.update: `layer_idx` must be a non-negative layer index, got -1"));
  StaticCache fixed(2, 4);
  EXPECT_TRUE(Rejects<IndexError>([&] { fixed.update(seq({2}), seq({2}), -2); },
                                  "got -2"));
  EXPECT_EQ(dynamic.size(), 1u);
  EXPECT_EQ(dynamic.get_seq_length(), 1);
}

TEST(CacheRobustness, RejectedUpdateAddsNoLayer) {
  DynamicCache cache;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { cache.update(Tensor::zeros({1, 1}), Tensor::zeros({1, 1}), 2); },
      "DynamicLayer.update: `key_states` must be a 4-D tensor"));
  EXPECT_EQ(cache.size(), 0u);
}

TEST(CacheRobustness, UpdatePastTheLayersOfAFixedCache) {
  StaticCache fixed(2, 4);
  EXPECT_TRUE(Rejects<KeyError>(
      [&] { fixed.update(seq({1}), seq({1}), 5); },
      "Cache only has 2 layers, attempted to access layer with index 5"));
}

TEST(CacheRobustness, NullLayer) {
  std::vector<std::unique_ptr<CacheLayer>> layers;
  layers.push_back(std::make_unique<DynamicLayer>());
  layers.push_back(nullptr);
  EXPECT_TRUE(Rejects<ValueError>([&] { Cache cache(std::move(layers)); },
                                  "Cache: layer 1 is null"));
}

TEST(CacheRobustness, StaticCacheMaxCacheLenNotPositive) {
  ModelConfig config;
  EXPECT_TRUE(
      Rejects<ValueError>([&] { StaticCache cache(config, 0); },
                          "`max_cache_len` must be a positive integer, got 0"));
  // Even with no layer to build, the capacity is checked.
  EXPECT_TRUE(Rejects<ValueError>([] { StaticCache cache(0, -1); }, "got -1"));
}

TEST(CacheRobustness, StaticCacheNegativeLayerCount) {
  EXPECT_TRUE(Rejects<ValueError>([] { StaticCache cache(-1, 4); },
                                  "the number of layers must be in [0, "
                                  "65536], got -1"));
}

TEST(CacheRobustness, CropFailureLeavesEveryLayerIntact) {
  ModelConfig config;
  config.sliding_window = 3;
  config.layer_types = {"full_attention", "sliding_attention"};
  DynamicCache cache(config);
  for (int64_t l = 0; l < 2; ++l)
    cache.update(seq({1, 2, 3, 4}), seq({1, 2, 3, 4}), l);
  EXPECT_TRUE(Rejects<ValueError>([&] { cache.crop(2); },
                                  "Cannot `crop` a `DynamicSlidingWindowLayer` "
                                  "after it has seen more tokens"));
  // The full layer before the sliding one was not cropped either.
  EXPECT_EQ(cache.get_seq_length(0), 4);
  EXPECT_TRUE(Rejects<ValueError>([&] { cache.crop(-9); }, "cannot drop 9"));
}

TEST(CacheRobustness, ReorderFailureLeavesEveryLayerIntact) {
  DynamicCache cache;
  cache.update(tt_test::batch({1, 2, 3}), tt_test::batch({1, 2, 3}), 0);
  cache.update(tt_test::batch({4, 5}), tt_test::batch({4, 5}), 1);
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { cache.reorder_cache({2, 1, 0}); },
      "index 2 is out of bounds for dimension 0 with size 2"));
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{1, 2, 3}));
}

TEST(CacheRobustness, BatchSelectIndexOutOfRange) {
  DynamicCache cache;
  cache.update(tt_test::batch({1, 2}), tt_test::batch({1, 2}), 0);
  EXPECT_TRUE(Rejects<IndexError>([&] { cache.batch_select_indices({0, 7}); },
                                  "index 7 is out of bounds"));
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{1, 2}));
}

TEST(CacheRobustness, BatchRepeatNegative) {
  DynamicCache cache;
  EXPECT_TRUE(Rejects<ValueError>([&] { cache.batch_repeat_interleave(-2); },
                                  "repeats can not be negative"));
}

TEST(CacheRobustness, EncoderDecoderReorderChecksBothHalves) {
  auto self_cache = std::make_shared<DynamicCache>();
  auto cross_cache = std::make_shared<DynamicCache>();
  self_cache->update(tt_test::batch({1, 2, 3}), tt_test::batch({1, 2, 3}), 0);
  cross_cache->update(tt_test::batch({4, 5}), tt_test::batch({4, 5}), 0);
  EncoderDecoderCache cache(self_cache, cross_cache);
  EXPECT_TRUE(Rejects<IndexError>([&] { cache.reorder_cache({2, 0, 1}); },
                                  "index 2 is out of bounds"));
  EXPECT_EQ(values((*self_cache)[0].first), (std::vector<float>{1, 2, 3}));
}

TEST(CacheRobustness, FromLegacyNon4DLayer) {
  LegacyCache legacy = {{kv(1, 2, 3, 4), kv(1, 2, 3, 4)},
                        {Tensor::zeros({1, 2, 3}), kv(1, 2, 3, 4)}};
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { DynamicCache::from_legacy_cache(legacy); },
      "DynamicCache.from_legacy_cache: layer 1: `key_states` must be a 4-D "
      "tensor"));
}

TEST(CacheRobustness, FromLegacyKeyValueMismatch) {
  LegacyCache legacy = {{kv(1, 2, 3, 4), kv(1, 1, 3, 4)}};
  EXPECT_TRUE(
      Rejects<ValueError>([&] { DynamicCache::from_legacy_cache(legacy); },
                          "layer 0: `key_states` [1, 2, 3, 4] and "
                          "`value_states` [1, 1, 3, 4] must have the same "
                          "batch size and number of heads"));
}

TEST(CacheRobustness, FromLegacyBatchMismatchBetweenLayers) {
  LegacyCache legacy = {{kv(2, 2, 3, 4), kv(2, 2, 3, 4)},
                        {kv(1, 2, 3, 4), kv(1, 2, 3, 4)}};
  EXPECT_TRUE(
      Rejects<ValueError>([&] { DynamicCache::from_legacy_cache(legacy); },
                          "layer 1 has a batch size of 1 but layer 0 has 2"));
}

TEST(CacheRobustness, FromLegacyHalfUndefinedLayer) {
  LegacyCache legacy = {{kv(1, 2, 3, 4), Tensor()}};
  EXPECT_TRUE(
      Rejects<ValueError>([&] { DynamicCache::from_legacy_cache(legacy); },
                          "`value_states` must be a 4-D tensor [batch, "
                          "num_heads, seq_len, head_dim], got an undefined "
                          "tensor"));
}

TEST(CacheRobustness, FromLegacyKeepsNeverUpdatedLayers) {
  // Not an error: `to_legacy_cache` of a layer never updated gives two
  // undefined tensors, and the round trip stays exact.
  DynamicCache cache(ModelConfig{});
  cache.update(kv(1, 2, 3, 4), kv(1, 2, 3, 4), 0);
  auto back = DynamicCache::from_legacy_cache(cache.to_legacy_cache());
  ASSERT_EQ(back->size(), 2u);
  EXPECT_TRUE(back->layer(0).keys.equal(cache.layer(0).keys));
  EXPECT_FALSE(back->layer(1).is_initialized);
}

TEST(CacheRobustness, EncoderDecoderFromLegacyBatchMismatch) {
  LegacyEncoderDecoderCache legacy = {
      {kv(2, 2, 3, 4), kv(2, 2, 3, 4), kv(1, 2, 5, 4), kv(1, 2, 5, 4)}};
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { EncoderDecoderCache::from_legacy_cache(legacy); },
      "the self-attention states have a batch size of 2 but the "
      "cross-attention states have 1"));
  LegacyEncoderDecoderCache bad_cross = {
      {kv(1, 2, 3, 4), kv(1, 2, 3, 4), kv(1, 2, 5, 4), Tensor::zeros({5})}};
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { EncoderDecoderCache::from_legacy_cache(bad_cross); },
      "(cross-attention): layer 0: `value_states` must be a 4-D tensor"));
}

// --- ModelConfig
// --------------------------------------------------------------

TEST(ConfigRobustness, LayerTypesLengthMismatch) {
  ModelConfig c;
  c.layer_types = {"full_attention"};
  const char *text = "`num_hidden_layers` (2) must be equal to the number of "
                     "layer types (1)";
  EXPECT_TRUE(Rejects<ValueError>([&] { DynamicCache cache(c); }, text));
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); }, text));
}

TEST(ConfigRobustness, UnknownLayerType) {
  ModelConfig c;
  c.layer_types = {"full_attention", "chunked_attention"};
  const char *text = "The `layer_types` entries must be in ('full_attention', "
                     "'sliding_attention'), got 'chunked_attention'";
  EXPECT_TRUE(Rejects<ValueError>([&] { DynamicCache cache(c); }, text));
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); }, text));
}

TEST(ConfigRobustness, SlidingLayersWithoutSlidingWindow) {
  // DynamicCache(config) used to dereference the empty optional.
  ModelConfig c;
  c.layer_types = {"full_attention", "sliding_attention"};
  const char *text = "`layer_types[1]` is \"sliding_attention\" but "
                     "`sliding_window` is not set";
  EXPECT_TRUE(Rejects<ValueError>([&] { DynamicCache cache(c); }, text));
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); }, text));
}

TEST(ConfigRobustness, SlidingWindowNotPositive) {
  ModelConfig c;
  c.sliding_window = 0;
  const char *text = "`sliding_window` must be a positive integer, got 0";
  EXPECT_TRUE(Rejects<ValueError>([&] { DynamicCache cache(c); }, text));
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); }, text));
}

TEST(ConfigRobustness, NegativeLayerCount) {
  ModelConfig c;
  c.num_hidden_layers = -1;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { DynamicCache cache(c); },
      "`num_hidden_layers` must be a non-negative integer, got -1"));
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { StaticCache cache(c, 4); },
      "the number of layers must be in [0, 65536], got -1"));
}

TEST(CacheRobustness, UpdateLayerIdxFarPastTheEnd) {
  // Upstream appends layers up to `layer_idx`: for a stray huge index that
  // used to grow the cache until memory ran out.
  DynamicCache cache;
  EXPECT_TRUE(Rejects<IndexError>(
      [&] { cache.update(seq({1}), seq({1}), kMax); },
      "Cache.update: `layer_idx` 9223372036854775807 exceeds the supported "
      "maximum of 65536 layers"));
  EXPECT_EQ(cache.size(), 0u);
  ModelConfig c;
  c.num_hidden_layers = kMax;
  EXPECT_TRUE(Rejects<ValueError>([&] { DynamicCache huge(c); },
                                  "exceeds the supported maximum of 65536"));
  EXPECT_TRUE(Rejects<ValueError>([&] { StaticCache huge(c, 4); },
                                  "must be in [0, 65536], got "
                                  "9223372036854775807"));
  EXPECT_TRUE(Rejects<ValueError>([&] { MambaForCausalLM huge(c); },
                                  "exceeds the supported maximum of 65536"));
}

TEST(ConfigRobustness, HiddenSizeNotDivisibleByHeads) {
  ModelConfig c;
  c.hidden_size = 30;
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); },
                                  "The hidden size (30) is not a multiple of "
                                  "the number of attention heads (4)"));
}

TEST(ConfigRobustness, KeyValueHeadsNotDividingHeads) {
  ModelConfig c;
  c.num_key_value_heads = 3;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { LlamaForCausalLM model(c); },
      "`num_attention_heads` (4) must be divisible by `num_key_value_heads` "
      "(3)"));
}

TEST(ConfigRobustness, NonPositiveDimensions) {
  ModelConfig c;
  c.vocab_size = 0;
  EXPECT_TRUE(
      Rejects<ValueError>([&] { LlamaForCausalLM model(c); },
                          "`vocab_size` must be a positive integer, got 0"));
  ModelConfig d;
  d.num_key_value_heads = -2;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { LlamaForCausalLM model(d); },
      "`num_key_value_heads` must be a positive integer, got -2"));
  ModelConfig p;
  p.max_position_embeddings = 0;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { LlamaForCausalLM model(p); },
      "`max_position_embeddings` must be a positive integer, got 0"));
  ModelConfig m;
  m.state_size = 0;
  EXPECT_TRUE(
      Rejects<ValueError>([&] { MambaForCausalLM model(m); },
                          "`state_size` must be a positive integer, got 0"));
  ModelConfig k;
  k.conv_kernel = -1;
  EXPECT_TRUE(
      Rejects<ValueError>([&] { MambaForCausalLM model(k); },
                          "`conv_kernel` must be a positive integer, got -1"));
}

TEST(ConfigRobustness, OddHeadDim) {
  ModelConfig c;
  c.hidden_size = 12; // head_dim 3
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); },
                                  "the head dimension (3) must be even"));
}

TEST(ConfigRobustness, NonFiniteNormEpsilonOrRopeTheta) {
  ModelConfig c;
  c.rms_norm_eps = -1.0f;
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(c); },
                                  "`rms_norm_eps` must be a finite"));
  ModelConfig d;
  d.rope_theta = std::nanf("");
  EXPECT_TRUE(Rejects<ValueError>([&] { LlamaForCausalLM model(d); },
                                  "`rope_theta` must be a finite positive"));
}

// --- Inputs and GenerationConfig --------------------------------------------

TEST(InputRobustness, TokenIdOutOfVocab) {
  LlamaForCausalLM llama;
  MambaForCausalLM mamba;
  for (const PreTrainedModel *m :
       {static_cast<const PreTrainedModel *>(&llama),
        static_cast<const PreTrainedModel *>(&mamba)}) {
    EXPECT_TRUE(Rejects<IndexError>([&] { m->generate({{1, 64}}); },
                                    "index out of range in self"));
    EXPECT_TRUE(Rejects<IndexError>([&] { m->forward({{-1, 2}}); },
                                    "index out of range in self"));
  }
}

TEST(InputRobustness, EmptyInputIds) {
  LlamaForCausalLM model;
  const char *text = "`input_ids` must hold at least one token per sequence";
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate({}); }, text));
  EXPECT_TRUE(Rejects<ValueError>([&] { model.forward({{}}); }, text));
  EXPECT_TRUE(Rejects<ValueError>([&] { model.forward({{}, {}}); }, text));
}

TEST(InputRobustness, RaggedBatch) {
  LlamaForCausalLM model;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate({{1, 2}, {3}}); },
                                  "expected sequence of length 2 at dim 1 "
                                  "(got 1)"));
  EXPECT_TRUE(Rejects<ValueError>([&] { model.forward({{1}, {2, 3}}); },
                                  "expected sequence of length 1 at dim 1 "
                                  "(got 2)"));
}

TEST(InputRobustness, NegativeMaxNewTokens) {
  LlamaForCausalLM model;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, greedy(-1)); },
                                  "`max_new_tokens` must be greater than or "
                                  "equal to 0, but is -1."));
  EXPECT_EQ(model.generate(kIds, greedy(0)).sequences, kIds);
}

TEST(InputRobustness, HugeMaxNewTokensWithStaticCache) {
  // prompt + max_new_tokens used to overflow when sizing the static cache.
  LlamaForCausalLM model;
  GenerationConfig g = greedy(kMax);
  g.cache_implementation = "static";
  EXPECT_TRUE(
      Rejects<ValueError>([&] { model.generate(kIds, g); }, "overflow int64"));
}

TEST(InputRobustness, NegativeTopK) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(2);
  g.top_k = -1;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                  "`top_k` has to be a non-negative integer, "
                                  "but is -1"));
}

TEST(InputRobustness, NonPositiveTemperatureWithSampling) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(2);
  g.do_sample = true;
  for (float t : {0.0f, -1.0f, std::nanf("")}) {
    g.temperature = t;
    EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                    "has to be a strictly positive float, "
                                    "otherwise your next token scores will be "
                                    "invalid."))
        << t;
  }
  g.temperature = 0.0f;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                  "`temperature` (=0.0) has to be a strictly "
                                  "positive float"));
  g.do_sample = false; // greedy ignores the temperature, as upstream
  g.temperature = 0.0f;
  EXPECT_EQ(model.generate(kIds, g).sequences[0].size(), 6u);
}

TEST(InputRobustness, NumBeamsBelowOne) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(2);
  for (int64_t n : {int64_t{0}, int64_t{-1}}) {
    g.num_beams = n;
    EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                    "`num_beams` has to be a strictly "
                                    "positive integer, but is " +
                                        std::to_string(n)));
  }
}

TEST(InputRobustness, NumBeamsTimesBatchOverflows) {
  // batch * num_beams used to overflow when sizing the beams.
  LlamaForCausalLM model;
  GenerationConfig g = greedy(1);
  g.num_beams = kMax;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate({{1}, {2}}, g); },
                                  "`num_beams` x batch size: 2 * "
                                  "9223372036854775807 elements overflow"));
}

TEST(InputRobustness, EosTokenIdOutOfVocab) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(2);
  g.eos_token_id = 64;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                  "`eos_token_id` (64) must be a token id in "
                                  "[0, vocab_size=64)"));
  g.eos_token_id = -1;
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                  "`eos_token_id` (-1)"));
}

TEST(InputRobustness, UnknownCacheImplementation) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(2);
  g.cache_implementation = "paged";
  EXPECT_TRUE(Rejects<ValueError>([&] { model.generate(kIds, g); },
                                  "Invalid `cache_implementation` (paged)"));
}

TEST(InputRobustness, CacheUnderTheOtherModelsKeyword) {
  // Used to be silently ignored (generation then ran without the cache).
  LlamaForCausalLM llama;
  MambaForCausalLM mamba;
  auto cache = std::make_shared<DynamicCache>();
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { llama.generate(kIds, greedy(1), {.cache_params = cache}); },
      "The following `model_kwargs` are not used by the model: "
      "['cache_params'] (note: typos in the generate arguments will also "
      "show up in this list)"));
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { mamba.generate(kIds, greedy(1), {.past_key_values = cache}); },
      "are not used by the model: ['past_key_values']"));
  EXPECT_EQ(cache->size(), 0u);
}

// --- A cache that does not fit the model
// --------------------------------------

TEST(ModelCacheRobustness, CacheOfAnotherModelShape) {
  ModelConfig other;
  other.num_key_value_heads = 4; // 4 KV heads instead of 2
  auto cache = LlamaForCausalLM(other).forward(kIds).past_key_values;
  LlamaForCausalLM model;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { model.forward({{5}}, cache); },
      "layer 0 of the cache holds keys of shape [1, 4, 4, 8] and values of "
      "shape [1, 4, 4, 8], but this model needs [1, 2, seq_len, 8] for both"));
  EXPECT_EQ(cache->get_seq_length(), 4); // untouched
}

TEST(ModelCacheRobustness, CacheBatchMismatch) {
  LlamaForCausalLM model;
  auto cache = model.forward(kIds).past_key_values;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { model.forward({{5}, {6}}, cache); },
      "the cache holds a batch of 1 sequences but `input_ids` has 2"));
  EXPECT_EQ(cache->get_seq_length(0), 4);
  EXPECT_EQ(cache->get_seq_length(1), 4);
}

TEST(ModelCacheRobustness, BeamSearchCacheBatchMismatch) {
  // Checked before the cache is expanded to beams.
  LlamaForCausalLM model;
  auto cache = model.forward(kIds).past_key_values;
  GenerationConfig g = greedy(2);
  g.num_beams = 3;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { model.generate({{1, 2, 3, 4, 5}, {1, 2, 3, 4, 6}}, g, {cache}); },
      "the cache holds a batch of 1 sequences but `input_ids` has 2"));
  EXPECT_EQ((*cache)[0].first.size(0), 1);
}

TEST(ModelCacheRobustness, LegacyLayersOfDifferentLengths) {
  LlamaForCausalLM model;
  auto legacy = model.forward(kIds).past_key_values->to_legacy_cache();
  std::get<0>(legacy[1]) = narrow(std::get<0>(legacy[1]), -2, 0, 2);
  std::get<1>(legacy[1]) = narrow(std::get<1>(legacy[1]), -2, 0, 2);
  auto cache = DynamicCache::from_legacy_cache(legacy);
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { model.generate({{1, 2, 3, 4, 5}}, greedy(1), {cache}); },
      "layer 1 of the cache holds 2 tokens, inconsistent with the 4 tokens "
      "the cache holds"));
  EXPECT_EQ(cache->get_seq_length(0), 4);
}

TEST(ModelCacheRobustness, MissingLayer) {
  LlamaForCausalLM model;
  auto full = model.forward(kIds).past_key_values;
  auto cache = std::make_shared<DynamicCache>();
  cache->update((*full)[0].first, (*full)[0].second, 0);
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { model.forward({{5}}, cache); },
      "layer 1 of the cache holds no states but the cache holds 4 tokens"));
}

TEST(ModelCacheRobustness, SlidingCacheForAFullAttentionLayer) {
  // A window-limited layer cannot serve full attention once tokens fell out.
  LlamaForCausalLM sliding(sliding_config());
  ModelConfig all_sliding_cache = sliding_config();
  all_sliding_cache.layer_types = {"sliding_attention", "sliding_attention"};
  auto cache = std::make_shared<DynamicCache>(all_sliding_cache);
  LlamaForCausalLM full;
  full.forward({{1, 2, 3, 4, 5, 6}}, cache);
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { full.forward({{7}}, cache); },
      "layer 0 of the cache holds 3 tokens, inconsistent with the 6 tokens"));
}

TEST(ModelCacheRobustness, MambaLayersOfDifferentLengths) {
  MambaForCausalLM model;
  auto legacy = model.forward(kIds).past_key_values->to_legacy_cache();
  std::get<0>(legacy[1]) = narrow(std::get<0>(legacy[1]), -2, 0, 3);
  auto cache = DynamicCache::from_legacy_cache(legacy);
  EXPECT_TRUE(Rejects<ValueError>(
      [&] { model.forward({{5}}, cache); },
      "layer 1 of `cache_params` holds 3 tokens but layer 0 holds 4"));
}

TEST(ModelCacheRobustness, MambaGivenAnAttentionCache) {
  MambaForCausalLM mamba;
  auto cache = LlamaForCausalLM().forward(kIds).past_key_values;
  EXPECT_TRUE(Rejects<ValueError>(
      [&] {
        mamba.generate({{1, 2, 3, 4, 5}}, greedy(1), {.cache_params = cache});
      },
      "`cache_params` does not hold a state of this model for a batch of 1"));
}
