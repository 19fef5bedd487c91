/// \file
/// Model configuration (upstream `PretrainedConfig` / `LlamaConfig` /
/// `MambaConfig` field names).
#ifndef TRANSFORMERS_CONFIGURATION_UTILS_H
#define TRANSFORMERS_CONFIGURATION_UTILS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace transformers {

/// Configuration of the tiny reference models (upstream `LlamaConfig(...)`,
/// `MambaConfig(...)`). An aggregate: the defaults make a small working model
/// (GQA with 4 query heads over 2 KV heads). The model constructors check
/// it and throw ValueError for inconsistent values.
struct ModelConfig {
  /// Number of token ids; `input_ids` must lie in `[0, vocab_size)`.
  int64_t vocab_size = 64;
  /// Width of the residual stream; `hidden_size / num_attention_heads` is
  /// the (even) head dimension.
  int64_t hidden_size = 32;
  /// Width of the MLP (Llama) or of the inner SSM channels (Mamba).
  int64_t intermediate_size = 64;
  /// Number of decoder layers, and of cache layers `DynamicCache(config)`
  /// and `StaticCache(config, n)` create.
  int64_t num_hidden_layers = 2;
  /// Query heads per attention layer.
  int64_t num_attention_heads = 4;
  /// KV heads (grouped-query attention): dimension 1 of the cached tensors.
  int64_t num_key_value_heads = 2;
  /// Longest sequence the model is meant for (upstream field; not enforced).
  int64_t max_position_embeddings = 256;
  /// Window of the sliding-attention layers. When set and `layer_types` is
  /// empty, every layer uses sliding attention (Mistral-style).
  std::optional<int64_t> sliding_window = std::nullopt;
  /// Per-layer "full_attention" / "sliding_attention"; empty = derived from
  /// `sliding_window`.
  std::vector<std::string> layer_types = {};
  /// Seed of the deterministic weights.
  uint64_t seed = 0;
  // Extras beyond the contract (kept after it so designated initializers in
  // contract order keep working).
  /// Epsilon of the RMSNorm layers.
  float rms_norm_eps = 1e-6f;
  /// Base of the rotary position embeddings (Llama).
  float rope_theta = 10000.0f;
  /// Mamba: SSM state size per channel.
  int64_t state_size = 8;
  /// Mamba: causal convolution width.
  int64_t conv_kernel = 4;
};

/// Whether layer `layer_idx` of `config` uses sliding-window attention:
/// `layer_types[layer_idx] == "sliding_attention"`, or, with `layer_types`
/// empty, whether `sliding_window` is set. False for an index past
/// `layer_types`.
bool is_sliding_layer(const ModelConfig &config, int64_t layer_idx);

} // namespace transformers

#endif // TRANSFORMERS_CONFIGURATION_UTILS_H
