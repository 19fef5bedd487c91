// One legacy hand-off, after non-ASCII text on its line (columns differ in
// UTF-8, UTF-16 and UTF-32): the quick-fix case of clients.lsp-neovim.
#include <transformers/transformers.h>

transformers::GenerateOutput
resume(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {
  /* «reprise» 🙂 */ return model.generate(ids, {}, {.past_key_values = legacy});
}
