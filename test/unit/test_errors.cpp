// Upstream error behaviour of generate / forward.
#include "test_util.h"

#include <gtest/gtest.h>

using namespace transformers;
using tt_test::message_of;

namespace {

const TokenIds kIds = {{1, 2, 3, 4}};
const char *kLegacyText = "Passing a tuple of `past_key_values` is not "
                          "supported anymore. Please use a `Cache` instance.";

std::string conflict_text(const std::string &name) {
  return "Passing both `cache_implementation` (used to initialize certain "
         "caches) and `" +
         name +
         "` (a Cache object) is unsupported. Please use only one of the two.";
}

LegacyCache legacy_of(const PreTrainedModel &model) {
  return model.forward(kIds).past_key_values->to_legacy_cache();
}

GenerationConfig with_impl(const char *impl) {
  GenerationConfig g;
  g.max_new_tokens = 2;
  g.cache_implementation = impl;
  return g;
}

} // namespace

TEST(GenerateErrors, LegacyPastKeyValuesDesignatedInitializer) {
  LlamaForCausalLM model;
  GenerationConfig cfg;
  cfg.max_new_tokens = 3;
  auto legacy = legacy_of(model);
  // The old spelling still compiles (C++20 designated initializer) ...
  EXPECT_EQ(message_of<ValueError>([&] {
              model.generate(kIds, cfg, {.past_key_values = legacy});
            }),
            kLegacyText);
  // ... as does the C++17 aggregate form.
  EXPECT_EQ(
      message_of<ValueError>([&] { model.generate(kIds, cfg, {legacy}); }),
      kLegacyText);
  EXPECT_THROW(model.generate(kIds, cfg, {legacy}), std::invalid_argument);
}

TEST(GenerateErrors, LegacyCacheParams) {
  MambaForCausalLM model;
  auto legacy = legacy_of(model);
  EXPECT_EQ(message_of<ValueError>(
                [&] { model.generate(kIds, {}, {.cache_params = legacy}); }),
            kLegacyText);
}

TEST(GenerateErrors, EveryLegacyFormIsRejected) {
  LlamaForCausalLM model;
  auto legacy = legacy_of(model);
  std::array<LegacyLayer, 2> arr = {legacy[0], legacy[1]};
  std::vector<std::pair<Tensor, Tensor>> pairs = {
      {std::get<0>(legacy[0]), std::get<1>(legacy[0])},
      {std::get<0>(legacy[1]), std::get<1>(legacy[1])}};
  auto tup = std::make_tuple(legacy[0], legacy[1]);
  EXPECT_EQ(message_of<ValueError>([&] { model.generate(kIds, {}, {arr}); }),
            kLegacyText);
  EXPECT_EQ(message_of<ValueError>([&] { model.generate(kIds, {}, {pairs}); }),
            kLegacyText);
  EXPECT_EQ(message_of<ValueError>([&] { model.generate(kIds, {}, {tup}); }),
            kLegacyText);
}

TEST(GenerateErrors, CacheAndCacheImplementationPastKeyValues) {
  LlamaForCausalLM model;
  auto cache = std::make_shared<DynamicCache>();
  for (const char *impl : {"dynamic", "static", "sliding_window"})
    EXPECT_EQ(message_of<ValueError>([&] {
                model.generate(kIds, with_impl(impl),
                               {.past_key_values = cache});
              }),
              conflict_text("past_key_values"))
        << impl;
  // The conflict is checked before the legacy conversion, as upstream.
  EXPECT_EQ(message_of<ValueError>([&] {
              model.generate(kIds, with_impl("static"),
                             {.past_key_values = legacy_of(model)});
            }),
            conflict_text("past_key_values"));
}

TEST(GenerateErrors, CacheAndCacheImplementationCacheParams) {
  MambaForCausalLM model;
  auto cache = std::make_shared<DynamicCache>();
  EXPECT_EQ(message_of<ValueError>([&] {
              model.generate(kIds, with_impl("dynamic"),
                             {.cache_params = cache});
            }),
            conflict_text("cache_params"));
  // Without the conflict the same call works.
  GenerationConfig g;
  g.max_new_tokens = 2;
  auto out = model.generate(kIds, g, {.cache_params = cache});
  EXPECT_EQ(out.sequences[0].size(), 6u);
  EXPECT_EQ(out.past_key_values, cache);
}

TEST(GenerateErrors, MessageHelpers) {
  EXPECT_EQ(cache_implementation_conflict_message("cache_params"),
            conflict_text("cache_params"));
  EXPECT_STREQ(legacy_cache_message(), kLegacyText);
}

TEST(ForwardErrors, RejectsLegacy) {
  LlamaForCausalLM llama;
  EXPECT_EQ(
      message_of<ValueError>([&] { llama.forward(kIds, legacy_of(llama)); }),
      kLegacyText);
  MambaForCausalLM mamba;
  EXPECT_EQ(
      message_of<ValueError>([&] { mamba.forward(kIds, legacy_of(mamba)); }),
      kLegacyText);
  // A converted legacy value is accepted.
  auto fixed =
      llama.forward({{5}}, DynamicCache::from_legacy_cache(legacy_of(llama)));
  EXPECT_EQ(fixed.past_key_values->get_seq_length(), 5);
}

TEST(GenerateErrors, InvalidArguments) {
  LlamaForCausalLM model;
  EXPECT_THROW(model.generate(kIds, with_impl("paged")), ValueError);
  EXPECT_THROW(model.generate({}, {}), ValueError);
  EXPECT_THROW(model.generate({{1, 2}, {3}}, {}), ValueError);
  EXPECT_THROW(model.generate({{1, 64}}, {}), IndexError);
  GenerationConfig g;
  g.do_sample = true;
  g.temperature = 0.0f;
  EXPECT_THROW(model.generate(kIds, g), ValueError);
  // sliding_window needs a sliding model.
  EXPECT_THROW(model.generate(kIds, with_impl("sliding_window")), ValueError);
  // A cache that already holds the whole input.
  auto cache = model.forward(kIds).past_key_values;
  EXPECT_THROW(model.generate(kIds, {}, {cache}), ValueError);
}

TEST(GenerateErrors, MambaNeedsDynamicLayers) {
  MambaForCausalLM model;
  auto cache = std::make_shared<StaticCache>(model.config(), 16);
  EXPECT_THROW(model.generate(kIds, {}, {.cache_params = cache}), TypeError);
}

TEST(ModelErrors, InvalidConfig) {
  ModelConfig c;
  c.num_key_value_heads = 3;
  EXPECT_THROW(LlamaForCausalLM{c}, ValueError);
  ModelConfig d;
  d.layer_types = {"sliding_attention", "full_attention"};
  EXPECT_THROW(LlamaForCausalLM{d}, ValueError); // no sliding_window
}
