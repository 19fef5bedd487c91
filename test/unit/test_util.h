// Helpers shared by the unit tests.
#ifndef TRANSFORMERS_TEST_UNIT_TEST_UTIL_H
#define TRANSFORMERS_TEST_UNIT_TEST_UTIL_H

#include <transformers/transformers.h>

#include <string>
#include <vector>

namespace tt_test {

/// `[1, 1, n, 1]`: one layer, one head, head_dim 1, as in upstream's tests.
inline transformers::Tensor seq(std::vector<float> values) {
  auto n = static_cast<int64_t>(values.size());
  return transformers::Tensor::from_data({1, 1, n, 1}, std::move(values));
}

/// `[b, 1, 1, 1]` with one value per batch entry.
inline transformers::Tensor batch(std::vector<float> values) {
  auto n = static_cast<int64_t>(values.size());
  return transformers::Tensor::from_data({n, 1, 1, 1}, std::move(values));
}

inline std::vector<float> values(const transformers::Tensor &t) {
  return t.data();
}

/// Runs `f` and returns the `what()` of the exception of type E it throws
/// ("<no exception>" otherwise).
template <class E, class F> std::string message_of(F &&f) {
  try {
    f();
  } catch (const E &e) {
    return e.what();
  }
  return "<no exception>";
}

} // namespace tt_test

#endif
