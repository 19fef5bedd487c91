// STL only: skipped by the prefilter.
#include <map>
#include <string>
#include <vector>

int unrelated1(const std::map<std::string, std::vector<int>> &m) {
  return static_cast<int>(m.size());
}
