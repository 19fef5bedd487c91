#include "checks.h"

#include <transformers/errors.h>

#include <limits>

namespace transformers::checks {

std::string shape_str(const Shape &shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i)
    out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

int64_t checked_mul(int64_t a, int64_t b, const char *what) {
  if (a != 0 && b > std::numeric_limits<int64_t>::max() / a)
    throw ValueError(std::string(what) + ": " + std::to_string(a) + " * " +
                     std::to_string(b) + " elements overflow int64");
  return a * b;
}

void check_positive(int64_t v, const char *name) {
  if (v < 1)
    throw ValueError(std::string("`") + name +
                     "` must be a positive integer, got " + std::to_string(v));
}

void check_layer_types(const ModelConfig &c) {
  if (c.num_hidden_layers < 0)
    throw ValueError(
        "`num_hidden_layers` must be a non-negative integer, got " +
        std::to_string(c.num_hidden_layers));
  if (c.num_hidden_layers > kMaxLayers)
    throw ValueError("`num_hidden_layers` (" +
                     std::to_string(c.num_hidden_layers) +
                     ") exceeds the supported maximum of " +
                     std::to_string(kMaxLayers) + " layers");
  for (const std::string &t : c.layer_types)
    if (t != "full_attention" && t != "sliding_attention")
      throw ValueError("The `layer_types` entries must be in "
                       "('full_attention', 'sliding_attention'), got '" +
                       t + "'");
  if (!c.layer_types.empty() &&
      static_cast<int64_t>(c.layer_types.size()) != c.num_hidden_layers)
    throw ValueError("`num_hidden_layers` (" +
                     std::to_string(c.num_hidden_layers) +
                     ") must be equal to the number of layer types (" +
                     std::to_string(c.layer_types.size()) + ")");
  if (c.sliding_window && *c.sliding_window < 1)
    throw ValueError("`sliding_window` must be a positive integer, got " +
                     std::to_string(*c.sliding_window));
  for (std::size_t i = 0; i < c.layer_types.size(); ++i)
    if (c.layer_types[i] == "sliding_attention" && !c.sliding_window)
      throw ValueError("`layer_types[" + std::to_string(i) +
                       "]` is \"sliding_attention\" but `sliding_window` is "
                       "not set");
}

} // namespace transformers::checks
