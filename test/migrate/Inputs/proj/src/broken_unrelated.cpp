// Does not compile, and cannot reach the library: the prefilter skips it
// without a parse, so its error is not seen (exit 0); --no-prefilter
// parses it (exit 3).
#include <vector>

int broken_unrelated(const std::vector<int> &v) {
  return v.size() + undeclared_helper();
}
