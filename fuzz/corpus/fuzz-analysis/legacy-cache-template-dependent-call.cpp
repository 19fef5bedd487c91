// RUN: %check_clang_tidy -std=c++20 %s transformers-legacy-cache %t
// A legacy expression that is not type-dependent, inside a call that is: the
// conversion exists only in the instantiations, and the fix is written once
// in the template. It is offered when every instantiation in the TU that
// contains the expression converts it; otherwise a note names one that does
// not. An `if constexpr` branch an instantiation discards does not count.
#include <transformers/transformers.h>

using transformers::LegacyCache;
using transformers::TokenIds;

int score(const transformers::CausalLMOutput &out) {
  return static_cast<int>(out.logits.numel());
}
int score(const transformers::GenerateOutput &out) {
  return static_cast<int>(out.sequences.size());
}
int score(int n) { return n; }

// A model type of the program's own whose forward takes the legacy type
// itself: instantiations with it do not convert the value.
struct TupleModel {
  int forward(const TokenIds &, const LegacyCache &) const { return 0; }
};

template <class M>
int resume(const M &model, const TokenIds &ids, const LegacyCache &saved) {
  return score(model.generate(ids, {}, {.past_key_values = saved}));
  // CHECK-NOTES: :[[@LINE-1]]:60: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return score(model.generate(ids, {}, {.past_key_values = transformers::DynamicCache::from_legacy_cache(saved)}));
}

int abbreviated(const auto &model, const TokenIds &ids,
                const LegacyCache &saved) {
  return score(model.forward(ids, saved));
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return score(model.forward(ids, transformers::DynamicCache::from_legacy_cache(saved)));
}

template <class M>
  requires requires(const M &m) { m.generate(TokenIds{}); }
int constrained(const M &model, const TokenIds &ids, const LegacyCache &saved) {
  return score(model.generate(ids, {}, {saved}));
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return score(model.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(saved)}));
}

struct Runner {
  LegacyCache saved;
  template <class M> int resume(const M &model, const TokenIds &ids) const {
    return score(model.forward(ids, saved));
    // CHECK-NOTES: :[[@LINE-1]]:37: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-FIXES: return score(model.forward(ids, transformers::DynamicCache::from_legacy_cache(saved)));
  }
};

template <class Derived> struct Resumable {
  int resume(const TokenIds &ids, const LegacyCache &saved) const {
    const auto &self = static_cast<const Derived &>(*this);
    return score(self.model().forward(ids, saved));
    // CHECK-NOTES: :[[@LINE-1]]:44: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-FIXES: return score(self.model().forward(ids, transformers::DynamicCache::from_legacy_cache(saved)));
  }
};
struct Chat : Resumable<Chat> {
  const transformers::LlamaForCausalLM &llama;
  const transformers::LlamaForCausalLM &model() const { return llama; }
};

template <class M>
int either(const M &model, const TokenIds &ids, const LegacyCache &saved) {
  if constexpr (requires { model.generate(ids); })
    return score(model.forward(ids, saved));
  // CHECK-NOTES: :[[@LINE-1]]:37: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: return score(model.forward(ids, transformers::DynamicCache::from_legacy_cache(saved)));
  else
    return score(model.forward(ids, saved));
}

// Instantiated with the library's model and with TupleModel: no fix.
template <class M>
int go(const M &model, const TokenIds &ids, const LegacyCache &saved) {
  return score(model.forward(ids, saved));
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: no fix-it: in the instantiation 'go<TupleModel>' the expression is not converted to 'transformers::PastKeyValues'; wrapping it would change that code
  // CHECK-FIXES: return score(model.forward(ids, saved));
}

struct Replayer {
  template <class M>
  int replay(const M &model, const TokenIds &ids, const LegacyCache &saved) {
    return score(model.forward(ids, saved));
    // CHECK-NOTES: :[[@LINE-1]]:37: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-NOTES: :[[@LINE-2]]:37: note: no fix-it: in the instantiation 'Replayer::replay<TupleModel>' the expression is not converted to 'transformers::PastKeyValues'; wrapping it would change that code
    // CHECK-FIXES: return score(model.forward(ids, saved));
  }
};

// The expression's type depends on the template parameter: no fix.
template <class Past>
int dependent(const transformers::LlamaForCausalLM &model, const TokenIds &ids,
              const Past &past) {
  return score(model.forward(ids, past));
  // CHECK-NOTES: :[[@LINE-1]]:35: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: no fix-it: the type of the expression depends on a template parameter
}

// Never instantiated: the call converts nothing, nothing is reported.
template <class M>
int unused(const M &model, const TokenIds &ids, const LegacyCache &saved) {
  return score(model.forward(ids, saved));
}

int use(const transformers::LlamaForCausalLM &llama,
        const transformers::MambaForCausalLM &mamba, const TokenIds &ids,
        const LegacyCache &saved) {
  int n = resume(llama, ids, saved) + resume(mamba, ids, saved);
  n += abbreviated(llama, ids, saved) + constrained(llama, ids, saved);
  n += Runner{saved}.resume(llama, ids);
  n += Chat{{}, llama}.resume(ids, saved);
  n += either(llama, ids, saved) + either(TupleModel{}, ids, saved);
  n += go(llama, ids, saved) + go(TupleModel{}, ids, saved);
  n += Replayer{}.replay(llama, ids, saved) +
       Replayer{}.replay(TupleModel{}, ids, saved);
  n += dependent(llama, ids, saved);

  // Generic lambdas: their call operators are templates too.
  auto every = [&](const auto &model) { return score(model.forward(ids, saved)); };
  // CHECK-NOTES: :[[@LINE-1]]:73: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-FIXES: auto every = [&](const auto &model) { return score(model.forward(ids, transformers::DynamicCache::from_legacy_cache(saved))); };
  auto some = [&](const auto &model) { return score(model.forward(ids, saved)); };
  // CHECK-NOTES: :[[@LINE-1]]:72: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
  // CHECK-NOTES: :[[@LINE-2]]:72: note: no fix-it: in the instantiation 'operator()<TupleModel>' of the lambda the expression is not converted to 'transformers::PastKeyValues'; wrapping it would change that code
  // CHECK-FIXES: auto some = [&](const auto &model) { return score(model.forward(ids, saved)); };
  n += every(llama) + every(mamba) + some(llama) + some(TupleModel{});
  return n;
}
