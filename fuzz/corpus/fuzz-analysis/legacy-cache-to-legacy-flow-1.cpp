// FUZZ-CONFIG: {CheckOptions: {transformers-legacy-cache.IgnoreMacros: yes}}
// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// RUN: %check_clang_tidy -std=c++20 -check-suffixes=,CXX20 %s transformers-legacy-cache %t
// `h->to_legacy_cache()` handed to a sink becomes `h` when, by the enclosing
// function's data flow, nothing reads that cache afterwards: no alias of it
// (copies, casts, GenerateKwargs holding it, the outputs of calls that were
// given it) is read on any path after the call, loops included, and it never
// escapes. Otherwise the round trip is wrapped. C++20 adds the designated
// forms of GenerateKwargs.
#include <transformers/transformers.h>

#include <cstdint>
#include <memory>
#include <vector>

using transformers::Cache;
using transformers::DynamicCache;
using transformers::GenerateKwargs;
using transformers::LlamaForCausalLM;
using transformers::MambaForCausalLM;
using transformers::TokenIds;

void print(const TokenIds &);
void remember(std::shared_ptr<Cache>);
void inspect(const GenerateKwargs &);
std::shared_ptr<Cache> shared_cache();

// Dropped: nothing observes the cache after the call.

void used_by_earlier_call(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  model.forward(ids, cache);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: model.forward(ids, cache);
}

void vector_element(const LlamaForCausalLM &model, const TokenIds &ids) {
  std::vector<std::shared_ptr<Cache>> caches;
  caches.push_back(model.forward(ids).past_key_values);
  if (!caches.empty())
    model.forward(ids, caches[0]->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, caches[0]);
}

void pointer_cast(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto out = model.forward(ids);
  auto dynamic = std::dynamic_pointer_cast<DynamicCache>(out.past_key_values);
  if (dynamic)
    model.forward(ids, dynamic->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, dynamic);
}

void next_turn(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto out = model.generate(ids);
  for (int turn = 0; turn < 3; ++turn) {
    // `out` is assigned before it is read again: the old cache is dead.
    out = model.generate(ids, {}, {out.past_key_values->to_legacy_cache()});
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
    // CHECK-FIXES: out = model.generate(ids, {}, {out.past_key_values});
    print(out.sequences);
  }
}

void other_field_read(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto out = model.generate(ids);
  model.forward(ids, out.past_key_values->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, out.past_key_values);
  print(out.sequences);
}

// Kept: something may observe the cache.

void read_through_alias(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto out = model.forward(ids);
  auto copy = out.past_key_values;
  model.forward(ids, out.past_key_values->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(out.past_key_values->to_legacy_cache()));
  (void)copy->get_seq_length();
}

void read_through_output(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  auto first = model.forward(ids, cache);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  (void)first.past_key_values->get_seq_length();
}

void next_iteration(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  for (int i = 0; i < 2; ++i)
    model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
}

void captured(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  auto length = [cache] { return cache->get_seq_length(); };
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  (void)length();
}

void escaped(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  remember(cache);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
}

void unknown_origin(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = shared_cache();
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
}

void same_full_expression(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  int64_t n = model.forward(ids, cache->to_legacy_cache()).logits.size(0) +
              cache->get_seq_length();
  // CHECK-MESSAGES: :[[@LINE-2]]:34: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: int64_t n = model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache())).logits.size(0) +
  (void)n;
}

void read_in_handler(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  try {
    model.forward(ids, cache->to_legacy_cache());
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
    // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  } catch (...) {
    (void)cache->get_seq_length();
  }
}

void read_on_one_branch(const LlamaForCausalLM &model, const TokenIds &ids,
                        bool verbose) {
  auto cache = std::make_shared<DynamicCache>();
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  if (verbose)
    (void)cache->get_seq_length();
}

void address_taken(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  std::shared_ptr<DynamicCache> *where = &cache;
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  (void)where;
}

// Kwargs hand-offs: the cache handed to an earlier model call inside
// GenerateKwargs. The output holds the same cache, and so does a named
// GenerateKwargs: both are aliases. Dropped when nothing reads them after
// the round trip.

void kwargs_braced(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  auto out = model.generate(ids, {}, {cache});
  model.generate(ids, {}, GenerateKwargs{cache});
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: {{^}}  model.forward(ids, cache);{{$}}
  print(out.sequences);
}

void kwargs_named(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs{cache};
  GenerateKwargs copy = kwargs;
  model.generate(ids, {}, copy);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: {{^}}  model.forward(ids, cache);{{$}}
}

void kwargs_field_assigned(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs;
  kwargs.past_key_values = cache;
  model.generate(ids, {}, kwargs);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: {{^}}  model.forward(ids, cache);{{$}}
}

void kwargs_passed_again(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs{cache};
  model.generate(ids, {}, kwargs);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  model.generate(ids, {}, kwargs);
}

void kwargs_field_assigned_read_later(const LlamaForCausalLM &model,
                                      const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs;
  kwargs.past_key_values = cache;
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  model.generate(ids, {}, kwargs);
}

void kwargs_inspected(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs{cache};
  inspect(kwargs);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
}

#if __cplusplus >= 202002L
void kwargs_designated(const LlamaForCausalLM &model, const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  auto out = model.generate(ids, {}, {.past_key_values = cache});
  model.generate(ids, {}, {.past_key_values = cache->to_legacy_cache()});
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:47: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES-CXX20: {{^}}  model.generate(ids, {}, {.past_key_values = cache});{{$}}
  print(out.sequences);
}

void kwargs_designated_named(const LlamaForCausalLM &model,
                             const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs{.past_key_values = cache};
  model.generate(ids, {}, kwargs);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES-CXX20: {{^}}  model.forward(ids, cache);{{$}}
}

void kwargs_cache_params(const MambaForCausalLM &mamba, const TokenIds &ids) {
  auto state = std::make_shared<DynamicCache>();
  mamba.generate(ids, {}, {.cache_params = state});
  mamba.generate(ids, {}, {.cache_params = state->to_legacy_cache()});
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:44: warning: passing a legacy tuple-shaped KV cache as 'cache_params' is not supported anymore
  // CHECK-FIXES-CXX20: {{^}}  mamba.generate(ids, {}, {.cache_params = state});{{$}}
}

void kwargs_field_read_later(const LlamaForCausalLM &model,
                             const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  GenerateKwargs kwargs{.past_key_values = cache};
  model.generate(ids, {}, kwargs);
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES-CXX20: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  model.forward(ids, kwargs.past_key_values);
}

void kwargs_output_read_later(const LlamaForCausalLM &model,
                              const TokenIds &ids) {
  auto cache = std::make_shared<DynamicCache>();
  auto out = model.generate(ids, {}, {.past_key_values = cache});
  model.forward(ids, cache->to_legacy_cache());
  // CHECK-MESSAGES-CXX20: :[[@LINE-1]]:22: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES-CXX20: model.forward(ids, transformers::DynamicCache::from_legacy_cache(cache->to_legacy_cache()));
  (void)out.past_key_values->get_seq_length();
}
#endif
