//===- CacheHandleReuse.h - Dropping a to_legacy_cache() round trip -------===//
//
// `h->to_legacy_cache()` passed where a PastKeyValues is expected, with `h` a
// std::shared_ptr to a Cache, can become `h` itself. The callee then updates
// the cache in place instead of a snapshot, so this is only
// behaviour-preserving when nobody else can observe that cache:
//  - `h` is rooted at a temporary that is fresh (CacheOrigin.h): a model
//    output computed without a cache, a factory result; or
//  - `h` is rooted at a local variable and, by the enclosing function's data
//    flow, nothing reads that cache or any alias of it after the call and it
//    never escapes (CacheFlow.h).
// Anything else keeps the round trip and is wrapped like any legacy value.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_CACHEHANDLEREUSE_H
#define TRANSFORMERS_TIDY_UTILS_CACHEHANDLEREUSE_H

#include "transformers-tidy/TypeNames.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace clang {
class Expr;
} // namespace clang

namespace transformers_tidy {

class LocalParentMap;

/// If \p E (parentheses ignored) is `H->to_legacy_cache()` or
/// `(*H).to_legacy_cache()` on a cache handle H, the expression H;
/// otherwise null.
const clang::Expr *toLegacyCacheHandle(const clang::Expr *E);

/// Whether replacing the to_legacy_cache() call \p Call by its handle
/// \p Handle preserves behaviour (see the file comment). \p SinkTypes are
/// the types through which a cache can be passed to a model.
bool isHandleReuseSafe(const clang::Expr *Call, const clang::Expr *Handle,
                       const TypeNames &SinkTypes, LocalParentMap &Parents);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_CACHEHANDLEREUSE_H
