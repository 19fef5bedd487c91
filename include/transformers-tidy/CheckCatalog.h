//===- CheckCatalog.h - The module's checks, named once --------*- C++ -*-===//
//
// Each check of the `transformers` clang-tidy module is named and described
// here once: the module registers it under this name
// (TransformersTidyModule.cpp) and the front ends describe it from here
// (transformers-migrate's --list-checks and SARIF rules). An entry also
// declares what the tool's fast paths must know of the check, so that the
// tool never names a check: which of its options name types, and which
// names a translation unit must spell for the check to find anything in it
// (the prefilter skips a TU that spells none of an enabled check's needs).
// Adding a check is its ClangTidyCheck (lib/TidyModule/), one entry here and
// one registration line; a unit test fails when a registered check has no
// entry.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_CHECKCATALOG_H
#define TRANSFORMERS_TIDY_CHECKCATALOG_H

#include "clang-tidy/ClangTidyOptions.h"
#include "transformers-tidy/TypeNames.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace transformers_tidy {

/// Some names, any one of which a TU must spell (every identifier of it,
/// IdentifierScan.h) for a need to be met: fixed qualified names, and the
/// entries of the check's type options named by their local key.
struct NameChoice {
  llvm::ArrayRef<const char *> Names;
  llvm::ArrayRef<const char *> TypeOptions;
};

struct CheckInfo {
  const char *Name;
  /// A few words naming the problem, as a title (SARIF shortDescription).
  const char *Title;
  /// One or two sentences: what is wrong and what the fix does.
  const char *Summary;
  /// The check's page, relative to the repository root.
  const char *DocsPage;
  /// Local keys of the options whose ';'-separated entries are qualified
  /// type names (the tool warns once of an entry that names no type).
  llvm::ArrayRef<const char *> TypeOptions;
  /// What a TU must spell for the check to find anything in it: every
  /// choice met. No needs: every TU may have a finding (never skipped).
  llvm::ArrayRef<NameChoice> Needs;
  /// Whether the check, on this TU, needs the bodies of functions in system
  /// headers that a fast parse skips (the tool then parses the TU again
  /// with them); null: never. Given the effective check options (as
  /// clang-tidy's getCheckOptions returns them: every enabled check's
  /// stored values), it reads its own check's keys.
  bool (*NeedsSkippedBodies)(clang::ASTContext &,
                             const clang::tidy::ClangTidyOptions::OptionMap &) =
      nullptr;
};

/// transformers-legacy-cache's NeedsSkippedBodies (LegacyCacheCheck.cpp): a
/// legacy value passed to a system function that may forward it to a
/// conversion (an emplace, a make_shared or an in-place constructor
/// instantiated with a class of the user's) made the forwarding search read
/// a body the parse skipped; the findings may then be incomplete.
bool legacyCacheNeedsSkippedBodies(
    clang::ASTContext &Ctx,
    const clang::tidy::ClangTidyOptions::OptionMap &CheckOptions);

namespace catalog_detail {
inline constexpr const char *LegacyTypeOptions[] = {"TensorTypes", "SinkTypes"};
inline constexpr const char *SinkTypes[] = {"SinkTypes"};
inline constexpr const char *TensorTypes[] = {"TensorTypes"};
inline constexpr const char *GenerationConfig[] = {GenerationConfigName.data()};
inline constexpr NameChoice LegacyCacheNeeds[] = {{{}, SinkTypes},
                                                  {{}, TensorTypes}};
inline constexpr NameChoice ConflictNeeds[] = {{{}, SinkTypes},
                                               {GenerationConfig, {}}};
} // namespace catalog_detail

inline constexpr CheckInfo LegacyCacheInfo = {
    "transformers-legacy-cache",
    "Legacy tuple-shaped KV cache passed to the generation API",
    "A tuple-shaped legacy cache reaches a transformers::PastKeyValues sink; "
    "transformers rejects it at runtime. Wrap it in "
    "DynamicCache::from_legacy_cache.",
    "docs/checks/legacy-cache.md",
    catalog_detail::LegacyTypeOptions,
    catalog_detail::LegacyCacheNeeds,
    legacyCacheNeedsSkippedBodies};

inline constexpr CheckInfo CacheImplementationConflictInfo = {
    "transformers-cache-implementation-conflict",
    "Cache passed together with a cache_implementation",
    "A call passes both a cache and a GenerationConfig whose "
    "cache_implementation is set; transformers raises ValueError.",
    "docs/checks/cache-implementation-conflict.md",
    catalog_detail::LegacyTypeOptions,
    catalog_detail::ConflictNeeds};

/// Every check the module registers.
inline constexpr CheckInfo AllChecks[] = {LegacyCacheInfo,
                                          CacheImplementationConflictInfo};

/// The entry of the check named \p Name: the module's, or one a program
/// linking the checks added (CatalogEntry); null for any other check.
const CheckInfo *findCheckInfo(llvm::StringRef Name);

/// Adds an entry for a check that another module of the same program
/// registers (a test's), for as long as the object lives.
class CatalogEntry {
public:
  explicit CatalogEntry(const CheckInfo &Info);
  ~CatalogEntry();
  CatalogEntry(const CatalogEntry &) = delete;
  CatalogEntry &operator=(const CatalogEntry &) = delete;

private:
  const CheckInfo &Info;
};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_CHECKCATALOG_H
