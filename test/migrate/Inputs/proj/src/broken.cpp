// Does not compile: reported, never analysed nor fixed.
#include <transformers/transformers.h>

void broken(const transformers::LlamaForCausalLM &model,
            const transformers::LegacyCache &legacy) {
  model.forward({{1, 2}}, legacy);
  undeclared_function();
}
