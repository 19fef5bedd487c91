//===- CacheImplementationConflictCheck.cpp -------------------------------===//

#include "CacheImplementationConflictCheck.h"
#include "transformers-tidy/CacheImplementationConflictAnalysis.h"

namespace transformers_tidy {

CacheImplementationConflictCheck::CacheImplementationConflictCheck(
    llvm::StringRef Name, clang::tidy::ClangTidyContext *Ctx)
    : AnalysisCheck(Name, Ctx), Opts(readOptions()) {
  Core = std::make_unique<CacheImplementationConflictAnalysis>(Opts);
}

void CacheImplementationConflictCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Map) {
  // Only the options this check uses.
  AnalysisCheck::storeSharedOptions(
      Map, Opts, {"TensorTypes", "SinkTypes", "IgnoreMacros"});
}

} // namespace transformers_tidy
