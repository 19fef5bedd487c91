//===- Scheduler.cpp ------------------------------------------------------===//

#include "analysis/Scheduler.h"

namespace tlsp {

Scheduler::Scheduler(Analyzer &A, unsigned Workers,
                     std::chrono::milliseconds Debounce, ResultFn OnResult)
    : A(A), Debounce(Debounce), OnResult(std::move(OnResult)) {
  for (unsigned I = 0; I < std::max(1u, Workers); ++I)
    Threads.emplace_back([this] { work(); });
}

Scheduler::~Scheduler() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
    Queue.clear();
  }
  Wake.notify_all();
  for (std::thread &T : Threads)
    T.join();
}

void Scheduler::schedule(Snapshot S) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    std::string Uri = S.Uri;
    Queue[Uri] = Pending{std::move(S), Clock::now() + Debounce};
  }
  Wake.notify_all();
}

void Scheduler::cancel(const std::string &Uri) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Queue.erase(Uri);
}

void Scheduler::work() {
  // A clang-tidy session per thread, made on its first analysis.
  std::unique_ptr<tmigrate::TidyWorker> Worker;
  std::unique_lock<std::mutex> Lock(Mutex);
  while (true) {
    if (Stopping)
      return;
    // The earliest due request of a document that is not being analysed.
    auto Next = Queue.end();
    for (auto It = Queue.begin(); It != Queue.end(); ++It)
      if (!Running.count(It->first) &&
          (Next == Queue.end() || It->second.Due < Next->second.Due))
        Next = It;
    if (Next == Queue.end()) {
      Wake.wait(Lock);
      continue;
    }
    if (Next->second.Due > Clock::now()) {
      Wake.wait_until(Lock, Next->second.Due);
      continue;
    }
    Snapshot S = std::move(Next->second.S);
    Queue.erase(Next);
    Running.insert(S.Uri);
    Lock.unlock();
    if (!Worker)
      Worker =
          std::make_unique<tmigrate::TidyWorker>(A.config().workerProvider());
    AnalysisResult R = A.analyse(S, *Worker);
    OnResult(std::move(R));
    Lock.lock();
    Running.erase(S.Uri);
    // A request of this document may have waited for this one.
    Wake.notify_all();
  }
}

} // namespace tlsp
