//===- MacroOrigin.h - Where the tokens of an expression come from -*- C++ -*-//
//
// A fix may only rewrite text the user wrote at the place of the finding:
// tokens spelled in the file or inside a macro *argument* are fine, tokens
// produced by a macro *body* are not (the rewrite would have to change the
// macro, and every other expansion with it).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_MACROORIGIN_H
#define TRANSFORMERS_TIDY_UTILS_MACROORIGIN_H

#include "clang/Basic/SourceLocation.h"
#include <string>

namespace clang {
class Expr;
class LangOptions;
class SourceManager;
} // namespace clang

namespace transformers_tidy {

/// The name of the macro whose body produced a token of \p E (the outermost
/// such macro, as the user sees it at the expansion site), or "" if every
/// token of \p E is spelled in a file or in a macro argument.
std::string macroBodyOrigin(const clang::Expr *E,
                            const clang::SourceManager &SM,
                            const clang::LangOptions &LO);

/// Like macroBodyOrigin, for one location.
std::string macroBodyOrigin(clang::SourceLocation Loc,
                            const clang::SourceManager &SM,
                            const clang::LangOptions &LO);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_MACROORIGIN_H
