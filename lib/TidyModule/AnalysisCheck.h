//===- AnalysisCheck.h - A ClangTidyCheck driving one core Analysis -*- C++
//-*-//
//
// The plugin's checks are thin: they read the shared CheckOptions, hand the
// MatchFinder to the core's Analysis, forward matches and the TU hooks, and
// turn the findings into clang-tidy diagnostics (warning + fix-its, then
// notes).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_TIDYMODULE_ANALYSISCHECK_H
#define TRANSFORMERS_TIDY_TIDYMODULE_ANALYSISCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "transformers-tidy/Analysis.h"
#include "transformers-tidy/Options.h"
#include <memory>

namespace transformers_tidy {

class AnalysisCheck : public clang::tidy::ClangTidyCheck {
public:
  AnalysisCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onStartOfTranslationUnit() override;
  void onEndOfTranslationUnit() override;

protected:
  /// Reads every option key of the product (defaults from CheckOptions).
  CheckOptions readOptions();
  /// Writes the keys named in \p Keys (all keys when empty).
  void storeSharedOptions(clang::tidy::ClangTidyOptions::OptionMap &Map,
                          const CheckOptions &O,
                          llvm::ArrayRef<llvm::StringRef> Keys);

  std::unique_ptr<Analysis> Core;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TIDYMODULE_ANALYSISCHECK_H
