// Compiled as C++17: the public headers and the old `{legacy}` aggregate
// spelling must work for C++17 user code.
#include <transformers/transformers.h>

#include <array>

namespace {

using namespace transformers;

static_assert(is_legacy_cache_v<LegacyCache>);
static_assert(is_legacy_cache_v<std::array<std::pair<Tensor, Tensor>, 3>>);
static_assert(
    !std::is_convertible_v<std::vector<std::tuple<int, int>>, PastKeyValues>);

[[maybe_unused]] GenerateOutput old_style(const LlamaForCausalLM &model,
                                          const LegacyCache &legacy) {
  GenerationConfig cfg;
  cfg.max_new_tokens = 4;
  return model.generate({{1, 2, 3}}, cfg, {legacy});
}

[[maybe_unused]] GenerateOutput new_style(const MambaForCausalLM &model,
                                          const LegacyCache &legacy) {
  GenerateKwargs kwargs;
  kwargs.cache_params = DynamicCache::from_legacy_cache(legacy);
  return model.generate({{1, 2, 3}}, {}, kwargs);
}

} // namespace
