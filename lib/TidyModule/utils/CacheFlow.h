//===- CacheFlow.h - Can anyone observe a cache after a call? --*- C++ -*-===//
//
// Dropping the round trip in `sink(h->to_legacy_cache())` (passing `h`
// itself) lets the callee update h's cache in place instead of a copy. That
// is only behaviour-preserving if nothing reads that cache afterwards. For a
// handle rooted at a local variable of the enclosing function the question
// is answered on the function's body and its CFG:
//
//  1. Aliases. Starting from the root variable, every local variable that may
//     refer to the same cache joins the set: copies (`auto c = h;`), pointer
//     casts (std::dynamic_pointer_cast), elements and fields (`v[i]`,
//     `out.past_key_values`), aggregates given one (`GenerateKwargs
//     k{.past_key_values = h}`, `k.past_key_values = h`), and the outputs of
//     model calls that were given an alias, directly or in such an aggregate
//     (the library returns the cache it was passed).
//  2. Escapes. Every reference to an alias must be one the analysis
//     understands: a field / element access, a dereference, a cache method
//     returning a value, a comparison, a condition, an assignment, a copy
//     into another local, a model call. Anything else -- the address taken, a
//     reference bound, a call to other code, a lambda capture, a return --
//     means the cache may be observed where the analysis cannot see, and the
//     round trip is kept. Parameters, globals, members, static and reference
//     locals are never aliases the analysis owns.
//  3. Origin. Every value an alias is given (initialiser, assignment,
//     insertion into a container) must be fresh (CacheOrigin.h), empty, or
//     itself an alias: no cache that someone else holds.
//  4. Flow. On the CFG of the enclosing function, from the round trip on,
//     every path (loop back edges included) must redefine each alias (an
//     assignment of the whole variable, or its declaration in the next loop
//     iteration) before reading it. Other references to an alias in the same
//     full-expression, whose order against the call C++ leaves unspecified,
//     count as reads; so does a round trip inside a try block (the clang CFG
//     has no edges for exceptions a handler could observe).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_CACHEFLOW_H
#define TRANSFORMERS_TIDY_UTILS_CACHEFLOW_H

namespace clang {
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace transformers_tidy {

class CacheOrigin;
class LocalParentMap;

/// The object \p E reads its cache (or cache holder) from, through field and
/// element accesses, dereferences, std::move and the shared_ptr casts: a
/// variable reference, or the expression that made the cache.
const clang::Expr *cacheAccessRoot(const clang::Expr *E);

/// Whether nothing can observe the cache of the handle \p Handle, rooted at
/// the local variable \p Root of \p FD, once the round trip \p Call has
/// been evaluated (see the file comment).
bool isCacheUnobservedAfter(const clang::Expr *Call, const clang::Expr *Handle,
                            const clang::VarDecl *Root,
                            const clang::FunctionDecl &FD,
                            const CacheOrigin &Origin, LocalParentMap &Parents);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_CACHEFLOW_H
