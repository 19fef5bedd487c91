/// \file
/// Generation parameters (upstream `GenerationConfig`).
#ifndef TRANSFORMERS_GENERATION_CONFIGURATION_UTILS_H
#define TRANSFORMERS_GENERATION_CONFIGURATION_UTILS_H

#include <cstdint>
#include <optional>
#include <string>

namespace transformers {

/// How `generate` decodes (upstream `GenerationConfig(...)`). An aggregate;
/// fields in contract order, so C++20 designated initializers
/// (`{.max_new_tokens = 8, .num_beams = 2}`) work. `generate` checks it and
/// throws ValueError for invalid values.
struct GenerationConfig {
  /// Number of tokens to generate (upstream `max_new_tokens`; upstream's
  /// default is `max_length=20` instead). Must be >= 0.
  int64_t max_new_tokens = 20;
  /// Sample from the (temperature / top-k filtered) distribution instead of
  /// taking the argmax.
  bool do_sample = false;
  /// Divides the logits before sampling; must be > 0 when `do_sample`.
  float temperature = 1.0f;
  /// Keep only the `top_k` most likely tokens when sampling (0 = all). Must
  /// be >= 0.
  int64_t top_k = 50;
  /// Seed of the sampling RNG (upstream has no such field: it uses
  /// `torch.manual_seed`). Same seed, same tokens; not torch's tokens.
  uint64_t seed = 0;
  /// Whether `generate` creates a cache when none is passed; with false and
  /// no cache, every step reruns the whole sequence.
  bool use_cache = true;
  /// "dynamic", "static" or "sliding_window": the cache `generate` creates.
  /// Any other value throws ValueError; combined with a user-provided cache
  /// it throws ValueError (`cache_implementation_conflict_message`).
  std::optional<std::string> cache_implementation = std::nullopt;
  /// Stop a sequence after this token (finished sequences are padded with it,
  /// where upstream pads with `pad_token_id`).
  std::optional<int64_t> eos_token_id = std::nullopt;
  /// Beam search when > 1 (the cache is reordered with `reorder_cache`);
  /// must be >= 1.
  int64_t num_beams = 1;
};

} // namespace transformers

#endif // TRANSFORMERS_GENERATION_CONFIGURATION_UTILS_H
