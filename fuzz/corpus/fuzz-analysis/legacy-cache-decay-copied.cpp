// RUN: %check_clang_tidy -std=c++20 %s transformers-legacy-cache %t
// std::bind, std::bind_front, std::async, std::thread and std::jthread
// store a copy of each argument and pass it to the callable later, inside
// the standard library: where the callable's parameter is a PastKeyValues
// (by value or const&), the legacy value is reported at the argument the
// program wrote, with the wrap fix there. Nothing in system code.
#include <transformers/transformers.h>

#include <functional>
#include <future>
#include <stop_token>
#include <thread>

using transformers::LegacyCache;
using transformers::LlamaForCausalLM;
using transformers::PastKeyValues;
using transformers::TokenIds;

int run(const LlamaForCausalLM &model, const TokenIds &ids,
        PastKeyValues past_key_values) {
  return static_cast<int>(model.forward(ids, past_key_values).logits.numel());
}
int run_ref(const LlamaForCausalLM &model, const TokenIds &ids,
            const PastKeyValues &cache) {
  return run(model, ids, cache);
}
int run_legacy(const LlamaForCausalLM &, const TokenIds &,
               const LegacyCache &legacy) {
  return static_cast<int>(legacy.size());
}
void run_stoppable(std::stop_token, const LlamaForCausalLM &model,
                   const TokenIds &ids, PastKeyValues past_key_values) {
  run(model, ids, past_key_values);
}

struct Session {
  const LlamaForCausalLM &model;
  int resume(const TokenIds &ids, PastKeyValues past_key_values) const {
    return run(model, ids, past_key_values);
  }
};

struct Resume {
  const LlamaForCausalLM &model;
  int operator()(const TokenIds &ids, PastKeyValues past_key_values) const {
    return run(model, ids, past_key_values);
  }
};

int use(const LlamaForCausalLM &model, const TokenIds &ids,
        const LegacyCache &legacy) {
  auto bound = std::bind(run, std::cref(model), ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:54: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: 'std::bind' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'run'
  // CHECK-FIXES: auto bound = std::bind(run, std::cref(model), ids, transformers::DynamicCache::from_legacy_cache(legacy));
  int n = bound();

  // A placeholder takes its position like any argument.
  auto later = std::bind(&run_ref, std::placeholders::_1, ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:64: warning: passing a legacy tuple-shaped KV cache as 'cache' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: 'std::bind' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'run_ref'
  // CHECK-FIXES: auto later = std::bind(&run_ref, std::placeholders::_1, ids, transformers::DynamicCache::from_legacy_cache(legacy));
  n += later(model);

  auto front = std::bind_front(run, std::cref(model), ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:60: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: 'std::bind_front' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'run'
  // CHECK-FIXES: auto front = std::bind_front(run, std::cref(model), ids, transformers::DynamicCache::from_legacy_cache(legacy));
  n += front();

  auto task = std::async(std::launch::async, run, std::cref(model), ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:74: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: 'std::async' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'run'
  // CHECK-FIXES: auto task = std::async(std::launch::async, run, std::cref(model), ids, transformers::DynamicCache::from_legacy_cache(legacy));
  auto deferred = std::async([&](PastKeyValues past) { return run(model, ids, past); }, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:89: warning: passing a legacy tuple-shaped KV cache as 'past' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: 'std::async' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls the lambda
  // CHECK-FIXES: auto deferred = std::async([&](PastKeyValues past) { return run(model, ids, past); }, transformers::DynamicCache::from_legacy_cache(legacy));
  n += task.get() + deferred.get();

  Session session{model};
  std::thread member(&Session::resume, &session, ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:55: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: 'std::thread' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'resume'
  // CHECK-FIXES: std::thread member(&Session::resume, &session, ids, transformers::DynamicCache::from_legacy_cache(legacy));
  member.join();

  std::thread functor(Resume{model}, ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: 'std::thread' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'Resume'
  // CHECK-FIXES: std::thread functor(Resume{model}, ids, transformers::DynamicCache::from_legacy_cache(legacy));
  functor.join();

  // std::jthread passes a std::stop_token first to a callable taking one.
  std::jthread stoppable(run_stoppable, std::cref(model), ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:64: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: 'std::jthread' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'run_stoppable'
  // CHECK-FIXES: std::jthread stoppable(run_stoppable, std::cref(model), ids, transformers::DynamicCache::from_legacy_cache(legacy));
  std::jthread plain(run, std::cref(model), ids, legacy);
  // CHECK-NOTES: :[[@LINE-1]]:50: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: 'std::jthread' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls 'run'
  // CHECK-FIXES: std::jthread plain(run, std::cref(model), ids, transformers::DynamicCache::from_legacy_cache(legacy));

  // Not a conversion: the callable takes the legacy type, a generic lambda
  // deduces it, a reference wrapper is not a legacy value, and a cache is
  // already a cache.
  std::thread keeps(run_legacy, std::cref(model), ids, legacy);
  keeps.join();
  auto generic = std::async([](const auto &past) { return past.size(); }, legacy);
  std::thread by_ref(run_legacy, std::cref(model), ids, std::cref(legacy));
  by_ref.join();
  auto cache = transformers::DynamicCache::from_legacy_cache(legacy);
  std::thread cached(run, std::cref(model), ids, cache);
  cached.join();
  return n + static_cast<int>(generic.get());
}

// In a template, the argument's type is not dependent and every
// instantiation stores it for a callable taking a PastKeyValues: fixed.
template <class F>
int spawn(F callable, const LlamaForCausalLM &model, const TokenIds &ids,
          const LegacyCache &legacy) {
  return std::async(callable, std::cref(model), ids, legacy).get();
  // CHECK-NOTES: :[[@LINE-1]]:54: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: 'std::async' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls the callable
  // CHECK-FIXES: return std::async(callable, std::cref(model), ids, transformers::DynamicCache::from_legacy_cache(legacy)).get();
}

// One instantiation's callable takes the legacy type: no fix.
template <class F>
int spawn_any(F callable, const LlamaForCausalLM &model, const TokenIds &ids,
              const LegacyCache &legacy) {
  return std::async(callable, std::cref(model), ids, legacy).get();
  // CHECK-NOTES: :[[@LINE-1]]:54: warning: passing a legacy tuple-shaped KV cache as 'transformers::PastKeyValues' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:54: note: no fix-it: in the instantiation 'spawn_any<int (*)(const transformers::LlamaForCausalLM &, {{.*}}, const std::vector<std::tuple<transformers::Tensor, transformers::Tensor>> &)>' the expression is not converted to 'transformers::PastKeyValues'; wrapping it would change that code
  // CHECK-NOTES: :[[@LINE-3]]:10: note: 'std::async' stores a copy of the value and converts it to 'transformers::PastKeyValues' when it calls the callable
  // CHECK-FIXES: return std::async(callable, std::cref(model), ids, legacy).get();
}

int use_templates(const LlamaForCausalLM &model, const TokenIds &ids,
                  const LegacyCache &legacy) {
  return spawn(run, model, ids, legacy) + spawn(run_ref, model, ids, legacy) +
         spawn_any(run, model, ids, legacy) +
         spawn_any(run_legacy, model, ids, legacy);
}
