// Upstream per-layer cache semantics on synthetic [1, 1, seq, 1] states.
#include "test_util.h"

#include <gtest/gtest.h>

using namespace transformers;
using tt_test::seq;
using tt_test::values;

TEST(DynamicLayer, GrowsByConcatenation) {
  DynamicLayer layer;
  EXPECT_EQ(layer.get_seq_length(), 0);
  layer.update(seq({1, 2}), seq({10, 20}));
  layer.update(seq({3}), seq({30}));
  auto [k, v] = layer.update(seq({4}), seq({40}));
  EXPECT_EQ(values(k), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(values(v), (std::vector<float>{10, 20, 30, 40}));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(layer.get_seq_length(), 4);
  EXPECT_EQ(layer.get_max_cache_shape(), -1);
}

TEST(DynamicLayer, Crop) {
  DynamicLayer layer;
  layer.update(seq({1, 2, 3, 4}), seq({5, 6, 7, 8}));
  layer.crop(3);
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2, 3}));
  layer.crop(-1);
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2}));
  EXPECT_EQ(values(layer.values), (std::vector<float>{5, 6}));
  layer.crop(10);
  EXPECT_EQ(layer.get_seq_length(), 2);
}

TEST(StaticLayer, FillsInPlaceThenOverflows) {
  StaticLayer layer(4);
  auto [k1, v1] = layer.update(seq({1, 2, 3}), seq({10, 20, 30}));
  EXPECT_EQ(values(k1), (std::vector<float>{1, 2, 3, 0}));
  EXPECT_EQ(values(v1), (std::vector<float>{10, 20, 30, 0}));
  EXPECT_EQ(layer.get_seq_length(), 3);
  auto [k2, v2] = layer.update(seq({4}), seq({40}));
  EXPECT_EQ(values(k2), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(layer.get_seq_length(), 4);
  EXPECT_EQ(layer.get_max_cache_shape(), 4);
  EXPECT_THROW(layer.update(seq({5}), seq({50})), IndexError);
  // The failed write left the cache untouched.
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2, 3, 4}));
}

TEST(StaticLayer, CropZeroesTheTail) {
  StaticLayer layer(4);
  layer.update(seq({1, 2, 3}), seq({1, 2, 3}));
  layer.crop(1);
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 0, 0, 0}));
  EXPECT_EQ(layer.get_seq_length(), 1);
  layer.update(seq({7}), seq({7}));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 7, 0, 0}));
}

TEST(DynamicSlidingWindowLayer, StoresLastWindowMinusOne) {
  DynamicSlidingWindowLayer layer(3);
  auto [k1, v1] = layer.update(seq({1, 2}), seq({10, 20}));
  EXPECT_EQ(values(k1), (std::vector<float>{1, 2}));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1, 2}));
  auto [k2, v2] = layer.update(seq({3}), seq({30}));
  // Returns the full states ...
  EXPECT_EQ(values(k2), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(values(v2), (std::vector<float>{10, 20, 30}));
  // ... but keeps only the last W - 1.
  EXPECT_EQ(values(layer.keys), (std::vector<float>{2, 3}));
  EXPECT_EQ(values(layer.values), (std::vector<float>{20, 30}));
  auto [k3, v3] = layer.update(seq({4, 5}), seq({40, 50}));
  EXPECT_EQ(values(k3), (std::vector<float>{2, 3, 4, 5}));
  EXPECT_EQ(values(layer.keys), (std::vector<float>{4, 5}));
  // Cumulative length, not the stored one.
  EXPECT_EQ(layer.get_seq_length(), 5);
  EXPECT_EQ(layer.get_max_cache_shape(), 3);
  EXPECT_TRUE(layer.is_sliding());
}

TEST(DynamicSlidingWindowLayer, CropBeforeTheWindowIsFull) {
  DynamicSlidingWindowLayer layer(4);
  layer.update(seq({1, 2, 3}), seq({1, 2, 3}));
  layer.crop(1);
  EXPECT_EQ(values(layer.keys), (std::vector<float>{1}));
  EXPECT_EQ(layer.get_seq_length(), 1);
}

TEST(DynamicSlidingWindowLayer, CropAfterTheWindowIsFullThrows) {
  DynamicSlidingWindowLayer layer(3);
  layer.update(seq({1, 2, 3}), seq({1, 2, 3}));
  EXPECT_EQ(tt_test::message_of<ValueError>([&] { layer.crop(1); }),
            "Cannot `crop` a `DynamicSlidingWindowLayer` after it has seen "
            "more tokens than itssliding window (otherwise some states are "
            "lost)");
}

TEST(CacheLayer, BatchSelectRepeatAndReorder) {
  DynamicLayer layer;
  layer.update(tt_test::batch({10, 20, 30}), tt_test::batch({1, 2, 3}));
  layer.batch_select_indices({0, 2});
  EXPECT_EQ(values(layer.keys), (std::vector<float>{10, 30}));
  EXPECT_EQ(values(layer.values), (std::vector<float>{1, 3}));
  layer.batch_repeat_interleave(2);
  EXPECT_EQ(values(layer.keys), (std::vector<float>{10, 10, 30, 30}));
  EXPECT_EQ(layer.keys.shape(), (Shape{4, 1, 1, 1}));
  layer.reorder_cache({3, 0, 0, 1});
  EXPECT_EQ(values(layer.keys), (std::vector<float>{30, 10, 10, 10}));
  EXPECT_EQ(values(layer.values), (std::vector<float>{3, 1, 1, 1}));
}
