// Tiny Llama: embeddings -> N x (RMSNorm, GQA attention with RoPE, RMSNorm,
// SwiGLU MLP) -> RMSNorm -> LM head.
#include "checks.h"
#include "ops.h"

#include <transformers/errors.h>
#include <transformers/modeling.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace transformers {

struct LlamaForCausalLM::Weights {
  struct Layer {
    std::vector<float> input_norm, wq, wk, wv, wo, post_norm, w_gate, w_up,
        w_down;
    std::optional<int64_t> window; // sliding-window layers only
  };
  std::vector<float> embed, final_norm, lm_head;
  std::vector<Layer> layers;
  std::vector<float> inv_freq;
};

namespace {

void validate(const ModelConfig &c) {
  using checks::check_positive;
  check_positive(c.vocab_size, "vocab_size");
  check_positive(c.hidden_size, "hidden_size");
  check_positive(c.intermediate_size, "intermediate_size");
  check_positive(c.num_hidden_layers, "num_hidden_layers");
  check_positive(c.num_attention_heads, "num_attention_heads");
  check_positive(c.num_key_value_heads, "num_key_value_heads");
  check_positive(c.max_position_embeddings, "max_position_embeddings");
  if (c.hidden_size % c.num_attention_heads != 0)
    // Upstream's text (e.g. BERT's self-attention).
    throw ValueError("The hidden size (" + std::to_string(c.hidden_size) +
                     ") is not a multiple of the number of attention heads (" +
                     std::to_string(c.num_attention_heads) + ")");
  if (c.num_attention_heads % c.num_key_value_heads != 0)
    throw ValueError("`num_attention_heads` (" +
                     std::to_string(c.num_attention_heads) +
                     ") must be divisible by `num_key_value_heads` (" +
                     std::to_string(c.num_key_value_heads) + ")");
  if ((c.hidden_size / c.num_attention_heads) % 2 != 0)
    throw ValueError("the head dimension (" +
                     std::to_string(c.hidden_size / c.num_attention_heads) +
                     ") must be even (RoPE)");
  checks::check_layer_types(c);
  if (!(c.rms_norm_eps >= 0.0f) || !std::isfinite(c.rms_norm_eps))
    throw ValueError("`rms_norm_eps` must be a finite non-negative float");
  if (!(c.rope_theta > 0.0f) || !std::isfinite(c.rope_theta))
    throw ValueError("`rope_theta` must be a finite positive float");
}

// The layers of `cache` that hold this model's states (the self-attention
// half of an encoder-decoder cache).
const Cache &attention_cache(const Cache &cache) {
  if (auto *ed = dynamic_cast<const EncoderDecoderCache *>(&cache))
    return attention_cache(*ed->self_attention_cache);
  return cache;
}

// Before a run changes anything: a passed cache must hold, for every layer
// of the model, states of this model's shape for this batch, and as many
// tokens as the cache as a whole (a sliding layer at least the last
// `window - 1` of them). Anything else would silently attend to the wrong
// positions or fail half-way with the cache partly updated.
void check_cache(const ModelConfig &c, const Cache &cache, int64_t batch,
                 int64_t past) {
  const Cache &layers = attention_cache(cache);
  const int64_t nkv = c.num_key_value_heads,
                hd = c.hidden_size / c.num_attention_heads;
  const auto n = static_cast<int64_t>(layers.size());
  for (int64_t l = 0; l < c.num_hidden_layers; ++l) {
    const std::string where = "layer " + std::to_string(l) + " of the cache";
    if (l >= n || !layers.layer(l).is_initialized) {
      if (past > 0)
        throw ValueError(where + " holds no states but the cache holds " +
                         std::to_string(past) + " tokens");
      continue;
    }
    const CacheLayer &layer = layers.layer(l);
    const Tensor &k = layer.keys, &v = layer.values;
    if (k.dim() == 4 && v.dim() == 4 && k.size(0) != batch)
      throw ValueError(
          "the cache holds a batch of " + std::to_string(k.size(0)) +
          " sequences but `input_ids` has " + std::to_string(batch));
    if (k.dim() != 4 || v.shape() != k.shape() || k.size(1) != nkv ||
        k.size(3) != hd)
      throw ValueError(where + " holds keys of shape " +
                       checks::shape_str(k.shape()) + " and values of shape " +
                       checks::shape_str(v.shape()) +
                       ", but this model needs [" + std::to_string(batch) +
                       ", " + std::to_string(nkv) + ", seq_len, " +
                       std::to_string(hd) + "] for both");
    const bool is_static = dynamic_cast<const StaticLayer *>(&layer) != nullptr;
    const int64_t stored = is_static ? layer.get_seq_length() : k.size(2);
    int64_t lo = past;
    if (!is_static && is_sliding_layer(c, l))
      lo = std::min(past, *c.sliding_window - 1);
    if (stored < lo || stored > past)
      throw ValueError(where + " holds " + std::to_string(stored) +
                       " tokens, inconsistent with the " +
                       std::to_string(past) + " tokens the cache holds");
  }
}

// Absolute position of the first key the next update of layer `l` returns.
// Static layers return their whole buffer (slot i = position i); every other
// layer holds the most recent tokens, so its keys end at `past`.
int64_t kv_offset(const Cache &cache, int64_t l, int64_t past) {
  if (auto *ed = dynamic_cast<const EncoderDecoderCache *>(&cache))
    return kv_offset(*ed->self_attention_cache, l, past);
  if (l >= static_cast<int64_t>(cache.size()))
    return past;
  const CacheLayer &layer = cache.layer(l);
  if (dynamic_cast<const StaticLayer *>(&layer))
    return 0;
  return past - (layer.is_initialized ? layer.keys.size(-2) : 0);
}

} // namespace

