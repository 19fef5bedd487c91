// An #error clang reaches: the dependency-directives scanner drops #error,
// so the scan alone succeeds; the TU must be parsed (exit 3), not skipped.
#include <vector>
#ifndef ODD_CONFIGURED
#error "this file needs ODD_CONFIGURED"
#endif

int error_active(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
