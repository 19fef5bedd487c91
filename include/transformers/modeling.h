/// \file
/// Tiny deterministic reference models with `forward` and `generate`
/// (upstream `modeling_llama.py`, `modeling_mamba.py`, `GenerationMixin`).
#ifndef TRANSFORMERS_MODELING_H
#define TRANSFORMERS_MODELING_H

#include <transformers/cache_utils.h>
#include <transformers/configuration_utils.h>
#include <transformers/generation/configuration_utils.h>
#include <transformers/generation/utils.h>
#include <transformers/tensor.h>

#include <memory>
#include <string>

namespace transformers {

/// Result of `forward` (upstream `CausalLMOutputWithPast`).
struct CausalLMOutput {
  /// `[batch, seq, vocab_size]` for the tokens run.
  Tensor logits;
  /// The cache used (updated in place); null when run without a cache.
  std::shared_ptr<Cache> past_key_values;
};

/// Base of the models: `forward` and `generate` (upstream `PreTrainedModel`
/// + `GenerationMixin`). Models are immutable after construction; a model
/// may be shared, the state lives in the cache.
class PreTrainedModel {
public:
  /// Stores `config` (subclasses validate it).
  explicit PreTrainedModel(ModelConfig config);
  virtual ~PreTrainedModel();

  /// The model's configuration (`model.config`).
  const ModelConfig &config() const { return config_; }

  /// One forward pass (`model(input_ids, past_key_values=...,
  /// use_cache=...)`): runs `input_ids` (only the tokens not yet in the
  /// cache, as upstream) after the cached ones. A passed `Cache` is updated
  /// in place and returned; with none and `use_cache` a new one is created
  /// (a `DynamicCache(config)`), with none and `!use_cache` the output's
  /// cache is null. The cache is passed positionally for every model,
  /// including Mamba (upstream's `cache_params=`).
  /// \returns logits `[batch, seq, vocab_size]` for the tokens run, and the
  /// cache.
  /// \throws ValueError for a legacy tuple value (`legacy_cache_message()`)
  /// or ragged/empty `input_ids`, or a cache whose layers do not fit the
  /// model (shapes, batch, lengths; checked before any layer is updated).
  /// \throws IndexError for a token id outside `[0, vocab_size)`.
  /// \throws TypeError when a Mamba model gets a cache whose layers are not
  /// plain `DynamicLayer`s.
  CausalLMOutput forward(const TokenIds &input_ids,
                         PastKeyValues past_key_values = {},
                         bool use_cache = true) const;

  /// Generates up to `config.max_new_tokens` tokens after `input_ids`
  /// (`model.generate(input_ids, generation_config=..., past_key_values=...)`
  /// with `return_dict_in_generate=True`). With a prefilled cache
  /// `input_ids` hold the whole sequence: only the uncached tail is run.
  /// Cache preparation follows upstream `_prepare_cache_for_generation`:
  /// the user cache is `kwargs.past_key_values`, or `kwargs.cache_params`
  /// for models whose `cache_name()` says so (a cache in the other member is
  /// a ValueError, upstream's unused-`model_kwargs` error);
  /// a passed `Cache` is updated in place and returned; with none and
  /// `config.use_cache` a cache of `config.cache_implementation` is created.
  /// Greedy, sampling (`do_sample`) or beam search (`num_beams > 1`, no
  /// length penalty; the returned cache holds `batch * num_beams` rows).
  /// \returns the prompt plus the new tokens per row, and the cache.
  /// \throws ValueError for a user cache combined with
  /// `cache_implementation` (`cache_implementation_conflict_message`), a
  /// legacy tuple value (`legacy_cache_message()`), an invalid
  /// `GenerationConfig` (negative `max_new_tokens` or `top_k`, `num_beams <
  /// 1`, `temperature <= 0` with `do_sample`, `eos_token_id` outside the
  /// vocabulary, unknown `cache_implementation`), ragged/empty `input_ids`,
  /// `input_ids` not longer than the cached sequence, or a cache whose
  /// layers do not fit the model (checked before any layer is updated).
  /// \throws IndexError for a token id outside `[0, vocab_size)`, or when a
  /// `StaticCache` overflows.
  GenerateOutput generate(const TokenIds &input_ids,
                          const GenerationConfig &config = {},
                          GenerateKwargs kwargs = {}) const;

