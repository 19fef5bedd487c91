// Generation parameters (upstream `GenerationConfig`).
#ifndef TRANSFORMERS_GENERATION_CONFIGURATION_UTILS_H
#define TRANSFORMERS_GENERATION_CONFIGURATION_UTILS_H

#include <cstdint>
#include <optional>
#include <string>

namespace transformers {

/// How `generate` decodes. An aggregate; fields in contract order.
struct GenerationConfig {
  int64_t max_new_tokens = 20;
  /// Sample from the (temperature / top-k filtered) distribution instead of
  /// taking the argmax.
  bool do_sample = false;
  float temperature = 1.0f;
  /// Keep only the `top_k` most likely tokens when sampling (0 = all).
  int64_t top_k = 50;
  /// Seed of the sampling RNG.
  uint64_t seed = 0;
  /// Whether `generate` creates a cache when none is passed.
  bool use_cache = true;
  /// "dynamic", "static" or "sliding_window": the cache `generate` creates.
  /// Must not be combined with a user-provided cache.
  std::optional<std::string> cache_implementation = std::nullopt;
  /// Stop a sequence after this token (finished sequences are padded with it).
  std::optional<int64_t> eos_token_id = std::nullopt;
  /// Beam search when > 1 (the cache is reordered with `reorder_cache`).
  int64_t num_beams = 1;
};

} // namespace transformers

#endif // TRANSFORMERS_GENERATION_CONFIGURATION_UTILS_H
