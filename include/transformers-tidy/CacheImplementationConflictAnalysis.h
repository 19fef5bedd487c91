//===- CacheImplementationConflictAnalysis.h ------------------*- C++ -*-===//
//
// transformers-cache-implementation-conflict: a `generate` call that passes a
// Cache object (past_key_values / cache_params) together with a
// GenerationConfig whose `cache_implementation` is visibly set in the same
// function. Upstream raises "Passing both `cache_implementation` ... and
// `{name}` (a Cache object) is unsupported" at runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_CACHEIMPLEMENTATIONCONFLICTANALYSIS_H
#define TRANSFORMERS_TIDY_CACHEIMPLEMENTATIONCONFLICTANALYSIS_H

#include "transformers-tidy/Analysis.h"
#include "transformers-tidy/Options.h"
#include <memory>

namespace transformers_tidy {

class CacheImplementationConflictAnalysis final : public Analysis {
public:
  explicit CacheImplementationConflictAnalysis(CheckOptions Opts);
  ~CacheImplementationConflictAnalysis() override;

  llvm::StringRef name() const override {
    return "transformers-cache-implementation-conflict";
  }
  void registerMatchers(
      clang::ast_matchers::MatchFinder &Finder,
      clang::ast_matchers::MatchFinder::MatchCallback *Callback) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;
  void onEndOfTranslationUnit(FindingConsumer &Out) override;

  const CheckOptions &options() const { return Opts; }

  struct State;

private:
  CheckOptions Opts;
  std::unique_ptr<State> S;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_CACHEIMPLEMENTATIONCONFLICTANALYSIS_H
