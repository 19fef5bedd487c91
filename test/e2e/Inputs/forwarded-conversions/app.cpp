// A legacy value converted to PastKeyValues inside a template that forwards
// its arguments (emplace_back, make_shared, optional::emplace, try_emplace,
// pair's constructor, a perfect-forwarding factory of the program's own):
// the fix wraps the argument the program wrote.
#include "common.h"

#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

using transformers::PastKeyValues;

template <class T> PastKeyValues make_past(T &&t) {
  return PastKeyValues(std::forward<T>(t));
}

int main() {
  try {
    transformers::LlamaForCausalLM model(transformers::ModelConfig{});
    const transformers::TokenIds prefix = {{9, 8, 7, 6, 5, 4, 3, 2}};
    auto legacy = model.forward(prefix).past_key_values->to_legacy_cache();

    std::vector<PastKeyValues> pending;
    pending.emplace_back(legacy);
    auto shared = std::make_shared<PastKeyValues>(legacy);
    std::optional<PastKeyValues> o;
    o.emplace(legacy);
    std::map<int, PastKeyValues> m;
    m.try_emplace(1, legacy);
    std::pair<PastKeyValues, int> p(legacy, 1);
    PastKeyValues made = make_past(legacy);

    auto a = model.forward({{60, 61}}, pending[0]);
    std::cout << "vector: " << e2e::argmax_last(a.logits) << "\n";
    auto b = model.forward({{62}}, *shared);
    std::cout << "shared: " << e2e::argmax_last(b.logits) << "\n";
    auto c = model.forward({{63, 1, 2}}, *o);
    std::cout << "optional: " << e2e::argmax_last(c.logits) << "\n";
    auto d = model.forward({{10, 20}}, m.at(1));
    std::cout << "map: " << e2e::argmax_last(d.logits) << "\n";

    transformers::GenerationConfig config;
    config.max_new_tokens = 5;
    const transformers::TokenIds ids = {{9, 8, 7, 6, 5, 4, 3, 2, 33, 44}};
    auto e = model.generate(ids, config, {.past_key_values = p.first});
    std::cout << "pair: " << e2e::tail(e.sequences[0], 10) << "\n";
    auto f = model.generate({{9, 8, 7, 6, 5, 4, 3, 2, 50}}, config, {made});
    std::cout << "factory: " << e2e::tail(f.sequences[0], 9) << "\n";
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
