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

namespace clang {
class FunctionDecl;
} // namespace clang
#include <memory>
#include <optional>
#include <string>

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
  /// A legacy value to report, and what the report says about it.
  struct ReportedValue {
    const clang::Expr *Value = nullptr;
    unsigned Arity = 0;
    bool InInstantiation = false;
    /// The name the message gives the sink.
    std::string SinkName;
    /// Set: no fix, this note says why.
    std::string NoFixReason;
    /// For a value converted inside a forwarder: where and how.
    std::optional<FindingNote> ForwardedNote;
  };

  void report(const ReportedValue &V, clang::ASTContext &Ctx);
  void checkForwardingCall(
      const clang::Expr *Call,
      const clang::ast_matchers::MatchFinder::MatchResult &Result);
  std::string sinkFallbackName(const clang::CXXRecordDecl *SinkType) const;

  CheckOptions Opts;
  bool SelfContainedDiags;
  std::unique_ptr<State> S;
};

/// Whether the analysis may read the body of \p FD although it is declared
/// in a system header: functions that may forward their arguments (a
/// parameter pack, a forwarding reference), whose bodies show where a
/// forwarded legacy value is converted. A front end that skips the bodies of
/// system functions must keep these.
bool analysisReadsBody(const clang::FunctionDecl &FD);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_LEGACYCACHEANALYSIS_H
