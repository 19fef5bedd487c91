// `generate` keyword arguments and outputs (upstream `generation/utils.py`).
#ifndef TRANSFORMERS_GENERATION_UTILS_H
#define TRANSFORMERS_GENERATION_UTILS_H

#include <transformers/cache_utils.h>
#include <transformers/generation/configuration_utils.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace transformers {

/// Token ids, batch x sequence.
using TokenIds = std::vector<std::vector<int64_t>>;

/// The model keyword arguments of `generate`. An aggregate whose first two
/// members are the cache keywords, so `{.past_key_values = cache}` (C++20)
/// and `{cache}` (C++17) both work.
struct GenerateKwargs {
  /// Cache keyword of attention models.
  PastKeyValues past_key_values = {};
  /// Cache keyword of recurrent (Mamba-like) models.
  PastKeyValues cache_params = {};
};

/// Result of `generate`.
struct GenerateOutput {
  /// Prompt followed by the generated tokens, per batch entry.
  TokenIds sequences;
  /// The cache used (the caller's, updated in place, or a new one); null when
  /// generating without a cache.
  std::shared_ptr<Cache> past_key_values;
};

/// Upstream's ValueError text for a cache combined with
/// `cache_implementation`; `cache_name` is "past_key_values" or
/// "cache_params".
std::string
cache_implementation_conflict_message(const std::string &cache_name);
/// Upstream's ValueError text for a legacy tuple cache.
const char *legacy_cache_message();

} // namespace transformers

#endif // TRANSFORMERS_GENERATION_UTILS_H
