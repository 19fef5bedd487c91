// RUN: %check_clang_tidy %s transformers-legacy-cache %t
// Legacy values stored in class members, used from member functions and from
// outside.
#include <transformers/transformers.h>

class Runner {
public:
  void step(const transformers::TokenIds &ids) {
    model_.forward(ids, past_);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore; use a Cache instance [transformers-legacy-cache]
    // CHECK-FIXES: model_.forward(ids, transformers::DynamicCache::from_legacy_cache(past_));
    model_.forward(ids, this->past_);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
    // CHECK-FIXES: model_.forward(ids, transformers::DynamicCache::from_legacy_cache(this->past_));
    model_.forward(ids, shared_);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
    // CHECK-FIXES: model_.forward(ids, transformers::DynamicCache::from_legacy_cache(shared_));
  }

  transformers::LlamaForCausalLM model_;
  transformers::LegacyCache past_;
  static transformers::LegacyCache shared_;
};

struct State {
  transformers::LegacyCache kv;
};

void outside(Runner &r, const State &s, const State *ps,
             const transformers::TokenIds &ids) {
  r.model_.forward(ids, r.past_);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: r.model_.forward(ids, transformers::DynamicCache::from_legacy_cache(r.past_));
  r.model_.generate(ids, {}, {s.kv});
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: r.model_.generate(ids, {}, {transformers::DynamicCache::from_legacy_cache(s.kv)});
  r.model_.forward(ids, ps->kv);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: r.model_.forward(ids, transformers::DynamicCache::from_legacy_cache(ps->kv));
  r.model_.forward(ids, Runner::shared_);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: passing a legacy tuple-shaped KV cache as 'past_key_values' is not supported anymore
  // CHECK-FIXES: r.model_.forward(ids, transformers::DynamicCache::from_legacy_cache(Runner::shared_));
}
