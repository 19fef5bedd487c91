// Tiny deterministic reference models with `forward` and `generate`.
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

/// Result of `forward`.
struct CausalLMOutput {
  /// `[batch, seq, vocab_size]` for the tokens run.
  Tensor logits;
  /// The cache used (updated in place); null when run without a cache.
  std::shared_ptr<Cache> past_key_values;
};

/// Base of the models: `forward` and `generate`.
class PreTrainedModel {
public:
  explicit PreTrainedModel(ModelConfig config);
  virtual ~PreTrainedModel();

  const ModelConfig &config() const { return config_; }

  /// Runs `input_ids` (only the tokens not yet in the cache) after the cached
  /// ones. A passed `Cache` is updated in place and returned; with none and
  /// `use_cache` a new one is created. Legacy values throw ValueError.
  CausalLMOutput forward(const TokenIds &input_ids,
                         PastKeyValues past_key_values = {},
                         bool use_cache = true) const;

  /// Generates up to `config.max_new_tokens` tokens after `input_ids` (which,
  /// with a prefilled cache, hold the whole sequence: only the uncached tail
  /// is run). Cache preparation follows upstream
  /// `_prepare_cache_for_generation`.
  GenerateOutput generate(const TokenIds &input_ids,
                          const GenerationConfig &config = {},
                          GenerateKwargs kwargs = {}) const;

  /// "past_key_values", or "cache_params" for recurrent models.
  virtual std::string cache_name() const { return "past_key_values"; }

  /// Number of tokens `cache` holds for this model: the longest
  /// `get_seq_length` over its layers (a sliding layer converted with
  /// `from_legacy_cache` only holds its window, a full layer holds all).
  static int64_t cached_length(const Cache &cache);

protected:
  /// Runs the model; `cache` may be null.
  virtual Tensor run(const TokenIds &input_ids,
                     const std::shared_ptr<Cache> &cache) const = 0;
  /// The cache `generate`/`forward` create when none is passed.
  virtual std::shared_ptr<Cache>
  make_cache(const std::optional<std::string> &cache_implementation,
             int64_t max_cache_len) const = 0;

  ModelConfig config_;
};

/// Tiny Llama: RMSNorm, RoPE, grouped-query attention, SwiGLU MLP, optional
/// sliding-window layers (`layer_types` / `sliding_window`).
class LlamaForCausalLM : public PreTrainedModel {
public:
  explicit LlamaForCausalLM(ModelConfig config = {});
  ~LlamaForCausalLM() override;
  LlamaForCausalLM(LlamaForCausalLM &&) noexcept;
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
/// `DynamicCache` (e.g. from `from_legacy_cache`) can carry it.
class MambaForCausalLM : public PreTrainedModel {
public:
  explicit MambaForCausalLM(ModelConfig config = {});
  ~MambaForCausalLM() override;
  MambaForCausalLM(MambaForCausalLM &&) noexcept;
  MambaForCausalLM &operator=(MambaForCausalLM &&) noexcept;

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
