// #pragma GCC error fails the compilation as #error does.
#include <vector>
#pragma GCC error "not on this platform"

int pragma_error(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
