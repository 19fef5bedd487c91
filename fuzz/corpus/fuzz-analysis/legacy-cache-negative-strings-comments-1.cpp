// FUZZ-CONFIG: {Checks: '-*,transformers-cache-implementation-conflict'}
// RUN: %check_clang_tidy -expect-clean %s transformers-legacy-cache %t
// Strings and comments that mention past_key_values are not code:
//   model.forward(ids, legacy);   model.generate(ids, {}, {legacy});
#include <transformers/transformers.h>

#include <string>

/* past_key_values = legacy; return legacy; PastKeyValues p = to_legacy_cache(); */
const char *doc = "model.generate(ids, {}, {.past_key_values = legacy})";
const std::string raw = R"(kwargs.past_key_values = cache->to_legacy_cache();)";

#if 0
void disabled(const transformers::LlamaForCausalLM &model,
              const transformers::TokenIds &ids, const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
#endif

// past_key_values, cache_params, to_legacy_cache, from_legacy_cache
int past_key_values = 0;
int cache_params(int to_legacy_cache) { return to_legacy_cache + past_key_values; }
