// Internal argument checks shared by the reference library's sources. Every
// public entry point rejects bad input with a Python-style exception
// (`errors.h`) before it touches any state.
#ifndef TRANSFORMERS_LIB_CHECKS_H
#define TRANSFORMERS_LIB_CHECKS_H

#include <transformers/configuration_utils.h>
#include <transformers/tensor.h>

#include <cstdint>
#include <string>

namespace transformers::checks {

/// "[1, 2, 3]" (torch's spelling of a size).
std::string shape_str(const Shape &shape);

/// `a * b`, throwing ValueError (naming `what`) on int64 overflow; both must
/// be non-negative.
int64_t checked_mul(int64_t a, int64_t b, const char *what);

/// Upper bound on the number of layers of a cache or model: a guard against
/// a stray index or count making `update` / a constructor append layers
/// until memory runs out (real models have at most a few hundred layers).
inline constexpr int64_t kMaxLayers = int64_t{1} << 16;

/// Throws ValueError "`name` must be a positive integer, got v" unless
/// `v >= 1`.
void check_positive(int64_t v, const char *name);

/// The layer-type part of a `ModelConfig` (what `DynamicCache(config)` and
/// the attention models need): a non-negative `num_hidden_layers`, known
/// `layer_types` entries, one per layer, and a positive `sliding_window`
/// whenever a layer uses sliding attention. Upstream wording where upstream
/// has one (`layer_type_validation`).
void check_layer_types(const ModelConfig &config);

} // namespace transformers::checks

#endif // TRANSFORMERS_LIB_CHECKS_H
