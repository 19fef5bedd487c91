//===- CacheOrigin.h - Where a cache handle's cache comes from -*- C++ -*-===//
//
// A cache no other handle refers to is "fresh": the result of a model's
// forward()/generate() call that was passed no cache (the model created the
// cache it returns), of std::make_shared, or of a from_legacy_cache factory.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_CACHEORIGIN_H
#define TRANSFORMERS_TIDY_UTILS_CACHEORIGIN_H

#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace clang {
class CallExpr;
class CXXMemberCallExpr;
class Expr;
} // namespace clang

namespace transformers_tidy {

class TypeNames;

class CacheOrigin {
public:
  explicit CacheOrigin(const TypeNames &SinkTypes) : SinkTypes(SinkTypes) {}

  /// A cache handle, or an object holding one (a model output), that
  /// nobody else shares.
  bool isFresh(const clang::Expr *E) const;

  /// model.forward(...) / model.generate(...) of a PreTrainedModel.
  static bool isModelCall(const clang::Expr *E);

  /// A sink type, or an aggregate with a sink-typed field (GenerateKwargs).
  bool mayCarryCache(clang::QualType T) const;

  /// Default arguments, `{}`, `nullptr` and value-initialised fields.
  bool carriesNoCache(const clang::Expr *E) const;

  const TypeNames &sinkTypes() const { return SinkTypes; }

private:
  static bool isCacheFactoryCall(const clang::CallExpr *CE);
  bool isModelCallWithoutCache(const clang::CXXMemberCallExpr *MC) const;
  bool isSink(clang::QualType T) const;

  const TypeNames &SinkTypes;
};

/// \p E without implicit nodes and parentheses.
const clang::Expr *stripImplicit(const clang::Expr *E);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_CACHEORIGIN_H
