// STL only: the prefilter skips it, legitimately.
#include <map>
#include <string>

int unrelated(const std::map<std::string, int> &m) {
  return static_cast<int>(m.size());
}
