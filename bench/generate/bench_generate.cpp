// Per-token decode cost of the tiny Llama with and without the KV cache.
//
// With a cache, producing the next token runs one token against the cached
// states: the cost stays (nearly) flat as the context grows. Without it,
// every step re-runs the whole context, so the cost grows with its length.
// Both are measured at contexts of 16, 64 and 256 tokens; the table at the
// end reports no-cache / cache per-token time.
#include <transformers/transformers.h>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

namespace tf = transformers;

namespace {

const tf::LlamaForCausalLM &model() {
  static const tf::LlamaForCausalLM m{tf::ModelConfig{}};
  return m;
}

tf::TokenIds context(int64_t n) {
  std::vector<int64_t> ids;
  for (int64_t i = 0; i < n; ++i)
    ids.push_back((i * 7 + 3) % 64);
  return {ids};
}

// One decode step on top of an n-token cache.
void BM_DecodeWithCache(benchmark::State &state) {
  const int64_t n = state.range(0);
  auto prefilled = model().forward(context(n)).past_key_values;
  const auto &dyn = static_cast<const tf::DynamicCache &>(*prefilled);
  for (auto _ : state) {
    state.PauseTiming();
    // Fresh copy of the n-token cache (shares the tensors, copies nothing big).
    auto cache = std::make_shared<tf::DynamicCache>(dyn);
    state.ResumeTiming();
    auto out = model().forward({{5}}, cache);
    benchmark::DoNotOptimize(out.logits.data().data());
  }
  state.counters["context"] = static_cast<double>(n);
  state.counters["tokens_per_s"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// The same step without a cache: the whole n + 1 tokens are run again.
void BM_DecodeWithoutCache(benchmark::State &state) {
  const int64_t n = state.range(0);
  tf::TokenIds ids = context(n);
  ids[0].push_back(5);
  for (auto _ : state) {
    auto out = model().forward(ids, {}, /*use_cache=*/false);
    benchmark::DoNotOptimize(out.logits.data().data());
  }
  state.counters["context"] = static_cast<double>(n);
  state.counters["tokens_per_s"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_DecodeWithCache)->Arg(16)->Arg(64)->Arg(256)->MinTime(0.1);
BENCHMARK(BM_DecodeWithoutCache)->Arg(16)->Arg(64)->Arg(256)->MinTime(0.1);

// Console output plus a record of per-iteration times for the ratio table.
class RatioReporter : public benchmark::ConsoleReporter {
public:
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &run : runs) {
      if (run.error_occurred || run.run_type != Run::RT_Iteration)
        continue;
      std::string name = run.benchmark_name();
      auto slash = name.find('/');
      if (slash == std::string::npos)
        continue;
      int64_t n = std::stoll(name.substr(slash + 1));
      double ns = run.GetAdjustedRealTime();
      if (name.rfind("BM_DecodeWithCache", 0) == 0)
        cached_[n] = ns;
      else if (name.rfind("BM_DecodeWithoutCache", 0) == 0)
        uncached_[n] = ns;
    }
  }

  void PrintRatios() const {
    std::printf("\nper-token decode time, ns (real time)\n");
    std::printf("%8s %14s %14s %18s\n", "context", "with cache", "no cache",
                "no-cache / cache");
    for (const auto &[n, cached] : cached_) {
      auto it = uncached_.find(n);
      if (it == uncached_.end())
        continue;
      std::printf("%8lld %14.0f %14.0f %17.1fx\n", static_cast<long long>(n),
                  cached, it->second, it->second / cached);
    }
  }

private:
  std::map<int64_t, double> cached_, uncached_;
};

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.PrintRatios();
  benchmark::Shutdown();
  return 0;
}
