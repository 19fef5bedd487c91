// Cannot reach the library: skipped by the prefilter.
#include <string>

int unrelated(const std::string &s) { return static_cast<int>(s.size()); }
