//===- LegacyCacheAnalysis.h - transformers-legacy-cache -------*- C++ -*-===//
//
// Finds every place where a legacy tuple-shaped KV cache (a std::vector /
// std::array / std::tuple of std::tuple / std::pair layers of tensors) is
// implicitly turned into a sink type (transformers::PastKeyValues), and
// proposes wrapping it in DynamicCache::from_legacy_cache(...) (4-tensor
// layers: EncoderDecoderCache::from_legacy_cache(...)), or dropping a
// pointless `handle->to_legacy_cache()` round trip.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LEGACYCACHEANALYSIS_H
#define TRANSFORMERS_TIDY_LEGACYCACHEANALYSIS_H

#include "transformers-tidy/Analysis.h"
#include "transformers-tidy/Options.h"
#include <memory>

namespace transformers_tidy {

class LegacyCacheAnalysis final : public Analysis {
public:
  /// \p SelfContainedDiags: every finding carries the #include edit it needs
  /// (one fix applied at a time, as clangd does). Otherwise the include edit
  /// is attached to the first fixed finding of each file only.
  explicit LegacyCacheAnalysis(CheckOptions Opts,
                               bool SelfContainedDiags = false);
  ~LegacyCacheAnalysis() override;

  llvm::StringRef name() const override { return "transformers-legacy-cache"; }
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
  bool SelfContainedDiags;
  std::unique_ptr<State> S;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_LEGACYCACHEANALYSIS_H
