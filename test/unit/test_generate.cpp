// DESIGN §1 invariants of forward / generate for both models.
#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

using namespace transformers;

namespace {

const TokenIds kPrompt = {{3, 14, 15, 9, 26, 5}, {2, 7, 18, 28, 1, 8}};

ModelConfig gqa_config() { return ModelConfig{}; } // 4 heads over 2 KV heads

ModelConfig sliding_config() {
  ModelConfig c;
  c.num_hidden_layers = 3;
  c.sliding_window = 4;
  c.layer_types = {"sliding_attention", "full_attention", "sliding_attention"};
  c.seed = 3;
  return c;
}

ModelConfig mistral_config() {
  ModelConfig c;
  c.sliding_window = 6; // > the 5-token prefix: its legacy form is exact
  c.seed = 5;
  return c;
}

GenerationConfig greedy(int64_t n) {
  GenerationConfig g;
  g.max_new_tokens = n;
  return g;
}

GenerationConfig no_cache(GenerationConfig g) {
  g.use_cache = false;
  return g;
}

// The keyword under which `model` takes its cache.
GenerateKwargs with_cache(const PreTrainedModel &model,
                          std::shared_ptr<Cache> cache) {
  GenerateKwargs kw;
  if (model.cache_name() == "cache_params")
    kw.cache_params = std::move(cache);
  else
    kw.past_key_values = std::move(cache);
  return kw;
}

TokenIds prefix_of(const TokenIds &ids, std::size_t n) {
  TokenIds out;
  for (const auto &row : ids)
    out.emplace_back(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(n));
  return out;
}

TokenIds suffix_of(const TokenIds &ids, std::size_t from) {
  TokenIds out;
  for (const auto &row : ids)
    out.emplace_back(row.begin() + static_cast<std::ptrdiff_t>(from),
                     row.end());
  return out;
}

// Parameterised over the model kinds.
struct ModelCase {
  std::string name;
  std::function<std::unique_ptr<PreTrainedModel>()> make;
};

std::vector<ModelCase> model_cases() {
  return {
      {"LlamaGQA",
       [] { return std::make_unique<LlamaForCausalLM>(gqa_config()); }},
      {"LlamaMHA",
       [] {
         ModelConfig c;
         c.num_key_value_heads = 4;
         c.seed = 1;
         return std::make_unique<LlamaForCausalLM>(c);
       }},
      {"LlamaSlidingLayers",
       [] { return std::make_unique<LlamaForCausalLM>(sliding_config()); }},
      {"LlamaAllSliding",
       [] { return std::make_unique<LlamaForCausalLM>(mistral_config()); }},
      {"Mamba",
       [] { return std::make_unique<MambaForCausalLM>(ModelConfig{}); }},
  };
}

void PrintTo(const ModelCase &c, std::ostream *os) { *os << c.name; }

class Invariants : public ::testing::TestWithParam<ModelCase> {};

} // namespace

TEST_P(Invariants, CacheEqualsNoCacheGreedy) {
  auto model = GetParam().make();
  auto cached = model->generate(kPrompt, greedy(24));
  auto uncached = model->generate(kPrompt, no_cache(greedy(24)));
  EXPECT_EQ(cached.sequences, uncached.sequences);
  EXPECT_EQ(cached.sequences[0].size(), kPrompt[0].size() + 24);
  EXPECT_NE(cached.past_key_values, nullptr);
  EXPECT_EQ(uncached.past_key_values, nullptr);
  // The generated tokens are not degenerate.
  std::set<int64_t> distinct(cached.sequences[0].begin() + 6,
                             cached.sequences[0].end());
  EXPECT_GT(distinct.size(), 3u);
}

TEST_P(Invariants, CacheEqualsNoCacheSampling) {
  auto model = GetParam().make();
  GenerationConfig g = greedy(16);
  g.do_sample = true;
  g.temperature = 0.8f;
  g.top_k = 10;
  g.seed = 1234;
  auto cached = model->generate(kPrompt, g);
  EXPECT_EQ(cached.sequences, model->generate(kPrompt, no_cache(g)).sequences);
  EXPECT_EQ(cached.sequences, model->generate(kPrompt, g).sequences);
}

TEST_P(Invariants, CacheEqualsNoCacheBeamSearch) {
  auto model = GetParam().make();
  GenerationConfig g = greedy(8);
  g.num_beams = 3;
  auto cached = model->generate(kPrompt, g);
  auto uncached = model->generate(kPrompt, no_cache(g));
  EXPECT_EQ(cached.sequences, uncached.sequences);
  ASSERT_EQ(cached.sequences.size(), 2u);
  EXPECT_EQ(cached.sequences[0].size(), kPrompt[0].size() + 8);
  // The beam cache holds batch * num_beams rows.
  EXPECT_EQ((*cached.past_key_values)[0].first.size(0), 6);
}