  /// Name of the cache keyword: "past_key_values", or "cache_params" for
  /// recurrent models (upstream: the `cache_params` check in
  /// `_prepare_cache_for_generation`). Also names the keyword in the
  /// conflict error.
  virtual std::string cache_name() const { return "past_key_values"; }

  /// Number of tokens `cache` holds for this model: the longest
  /// `get_seq_length` over its layers (a sliding layer converted with
  /// `from_legacy_cache` only holds its window, a full layer holds all).
  static int64_t cached_length(const Cache &cache);

protected:
  /// Runs the model on `input_ids` after the cached tokens and updates
  /// `cache` in place; `cache` may be null. Returns `[batch, seq, vocab]`.
  virtual Tensor run(const TokenIds &input_ids,
                     const std::shared_ptr<Cache> &cache) const = 0;
  /// The cache `generate`/`forward` create when none is passed, for
  /// `cache_implementation` (nullopt = the model's default) and a capacity
  /// of `max_cache_len` tokens (used by "static").
  virtual std::shared_ptr<Cache>
  make_cache(const std::optional<std::string> &cache_implementation,
             int64_t max_cache_len) const = 0;

  /// The configuration passed to the constructor.
  ModelConfig config_;
};

/// Tiny Llama: RMSNorm, RoPE, grouped-query attention, SwiGLU MLP, optional
/// sliding-window layers (`layer_types` / `sliding_window`) (upstream
/// `LlamaForCausalLM`; with sliding layers it behaves like Mistral/Gemma).
/// Its default cache is `DynamicCache(config)`; `cache_implementation`
/// "static" gives a `StaticCache` of prompt + `max_new_tokens` tokens,
/// "sliding_window" requires `config.sliding_window` (ValueError otherwise).
/// Works with every cache of this library, including legacy caches converted
/// with `DynamicCache::from_legacy_cache`.
class LlamaForCausalLM : public PreTrainedModel {
public:
  /// Builds the model with deterministic weights from `config.seed`.
  /// \throws ValueError if `config` is inconsistent (non-positive sizes,
  /// heads not dividing, odd head dimension, bad `layer_types`).
  explicit LlamaForCausalLM(ModelConfig config = {});
  ~LlamaForCausalLM() override;
  /// Move-only (the weights are owned).
  LlamaForCausalLM(LlamaForCausalLM &&) noexcept;
  /// Move-only (the weights are owned).
  LlamaForCausalLM &operator=(LlamaForCausalLM &&) noexcept;

protected:
  Tensor run(const TokenIds &input_ids,
             const std::shared_ptr<Cache> &cache) const override;
  std::shared_ptr<Cache>
  make_cache(const std::optional<std::string> &cache_implementation,
             int64_t max_cache_len) const override;

private:
  struct Weights;
  std::unique_ptr<Weights> w_;
};

/// Tiny Mamba-like recurrent model (cache keyword `cache_params`). Per layer
/// the cache holds the convolution inputs seen so far as "keys"
/// (`[batch, 1, seq, intermediate_size]`, grows on dim -2) and the SSM state
/// as "values" (`[batch, 1, intermediate_size, state_size]`), so any
/// `DynamicCache` (e.g. from `from_legacy_cache`) can carry it. Upstream
/// uses a dedicated `MambaCache` with fixed-size `conv_states` /
/// `ssm_states`; here the convolution history grows with the sequence. Every
/// `cache_implementation` creates a `DynamicCache`. Caches with static,
/// sliding or encoder-decoder layers throw TypeError.
class MambaForCausalLM : public PreTrainedModel {
public:
  /// Builds the model with deterministic weights from `config.seed`.
  /// \throws ValueError if a size in `config` is not positive.
  explicit MambaForCausalLM(ModelConfig config = {});
  ~MambaForCausalLM() override;
  /// Move-only (the weights are owned).
  MambaForCausalLM(MambaForCausalLM &&) noexcept;
  /// Move-only (the weights are owned).
  MambaForCausalLM &operator=(MambaForCausalLM &&) noexcept;

  /// "cache_params": `generate` reads `GenerateKwargs::cache_params`.
  std::string cache_name() const override { return "cache_params"; }

protected:
  Tensor run(const TokenIds &input_ids,
             const std::shared_ptr<Cache> &cache) const override;
  std::shared_ptr<Cache>
  make_cache(const std::optional<std::string> &cache_implementation,
             int64_t max_cache_len) const override;

private:
  struct Weights;
  std::unique_ptr<Weights> w_;
};

} // namespace transformers

#endif // TRANSFORMERS_MODELING_H
