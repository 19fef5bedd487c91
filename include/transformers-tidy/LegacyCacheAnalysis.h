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
class ASTContext;
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

/// For a front end that skips the bodies of functions declared in system
/// headers (the standalone tool's fast parse): whether the analysis of the
/// TU in \p Ctx, with the options \p Opts, needed one of them. That is a
/// legacy value passed to a system function that may forward it to a
/// conversion (an emplace, a make_shared or an in-place constructor
/// instantiated with a class of the user's): the forwarding search reads
/// that body. Then the findings may be incomplete: parse the TU again with
/// every body.
bool analysisNeedsSkippedBodies(clang::ASTContext &Ctx,
                                const CheckOptions &Opts);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_LEGACYCACHEANALYSIS_H