LlamaForCausalLM::LlamaForCausalLM(ModelConfig config)
    : PreTrainedModel(std::move(config)), w_(std::make_unique<Weights>()) {
  const ModelConfig &c = config_;
  validate(c);
  const int64_t H = c.hidden_size, I = c.intermediate_size,
                hd = H / c.num_attention_heads;
  const int64_t q_dim = c.num_attention_heads * hd,
                kv_dim = c.num_key_value_heads * hd;
  ops::WeightSeeds weights(c.seed, /*salt=*/1);
  w_->embed = weights.draw({c.vocab_size, H}, 1.0f);
  for (int64_t l = 0; l < c.num_hidden_layers; ++l) {
    Weights::Layer layer;
    layer.input_norm = ops::ones(H);
    layer.wq = weights.draw({q_dim, H}, ops::fan_in_scale(H));
    layer.wk = weights.draw({kv_dim, H}, ops::fan_in_scale(H));
    layer.wv = weights.draw({kv_dim, H}, ops::fan_in_scale(H));
    layer.wo = weights.draw({H, q_dim}, ops::fan_in_scale(q_dim));
    layer.post_norm = ops::ones(H);
    layer.w_gate = weights.draw({I, H}, ops::fan_in_scale(H));
    layer.w_up = weights.draw({I, H}, ops::fan_in_scale(H));
    layer.w_down = weights.draw({H, I}, ops::fan_in_scale(I));
    if (is_sliding_layer(c, l))
      layer.window = c.sliding_window;
    w_->layers.push_back(std::move(layer));
  }
  w_->final_norm = ops::ones(H);
  // Scaled up so that the tiny random model has peaked distributions.
  w_->lm_head = weights.draw({c.vocab_size, H}, 4.0f * ops::fan_in_scale(H));
  for (int64_t i = 0; i < hd / 2; ++i)
    w_->inv_freq.push_back(
        1.0f / std::pow(c.rope_theta,
                        static_cast<float>(2 * i) / static_cast<float>(hd)));
}

