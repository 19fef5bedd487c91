// FUZZ-CONFIG: {HeaderFilterRegex: 'transformers', ExcludeHeaderFilterRegex: 'cache'}
// RUN: %check_clang_tidy -expect-clean %s transformers-legacy-cache %t
// Functions named generate/forward outside the configured API, even taking a
// legacy-shaped value, are not sinks: only the conversion to PastKeyValues is.
#include <transformers/transformers.h>

#include <tuple>
#include <vector>

namespace other {
void generate(const transformers::LegacyCache &past_key_values);
struct Model {
  void forward(const std::vector<int> &ids,
               transformers::LegacyCache past_key_values);
  int generate(transformers::LegacyCache cache_params, int n);
};
} // namespace other

template <class T> void generate(const T &anything) { (void)anything; }

void unrelated(other::Model &m, const transformers::LegacyCache &legacy) {
  other::generate(legacy);
  m.forward({1, 2}, legacy);
  m.generate(legacy, 3);
  generate(legacy);
  transformers::LegacyCache copy = legacy;
  std::vector<transformers::LegacyLayer> layers(legacy.begin(), legacy.end());
  (void)copy;
}
