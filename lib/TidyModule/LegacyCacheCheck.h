//===- LegacyCacheCheck.h - transformers-legacy-cache ----------*- C++ -*-===//

#ifndef TRANSFORMERS_TIDY_TIDYMODULE_LEGACYCACHECHECK_H
#define TRANSFORMERS_TIDY_TIDYMODULE_LEGACYCACHECHECK_H

#include "AnalysisCheck.h"

namespace transformers_tidy {

/// Finds legacy tuple-shaped KV caches converted to PastKeyValues and wraps
/// them in DynamicCache::from_legacy_cache(). See docs/checks/legacy-cache.md.
class LegacyCacheCheck final : public AnalysisCheck {
public:
  LegacyCacheCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Ctx);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  CheckOptions Opts;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TIDYMODULE_LEGACYCACHECHECK_H
