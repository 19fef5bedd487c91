// Reference for decay-copied-callables/app.cpp: the same calls, written with
// caches from the start (each stored argument a
// `DynamicCache::from_legacy_cache` of the saved prefix, by hand).
#include "common.h"

#include <exception>
#include <functional>
#include <future>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>

using transformers::LegacyCache;
using transformers::LlamaForCausalLM;
using transformers::PastKeyValues;
using transformers::TokenIds;

namespace {

// What one form produced: the generated tokens, or the error it threw.
struct Result {
  std::string tokens;
  std::exception_ptr error;
};

transformers::GenerationConfig tokens(int n) {
  transformers::GenerationConfig config;
  config.max_new_tokens = n;
  return config;
}

// The tokens generated after `ids`, resuming from `past_key_values`.
std::string continue_from(const LlamaForCausalLM &model, const TokenIds &ids,
                          PastKeyValues past_key_values) {
  auto out = model.generate(ids, tokens(3), {past_key_values});
  return e2e::tail(out.sequences[0], ids[0].size());
}

// The same for a thread: nothing may escape it, so the error is kept.
void continue_into(Result &result, const LlamaForCausalLM &model,
                   const TokenIds &ids, const PastKeyValues &past_key_values) {
  try {
    result.tokens = continue_from(model, ids, past_key_values);
  } catch (...) {
    result.error = std::current_exception();
  }
}

// A std::jthread passes its stop token first to a callable that takes one.
void continue_unless_stopped(std::stop_token stop, Result &result,
                             const LlamaForCausalLM &model, const TokenIds &ids,
                             PastKeyValues past_key_values) {
  if (!stop.stop_requested())
    continue_into(result, model, ids, past_key_values);
}

struct Decoder {
  const LlamaForCausalLM &model;
  void resume(Result &result, const TokenIds &ids,
              PastKeyValues past_key_values) const {
    continue_into(result, model, ids, past_key_values);
  }
};

Result capture(const std::function<std::string()> &body) {
  Result result;
  try {
    result.tokens = body();
  } catch (...) {
    result.error = std::current_exception();
  }
  return result;
}

TokenIds with(const TokenIds &prefix, int64_t a, int64_t b) {
  TokenIds ids = prefix;
  ids[0].push_back(a);
  ids[0].push_back(b);
  return ids;
}

} // namespace

int main() {
  const LlamaForCausalLM model(transformers::ModelConfig{});
  const TokenIds prefix = {{9, 8, 7, 6, 5, 4, 3, 2}};
  const LegacyCache legacy =
      model.forward(prefix).past_key_values->to_legacy_cache();

  // Called once: the bound value is one cache, and the call fills it (a second
  // call would pass the same ids to a cache that already holds more).
  auto bound = std::bind(continue_from, std::cref(model), with(prefix, 10, 11),
                         transformers::DynamicCache::from_legacy_cache(legacy));
  const Result bind_result = capture([&] { return bound(); });

  auto front =
      std::bind_front(continue_from, std::cref(model), with(prefix, 12, 13),
                      transformers::DynamicCache::from_legacy_cache(legacy));
  const Result front_result = capture([&] { return front(); });

  auto launched = std::async(
      std::launch::async, continue_from, std::cref(model), with(prefix, 14, 15),
      transformers::DynamicCache::from_legacy_cache(legacy));
  auto unlaunched =
      std::async(continue_from, std::cref(model), with(prefix, 16, 17),
                 transformers::DynamicCache::from_legacy_cache(legacy));
  auto by_lambda = std::async(
      std::launch::async,
      [&model](const TokenIds &ids, PastKeyValues past_key_values) {
        return continue_from(model, ids, past_key_values);
      },
      with(prefix, 18, 19),
      transformers::DynamicCache::from_legacy_cache(legacy));
  const Result async_result = capture([&] { return launched.get(); });
  const Result default_result = capture([&] { return unlaunched.get(); });
  const Result lambda_result = capture([&] { return by_lambda.get(); });

  Result thread_result, member_result, jthread_result, stoppable_result;
  const Decoder decoder{model};
  std::thread thread(continue_into, std::ref(thread_result), std::cref(model),
                     with(prefix, 20, 21),
                     transformers::DynamicCache::from_legacy_cache(legacy));
  std::thread member(&Decoder::resume, &decoder, std::ref(member_result),
                     with(prefix, 22, 23),
                     transformers::DynamicCache::from_legacy_cache(legacy));
  std::jthread jthread(continue_into, std::ref(jthread_result),
                       std::cref(model), with(prefix, 24, 25),
                       transformers::DynamicCache::from_legacy_cache(legacy));
  std::jthread stoppable(continue_unless_stopped, std::ref(stoppable_result),
                         std::cref(model), with(prefix, 26, 27),
                         transformers::DynamicCache::from_legacy_cache(legacy));
  thread.join();
  member.join();
  jthread.join();
  stoppable.join();

  // In a fixed order, once every thread is done.
  int failures = 0;
  const std::pair<const char *, const Result *> results[] = {
      {"bind", &bind_result},
      {"bind_front", &front_result},
      {"async", &async_result},
      {"async (no policy)", &default_result},
      {"async (lambda)", &lambda_result},
      {"thread", &thread_result},
      {"thread (member)", &member_result},
      {"jthread", &jthread_result},
      {"jthread (stop_token)", &stoppable_result},
  };
  for (const auto &[form, result] : results) {
    if (!result->error) {
      std::cout << form << ": " << result->tokens << "\n";
      continue;
    }
    ++failures;
    try {
      std::rethrow_exception(result->error);
    } catch (const std::exception &e) {
      std::cerr << form << ": error: " << e.what() << "\n";
    }
  }
  return failures == 0 ? 0 : 1;
}
