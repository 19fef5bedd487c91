// #warning is no error (exit 0 both ways); the scan cannot tell whether a
// -Werror=#warnings makes it one, so the TU is parsed rather than skipped.
#include <vector>
#warning "deprecated configuration"

int warning_directive(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