TEST_P(Invariants, PrefixPrefillThenContinueEqualsOneCall) {
  auto model = GetParam().make();
  auto one_call = model->generate(kPrompt, greedy(10));
  // Prefill the first 4 prompt tokens, then generate from the whole prompt.
  auto prefill = model->forward(prefix_of(kPrompt, 4));
  ASSERT_NE(prefill.past_key_values, nullptr);
  EXPECT_EQ(prefill.past_key_values->get_seq_length(), 4);
  auto cache = prefill.past_key_values;
  auto continued =
      model->generate(kPrompt, greedy(10), with_cache(*model, cache));
  EXPECT_EQ(continued.sequences, one_call.sequences);
  // The passed cache was updated in place and returned.
  EXPECT_EQ(continued.past_key_values, cache);
  EXPECT_EQ(cache->get_seq_length(),
            static_cast<int64_t>(kPrompt[0].size()) + 10 - 1);
}

TEST_P(Invariants, FourTokensEqualThreeThenOne) {
  auto model = GetParam().make();
  // forward: 4 tokens at once == 3 then 1 with the cache passed back.
  auto all = model->forward(prefix_of(kPrompt, 4));
  auto first = model->forward(prefix_of(kPrompt, 3));
  auto second = model->forward(suffix_of(prefix_of(kPrompt, 4), 3),
                               first.past_key_values);
  EXPECT_EQ(second.past_key_values, first.past_key_values);
  ASSERT_EQ(second.logits.shape(), (Shape{2, 1, 64}));
  Tensor last_of_all = narrow(all.logits, 1, 3, 1);
  EXPECT_TRUE(second.logits.equal(last_of_all));
  for (std::size_t l = 0; l < all.past_key_values->size(); ++l) {
    EXPECT_TRUE((*all.past_key_values)[static_cast<int64_t>(l)].first.equal(
        (*second.past_key_values)[static_cast<int64_t>(l)].first));
    EXPECT_TRUE((*all.past_key_values)[static_cast<int64_t>(l)].second.equal(
        (*second.past_key_values)[static_cast<int64_t>(l)].second));
  }
  // generate: 4 new tokens in one call == 3, then 1 more with the cache.
  auto four = model->generate(kPrompt, greedy(4));
  auto three = model->generate(kPrompt, greedy(3));
  auto plus_one = model->generate(three.sequences, greedy(1),
                                  with_cache(*model, three.past_key_values));
  EXPECT_EQ(plus_one.sequences, four.sequences);
}

TEST_P(Invariants, FromLegacyCacheThenGenerateEqualsOriginalCache) {
  auto model = GetParam().make();
  auto prefill = model->forward(prefix_of(kPrompt, 5));
  // Capture the legacy form before the original cache is used further.
  LegacyCache legacy = prefill.past_key_values->to_legacy_cache();
  auto with_original = model->generate(
      kPrompt, greedy(12), with_cache(*model, prefill.past_key_values));
  auto with_converted = model->generate(
      kPrompt, greedy(12),
      with_cache(*model, DynamicCache::from_legacy_cache(legacy)));
  EXPECT_EQ(with_converted.sequences, with_original.sequences);
}

TEST_P(Invariants, EosStopsAndPads) {
  auto model = GetParam().make();
  auto free_run = model->generate(kPrompt, greedy(8));
  // Use the third generated token of row 0 as EOS.
  int64_t eos = free_run.sequences[0][kPrompt[0].size() + 2];
  GenerationConfig g = greedy(8);
  g.eos_token_id = eos;
  auto stopped = model->generate(kPrompt, g);
  auto &row = stopped.sequences[0];
  auto first_eos = std::find(row.begin() + 6, row.end(), eos);
  ASSERT_NE(first_eos, row.end());
  EXPECT_LE(first_eos - row.begin(), 6 + 2);
  // Everything after the first EOS is EOS padding.
  for (auto it = first_eos; it != row.end(); ++it)
    EXPECT_EQ(*it, eos);
  EXPECT_EQ(stopped.sequences, model->generate(kPrompt, no_cache(g)).sequences);
}

INSTANTIATE_TEST_SUITE_P(Models, Invariants, ::testing::ValuesIn(model_cases()),
                         [](const auto &info) { return info.param.name; });

TEST(Generate, SamplingDependsOnSeedAndTemperature) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(20);
  g.do_sample = true;
  g.temperature = 3.0f;
  g.top_k = 0;
  g.seed = 1;
  auto a = model.generate(kPrompt, g);
  g.seed = 2;
  auto b = model.generate(kPrompt, g);
  EXPECT_NE(a.sequences, b.sequences);
  // top_k = 1 is greedy.
  g.top_k = 1;
  EXPECT_EQ(model.generate(kPrompt, g).sequences,
            model.generate(kPrompt, greedy(20)).sequences);
}

TEST(Generate, SingleBeamIsGreedy) {
  LlamaForCausalLM model;
  GenerationConfig g = greedy(10);
  g.num_beams = 1;
  EXPECT_EQ(model.generate(kPrompt, g).sequences,
            model.generate(kPrompt, greedy(10)).sequences);
}

