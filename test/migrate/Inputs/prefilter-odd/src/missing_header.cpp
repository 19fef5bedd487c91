// A header that does not exist.
#include <vector>
#include "odd_missing_header.h"

int missing_header(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
