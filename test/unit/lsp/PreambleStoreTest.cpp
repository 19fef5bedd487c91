//===- PreambleStoreTest.cpp ----------------------------------------------===//
//
// The server keeps one preamble cache per document, for the most recently
// analysed documents only (PreambleStore.h): what the driver's caches hold
// is tested with the driver (test/unit/migrate/PreambleTest.cpp).
//
//===----------------------------------------------------------------------===//

#include "analysis/PreambleStore.h"
#include "gtest/gtest.h"

using namespace tlsp;

namespace {

TEST(PreambleStore, OneCachePerDocument) {
  PreambleStore S;
  auto A = S.get("/p/a.cpp");
  ASSERT_TRUE(A);
  EXPECT_EQ(S.get("/p/a.cpp"), A);
  EXPECT_NE(S.get("/p/b.cpp"), A);
  EXPECT_EQ(S.size(), 2u);
}

TEST(PreambleStore, DropsTheLeastRecentlyUsed) {
  PreambleStore S(2);
  auto A = S.get("/a");
  auto B = S.get("/b");
  EXPECT_EQ(S.get("/a"), A); // now the most recent: b goes first
  auto C = S.get("/c");
  EXPECT_EQ(S.size(), 2u);
  EXPECT_EQ(S.get("/a"), A);
  EXPECT_EQ(S.get("/c"), C);
  // b was dropped: a new, empty cache (the old one lives with its user).
  EXPECT_NE(S.get("/b"), B);
  EXPECT_EQ(S.size(), 2u);
}

TEST(PreambleStore, Forget) {
  PreambleStore S;
  auto A = S.get("/a");
  S.forget("/a");
  EXPECT_EQ(S.size(), 0u);
  EXPECT_NE(S.get("/a"), A);
}

} // namespace
