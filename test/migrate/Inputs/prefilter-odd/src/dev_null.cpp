// A device: read as clang reads it (empty). Not a regular file, so its
// content is unknown to the prefilter: parsed, not skipped.
#include "/dev/null"
#include <vector>

int dev_null(const std::vector<int> &v) { return static_cast<int>(v.size()); }