LlamaForCausalLM::~LlamaForCausalLM() = default;
LlamaForCausalLM::LlamaForCausalLM(LlamaForCausalLM &&) noexcept = default;
LlamaForCausalLM &
LlamaForCausalLM::operator=(LlamaForCausalLM &&) noexcept = default;

std::shared_ptr<Cache>
LlamaForCausalLM::make_cache(const std::optional<std::string> &impl,
                             int64_t max_cache_len) const {
  if (impl && *impl == "static")
    return std::make_shared<StaticCache>(config_, max_cache_len);
  if (impl && *impl == "sliding_window" && !config_.sliding_window)
    throw ValueError("Setting `cache_implementation` to 'sliding_window' "
                     "requires the model config supporting sliding window "
                     "attention, please check if there is a `sliding_window` "
                     "field in the model config and it's not set to None.");
  // "dynamic", "sliding_window" and the default: per-layer dynamic layers,
  // sliding ones for the sliding-attention layers.
  return std::make_shared<DynamicCache>(config_);
}

Tensor LlamaForCausalLM::run(const TokenIds &ids,
                             const std::shared_ptr<Cache> &cache) const {
  const ModelConfig &c = config_;
  const int64_t B = static_cast<int64_t>(ids.size());
  const int64_t S = static_cast<int64_t>(ids.front().size());
  const int64_t H = c.hidden_size, I = c.intermediate_size, V = c.vocab_size;
  const int64_t nh = c.num_attention_heads, nkv = c.num_key_value_heads;
  const int64_t hd = H / nh, half = hd / 2;
  const int64_t past = cache ? cached_length(*cache) : 0;
  if (cache)
    check_cache(c, *cache, B, past);
  const float attn_scale = 1.0f / std::sqrt(static_cast<float>(hd));

  std::vector<float> x(static_cast<std::size_t>(B * S * H));
  for (int64_t b = 0; b < B; ++b)
    for (int64_t s = 0; s < S; ++s)
      std::copy_n(w_->embed.begin() + ids[b][s] * H, H,
                  x.begin() + (b * S + s) * H);

  // RoPE (rotate-half form) on one head vector at absolute position `pos`.
  auto rope = [&](float *v, int64_t pos) {
    for (int64_t i = 0; i < half; ++i) {
      float angle = static_cast<float>(pos) * w_->inv_freq[i];
      float cs = std::cos(angle), sn = std::sin(angle);
      float a = v[i], b2 = v[i + half];
      v[i] = a * cs - b2 * sn;
      v[i + half] = b2 * cs + a * sn;
    }
  };

  std::vector<float> h(H), q_row(nh * hd), kv_row(nkv * hd), attn(nh * hd),
      o(H), gate(I), up(I);
  for (int64_t l = 0; l < c.num_hidden_layers; ++l) {
    const Weights::Layer &lw = w_->layers[l];
    std::vector<float> q(static_cast<std::size_t>(B * nh * S * hd));
    std::vector<float> k(static_cast<std::size_t>(B * nkv * S * hd));
    std::vector<float> v(k.size());
    for (int64_t b = 0; b < B; ++b)
      for (int64_t s = 0; s < S; ++s) {
        const float *xs = x.data() + (b * S + s) * H;
        ops::rms_norm(xs, lw.input_norm, H, c.rms_norm_eps, h.data());
        ops::linear(h.data(), lw.wq, H, nh * hd, q_row.data());
        for (int64_t n = 0; n < nh; ++n) {
          float *dst = q.data() + ((b * nh + n) * S + s) * hd;
          std::copy_n(q_row.data() + n * hd, hd, dst);
          rope(dst, past + s);
        }
        ops::linear(h.data(), lw.wk, H, nkv * hd, kv_row.data());
        for (int64_t n = 0; n < nkv; ++n) {
          float *dst = k.data() + ((b * nkv + n) * S + s) * hd;
          std::copy_n(kv_row.data() + n * hd, hd, dst);
          rope(dst, past + s);
        }
        ops::linear(h.data(), lw.wv, H, nkv * hd, kv_row.data());
        for (int64_t n = 0; n < nkv; ++n)
          std::copy_n(kv_row.data() + n * hd, hd,
                      v.data() + ((b * nkv + n) * S + s) * hd);
      }
    Tensor key_states = Tensor::from_data({B, nkv, S, hd}, std::move(k));
    Tensor value_states = Tensor::from_data({B, nkv, S, hd}, std::move(v));
    int64_t offset = 0;
    if (cache) {
      offset = kv_offset(*cache, l, past);
      auto kv = cache->update(key_states, value_states, l);
      key_states = kv.first;
      value_states = kv.second;
    }
    if (key_states.size(0) != B)
      throw ValueError("the cache holds a batch of " +
                       std::to_string(key_states.size(0)) +
                       " sequences but `input_ids` has " + std::to_string(B));
    // Grouped-query attention: every KV head serves nh / nkv query heads.
    Tensor keys = repeat_interleave(key_states, nh / nkv, 1);
    Tensor values = repeat_interleave(value_states, nh / nkv, 1);
    const int64_t L = keys.size(2);
    const float *kd = keys.data().data();
    const float *vd = values.data().data();
    std::vector<float> scores(static_cast<std::size_t>(L));
    for (int64_t b = 0; b < B; ++b) {
      for (int64_t s = 0; s < S; ++s) {
        const int64_t pos = past + s;
        for (int64_t n = 0; n < nh; ++n) {
          const float *qv = q.data() + ((b * nh + n) * S + s) * hd;
          const float *kh = kd + (b * nh + n) * L * hd;
          const float *vh = vd + (b * nh + n) * L * hd;
          float max = -std::numeric_limits<float>::infinity();
          for (int64_t j = 0; j < L; ++j) {
            int64_t kpos = offset + j;
            bool visible =
                kpos <= pos && (!lw.window || pos - kpos < *lw.window);
            if (!visible) {
              scores[j] = -std::numeric_limits<float>::infinity();
              continue;
            }
            float dot = 0.0f;
            for (int64_t d = 0; d < hd; ++d)
              dot += qv[d] * kh[j * hd + d];
            scores[j] = dot * attn_scale;
            if (scores[j] > max)
              max = scores[j];
          }
          float sum = 0.0f;
          for (int64_t j = 0; j < L; ++j) {
            if (scores[j] == -std::numeric_limits<float>::infinity()) {
              scores[j] = 0.0f;
              continue;
            }
            scores[j] = std::exp(scores[j] - max);
            sum += scores[j];
          }
          float *out = attn.data() + n * hd;
          std::fill_n(out, hd, 0.0f);
          for (int64_t j = 0; j < L; ++j) {
            if (scores[j] == 0.0f)
              continue;
            float p = scores[j] / sum;
            for (int64_t d = 0; d < hd; ++d)
              out[d] += p * vh[j * hd + d];
          }
        }
        float *xs = x.data() + (b * S + s) * H;
        ops::linear(attn.data(), lw.wo, nh * hd, H, o.data());
        for (int64_t i = 0; i < H; ++i)
          xs[i] += o[i];
        // MLP
        ops::rms_norm(xs, lw.post_norm, H, c.rms_norm_eps, h.data());
        ops::linear(h.data(), lw.w_gate, H, I, gate.data());
        ops::linear(h.data(), lw.w_up, H, I, up.data());
        for (int64_t i = 0; i < I; ++i)
          gate[i] = ops::silu(gate[i]) * up[i];
        ops::linear(gate.data(), lw.w_down, I, H, o.data());
        for (int64_t i = 0; i < H; ++i)
          xs[i] += o[i];
      }
    }
  }

  return ops::lm_head_logits(x, w_->final_norm, w_->lm_head, B, S, H, V,
                             c.rms_norm_eps);
}

} // namespace transformers
