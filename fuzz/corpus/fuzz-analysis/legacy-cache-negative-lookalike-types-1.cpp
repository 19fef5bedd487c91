// FUZZ-CONFIG: {HeaderFilterRegex: 'transformers', ExcludeHeaderFilterRegex: 'cache'}
// RUN: %check_clang_tidy -expect-clean %s transformers-legacy-cache %t
// Look-alike types in other namespaces: other::Tensor is not a tensor of the
// library, and other::PastKeyValues is not a configured sink.
#include <transformers/transformers.h>

#include <tuple>
#include <utility>
#include <vector>

namespace other {
struct Tensor {};
using LegacyCache = std::vector<std::tuple<Tensor, Tensor>>;
struct PastKeyValues {
  template <class T> PastKeyValues(const T &) {}
};
void forward(PastKeyValues past_key_values);
struct Model {
  void generate(PastKeyValues past_key_values);
};
} // namespace other

namespace mirror {
namespace transformers {
// Same spelling, different namespace.
struct Tensor {};
struct PastKeyValues {
  template <class T> PastKeyValues(const T &) {}
};
} // namespace transformers
void forward(transformers::PastKeyValues past_key_values);
} // namespace mirror

void lookalikes(other::Model &m, const other::LegacyCache &fake,
                const transformers::LegacyCache &legacy) {
  other::forward(fake);
  m.generate(fake);
  // A real legacy value into a sink type that is not configured.
  other::forward(legacy);
  m.generate(legacy);
  std::vector<std::pair<mirror::transformers::Tensor,
                        mirror::transformers::Tensor>> mirrored;
  mirror::forward(mirrored);
  mirror::forward(legacy);
}
