//===- SinkContext.h - What a sink construction initialises ----*- C++ -*-===//
//
// A sink is the construction of a PastKeyValues. Its context names it in the
// diagnostic: the parameter of a call or constructor argument, the field of
// an aggregate / designated initialisation, a member initialiser or a member
// assignment; otherwise (return, variable, unnamed parameter, explicit cast)
// the sink type itself.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_SINKCONTEXT_H
#define TRANSFORMERS_TIDY_UTILS_SINKCONTEXT_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class Expr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace transformers_tidy {

class LocalParentMap;

/// The name shown for the sink \p Sink; \p Fallback when the context has no
/// better name.
std::string sinkName(const clang::Expr *Sink, LocalParentMap &Parents,
                     llvm::StringRef Fallback);

/// The innermost function (including a lambda's call operator) whose body
/// contains \p S, or null.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             LocalParentMap &Parents);

/// \p E without implicit casts, temporaries, cleanups and implicit copy /
/// move constructions; parentheses are kept (they were written).
const clang::Expr *ignoreImplicitAsWritten(const clang::Expr *E);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_SINKCONTEXT_H
