//===- Scheduler.h - Debounced analyses on a bounded pool ------*- C++ -*-===//
//
// Each change of a document asks for its analysis; the scheduler waits for
// the debounce delay to pass without a newer request for that document (a
// burst of keystrokes is one analysis), then runs it on one of a fixed
// number of worker threads, each with its own clang-tidy session. One
// analysis per document runs at a time; a request that arrives meanwhile
// waits for it. Results go to a callback, from the worker thread; the
// callback decides whether a result is still current (Server.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_SCHEDULER_H
#define TRANSFORMERS_TIDY_LSP_SCHEDULER_H

#include "analysis/AnalysisQueue.h"
#include "analysis/Analyzer.h"
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace tlsp {

class Scheduler : public AnalysisQueue {
public:
  using Clock = std::chrono::steady_clock;
  using ResultFn = std::function<void(AnalysisResult)>;

  Scheduler(Analyzer &A, unsigned Workers, std::chrono::milliseconds Debounce,
            ResultFn OnResult);
  /// Waits for the running analyses; the pending ones are dropped.
  ~Scheduler() override;

  /// Asks for \p S's analysis after the debounce delay, replacing a
  /// pending one of the same document.
  void schedule(Snapshot S) override;
  /// Drops the pending analysis of \p Uri (a running one still reports).
  void cancel(const std::string &Uri) override;

private:
  struct Pending {
    Snapshot S;
    Clock::time_point Due;
  };
  void work();

  Analyzer &A;
  std::chrono::milliseconds Debounce;
  ResultFn OnResult;
  std::mutex Mutex;
  std::condition_variable Wake;
  std::map<std::string, Pending> Queue;
  std::set<std::string> Running;
  bool Stopping = false;
  std::vector<std::thread> Threads;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_SCHEDULER_H
