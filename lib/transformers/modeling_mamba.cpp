// Tiny Mamba-like recurrent model. Per layer and token:
//   u = W_in h, z = W_z h                       (h = RMSNorm(x))
//   xc = silu(causal_conv(u history))           (width conv_kernel)
//   s  = a * s + xc (x) (W_B xc)                 (state [inner, state_size])
//   y  = s (W_C xc) + D * xc;  x += W_out (y * silu(z))
// The cache keeps, per layer, every conv input seen so far as "keys"
// ([batch, 1, seq, inner], so get_seq_length() is the token count) and the
// state `s` as "values" ([batch, 1, inner, state_size]).
#include "checks.h"
#include "ops.h"

#include <transformers/errors.h>
#include <transformers/modeling.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace transformers {

struct MambaForCausalLM::Weights {
  struct Layer {
    std::vector<float> norm, w_in, w_z, conv_w, conv_b, w_b, w_c, decay, d_skip,
        w_out;
  };
  std::vector<float> embed, final_norm, lm_head;
  std::vector<Layer> layers;
};

MambaForCausalLM::MambaForCausalLM(ModelConfig config)
    : PreTrainedModel(std::move(config)), w_(std::make_unique<Weights>()) {
  const ModelConfig &c = config_;
  checks::check_positive(c.vocab_size, "vocab_size");
  checks::check_positive(c.hidden_size, "hidden_size");
  checks::check_positive(c.intermediate_size, "intermediate_size");
  checks::check_positive(c.num_hidden_layers, "num_hidden_layers");
  if (c.num_hidden_layers > checks::kMaxLayers)
    throw ValueError("`num_hidden_layers` (" +
                     std::to_string(c.num_hidden_layers) +
                     ") exceeds the supported maximum of " +
                     std::to_string(checks::kMaxLayers) + " layers");
  checks::check_positive(c.state_size, "state_size");
  checks::check_positive(c.conv_kernel, "conv_kernel");
  if (!(c.rms_norm_eps >= 0.0f) || !std::isfinite(c.rms_norm_eps))
    throw ValueError("`rms_norm_eps` must be a finite non-negative float");
  const int64_t H = c.hidden_size, D = c.intermediate_size, N = c.state_size,
                K = c.conv_kernel;
  ops::WeightSeeds weights(c.seed, /*salt=*/7);
  w_->embed = weights.draw({c.vocab_size, H}, 1.0f);
  for (int64_t l = 0; l < c.num_hidden_layers; ++l) {
    Weights::Layer layer;
    layer.norm = ops::ones(H);
    layer.w_in = weights.draw({D, H}, ops::fan_in_scale(H));
    layer.w_z = weights.draw({D, H}, ops::fan_in_scale(H));
    layer.conv_w = weights.draw({D, K}, ops::fan_in_scale(K));
    layer.conv_b = weights.draw({D}, 0.1f);
    layer.w_b = weights.draw({N, D}, ops::fan_in_scale(D));
    layer.w_c = weights.draw({N, D}, ops::fan_in_scale(D));
    // Decay in (0.5, 0.99): a stable recurrence.
    layer.decay = weights.draw({D, N}, 1.0f);
    for (float &a : layer.decay)
      a = 0.5f + 0.49f / (1.0f + std::exp(-a));
    layer.d_skip = weights.draw({D}, 0.5f);
    layer.w_out = weights.draw({H, D}, ops::fan_in_scale(D));
    w_->layers.push_back(std::move(layer));
  }
  w_->final_norm = ops::ones(H);
  w_->lm_head = weights.draw({c.vocab_size, H}, 4.0f * ops::fan_in_scale(H));
}

MambaForCausalLM::~MambaForCausalLM() = default;
MambaForCausalLM::MambaForCausalLM(MambaForCausalLM &&) noexcept = default;
MambaForCausalLM &
MambaForCausalLM::operator=(MambaForCausalLM &&) noexcept = default;

std::shared_ptr<Cache>
MambaForCausalLM::make_cache(const std::optional<std::string> & /*impl*/,
                             int64_t /*max_cache_len*/) const {
  // A recurrent state has no window and no capacity: every implementation
  // maps to a dynamic cache.
  return std::make_shared<DynamicCache>();
}

