// __has_include of a header that does not exist: the fallback branch is
// taken and the TU cannot reach the library (skipped).
#if __has_include("odd_missing_header.h")
#include "odd_missing_header.h"
#else
#include <vector>
#endif

int has_include_missing(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
