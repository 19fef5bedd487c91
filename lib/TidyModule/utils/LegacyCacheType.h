//===- LegacyCacheType.h - Type predicates of the analyses -----*- C++ -*-===//
//
// Pure type questions, answered on canonical types (through typedefs,
// aliases, `auto`, references and cv-qualifiers): is this a legacy
// tuple-shaped KV cache, a sink type, a Cache, a handle to a Cache.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_UTILS_LEGACYCACHETYPE_H
#define TRANSFORMERS_TIDY_UTILS_LEGACYCACHETYPE_H

#include "transformers-tidy/TypeNames.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <initializer_list>
#include <string>

namespace clang {
class CXXRecordDecl;
class NamedDecl;
} // namespace clang

namespace transformers_tidy {

/// The fully qualified name of the base class of all caches.
inline constexpr llvm::StringLiteral CacheBaseName = "transformers::Cache";

/// The record a (possibly sugared, referenced, cv-qualified) type names, or
/// null.
const clang::CXXRecordDecl *recordOf(clang::QualType T);

/// \p Name without a leading "::".
llvm::StringRef withoutGlobalPrefix(llvm::StringRef Name);

/// For a legacy value type, the number of tensors per layer (2 or 4);
/// 0 when \p T is not a legacy cache. Mirrors the library's
/// is_legacy_cache_v: an outer std::vector<L>, std::array<L, N> (N > 0) or
/// std::tuple<L...> (at least one L) whose layers L (cv / references ignored)
/// are all std::tuple / std::pair of the same arity (pair: 2, tuple: 2 or 4)
/// of tensor types (cv / references ignored).
unsigned legacyLayerArity(clang::QualType T, const TypeNames &TensorTypes);

/// Whether \p RD is, or derives from, the class named \p Name (fully
/// qualified, no leading "::").
bool isOrDerivesFrom(const clang::CXXRecordDecl *RD, llvm::StringRef Name);

/// Whether \p RD is, or derives from, transformers::Cache.
bool isCacheRecord(const clang::CXXRecordDecl *RD);

/// Whether \p T is std::shared_ptr<C> with C a Cache (see isCacheRecord).
bool isCacheHandle(clang::QualType T);

/// Whether \p D is declared in namespace std with one of \p Names.
bool isStdNamed(const clang::NamedDecl *D,
                std::initializer_list<llvm::StringRef> Names);

/// Whether \p RD has the fully qualified name \p Name (no leading "::").
bool hasQualifiedName(const clang::NamedDecl *D, llvm::StringRef Name);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_UTILS_LEGACYCACHETYPE_H
