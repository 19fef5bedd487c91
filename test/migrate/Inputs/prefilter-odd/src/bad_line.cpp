// A malformed #line: an error of a directive the scanner drops.
#include <vector>
#line forty-two

int bad_line(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
