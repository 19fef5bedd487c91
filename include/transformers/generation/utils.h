/// \file
/// `generate` keyword arguments and outputs (upstream `generation/utils.py`).
#ifndef TRANSFORMERS_GENERATION_UTILS_H
#define TRANSFORMERS_GENERATION_UTILS_H

#include <transformers/cache_utils.h>
#include <transformers/generation/configuration_utils.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace transformers {

/// Token ids, batch x sequence (upstream: an `input_ids` LongTensor of shape
/// `[batch, seq]`). All rows must have the same length.
using TokenIds = std::vector<std::vector<int64_t>>;

/// The model keyword arguments of `generate` (upstream `**model_kwargs`). An
/// aggregate whose first two members are the cache keywords, so
/// `{.past_key_values = cache}` (C++20) and `{cache}` (C++17) both work.
/// A model only reads the member named by its `cache_name()`.
struct GenerateKwargs {
  /// Cache keyword of attention models (`past_key_values=`).
  PastKeyValues past_key_values = {};
  /// Cache keyword of recurrent (Mamba-like) models (`cache_params=`).
  PastKeyValues cache_params = {};
};

/// Result of `generate` (upstream `GenerateDecoderOnlyOutput`, as returned
/// with `return_dict_in_generate=True`).
struct GenerateOutput {
  /// Prompt followed by the generated tokens, per batch entry.
  TokenIds sequences;
  /// The cache used (the caller's, updated in place, or a new one); null when
  /// generating without a cache.
  std::shared_ptr<Cache> past_key_values;
};

/// Upstream's ValueError text for a cache combined with
/// `cache_implementation`: "Passing both `cache_implementation` (used to
/// initialize certain caches) and `{cache_name}` (a Cache object) is
/// unsupported. Please use only one of the two."
/// \param cache_name "past_key_values" or "cache_params".
std::string
cache_implementation_conflict_message(const std::string &cache_name);
/// Upstream's ValueError text for a legacy tuple cache: "Passing a tuple of
/// `past_key_values` is not supported anymore. Please use a `Cache`
/// instance." (the same text for `cache_params`).
const char *legacy_cache_message();

} // namespace transformers

#endif // TRANSFORMERS_GENERATION_UTILS_H
