// PreTrainedModel::forward / generate: cache preparation as upstream
// `_prepare_cache_for_generation`, then greedy / sampling / beam search.
#include "checks.h"

#include <transformers/errors.h>
#include <transformers/modeling.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace transformers {

std::string cache_implementation_conflict_message(const std::string &name) {
  return "Passing both `cache_implementation` (used to initialize certain "
         "caches) and `" +
         name +
         "` (a Cache object) is unsupported. Please use only one of the two.";
}

const char *legacy_cache_message() {
  return "Passing a tuple of `past_key_values` is not supported anymore. "
         "Please use a `Cache` instance.";
}

PreTrainedModel::PreTrainedModel(ModelConfig config)
    : config_(std::move(config)) {}

PreTrainedModel::~PreTrainedModel() = default;

int64_t PreTrainedModel::cached_length(const Cache &cache) {
  int64_t len = cache.get_seq_length(0);
  for (std::size_t l = 1; l < cache.size(); ++l)
    len = std::max(len, cache.get_seq_length(static_cast<int64_t>(l)));
  return len;
}

namespace {

int64_t check_input_ids(const TokenIds &ids, int64_t vocab_size) {
  if (ids.empty() || ids.front().empty())
    throw ValueError("`input_ids` must hold at least one token per sequence");
  auto len = ids.front().size();
  for (const auto &row : ids) {
    if (row.size() != len)
      // torch.tensor's text for a ragged nested list.
      throw ValueError("expected sequence of length " + std::to_string(len) +
                       " at dim 1 (got " + std::to_string(row.size()) + ")");
    for (int64_t tok : row)
      if (tok < 0 || tok >= vocab_size)
        throw IndexError("index out of range in self");
  }
  return static_cast<int64_t>(len);
}

// A float as Python's `str(float)` spells the usual values ("0.0", "-1.5",
// "nan", "inf").
std::string python_float(float v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  char buf[64];
  if (v == std::trunc(v) && std::fabs(v) < 1e16f)
    std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(v));
  else
    std::snprintf(buf, sizeof buf, "%.7g", static_cast<double>(v));
  return buf;
}

void check_generation_config(const GenerationConfig &cfg, int64_t vocab_size) {
  if (cfg.cache_implementation) {
    const std::string &impl = *cfg.cache_implementation;
    if (impl != "dynamic" && impl != "static" && impl != "sliding_window")
      throw ValueError("Invalid `cache_implementation` (" + impl +
                       "). Choose one of: ['dynamic', 'static', "
                       "'sliding_window']");
  }
  if (cfg.max_new_tokens < 0)
    throw ValueError("`max_new_tokens` must be greater than or equal to 0, "
                     "but is " +
                     std::to_string(cfg.max_new_tokens) + ".");
  if (cfg.num_beams < 1)
    throw ValueError("`num_beams` has to be a strictly positive integer, but "
                     "is " +
                     std::to_string(cfg.num_beams));
  if (cfg.do_sample && !(cfg.temperature > 0.0f))
    throw ValueError("`temperature` (=" + python_float(cfg.temperature) +
                     ") has to be a strictly positive float, otherwise your "
                     "next token scores will be invalid.");
  if (cfg.top_k < 0)
    throw ValueError("`top_k` has to be a non-negative integer, but is " +
                     std::to_string(cfg.top_k));
  if (cfg.eos_token_id &&
      (*cfg.eos_token_id < 0 || *cfg.eos_token_id >= vocab_size))
    throw ValueError("`eos_token_id` (" + std::to_string(*cfg.eos_token_id) +
                     ") must be a token id in [0, vocab_size=" +
                     std::to_string(vocab_size) + ")");
}

// Upstream `_validate_model_kwargs`: a cache passed under the other model
// family's keyword would otherwise be silently ignored.
void check_unused_cache_kwarg(const GenerateKwargs &kwargs,
                              const std::string &cache_name) {
  const bool recurrent = cache_name == "cache_params";
  const PastKeyValues &other =
      recurrent ? kwargs.past_key_values : kwargs.cache_params;
  if (!other.is_none())
    throw ValueError(std::string("The following `model_kwargs` are not used "
                                 "by the model: ['") +
                     (recurrent ? "past_key_values" : "cache_params") +
                     "'] (note: typos in the generate arguments will also "
                     "show up in this list)");
}

// Lowest index wins ties.
int64_t argmax(const float *row, int64_t n) {
  int64_t best = 0;
  for (int64_t i = 1; i < n; ++i)
    if (row[i] > row[best])
      best = i;
  return best;
}

