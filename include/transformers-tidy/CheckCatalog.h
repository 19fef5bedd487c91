//===- CheckCatalog.h - The module's checks, named once --------*- C++ -*-===//
//
// Each check of the `transformers` clang-tidy module is named and described
// here once: the module registers it under this name
// (TransformersTidyModule.cpp) and the front ends describe it from here
// (transformers-migrate's --list-checks and SARIF rules). Adding a check is
// its analysis, its ClangTidyCheck, one entry here and one registration
// line; a unit test fails when a registered check has no entry.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_CHECKCATALOG_H
#define TRANSFORMERS_TIDY_CHECKCATALOG_H

namespace transformers_tidy {

struct CheckInfo {
  const char *Name;
  /// A few words naming the problem, as a title (SARIF shortDescription).
  const char *Title;
  /// One or two sentences: what is wrong and what the fix does.
  const char *Summary;
  /// The check's page, relative to the repository root.
  const char *DocsPage;
};

inline constexpr CheckInfo LegacyCacheInfo = {
    "transformers-legacy-cache",
    "Legacy tuple-shaped KV cache passed to the generation API",
    "A tuple-shaped legacy cache reaches a transformers::PastKeyValues sink; "
    "transformers rejects it at runtime. Wrap it in "
    "DynamicCache::from_legacy_cache.",
    "docs/checks/legacy-cache.md"};

inline constexpr CheckInfo CacheImplementationConflictInfo = {
    "transformers-cache-implementation-conflict",
    "Cache passed together with a cache_implementation",
    "A call passes both a cache and a GenerationConfig whose "
    "cache_implementation is set; transformers raises ValueError.",
    "docs/checks/cache-implementation-conflict.md"};

/// Every check the module registers.
inline constexpr CheckInfo AllChecks[] = {LegacyCacheInfo,
                                          CacheImplementationConflictInfo};

} // namespace transformers_tidy

#endif // TRANSFORMERS_TIDY_CHECKCATALOG_H
