// Non-ASCII text before the finding on its line: UTF-8 byte columns and
// SARIF's code-point columns differ there (clients.sarif-columns).
#include <transformers/transformers.h>

void say(const char *text);

transformers::GenerateOutput
greet(const transformers::LlamaForCausalLM &model,
      const transformers::TokenIds &ids,
      const transformers::LegacyCache &legacy) {
  say("héllo wörld"); /* 🙂 resume */ return model.generate(ids, {}, {.past_key_values = legacy});
}