struct Rng {
  uint64_t state;
  double uniform() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
  }
};

int64_t sample(const float *row, int64_t n, const GenerationConfig &cfg,
               Rng &rng) {
  std::vector<int64_t> order(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    order[i] = i;
  // Total order (value, then lowest index): deterministic ties.
  std::sort(order.begin(), order.end(), [row](int64_t a, int64_t b) {
    return row[a] > row[b] || (row[a] == row[b] && a < b);
  });
  int64_t keep = (cfg.top_k > 0 && cfg.top_k < n) ? cfg.top_k : n;
  std::vector<double> probs(static_cast<std::size_t>(keep));
  double max = static_cast<double>(row[order[0]]) / cfg.temperature;
  double sum = 0.0;
  for (int64_t i = 0; i < keep; ++i) {
    probs[i] =
        std::exp(static_cast<double>(row[order[i]]) / cfg.temperature - max);
    sum += probs[i];
  }
  double u = rng.uniform() * sum;
  double cum = 0.0;
  for (int64_t i = 0; i < keep; ++i) {
    cum += probs[i];
    if (u < cum)
      return order[i];
  }
  return order[keep - 1];
}

} // namespace

CausalLMOutput PreTrainedModel::forward(const TokenIds &input_ids,
                                        PastKeyValues past_key_values,
                                        bool use_cache) const {
  if (past_key_values.is_legacy())
    throw ValueError(legacy_cache_message());
  check_input_ids(input_ids, config_.vocab_size);
  std::shared_ptr<Cache> cache = past_key_values.cache();
  if (!cache && use_cache)
    cache = make_cache(std::nullopt, 0);
  Tensor logits = run(input_ids, cache);
  return {logits, cache};
}

