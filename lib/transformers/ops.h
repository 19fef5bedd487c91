// Internal numeric helpers of the reference models. Every routine computes
// each output row independently with a fixed summation order, so a token's
// result does not depend on how many tokens are processed together (cached
// and uncached runs agree bit for bit).
#ifndef TRANSFORMERS_LIB_OPS_H
#define TRANSFORMERS_LIB_OPS_H

#include <transformers/tensor.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace transformers::ops {

/// `out[o] = sum_k in[k] * w[o * in_dim + k]` (weights stored `[out, in]`).
inline void linear(const float *in, const std::vector<float> &w, int64_t in_dim,
                   int64_t out_dim, float *out) {
  for (int64_t o = 0; o < out_dim; ++o) {
    const float *row = w.data() + o * in_dim;
    float acc = 0.0f;
    for (int64_t k = 0; k < in_dim; ++k)
      acc += in[k] * row[k];
    out[o] = acc;
  }
}

inline void rms_norm(const float *in, const std::vector<float> &weight,
                     int64_t dim, float eps, float *out) {
  float ss = 0.0f;
  for (int64_t i = 0; i < dim; ++i)
    ss += in[i] * in[i];
  float inv = 1.0f / std::sqrt(ss / static_cast<float>(dim) + eps);
  for (int64_t i = 0; i < dim; ++i)
    out[i] = in[i] * inv * weight[i];
}

/// The language-model head shared by the models: final RMSNorm of each of
/// the B*S hidden rows of `x` (row-major, width H), then the projection to
/// V vocabulary logits, as a [B, S, V] tensor.
inline Tensor lm_head_logits(const std::vector<float> &x,
                             const std::vector<float> &final_norm,
                             const std::vector<float> &lm_head, int64_t B,
                             int64_t S, int64_t H, int64_t V, float eps) {
  std::vector<float> h(static_cast<std::size_t>(H));
  std::vector<float> logits(static_cast<std::size_t>(B * S * V));
  for (int64_t r = 0; r < B * S; ++r) {
    rms_norm(x.data() + r * H, final_norm, H, eps, h.data());
    linear(h.data(), lm_head, H, V, logits.data() + r * V);
  }
  return Tensor::from_data({B, S, V}, std::move(logits));
}

inline float silu(float x) { return x / (1.0f + std::exp(-x)); }

/// Deterministic weights: `randn(shape, seed) * scale`, flattened.
inline std::vector<float> init_weight(Shape shape, uint64_t seed, float scale) {
  std::vector<float> w = Tensor::randn(std::move(shape), seed).data();
  for (float &x : w)
    x *= scale;
  return w;
}

/// A model's weights, drawn in a fixed order: each from the next seed of a
/// sequence derived from the model's seed and a per-architecture salt, so a
/// (config, seed) pair always gives the same model.
class WeightSeeds {
public:
  WeightSeeds(uint64_t model_seed, uint64_t salt)
      : next_(model_seed * 0x100000001B3ULL + salt) {}
  std::vector<float> draw(Shape shape, float scale) {
    return init_weight(std::move(shape), next_++, scale);
  }

private:
  uint64_t next_;
};

/// 1/sqrt(fan_in): keeps a linear layer's outputs at unit scale.
inline float fan_in_scale(int64_t fan_in) {
  return 1.0f / std::sqrt(static_cast<float>(fan_in));
}

inline std::vector<float> ones(int64_t n) {
  return std::vector<float>(static_cast<std::size_t>(n), 1.0f);
}

} // namespace transformers::ops

#endif // TRANSFORMERS_LIB_OPS_H
