// A typo in a directive name is an error clang reports and the scanner
// drops.
#include <vector>
#inlcude <map>

int invalid_directive(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
