#include "test_util.h"

#include <gtest/gtest.h>

using namespace transformers;

TEST(Tensor, ZerosShapeAndSizes) {
  Tensor t = Tensor::zeros({2, 3, 4});
  EXPECT_EQ(t.shape(), (Shape{2, 3, 4}));
  EXPECT_EQ(t.dim(), 3);
  EXPECT_EQ(t.numel(), 24);
  EXPECT_EQ(t.size(-1), 4);
  EXPECT_EQ(t.size(-3), 2);
  EXPECT_EQ(t.size(1), 3);
  EXPECT_THROW(t.size(3), IndexError);
  EXPECT_THROW(t.size(-4), IndexError);
  for (float v : t.data())
    EXPECT_EQ(v, 0.0f);
}

TEST(Tensor, DefaultIsUndefined) {
  Tensor t;
  EXPECT_FALSE(t.defined());
  EXPECT_EQ(t.numel(), 0);
  EXPECT_TRUE(Tensor::zeros({1}).defined());
}

TEST(Tensor, FromDataChecksSize) {
  Tensor t = Tensor::from_data({2, 2}, {1, 2, 3, 4});
  EXPECT_EQ(t.data(), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_THROW(Tensor::from_data({2, 2}, {1, 2, 3}), ValueError);
}

TEST(Tensor, CopiesShareStorage) {
  Tensor a = Tensor::randn({8}, 1);
  Tensor b = a;
  EXPECT_EQ(a.data().data(), b.data().data());
}

TEST(Tensor, RandnIsDeterministic) {
  Tensor a = Tensor::randn({3, 5}, 42);
  EXPECT_TRUE(a.equal(Tensor::randn({3, 5}, 42)));
  EXPECT_FALSE(a.equal(Tensor::randn({3, 5}, 43)));
  double mean = 0;
  Tensor big = Tensor::randn({10000}, 7);
  for (float v : big.data())
    mean += v;
  EXPECT_NEAR(mean / 10000.0, 0.0, 0.05);
}

TEST(Tensor, EqualAndAllclose) {
  Tensor a = Tensor::from_data({2}, {1.0f, 2.0f});
  Tensor b = Tensor::from_data({2}, {1.0f, 2.0000001f});
  Tensor c = Tensor::from_data({1, 2}, {1.0f, 2.0f});
  EXPECT_TRUE(a.equal(a));
  EXPECT_FALSE(a.equal(c));
  EXPECT_TRUE(a.allclose(b));
  EXPECT_FALSE(a.allclose(Tensor::from_data({2}, {1.0f, 2.1f})));
  EXPECT_FALSE(a.allclose(c));
}

TEST(Tensor, CatOnSequenceDim) {
  Tensor a = Tensor::from_data({1, 2, 1, 2}, {1, 2, 3, 4});
  Tensor b = Tensor::from_data({1, 2, 2, 2}, {5, 6, 7, 8, 9, 10, 11, 12});
  Tensor c = cat({a, b}, -2);
  EXPECT_EQ(c.shape(), (Shape{1, 2, 3, 2}));
  EXPECT_EQ(c.data(),
            (std::vector<float>{1, 2, 5, 6, 7, 8, 3, 4, 9, 10, 11, 12}));
  EXPECT_THROW(cat({a, Tensor::zeros({1, 3, 1, 2})}, -2), ValueError);
  EXPECT_THROW(cat({}, 0), ValueError);
}

TEST(Tensor, Narrow) {
  Tensor t = Tensor::from_data({2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor n = narrow(t, 1, 1, 2);
  EXPECT_EQ(n.shape(), (Shape{2, 2}));
  EXPECT_EQ(n.data(), (std::vector<float>{2, 3, 5, 6}));
  EXPECT_EQ(narrow(t, 0, 1, 1).data(), (std::vector<float>{4, 5, 6}));
  EXPECT_THROW(narrow(t, 1, 2, 2), IndexError);
}

TEST(Tensor, IndexSelect) {
  Tensor t = Tensor::from_data({3, 2}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(index_select(t, 0, {2, 0, -1}).data(),
            (std::vector<float>{5, 6, 1, 2, 5, 6}));
  EXPECT_EQ(index_select(t, -1, {1}).data(), (std::vector<float>{2, 4, 6}));
  EXPECT_THROW(index_select(t, 0, {3}), IndexError);
}

TEST(Tensor, RepeatInterleave) {
  Tensor t = Tensor::from_data({1, 2, 1, 1}, {1, 2});
  Tensor r = repeat_interleave(t, 2, 1);
  EXPECT_EQ(r.shape(), (Shape{1, 4, 1, 1}));
  EXPECT_EQ(r.data(), (std::vector<float>{1, 1, 2, 2}));
  EXPECT_EQ(repeat_interleave(Tensor::from_data({2, 1}, {3, 4}), 3, 0).data(),
            (std::vector<float>{3, 3, 3, 4, 4, 4}));
}
