// Legacy tuple formats: traits, PastKeyValues, exact round trips.
#include "test_util.h"

#include <gtest/gtest.h>

#include <array>
#include <list>
#include <map>

using namespace transformers;

// --- traits -----------------------------------------------------------------
static_assert(is_legacy_layer_v<LegacyLayer>);
static_assert(is_legacy_layer_v<std::pair<Tensor, Tensor>>);
static_assert(is_legacy_layer_v<const std::tuple<Tensor, const Tensor> &>);
static_assert(is_legacy_layer_v<LegacyEncoderDecoderLayer>);
static_assert(legacy_layer_arity_v<LegacyLayer> == 2);
static_assert(legacy_layer_arity_v<std::pair<Tensor, Tensor>> == 2);
static_assert(legacy_layer_arity_v<LegacyEncoderDecoderLayer> == 4);
static_assert(!is_legacy_layer_v<std::tuple<Tensor>>);
static_assert(!is_legacy_layer_v<std::tuple<Tensor, Tensor, Tensor>>);
static_assert(!is_legacy_layer_v<std::tuple<Tensor, int>>);
static_assert(!is_legacy_layer_v<std::pair<float, float>>);
static_assert(!is_legacy_layer_v<Tensor>);

static_assert(is_legacy_cache_v<LegacyCache>);
static_assert(is_legacy_cache_v<const LegacyCache &>);
static_assert(is_legacy_cache_v<LegacyCache &&>);
static_assert(is_legacy_cache_v<std::vector<std::pair<Tensor, Tensor>>>);
static_assert(is_legacy_cache_v<std::array<LegacyLayer, 2>>);
static_assert(is_legacy_cache_v<std::array<std::pair<Tensor, Tensor>, 1>>);
static_assert(is_legacy_cache_v<std::tuple<LegacyLayer, LegacyLayer>>);
static_assert(
    is_legacy_cache_v<std::tuple<LegacyLayer, std::pair<Tensor, Tensor>>>);
static_assert(is_legacy_cache_v<LegacyEncoderDecoderCache>);
static_assert(legacy_cache_arity_v<LegacyCache> == 2);
static_assert(legacy_cache_arity_v<LegacyEncoderDecoderCache> == 4);
static_assert(legacy_cache_arity_v<std::tuple<LegacyEncoderDecoderLayer>> == 4);

static_assert(!is_legacy_cache_v<LegacyLayer>);
static_assert(!is_legacy_cache_v<Tensor>);
static_assert(!is_legacy_cache_v<std::vector<Tensor>>);
static_assert(!is_legacy_cache_v<std::vector<std::tuple<int, int>>>);
static_assert(
    !is_legacy_cache_v<std::vector<std::tuple<Tensor, Tensor, Tensor>>>);
static_assert(!is_legacy_cache_v<std::array<LegacyLayer, 0>>);
static_assert(!is_legacy_cache_v<std::tuple<>>);
static_assert(
    !is_legacy_cache_v<std::tuple<LegacyLayer, LegacyEncoderDecoderLayer>>);
static_assert(!is_legacy_cache_v<std::list<LegacyLayer>>);
static_assert(!is_legacy_cache_v<std::pair<LegacyLayer, LegacyLayer>>);
static_assert(!is_legacy_cache_v<std::map<int, LegacyLayer>>);
static_assert(!is_legacy_cache_v<int>);

// --- PastKeyValues conversions
// ------------------------------------------------
static_assert(std::is_convertible_v<LegacyCache, PastKeyValues>);
static_assert(std::is_convertible_v<const LegacyCache &, PastKeyValues>);
static_assert(std::is_convertible_v<std::array<LegacyLayer, 2>, PastKeyValues>);
static_assert(std::is_convertible_v<std::tuple<LegacyLayer>, PastKeyValues>);
static_assert(std::is_convertible_v<LegacyEncoderDecoderCache, PastKeyValues>);
static_assert(
    std::is_convertible_v<std::shared_ptr<DynamicCache>, PastKeyValues>);
