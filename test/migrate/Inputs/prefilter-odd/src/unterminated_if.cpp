// An #if without its #endif.
#include <vector>
#if defined(__cplusplus)

int unterminated_if(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
