// A wrapper overload set: one overload takes the keyword value, the other
// any Cache handle. The legacy value converts only to the first, but the
// fixed argument (a shared_ptr<DynamicCache>) converts to both: the naive
// fix makes the call ambiguous, so transformers-migrate must not write it.
#include <memory>
#include <transformers/transformers.h>

int step(transformers::PastKeyValues past) { return past.is_legacy() ? 1 : 2; }
int step(std::shared_ptr<transformers::Cache> cache) { return cache ? 3 : 4; }

int run(const transformers::LegacyCache &legacy) { return step(legacy); }
