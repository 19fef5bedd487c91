//===- LegacyCacheCheck.h - transformers-legacy-cache ----------*- C++ -*-===//
//
// Finds every place where a legacy tuple-shaped KV cache (a std::vector /
// std::array / std::tuple of std::tuple / std::pair layers of tensors) is
// implicitly turned into a sink type (transformers::PastKeyValues), and
// proposes wrapping it in DynamicCache::from_legacy_cache(...) (4-tensor
// layers: EncoderDecoderCache::from_legacy_cache(...)), or dropping a
// pointless `handle->to_legacy_cache()` round trip.
// See docs/checks/legacy-cache.md.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_TIDYMODULE_LEGACYCACHECHECK_H
#define TRANSFORMERS_TIDY_TIDYMODULE_LEGACYCACHECHECK_H

#include "FindingBuffer.h"
#include "IncludeFix.h"
#include "InstantiationAgreement.h"
#include "LocalParentMap.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/utils/IncludeSorter.h"
#include "transformers-tidy/TypeNames.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>
#include <string>

namespace transformers_tidy {

class LegacyCacheCheck final : public clang::tidy::ClangTidyCheck {
public:
  LegacyCacheCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Ctx);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override {
    return LO.CPlusPlus;
  }
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// A legacy value to report, and what the report says about it.
  struct ReportedValue {
    const clang::Expr *Value = nullptr;
    /// The node that converts it: the sink construction, or the call that
    /// forwards or stores the value.
    const clang::Expr *Converter = nullptr;
    unsigned Arity = 0;
    bool InInstantiation = false;
    /// The name the message gives the sink.
    std::string SinkName;
    /// The sink type, as a note names it.
    std::string SinkTypeName;
    /// Set: no fix, this note says why.
    std::string NoFixReason;
    /// For a value converted inside a forwarder: where and how.
    std::optional<FindingNote> ForwardedNote;
  };

  /// \p Value, converted by \p Converter (the sink construction, or the
  /// call that forwards or stores it), ready for report() but for the
  /// sink's names and notes. Marks the TU as having findings.
  ReportedValue convertedValue(const clang::Expr *Converter,
                               const clang::Expr *Value, unsigned Arity,
                               clang::ASTContext &Ctx);
  void report(const ReportedValue &V, clang::ASTContext &Ctx);
  void checkDecayCopyingCall(
      const clang::Expr *Call,
      const clang::ast_matchers::MatchFinder::MatchResult &Result);
  void checkForwardingCall(
      const clang::Expr *Call,
      const clang::ast_matchers::MatchFinder::MatchResult &Result);
  std::string sinkFallbackName(const clang::CXXRecordDecl *SinkType) const;
  /// Settles the findings only template instantiations reported: fixed
  /// when every instantiation converts the spelling.
  void resolveInstantiationFindings();
  /// Reports \p F through diag(), with the #include edit when due.
  void emit(const Finding &F);
  void reset();

  /// ClangTidyCheck keeps its context private; SystemHeaders is read from
  /// it per file.
  clang::tidy::ClangTidyContext *const TidyContext;
  // Options.
  const TypeNames TensorTypes, SinkTypes;
  const std::string CacheFactory, EncoderDecoderCacheFactory, IncludeHeader;
  const clang::tidy::utils::IncludeSorter::IncludeStyle IncludeStyle;
  const bool IgnoreMacros;

  // Per translation unit.
  FindingBuffer Findings;
  /// FindingBuffer ranks: a match in the code as written beats one in a
  /// template instantiation.
  static constexpr int InstantiationRank = 0, WrittenRank = 1;
  /// The fixed form of the findings reported from instantiations only,
  /// offered if Agreement says every instantiation converts the spelling.
  struct ProvisionalFix {
    Finding Fixed;
    std::string SinkTypeName;
  };
  std::map<FindingBuffer::Key, ProvisionalFix> InstantiationFixes;
  InstantiationAgreement Agreement;
  IncludeFixer Includes;
  /// The source manager of the TU with findings (null: none yet).
  const clang::SourceManager *TUSources = nullptr;
  /// Parent walks of this TU's findings. Not an ancestor matcher: that
  /// would build the ASTContext's parent map of the whole TU on every TU
  /// with a mere candidate (LocalParentMap.h).
  TUParentMap TUParents;
  /// The files whose #include edit a reported diagnostic carries (emit()).
  llvm::DenseSet<clang::FileID> IncludeDelivered;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TIDYMODULE_LEGACYCACHECHECK_H