TEST(Generate, BeamSearchScoresAtLeastGreedyOnShortHorizon) {
  // With 2 new tokens and num_beams >= vocab coverage of the best first
  // tokens, beam search finds a sequence at least as likely as greedy's.
  LlamaForCausalLM model;
  TokenIds prompt = {kPrompt[0]};
  auto score = [&](const std::vector<int64_t> &seq) {
    auto out = model.forward({seq}, {}, false);
    double total = 0;
    for (std::size_t t = prompt[0].size(); t < seq.size(); ++t) {
      const float *row = out.logits.data().data() + (t - 1) * 64;
      double max = row[0];
      for (int v = 1; v < 64; ++v)
        max = std::max<double>(max, row[v]);
      double sum = 0;
      for (int v = 0; v < 64; ++v)
        sum += std::exp(row[v] - max);
      total += row[seq[t]] - max - std::log(sum);
    }
    return total;
  };
  GenerationConfig g = greedy(2);
  g.num_beams = 64;
  auto beam = model.generate(prompt, g).sequences[0];
  auto greedy_seq = model.generate(prompt, greedy(2)).sequences[0];
  EXPECT_GE(score(beam) + 1e-5, score(greedy_seq));
}

TEST(Generate, CacheImplementationPicksTheCache) {
  LlamaForCausalLM model;
  auto dynamic = model.generate(kPrompt, greedy(6));
  GenerationConfig g = greedy(6);
  g.cache_implementation = "static";
  auto fixed = model.generate(kPrompt, g);
  EXPECT_NE(std::dynamic_pointer_cast<StaticCache>(fixed.past_key_values),
            nullptr);
  EXPECT_EQ(fixed.past_key_values->get_max_cache_shape(), 12);
  EXPECT_EQ(fixed.sequences, dynamic.sequences);
  g.cache_implementation = "dynamic";
  auto dyn = model.generate(kPrompt, g);
  EXPECT_NE(std::dynamic_pointer_cast<DynamicCache>(dyn.past_key_values),
            nullptr);
  EXPECT_EQ(dyn.sequences, dynamic.sequences);

  LlamaForCausalLM sliding(sliding_config());
  g.cache_implementation = "sliding_window";
  auto sw = sliding.generate(kPrompt, g);
  EXPECT_TRUE(sw.past_key_values->layer(0).is_sliding());
  EXPECT_FALSE(sw.past_key_values->layer(1).is_sliding());
  EXPECT_EQ(sw.sequences, sliding.generate(kPrompt, no_cache(g)).sequences);
  // Sliding layers keep only window - 1 states.
  EXPECT_EQ(sw.past_key_values->layer(0).keys.size(-2), 3);
  EXPECT_EQ(sw.past_key_values->get_seq_length(), 6 + 6 - 1);
}

TEST(Generate, SlidingLayersChangeTheResult) {
  // The window must actually matter, or the sliding tests prove nothing.
  ModelConfig full = sliding_config();
  full.sliding_window = std::nullopt;
  full.layer_types = {};
  LlamaForCausalLM a(full), b(sliding_config());
  EXPECT_NE(a.generate(kPrompt, greedy(16)).sequences,
            b.generate(kPrompt, greedy(16)).sequences);
}

TEST(Generate, StaticCacheOverflowIsIndexError) {
  LlamaForCausalLM model;
  auto cache = std::make_shared<StaticCache>(model.config(), 8);
  EXPECT_THROW(model.generate(kPrompt, greedy(6), {cache}), IndexError);
}

TEST(Generate, UserStaticCacheMatchesDynamic) {
  LlamaForCausalLM model;
  auto cache = std::make_shared<StaticCache>(model.config(), 32);
  auto out = model.generate(kPrompt, greedy(8), {cache});
  EXPECT_EQ(out.sequences, model.generate(kPrompt, greedy(8)).sequences);
  EXPECT_EQ(out.past_key_values, cache);
}

TEST(Forward, ShapesAndDeterminism) {
  LlamaForCausalLM model;
  auto out = model.forward(kPrompt);
  EXPECT_EQ(out.logits.shape(), (Shape{2, 6, 64}));
  EXPECT_EQ(out.past_key_values->get_seq_length(), 6);
  EXPECT_EQ((*out.past_key_values)[0].first.shape(), (Shape{2, 2, 6, 8}));
  EXPECT_TRUE(LlamaForCausalLM().forward(kPrompt).logits.equal(out.logits));
  ModelConfig other;
  other.seed = 9;
  EXPECT_FALSE(
      LlamaForCausalLM(other).forward(kPrompt).logits.equal(out.logits));
  EXPECT_EQ(model.forward(kPrompt, {}, false).past_key_values, nullptr);
}

TEST(Forward, MambaCacheLayout) {
  MambaForCausalLM model;
  auto out = model.forward(kPrompt);
  ASSERT_EQ(out.past_key_values->size(), 2u);
  EXPECT_EQ((*out.past_key_values)[0].first.shape(), (Shape{2, 1, 6, 64}));
  EXPECT_EQ((*out.past_key_values)[0].second.shape(), (Shape{2, 1, 64, 8}));
  EXPECT_EQ(out.past_key_values->get_seq_length(), 6);
  EXPECT_EQ(model.cache_name(), "cache_params");
  EXPECT_EQ(LlamaForCausalLM().cache_name(), "past_key_values");
}
