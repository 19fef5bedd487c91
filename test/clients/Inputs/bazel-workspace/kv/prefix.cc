#include "kv/prefix.h"

#if !KV_LOCAL_DEFINE
#error "compiled without //:kv's local_defines"
#endif
static_assert(__cplusplus >= 202002L, "compiled without -std=c++20");

namespace kv {

transformers::LegacyCache prefill(transformers::LlamaForCausalLM &model,
                                  const Tokens &prompt) {
  return model.forward({prompt}).past_key_values->to_legacy_cache();
}

int64_t peek(transformers::LlamaForCausalLM &model,
             const transformers::LegacyCache &prefix, const Tokens &prompt) {
  auto out = model.forward({prompt}, prefix); // FINDING
  return out.logits.size(1);
}

} // namespace kv
