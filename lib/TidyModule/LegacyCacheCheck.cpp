//===- LegacyCacheCheck.cpp - transformers-legacy-cache -------------------===//

#include "LegacyCacheCheck.h"
#include "transformers-tidy/LegacyCacheAnalysis.h"

namespace transformers_tidy {

LegacyCacheCheck::LegacyCacheCheck(llvm::StringRef Name,
                                   clang::tidy::ClangTidyContext *Ctx)
    : AnalysisCheck(Name, Ctx), Opts(readOptions()) {
  // Every finding carries its #include edit; DiagFindingConsumer keeps one
  // per file unless diagnostics are self-contained.
  Core = std::make_unique<LegacyCacheAnalysis>(Opts,
                                               /*SelfContainedDiags=*/true);
}

void LegacyCacheCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Map) {
  AnalysisCheck::storeSharedOptions(Map, Opts, {});
}

} // namespace transformers_tidy
