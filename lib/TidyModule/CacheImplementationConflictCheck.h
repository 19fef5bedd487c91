//===- CacheImplementationConflictCheck.h ----------------------*- C++ -*-===//
//
// transformers-cache-implementation-conflict: a `generate` call that passes a
// Cache object (past_key_values / cache_params) together with a
// GenerationConfig whose `cache_implementation` is visibly set in the same
// function. Upstream raises "Passing both `cache_implementation` ... and
// `{name}` (a Cache object) is unsupported" at runtime.
// See docs/checks/cache-implementation-conflict.md.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_TIDYMODULE_CACHEIMPLEMENTATIONCONFLICTCHECK_H
#define TRANSFORMERS_TIDY_TIDYMODULE_CACHEIMPLEMENTATIONCONFLICTCHECK_H

#include "FindingBuffer.h"
#include "LocalParentMap.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "transformers-tidy/TypeNames.h"

namespace transformers_tidy {

class CacheImplementationConflictCheck final
    : public clang::tidy::ClangTidyCheck {
public:
  CacheImplementationConflictCheck(llvm::StringRef Name,
                                   clang::tidy::ClangTidyContext *Ctx);

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
  void reset();

  // Options. TensorTypes is not read by this check's matching; it is kept
  // (stored, and shown by --dump-config) as it was when both checks shared
  // one set of options, so that configurations naming it keep meaning.
  const TypeNames TensorTypes, SinkTypes;
  const bool IgnoreMacros;

  // Per translation unit.
  FindingBuffer Findings;
  /// The source manager of the TU with findings (null: none yet).
  const clang::SourceManager *TUSources = nullptr;
  /// Parent walks of this TU's matches (LocalParentMap.h).
  TUParentMap TUParents;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TIDYMODULE_CACHEIMPLEMENTATIONCONFLICTCHECK_H
