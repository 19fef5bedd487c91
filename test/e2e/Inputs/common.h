// Printing helpers shared by the end-to-end programs (not analysed: no cache
// hand-offs here).
#ifndef E2E_COMMON_H
#define E2E_COMMON_H

#include <transformers/transformers.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace e2e {

// The tokens of `row` from position `from` on, space separated.
inline std::string tail(const std::vector<int64_t> &row, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < row.size(); ++i)
    out += (i == from ? "" : " ") + std::to_string(row[i]);
  return out;
}

// Greedy next token: argmax of the last position's logits ([B, S, V], b = 0).
inline int64_t argmax_last(const transformers::Tensor &logits) {
  const int64_t S = logits.size(1), V = logits.size(2);
  const float *row = logits.data().data() + (S - 1) * V;
  int64_t best = 0;
  for (int64_t v = 1; v < V; ++v)
    if (row[v] > row[best])
      best = v;
  return best;
}

} // namespace e2e

#endif // E2E_COMMON_H
