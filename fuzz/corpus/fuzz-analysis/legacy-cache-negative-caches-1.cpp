// FUZZ-CONFIG: {Checks: '-*,transformers-cache-implementation-conflict'}
// RUN: %check_clang_tidy -expect-clean %s transformers-legacy-cache %t
// Values that are already a cache, already wrapped, or empty: no finding.
#include <transformers/transformers.h>

#include <memory>

transformers::PastKeyValues pass_through(transformers::PastKeyValues p) {
  return p;
}

void no_findings(const transformers::LlamaForCausalLM &model,
                 const transformers::TokenIds &ids,
                 const transformers::LegacyCache &legacy,
                 const transformers::LegacyEncoderDecoderCache &ed) {
  auto dynamic = std::make_shared<transformers::DynamicCache>();
  model.forward(ids, dynamic);
  model.generate(ids, {}, {dynamic});
  std::shared_ptr<transformers::Cache> base = dynamic;
  model.forward(ids, base);
  auto fixed = std::make_shared<transformers::StaticCache>(model.config(), 32);
  model.generate(ids, {}, {fixed});

  // Already wrapped.
  model.forward(ids, transformers::DynamicCache::from_legacy_cache(legacy));
  model.forward(ids, transformers::EncoderDecoderCache::from_legacy_cache(ed));
  auto wrapped = transformers::DynamicCache::from_legacy_cache(legacy);
  model.generate(ids, {}, {wrapped});

  // Nothing passed.
  model.forward(ids);
  model.forward(ids, nullptr);
  model.forward(ids, {});
  model.generate(ids, {}, {});
  model.generate(ids, {}, {nullptr, nullptr});
  transformers::GenerateKwargs kwargs;
  kwargs.past_key_values = nullptr;
  kwargs.cache_params = {};

  // PastKeyValues to PastKeyValues, and outputs handed back.
  transformers::PastKeyValues p = dynamic;
  transformers::PastKeyValues q = p;
  model.forward(ids, pass_through(q));
  auto out = model.generate(ids);
  model.generate(ids, {}, {out.past_key_values});
  model.forward(ids, model.forward(ids).past_key_values);
}