static_assert(
    std::is_convertible_v<std::shared_ptr<StaticCache>, PastKeyValues>);
static_assert(std::is_convertible_v<std::shared_ptr<Cache>, PastKeyValues>);
static_assert(
    std::is_convertible_v<std::shared_ptr<EncoderDecoderCache>, PastKeyValues>);
static_assert(std::is_convertible_v<std::nullptr_t, PastKeyValues>);
static_assert(
    !std::is_convertible_v<std::vector<std::tuple<int, int>>, PastKeyValues>);
static_assert(
    !std::is_constructible_v<PastKeyValues, std::vector<std::tuple<int, int>>>);
static_assert(!std::is_convertible_v<std::tuple<int, int>, PastKeyValues>);
static_assert(!std::is_convertible_v<LegacyLayer, PastKeyValues>);
static_assert(!std::is_convertible_v<Tensor, PastKeyValues>);
static_assert(!std::is_convertible_v<std::shared_ptr<int>, PastKeyValues>);
static_assert(!std::is_convertible_v<int, PastKeyValues>);
static_assert(std::is_aggregate_v<GenerateKwargs>);
static_assert(std::is_aggregate_v<GenerationConfig>);
static_assert(std::is_aggregate_v<ModelConfig>);

namespace {

Tensor kv(uint64_t seed, int64_t batch = 2, int64_t len = 3) {
  return Tensor::randn({batch, 2, len, 4}, seed);
}

void expect_same(const LegacyCache &a, const LegacyCache &b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(std::get<0>(a[i]).equal(std::get<0>(b[i]))) << "layer " << i;
    EXPECT_TRUE(std::get<1>(a[i]).equal(std::get<1>(b[i]))) << "layer " << i;
  }
}

} // namespace

TEST(PastKeyValues, States) {
  PastKeyValues none;
  EXPECT_TRUE(none.is_none());
  EXPECT_FALSE(none.is_cache());
  EXPECT_FALSE(none.is_legacy());
  EXPECT_EQ(none.cache(), nullptr);
  EXPECT_TRUE(PastKeyValues(nullptr).is_none());

  auto dyn = std::make_shared<DynamicCache>();
  PastKeyValues cache = dyn;
  EXPECT_TRUE(cache.is_cache());
  EXPECT_FALSE(cache.is_none());
  EXPECT_EQ(cache.cache(), dyn);

  LegacyCache legacy = {{kv(1), kv(2)}};
  PastKeyValues old = legacy;
  EXPECT_TRUE(old.is_legacy());
  EXPECT_FALSE(old.is_none());
  EXPECT_FALSE(old.is_cache());
  EXPECT_EQ(old.cache(), nullptr);
  ASSERT_NE(old.legacy_cache(), nullptr);
  expect_same(*old.legacy_cache(), legacy);

  PastKeyValues old_ed =
      LegacyEncoderDecoderCache{{kv(1), kv(2), kv(3), kv(4)}};
  EXPECT_TRUE(old_ed.is_legacy());
  EXPECT_NE(old_ed.legacy_encoder_decoder_cache(), nullptr);
}

TEST(LegacyRoundTrip, VectorOfTuples) {
  LegacyCache legacy = {{kv(1), kv(2)}, {kv(3), kv(4)}, {kv(5), kv(6)}};
  auto cache = DynamicCache::from_legacy_cache(legacy);
  EXPECT_EQ(cache->size(), 3u);
  EXPECT_EQ(cache->get_seq_length(), 3);
  expect_same(cache->to_legacy_cache(), legacy);
  // And back again.
  expect_same(DynamicCache::from_legacy_cache(cache->to_legacy_cache())
                  ->to_legacy_cache(),
              legacy);
}

