//===- CacheImplementationConflictCheck.h ----------------------*- C++ -*-===//

#ifndef TRANSFORMERS_TIDY_TIDYMODULE_CACHEIMPLEMENTATIONCONFLICTCHECK_H
#define TRANSFORMERS_TIDY_TIDYMODULE_CACHEIMPLEMENTATIONCONFLICTCHECK_H

#include "AnalysisCheck.h"

namespace transformers_tidy {

/// Finds generate() calls passing a Cache object together with a
/// GenerationConfig that sets cache_implementation. See
/// docs/checks/cache-implementation-conflict.md.
class CacheImplementationConflictCheck final : public AnalysisCheck {
public:
  CacheImplementationConflictCheck(llvm::StringRef Name,
                                   clang::tidy::ClangTidyContext *Ctx);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  CheckOptions Opts;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TIDYMODULE_CACHEIMPLEMENTATIONCONFLICTCHECK_H
