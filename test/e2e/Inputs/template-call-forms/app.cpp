// A legacy value passed to a model inside templates: a function template
// (instantiated with two model types), an abbreviated function template, a
// constrained template, a member template, a CRTP base, a generic lambda and
// an `if constexpr` branch. The call depends on a template parameter, the
// legacy expression does not; every instantiation converts it, so the fix
// wraps it once in the template. `probe` is also instantiated with the
// program's own model, whose forward takes the legacy value itself: it keeps
// its finding and gets no fix (its library-model instantiation never resumes
// at run time, so the program runs once the others are fixed).
#include "common.h"

#include <concepts>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <type_traits>

using transformers::LegacyCache;
using transformers::TokenIds;

namespace {

transformers::GenerationConfig tokens(int n) {
  transformers::GenerationConfig config;
  config.max_new_tokens = n;
  return config;
}

// The tokens generated after `ids`.
std::string generated(const transformers::GenerateOutput &out,
                      const TokenIds &ids) {
  return e2e::tail(out.sequences[0], ids[0].size());
}

// A stand-in model of the program's own (a test double): it takes the legacy
// value itself and answers how many tokens and cached layers it was given.
struct CountingModel {
  int64_t forward(const TokenIds &ids, const LegacyCache &past = {}) const {
    return static_cast<int64_t>(ids[0].size() * 100 + past.size());
  }
};

int64_t score(const transformers::CausalLMOutput &out) {
  return e2e::argmax_last(out.logits);
}
int64_t score(int64_t counted) { return counted; }

template <class Model>
std::string resume(const Model &model, const TokenIds &ids,
                   const LegacyCache &saved) {
  return generated(model.generate(ids, tokens(4), {.past_key_values = saved}),
                   ids);
}

std::string resume_abbreviated(const auto &model, const TokenIds &ids,
                               const LegacyCache &saved) {
  return generated(model.generate(ids, tokens(3), {saved}), ids);
}

template <class Model>
  requires std::derived_from<Model, transformers::PreTrainedModel>
std::string next_token(const Model &model, const TokenIds &new_ids,
                       const LegacyCache &saved) {
  return std::to_string(e2e::argmax_last(model.forward(new_ids, saved).logits));
}

struct Session {
  TokenIds ids;
  LegacyCache saved;
  template <class Model> std::string continue_with(const Model &model) const {
    return generated(model.generate(ids, tokens(5), {.past_key_values = saved}),
                     ids);
  }
};

template <class Derived> struct Resumable {
  std::string next(const TokenIds &new_ids, const LegacyCache &saved) const {
    return std::to_string(score(
        static_cast<const Derived &>(*this).model().forward(new_ids, saved)));
  }
};
struct Chat : Resumable<Chat> {
  const transformers::LlamaForCausalLM &llama;
  const transformers::LlamaForCausalLM &model() const { return llama; }
};

template <class Model>
std::string answer(const Model &model, const TokenIds &ids,
                   const LegacyCache &saved) {
  if constexpr (std::is_base_of_v<transformers::PreTrainedModel, Model>)
    return generated(model.generate(ids, tokens(2), {.past_key_values = saved}),
                     ids);
  else
    return std::to_string(model.forward(ids, saved));
}

// Resumes only when asked: the program asks it of its own model only.
template <class Model>
int64_t probe(const Model &model, const TokenIds &new_ids,
              const LegacyCache &saved, bool resume_saved) {
  if (!resume_saved)
    return score(model.forward(new_ids));
  return score(model.forward(new_ids, saved));
}

} // namespace

int main() {
  transformers::LlamaForCausalLM model(transformers::ModelConfig{});
  const TokenIds prefix = {{9, 8, 7, 6, 5, 4, 3, 2}};
  const LegacyCache saved =
      model.forward(prefix).past_key_values->to_legacy_cache();
  const TokenIds ids = {{9, 8, 7, 6, 5, 4, 3, 2, 33, 44}};
  const TokenIds new_ids = {{33, 44}};
  const transformers::PreTrainedModel &base = model;

  // Each form on its own, so every one that fails says so.
  int failures = 0;
  auto run = [&](const char *form, const std::function<std::string()> &body) {
    try {
      const std::string out = body();
      std::cout << form << ": " << out << "\n";
    } catch (const std::exception &e) {
      std::cerr << form << ": error: " << e.what() << "\n";
      ++failures;
    }
  };

  auto resume_lambda = [&](const auto &m) {
    return generated(m.generate(ids, tokens(4), {.past_key_values = saved}),
                     ids);
  };

  run("function template", [&] { return resume(model, ids, saved); });
  run("function template (base)", [&] { return resume(base, ids, saved); });
  run("abbreviated", [&] { return resume_abbreviated(model, ids, saved); });
  run("constrained", [&] { return next_token(model, new_ids, saved); });
  run("member template",
      [&] { return Session{ids, saved}.continue_with(model); });
  run("crtp base", [&] { return Chat{{}, model}.next(new_ids, saved); });
  run("generic lambda", [&] { return resume_lambda(model); });
  run("if constexpr", [&] { return answer(model, ids, saved); });
  run("if constexpr (own model)",
      [&] { return answer(CountingModel{}, ids, saved); });
  run("probe", [&] {
    return std::to_string(probe(model, new_ids, saved, false)) + " " +
           std::to_string(probe(CountingModel{}, new_ids, saved, true));
  });
  return failures == 0 ? 0 : 1;
}
