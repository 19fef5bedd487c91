//===- TypeNames.h - Configured type names, resolved per TU ----*- C++ -*-===//
//
// The checks' type options (TensorTypes, SinkTypes) name types the way users
// copy them from compiler messages and headers: "::std::string",
// "nlohmann::json", "std::__cxx11::basic_string", "torch::Tensor". A name is
// resolved in each translation unit by qualified lookup from the global
// namespace, as the compiler would resolve it in a declaration:
//
//   * a leading "::" is optional;
//   * a namespace component may be a namespace alias, and members of inline
//     namespaces are found through their enclosing namespace (both
//     "std::basic_string" and "std::__cxx11::basic_string" work);
//   * the last component may be a class, a class template (every
//     specialization matches), a typedef or alias of a class type (that
//     class, or that specialization only: "::std::string" is
//     basic_string<char>, not wstring), or a using-declaration of one.
//
// A record then matches by canonical declaration, never by spelling. Using
// directives are not followed ("namespace a { using namespace b; }" does not
// make "a::X" name b::X), as a name in an option is meant to be exact.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_TYPENAMES_H
#define TRANSFORMERS_TIDY_TYPENAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXRecordDecl;
class Decl;
} // namespace clang

namespace transformers_tidy {

/// The library type transformers-cache-implementation-conflict matches by
/// this fixed name (no option).
inline constexpr llvm::StringLiteral GenerationConfigName =
    "transformers::GenerationConfig";

/// One type option's entries and, for the translation unit being analysed,
/// the declarations they name. Resolved lazily, on the first match() of a
/// TU; forget() before the next TU (a new ASTContext may reuse an address).
class TypeNames {
public:
  explicit TypeNames(std::vector<std::string> Entries);

  /// The entry (as configured) that names \p RD's type, or null.
  const std::string *match(const clang::CXXRecordDecl *RD) const;

  /// Resolves every entry in \p Ctx now (match() does it on first use).
  void resolve(const clang::ASTContext &Ctx) const;
  /// Drops the resolution of the previous translation unit.
  void forget() const;

  llvm::ArrayRef<std::string> entries() const { return Entries; }
  bool empty() const { return Entries.empty(); }

private:
  std::vector<std::string> Entries;
  // Per TU: canonical record or class template -> index of its entry.
  mutable const clang::ASTContext *ResolvedIn = nullptr;
  mutable llvm::DenseMap<const clang::Decl *, unsigned> Named;
};

/// The components of a qualified name as lookup takes them: a leading "::"
/// dropped, each component trimmed, empty ones kept (they name nothing).
/// The prefilter asks for the same components (fastpath/Prefilter.h).
std::vector<std::string> qualifiedNameComponents(llvm::StringRef Name);

/// For each of \p Names, whether it names a type in \p Ctx (the rule above).
std::vector<bool> resolveTypeNames(const clang::ASTContext &Ctx,
                                   llvm::ArrayRef<std::string> Names);

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_TYPENAMES_H
