// The same #warning, compiled with -Werror=#warnings: an error (exit 3).
// (The tool adds -Wno-error to every command, which plain -Werror yields
// to, and this does not.)
#include <vector>
#warning "deprecated configuration"

int warning_werror(const std::vector<int> &v) {
  return static_cast<int>(v.size());
}
