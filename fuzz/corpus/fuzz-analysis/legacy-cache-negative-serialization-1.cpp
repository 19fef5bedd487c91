// FUZZ-CONFIG: {CheckOptions: {IgnoreMacros: off, transformers-legacy-cache.IncludeStyle: google}}
// RUN: %check_clang_tidy -expect-clean %s transformers-legacy-cache %t
// to_legacy_cache() for serialisation, inspection or comparison is fine: the
// legacy value never reaches a sink.
#include <transformers/transformers.h>

#include <cstddef>
#include <fstream>
#include <tuple>

void save_to_disk(const transformers::LegacyCache &legacy, const char *path);

std::size_t count_elements(const transformers::LegacyCache &legacy) {
  std::size_t n = 0;
  for (const auto &layer : legacy)
    n += std::get<0>(layer).numel() + std::get<1>(layer).numel();
  return n;
}

void serialize(const transformers::LlamaForCausalLM &model,
               const transformers::TokenIds &ids) {
  auto out = model.generate(ids);
  save_to_disk(out.past_key_values->to_legacy_cache(), "kv.bin");
  auto legacy = out.past_key_values->to_legacy_cache();
  std::ofstream file("kv.txt");
  file << count_elements(legacy) << '\n';
  bool same = std::get<0>(legacy[0]).equal(std::get<0>((*out.past_key_values)[0]));
  (void)same;
  transformers::LegacyCache copy = legacy;
  // Back to a cache the supported way.
  auto restored = transformers::DynamicCache::from_legacy_cache(copy);
  model.forward(ids, restored);
}
