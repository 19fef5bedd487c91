//===- NoLintFilter.h - NOLINT comments, as clang-tidy reads them -*- C++ -*-//
//
// Wraps clang-tidy's own NoLintDirectiveHandler (NOLINT, NOLINTNEXTLINE,
// NOLINTBEGIN/NOLINTEND, optional "(check-glob,...)" lists), so the tool
// suppresses exactly what the plugin under clang-tidy suppresses. One filter
// per translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_NOLINTFILTER_H
#define TRANSFORMERS_MIGRATE_NOLINTFILTER_H

#include "transformers-tidy/LLVMCompat.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace clang {
class SourceManager;
} // namespace clang

namespace tmigrate {

class NoLintFilter {
public:
  explicit NoLintFilter(clang::SourceManager &SM);
  ~NoLintFilter();

  /// True when a NOLINT directive covering \p Loc names \p Check (or all).
  bool isSuppressed(clang::SourceLocation Loc, llvm::StringRef Check);

  /// "unmatched NOLINTBEGIN/NOLINTEND" errors found so far
  /// (check name "clang-tidy-nolint"), each once.
  llvm::SmallVector<clang::tooling::Diagnostic, 2> takeErrors();

private:
  class Consumer;
  std::unique_ptr<Consumer> Client;
  transformers_tidy::compat::OwnedDiagnosticOptions DiagOpts;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
};

} // namespace tmigrate

#endif
