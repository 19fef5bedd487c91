// A hand-written greedy decoding loop over forward(): the cache is kept as a
// legacy tuple between steps and passed back as forward's argument.
#include "common.h"

#include <exception>

int main() {
  try {
    transformers::ModelConfig mc;
    mc.sliding_window = 4;
    mc.layer_types = {"sliding_attention", "full_attention"};
    transformers::LlamaForCausalLM model(mc);

    auto out = model.forward({{5, 9, 13, 2, 40, 22}});
    std::vector<int64_t> generated;
    int64_t next = e2e::argmax_last(out.logits);
    for (int step = 0; step < 8; ++step) {
      generated.push_back(next);
      transformers::LegacyCache past = out.past_key_values->to_legacy_cache();
      out = model.forward({{next}}, past);
      next = e2e::argmax_last(out.logits);
    }
    generated.push_back(next);
    std::cout << "decoded: " << e2e::tail(generated, 0) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
