// A device with no end: clang reads what its size says (nothing); read to
// its end, it exhausted memory and the run aborted.
#include "/dev/zero"
#include <vector>

int dev_zero(const std::vector<int> &v) { return static_cast<int>(v.size()); }