Tensor MambaForCausalLM::run(const TokenIds &ids,
                             const std::shared_ptr<Cache> &cache) const {
  const ModelConfig &c = config_;
  const int64_t B = static_cast<int64_t>(ids.size());
  const int64_t S = static_cast<int64_t>(ids.front().size());
  const int64_t H = c.hidden_size, D = c.intermediate_size, N = c.state_size,
                K = c.conv_kernel, V = c.vocab_size;
  if (cache && dynamic_cast<EncoderDecoderCache *>(cache.get()))
    throw TypeError("MambaForCausalLM needs a cache of DynamicLayer layers, "
                    "got an EncoderDecoderCache");
  // Check every layer before any is updated: the right layer type, this
  // model's state shapes for this batch, and one history length for all.
  if (cache) {
    const auto n = static_cast<int64_t>(cache->size());
    int64_t seen = -1; // history length of the first initialized layer
    for (int64_t l = 0; l < c.num_hidden_layers; ++l) {
      int64_t len = 0;
      if (l < n) {
        const CacheLayer &layer = cache->layer(l);
        if (!dynamic_cast<const DynamicLayer *>(&layer) || layer.is_sliding())
          throw TypeError("MambaForCausalLM needs a cache of DynamicLayer "
                          "layers (e.g. a DynamicCache)");
        if (layer.is_initialized) {
          const Tensor &k = layer.keys, &v = layer.values;
          if (k.dim() != 4 || k.size(0) != B || k.size(1) != 1 ||
              k.size(3) != D || v.dim() != 4 || v.size(0) != B ||
              v.size(1) != 1 || v.size(2) != D || v.size(3) != N)
            throw ValueError("`cache_params` does not hold a state of this "
                             "model for a batch of " +
                             std::to_string(B));
          len = k.size(2);
        }
      }
      if (seen < 0)
        seen = len;
      else if (len != seen)
        throw ValueError("layer " + std::to_string(l) +
                         " of `cache_params` holds " + std::to_string(len) +
                         " tokens but layer 0 holds " + std::to_string(seen));
    }
  }

  std::vector<float> x(static_cast<std::size_t>(B * S * H));
  for (int64_t b = 0; b < B; ++b)
    for (int64_t s = 0; s < S; ++s)
      std::copy_n(w_->embed.begin() + ids[b][s] * H, H,
                  x.begin() + (b * S + s) * H);

  std::vector<float> h(H), z(D), xc(D), bv(N), cv(N), y(D), o(H);
  for (int64_t l = 0; l < c.num_hidden_layers; ++l) {
    const Weights::Layer &lw = w_->layers[l];
    // Previous state from the cache, if any.
    CacheLayer *layer = nullptr;
    int64_t past = 0;
    if (cache && l < static_cast<int64_t>(cache->size())) {
      layer = &cache->layer(l); // checked above
      if (layer->is_initialized)
        past = layer->keys.size(2);
    }
    const int64_t T = past + S;
    std::vector<float> hist(static_cast<std::size_t>(B * T * D), 0.0f);
    std::vector<float> state(static_cast<std::size_t>(B * D * N), 0.0f);
    if (layer && layer->is_initialized) {
      const auto &kd = layer->keys.data();
      for (int64_t b = 0; b < B; ++b)
        std::copy_n(kd.begin() + b * past * D, past * D,
                    hist.begin() + b * T * D);
      state = layer->values.data();
    }
    for (int64_t b = 0; b < B; ++b) {
      float *st = state.data() + b * D * N;
      float *hb = hist.data() + b * T * D;
      for (int64_t s = 0; s < S; ++s) {
        const int64_t t = past + s;
        float *xs = x.data() + (b * S + s) * H;
        ops::rms_norm(xs, lw.norm, H, c.rms_norm_eps, h.data());
        ops::linear(h.data(), lw.w_in, H, D, hb + t * D);
        ops::linear(h.data(), lw.w_z, H, D, z.data());
        for (int64_t ch = 0; ch < D; ++ch) {
          float acc = lw.conv_b[ch];
          for (int64_t j = 0; j < K; ++j) {
            int64_t src = t - K + 1 + j;
            if (src >= 0)
              acc += lw.conv_w[ch * K + j] * hb[src * D + ch];
          }
          xc[ch] = ops::silu(acc);
        }
        ops::linear(xc.data(), lw.w_b, D, N, bv.data());
        ops::linear(xc.data(), lw.w_c, D, N, cv.data());
        for (int64_t ch = 0; ch < D; ++ch) {
          float acc = 0.0f;
          for (int64_t n = 0; n < N; ++n) {
            float &sv = st[ch * N + n];
            sv = lw.decay[ch * N + n] * sv + xc[ch] * bv[n];
            acc += sv * cv[n];
          }
          y[ch] = (acc + lw.d_skip[ch] * xc[ch]) * ops::silu(z[ch]);
        }
        ops::linear(y.data(), lw.w_out, D, H, o.data());
        for (int64_t i = 0; i < H; ++i)
          xs[i] += o[i];
      }
    }
    if (cache) {
      Tensor keys = Tensor::from_data({B, 1, T, D}, std::move(hist));
      Tensor values = Tensor::from_data({B, 1, D, N}, std::move(state));
      if (layer && layer->is_initialized) {
        layer->keys = keys;
        layer->values = values;
      } else {
        cache->update(keys, values, l); // a fresh DynamicLayer stores both
      }
    }
  }

  return ops::lm_head_logits(x, w_->final_norm, w_->lm_head, B, S, H, V,
                             c.rms_norm_eps);
}

} // namespace transformers
