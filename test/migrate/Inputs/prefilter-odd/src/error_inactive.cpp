// #error and #pragma GCC error in blocks clang skips: still skipped.
#include <vector>
#if 0
#error "never reached"
#endif
#ifdef ODD_NEVER_DEFINED
/* a comment first */ #  pragma GCC error "never reached either"
#endif

int error_inactive(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
