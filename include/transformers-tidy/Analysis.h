//===- Analysis.h - Common interface of the core's analyses ----*- C++ -*-===//
//
// Each check of the product is one Analysis. Front ends drive it the same way:
// register its matchers with a MatchFinder, forward every match to check(),
// and call the TU hooks. Findings are buffered per translation unit and emitted
// from onEndOfTranslationUnit(), so that matches in template instantiations can
// be de-duplicated against one another and against the template pattern.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_ANALYSIS_H
#define TRANSFORMERS_TIDY_ANALYSIS_H

#include "transformers-tidy/Finding.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/LangOptions.h"

namespace transformers_tidy {

class Analysis {
public:
  virtual ~Analysis();

  /// The clang-tidy style name, e.g. "transformers-legacy-cache".
  virtual llvm::StringRef name() const = 0;

  /// Whether the analysis applies to a language (C++ only).
  virtual bool isLanguageSupported(const clang::LangOptions &LO) const {
    return LO.CPlusPlus;
  }

  /// Adds this analysis' matchers to \p Finder; every match is delivered to
  /// \p Callback, which must forward it to check().
  virtual void registerMatchers(
      clang::ast_matchers::MatchFinder &Finder,
      clang::ast_matchers::MatchFinder::MatchCallback *Callback) = 0;

  /// Handles one match produced by the matchers of registerMatchers().
  virtual void
  check(const clang::ast_matchers::MatchFinder::MatchResult &Result) = 0;

  /// Forgets everything about the previous translation unit.
  virtual void onStartOfTranslationUnit() = 0;

  /// Emits the translation unit's findings, each once, in source order.
  virtual void onEndOfTranslationUnit(FindingConsumer &Out) = 0;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_ANALYSIS_H
