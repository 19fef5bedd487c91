// NOLINT forms, as clang-tidy understands them.
#include <transformers/transformers.h>

void nolint(const transformers::LlamaForCausalLM &model,
            const transformers::TokenIds &ids,
            const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy); // NOLINT
  model.forward(ids, legacy); // NOLINT(transformers-legacy-cache)
  model.forward(ids, legacy); // NOLINT(transformers-*)
  model.forward(ids, legacy); // NOLINT(some-other-check)
  // NOLINTNEXTLINE(transformers-legacy-cache)
  model.forward(ids, legacy);
  // NOLINTBEGIN(transformers-legacy-cache)
  model.forward(ids, legacy);
  model.forward(ids, legacy);
  // NOLINTEND(transformers-legacy-cache)
  model.forward(ids, legacy); // reported
}