GenerateOutput PreTrainedModel::generate(const TokenIds &input_ids,
                                         const GenerationConfig &cfg,
                                         GenerateKwargs kwargs) const {
  int64_t prompt_len = check_input_ids(input_ids, config_.vocab_size);
  check_generation_config(cfg, config_.vocab_size);
  const std::string name = cache_name();
  check_unused_cache_kwarg(kwargs, name);

  // --- _prepare_cache_for_generation ---------------------------------------
  const PastKeyValues &user =
      name == "cache_params" ? kwargs.cache_params : kwargs.past_key_values;
  std::shared_ptr<Cache> cache;
  if (!user.is_none()) {
    if (cfg.cache_implementation)
      throw ValueError(cache_implementation_conflict_message(name));
    if (user.is_legacy())
      throw ValueError(legacy_cache_message());
    cache = user.cache();
  } else if (cfg.use_cache) {
    // Saturating: a huge `max_new_tokens` must not overflow.
    const int64_t new_tokens = std::max<int64_t>(cfg.max_new_tokens, 1);
    const int64_t max_cache_len =
        new_tokens > std::numeric_limits<int64_t>::max() - prompt_len
            ? std::numeric_limits<int64_t>::max()
            : prompt_len + new_tokens;
    cache = make_cache(cfg.cache_implementation, max_cache_len);
  }

  const int64_t vocab = config_.vocab_size;
  // Logits of the last position of every row; runs only the uncached tail.
  auto next_logits = [&](const TokenIds &seqs) {
    Tensor logits;
    int64_t len = static_cast<int64_t>(seqs.front().size());
    if (cache) {
      int64_t past = cached_length(*cache);
      if (past >= len)
        throw ValueError("`input_ids` (length " + std::to_string(len) +
                         ") must be longer than the cached sequence (length " +
                         std::to_string(past) + ")");
      TokenIds tail;
      tail.reserve(seqs.size());
      for (const auto &row : seqs)
        tail.emplace_back(row.begin() + past, row.end());
      logits = run(tail, cache);
    } else {
      logits = run(seqs, nullptr);
    }
    int64_t run_len = logits.size(1);
    std::vector<std::vector<float>> rows;
    for (int64_t b = 0; b < logits.size(0); ++b) {
      const float *p =
          logits.data().data() + (b * run_len + run_len - 1) * vocab;
      rows.emplace_back(p, p + vocab);
    }
    return rows;
  };

  const auto batch = static_cast<int64_t>(input_ids.size());
  TokenIds seqs = input_ids;

  if (cfg.num_beams <= 1) {
    // --- greedy / sampling -------------------------------------------------
    std::vector<bool> finished(static_cast<std::size_t>(batch), false);
    Rng rng{cfg.seed};
    for (int64_t step = 0; step < cfg.max_new_tokens; ++step) {
      auto rows = next_logits(seqs);
      bool all_done = true;
      for (int64_t b = 0; b < batch; ++b) {
        int64_t tok;
        if (finished[b])
          tok = *cfg.eos_token_id;
        else if (cfg.do_sample)
          tok = sample(rows[b].data(), vocab, cfg, rng);
        else
          tok = argmax(rows[b].data(), vocab);
        seqs[b].push_back(tok);
        if (cfg.eos_token_id && tok == *cfg.eos_token_id)
          finished[b] = true;
        all_done = all_done && finished[b];
      }
      if (cfg.eos_token_id && all_done)
        break;
    }
    return {seqs, cache};
  }

  // --- beam search (uses reorder_cache) ------------------------------------
  const int64_t nb = cfg.num_beams;
  checks::checked_mul(batch, nb, "`num_beams` x batch size");
  TokenIds beams;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < nb; ++i)
      beams.push_back(input_ids[b]);
  if (cache && cached_length(*cache) > 0) {
    // The prefilled rows are expanded to beams: they must be the prompt's
    // rows, or the cache would be changed before the run rejects it.
    for (std::size_t l = 0; l < cache->size(); ++l) {
      const Tensor &keys = (*cache)[static_cast<int64_t>(l)].first;
      if (keys.defined() && keys.dim() > 0 && keys.size(0) != batch)
        throw ValueError(
            "the cache holds a batch of " + std::to_string(keys.size(0)) +
            " sequences but `input_ids` has " + std::to_string(batch));
    }
    cache->batch_repeat_interleave(nb);
  }
  // Only the first beam of each group starts active, so the first step does
  // not pick the same token nb times.
  std::vector<double> scores(static_cast<std::size_t>(batch * nb), -1e9);
  for (int64_t b = 0; b < batch; ++b)
    scores[b * nb] = 0.0;
  std::vector<bool> done(static_cast<std::size_t>(batch * nb), false);

  struct Candidate {
    double score;
    int64_t beam;
    int64_t token;
  };
  for (int64_t step = 0; step < cfg.max_new_tokens; ++step) {
    auto rows = next_logits(beams);
    TokenIds next_beams;
    std::vector<double> next_scores;
    std::vector<bool> next_done;
    std::vector<int64_t> beam_idx;
    for (int64_t b = 0; b < batch; ++b) {
      std::vector<Candidate> cands;
      for (int64_t i = 0; i < nb; ++i) {
        int64_t r = b * nb + i;
        if (done[r]) {
          cands.push_back({scores[r], r, *cfg.eos_token_id});
          continue;
        }
        const std::vector<float> &row = rows[r];
        double max = row[argmax(row.data(), vocab)];
        double sum = 0.0;
        for (int64_t v = 0; v < vocab; ++v)
          sum += std::exp(static_cast<double>(row[v]) - max);
        double lse = max + std::log(sum);
        for (int64_t v = 0; v < vocab; ++v)
          cands.push_back(
              {scores[r] + static_cast<double>(row[v]) - lse, r, v});
      }
      std::sort(cands.begin(), cands.end(),
                [](const Candidate &a, const Candidate &c) {
                  if (a.score != c.score)
                    return a.score > c.score;
                  return a.beam != c.beam ? a.beam < c.beam : a.token < c.token;
                });
      for (int64_t i = 0; i < nb; ++i) {
        const Candidate &c = cands[i];
        std::vector<int64_t> seq = beams[c.beam];
        seq.push_back(c.token);
        next_beams.push_back(std::move(seq));
        next_scores.push_back(c.score);
        next_done.push_back(done[c.beam] ||
                            (cfg.eos_token_id && c.token == *cfg.eos_token_id));
        beam_idx.push_back(c.beam);
      }
    }
    if (cache)
      cache->reorder_cache(beam_idx);
    beams = std::move(next_beams);
    scores = std::move(next_scores);
    done = std::move(next_done);
    if (std::all_of(done.begin(), done.end(), [](bool d) { return d; }))
      break;
  }
  for (int64_t b = 0; b < batch; ++b) {
    int64_t best = b * nb;
    for (int64_t i = 1; i < nb; ++i)
      if (scores[b * nb + i] > scores[best])
        best = b * nb + i;
    seqs[b] = beams[best];
  }
  return {seqs, cache};
}

} // namespace transformers
