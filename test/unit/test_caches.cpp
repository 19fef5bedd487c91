// Cache-level behaviour: layers, indexing, iteration, batch operations.
#include "test_util.h"

#include <gtest/gtest.h>

using namespace transformers;
using tt_test::seq;
using tt_test::values;

TEST(DynamicCache, UpdateCreatesLayersAndConcatenates) {
  DynamicCache cache;
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.get_seq_length(), 0);
  cache.update(seq({1, 2}), seq({1, 2}), 0);
  cache.update(seq({3}), seq({3}), 0);
  auto [k, v] = cache.update(seq({4}), seq({4}), 0);
  EXPECT_EQ(values(k), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.get_seq_length(), 4);
  EXPECT_EQ(cache.get_seq_length(7), 0);
  cache.update(seq({9}), seq({8}), 2);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_FALSE(cache.layer(1).is_initialized);
  EXPECT_EQ(values(cache[2].first), (std::vector<float>{9}));
  EXPECT_EQ(values(cache[-1].second), (std::vector<float>{8}));
}

TEST(DynamicCache, IndexOutOfRangeIsKeyError) {
  DynamicCache cache;
  cache.update(seq({1}), seq({1}), 0);
  EXPECT_EQ(tt_test::message_of<std::out_of_range>([&] { (void)cache[3]; }),
            "Cache only has 1 layers, attempted to access layer with index 3");
  EXPECT_THROW((void)cache[1], KeyError);
  DynamicCache empty;
  EXPECT_EQ(tt_test::message_of<std::out_of_range>([&] { (void)empty[0]; }),
            "Cache only has 0 layers, attempted to access layer with index 0");
}

TEST(DynamicCache, Iteration) {
  DynamicCache cache;
  cache.update(seq({1}), seq({2}), 0);
  cache.update(seq({3}), seq({4}), 1);
  std::vector<float> seen;
  for (auto [k, v] : cache) {
    seen.push_back(k.data()[0]);
    seen.push_back(v.data()[0]);
  }
  EXPECT_EQ(seen, (std::vector<float>{1, 2, 3, 4}));
}

TEST(DynamicCache, FromConfigUsesLayerTypes) {
  ModelConfig config;
  config.num_hidden_layers = 3;
  config.sliding_window = 4;
  config.layer_types = {"sliding_attention", "full_attention",
                        "sliding_attention"};
  DynamicCache cache(config);
  ASSERT_EQ(cache.size(), 3u);
  EXPECT_TRUE(cache.layer(0).is_sliding());
  EXPECT_FALSE(cache.layer(1).is_sliding());
  EXPECT_EQ(cache.get_max_cache_shape(0), 4);
  EXPECT_EQ(cache.get_max_cache_shape(1), -1);

  ModelConfig all_sliding;
  all_sliding.sliding_window = 8;
  DynamicCache mistral(all_sliding);
  EXPECT_TRUE(mistral.layer(0).is_sliding());
  EXPECT_TRUE(mistral.layer(1).is_sliding());

  DynamicCache plain{ModelConfig{}};
  EXPECT_EQ(plain.size(), 2u);
  EXPECT_FALSE(plain.layer(0).is_sliding());
}

TEST(StaticCache, FixedCapacityPerLayer) {
  ModelConfig config;
  StaticCache cache(config, 4);
  ASSERT_EQ(cache.size(), 2u);
  cache.update(seq({1, 2, 3}), seq({1, 2, 3}), 0);
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{1, 2, 3, 0}));
  cache.update(seq({4}), seq({4}), 0);
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_THROW(cache.update(seq({5}), seq({5}), 0), IndexError);
  EXPECT_EQ(cache.get_seq_length(0), 4);
  EXPECT_EQ(cache.get_seq_length(1), 0);
  EXPECT_EQ(cache.get_max_cache_shape(), 4);
  // No layer replication for static caches.
  EXPECT_THROW(cache.update(seq({1}), seq({1}), 2), KeyError);
}

TEST(Cache, BatchOperationsApplyToEveryLayer) {
  DynamicCache cache;
  cache.update(tt_test::batch({1, 2, 3}), tt_test::batch({4, 5, 6}), 0);
  cache.update(tt_test::batch({7, 8, 9}), tt_test::batch({0, 1, 2}), 1);
  cache.batch_select_indices({2, 1});
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{3, 2}));
  EXPECT_EQ(values(cache[1].second), (std::vector<float>{2, 1}));
  cache.batch_repeat_interleave(3);
  EXPECT_EQ(values(cache[1].first), (std::vector<float>{9, 9, 9, 8, 8, 8}));
  cache.reorder_cache({5, 4, 3, 2, 1, 0});
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{2, 2, 2, 3, 3, 3}));
  EXPECT_EQ(values(cache[0].second), (std::vector<float>{5, 5, 5, 6, 6, 6}));
}

TEST(Cache, CropAndCopyAreIndependent) {
  DynamicCache cache;
  cache.update(seq({1, 2, 3}), seq({1, 2, 3}), 0);
  DynamicCache copy = cache;
  cache.crop(1);
  EXPECT_EQ(cache.get_seq_length(), 1);
  EXPECT_EQ(copy.get_seq_length(), 3);
  copy.reset();
  EXPECT_EQ(copy.get_seq_length(), 0);
}

TEST(EncoderDecoderCache, DelegatesToSelfAttention) {
  auto self_cache = std::make_shared<DynamicCache>();
  auto cross_cache = std::make_shared<DynamicCache>();
  EncoderDecoderCache cache(self_cache, cross_cache);
  cache.update(seq({1, 2}), seq({3, 4}), 0);
  cross_cache->update(seq({5}), seq({6}), 0);
  EXPECT_EQ(cache.get_seq_length(), 2);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(values(cache[0].first), (std::vector<float>{1, 2}));
  auto legacy = cache.to_legacy_cache();
  ASSERT_EQ(legacy.size(), 1u);
  EXPECT_EQ(values(std::get<2>(legacy[0])), (std::vector<float>{5}));
  EXPECT_THROW((void)cache[1], std::out_of_range);
  EXPECT_THROW(EncoderDecoderCache(nullptr, cross_cache), ValueError);
}
