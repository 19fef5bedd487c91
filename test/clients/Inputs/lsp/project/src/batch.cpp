// Two legacy hand-offs in one file: the fix-all case of clients.lsp-neovim.
#include <transformers/transformers.h>

transformers::CausalLMOutput
step(const transformers::LlamaForCausalLM &model,
     const transformers::LegacyCache &legacy) {
  /* étape 🙂 */ return model.forward({{1, 2, 3}}, legacy);
}

transformers::GenerateKwargs
kwargs_for(const transformers::LegacyCache &legacy) {
  transformers::GenerateKwargs kwargs;
  kwargs.past_key_values = legacy;
  return kwargs;
}
