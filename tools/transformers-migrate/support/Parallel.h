//===- Parallel.h - One loop over indices, serial or on a pool -*- C++ -*-===//
//
// The analysis of the translation units (Runner.cpp) and the verification
// parses (Verifier.cpp) both run N independent pieces of work with -j jobs.
// One helper decides how: on the calling thread when one job is asked for
// or there is at most one piece (no thread is started: a serial run stays a
// single thread, as its tests and stack traces expect), otherwise on an
// llvm::DefaultThreadPool of at most that many threads. Header-only: it is
// a template over the work.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_PARALLEL_H
#define TRANSFORMERS_MIGRATE_PARALLEL_H

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <cstddef>

namespace tmigrate {

/// Calls \p Fn(I) for every I in [0, \p N), on up to \p Jobs threads, and
/// returns once every call has returned. \p Jobs of 0 or 1 runs them in
/// order on this thread. \p Fn must be safe to call concurrently (each
/// index writes its own slot, or locks).
template <typename FnT> void forEachIndex(unsigned Jobs, size_t N, FnT &&Fn) {
  if (Jobs <= 1 || N <= 1) {
    for (size_t I = 0; I < N; ++I)
      Fn(I);
    return;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < N; ++I)
    Pool.async([&Fn, I] { Fn(I); });
  Pool.wait();
}

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_PARALLEL_H