TEST(LegacyRoundTrip, VectorOfPairs) {
  std::vector<std::pair<Tensor, Tensor>> legacy = {{kv(1), kv(2)},
                                                   {kv(3), kv(4)}};
  auto cache = DynamicCache::from_legacy_cache(legacy);
  expect_same(cache->to_legacy_cache(),
              LegacyCache{{kv(1), kv(2)}, {kv(3), kv(4)}});
}

TEST(LegacyRoundTrip, ArrayOuter) {
  std::array<LegacyLayer, 2> tuples = {LegacyLayer{kv(1), kv(2)},
                                       LegacyLayer{kv(3), kv(4)}};
  std::array<std::pair<Tensor, Tensor>, 2> pairs = {
      std::pair<Tensor, Tensor>{kv(1), kv(2)},
      std::pair<Tensor, Tensor>{kv(3), kv(4)}};
  LegacyCache expected = {{kv(1), kv(2)}, {kv(3), kv(4)}};
  expect_same(DynamicCache::from_legacy_cache(tuples)->to_legacy_cache(),
              expected);
  expect_same(DynamicCache::from_legacy_cache(pairs)->to_legacy_cache(),
              expected);
}

TEST(LegacyRoundTrip, TupleOuter) {
  auto mixed =
      std::make_tuple(LegacyLayer{kv(1), kv(2)}, std::make_pair(kv(3), kv(4)));
  const auto pairs = std::make_tuple(std::make_pair(kv(1), kv(2)));
  expect_same(DynamicCache::from_legacy_cache(mixed)->to_legacy_cache(),
              LegacyCache{{kv(1), kv(2)}, {kv(3), kv(4)}});
  expect_same(DynamicCache::from_legacy_cache(pairs)->to_legacy_cache(),
              LegacyCache{{kv(1), kv(2)}});
}

TEST(LegacyRoundTrip, EncoderDecoderForms) {
  LegacyEncoderDecoderCache legacy = {{kv(1), kv(2), kv(3, 2, 5), kv(4, 2, 5)},
                                      {kv(5), kv(6), kv(7, 2, 5), kv(8, 2, 5)}};
  auto check = [&](const std::shared_ptr<EncoderDecoderCache> &cache) {
    auto back = cache->to_legacy_cache();
    ASSERT_EQ(back.size(), legacy.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
      EXPECT_TRUE(std::get<0>(back[i]).equal(std::get<0>(legacy[i])));
      EXPECT_TRUE(std::get<1>(back[i]).equal(std::get<1>(legacy[i])));
      EXPECT_TRUE(std::get<2>(back[i]).equal(std::get<2>(legacy[i])));
      EXPECT_TRUE(std::get<3>(back[i]).equal(std::get<3>(legacy[i])));
    }
    EXPECT_EQ(cache->get_seq_length(), 3);
    EXPECT_EQ(cache->cross_attention_cache->get_seq_length(), 5);
  };
  check(EncoderDecoderCache::from_legacy_cache(legacy));
  std::array<LegacyEncoderDecoderLayer, 2> arr = {legacy[0], legacy[1]};
  check(EncoderDecoderCache::from_legacy_cache(arr));
  check(EncoderDecoderCache::from_legacy_cache(
      std::make_tuple(legacy[0], legacy[1])));
}

TEST(LegacyRoundTrip, CacheToLegacyIsTheStoredStates) {
  DynamicCache cache;
  cache.update(kv(1), kv(2), 0);
  cache.update(kv(3, 2, 1), kv(4, 2, 1), 0);
  auto legacy = cache.to_legacy_cache();
  ASSERT_EQ(legacy.size(), 1u);
  EXPECT_TRUE(std::get<0>(legacy[0]).equal(cat({kv(1), kv(3, 2, 1)}, -2)));
  EXPECT_TRUE(std::get<0>(legacy[0]).equal(cache[0].first));
  EXPECT_TRUE(std::get<1>(legacy[0]).equal(cache[0].second));
}
