//===- FuzzCheck.h - Invariant checks of the fuzz targets ------*- C++ -*-===//
//
// A violated invariant must stop the fuzzer with a reproducer, in every build
// type: assert() is compiled out with NDEBUG, so the targets use this.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_FUZZ_FUZZCHECK_H
#define TRANSFORMERS_TIDY_FUZZ_FUZZCHECK_H

#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

#define TT_FUZZ_CHECK(Cond, Message)                                           \
  do {                                                                         \
    if (!(Cond)) {                                                             \
      llvm::errs() << __FILE__ << ":" << __LINE__                              \
                   << ": invariant violated: " #Cond ": " << Message << "\n";  \
      llvm::errs().flush();                                                    \
      std::abort();                                                            \
    }                                                                          \
  } while (false)

#endif // TRANSFORMERS_TIDY_FUZZ_FUZZCHECK_H
