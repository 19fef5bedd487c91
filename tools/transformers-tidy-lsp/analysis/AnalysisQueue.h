//===- AnalysisQueue.h - Where the server sends documents to analyse -*- C++
//-*-//
//
// The protocol side (Server.h) asks for analyses and receives their results
// through Server::onResult; what runs them is behind this interface: the
// debounced worker pool (Scheduler.h) in the server, a queue that answers at
// once in the message-layer fuzzer, which has no compiler to run.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_ANALYSISQUEUE_H
#define TRANSFORMERS_TIDY_LSP_ANALYSISQUEUE_H

#include "analysis/Analyzer.h"
#include <string>

namespace tlsp {

class AnalysisQueue {
public:
  virtual ~AnalysisQueue() = default;
  /// Asks for \p S's analysis, replacing a pending one of the same
  /// document; its result reaches Server::onResult (from any thread).
  virtual void schedule(Snapshot S) = 0;
  /// Drops the pending analysis of \p Uri.
  virtual void cancel(const std::string &Uri) = 0;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_ANALYSISQUEUE_H
