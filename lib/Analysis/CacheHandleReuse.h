//===- CacheHandleReuse.h - Dropping a to_legacy_cache() round trip -------===//
//
// `h->to_legacy_cache()` passed where a PastKeyValues is expected, with `h` a
// std::shared_ptr to a Cache, can become `h` itself. That is only
// behaviour-preserving when nobody can observe that the callee now updates
// the cache in place instead of a copy: the handle is a temporary (or a member
// of one), or a local variable or by-value parameter of the same function (or
// a member of one) that is not used after the call in source order, not
// captured by a lambda, and not re-used by an enclosing loop. Aliasing
// through other handles to the same cache object is not tracked.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LIB_CACHEHANDLEREUSE_H
#define TRANSFORMERS_TIDY_LIB_CACHEHANDLEREUSE_H

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace transformers_tidy {

/// If \p E (parentheses ignored) is `H->to_legacy_cache()` or
/// `(*H).to_legacy_cache()` on a cache handle H, the expression H;
/// otherwise null.
const clang::Expr *toLegacyCacheHandle(const clang::Expr *E);

/// Whether replacing the to_legacy_cache() call \p Call by its handle
/// \p Handle preserves behaviour (see the file comment).
bool isHandleReuseSafe(const clang::Expr *Call, const clang::Expr *Handle,
                       clang::ASTContext &Ctx);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_LIB_CACHEHANDLEREUSE_H
