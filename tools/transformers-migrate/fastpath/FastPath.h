//===- FastPath.h - Which TUs need a parse ---------------------*- C++ -*-===//
//
// Two ways not to parse a translation unit (DESIGN.md §3, issue 5), combined
// into one decision per TU before its parse: the prefilter skips a TU that
// cannot reach the library or the types an enabled check needs
// (Prefilter.h, with why that is sound), and the result cache serves one
// whose command, configuration, tool and files read are unchanged
// (ResultCache.h, with what its key covers and its direct mode). The scan
// serves both: its file list is the prefilter's input and the cache's key.
// The cache remembers the prefilter's skips too, so a warm run on an
// unchanged tree needs no scan.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_FASTPATH_H
#define TRANSFORMERS_MIGRATE_FASTPATH_H

#include "driver/Model.h"
#include "fastpath/Prefilter.h"
#include "fastpath/ResultCache.h"
#include "input/CheckConfig.h"
#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

struct FastPathOptions {
  bool Prefilter = true;
  bool Cache = true;
  /// The cache's directory, bound and key inputs; its library markers are
  /// the prefilter's too.
  ResultCacheOptions CacheOptions;
};

/// What to do with one TU, decided before its parse.
struct FastDecision {
  bool Skip = false;              // cannot reach the library: no findings
  std::optional<TUResult> Cached; // a cache hit
  std::string Key;                // cache key to store under ("" = none)
  std::string ManifestKey;        // the command's manifest ("" = none)
  std::vector<std::string> Files; // what the scan found the TU reads
};

class FastPath {
public:
  explicit FastPath(FastPathOptions O);

  /// Thread-safe. \p CommandLine is the adjusted command line the parse uses.
  FastDecision decide(const std::vector<std::string> &CommandLine,
                      const std::string &Directory, const std::string &File,
                      const FileConfig &Config);
  /// Thread-safe. Stores a successful result under \p D.Key.
  void store(const FastDecision &D, const TUResult &R);
  /// Evicts least recently used entries beyond the size bound.
  void trim();

  /// Tries the cache directory before the run: makes it if missing and
  /// writes a file in it. If it cannot be used, the cache is off for the
  /// run, which goes on as with --no-cache, and the answer says why (the
  /// path and the system's reason).
  std::optional<std::string> openCache();
  /// Why the cache is off (openCache, or a write that failed during the
  /// run: the cache is then not used any more), if it is.
  std::optional<std::string> cacheDisabled() const;

  /// Skipped counts every skip; CachedSkips those whose decision came from
  /// the cache (no scan), Hits the results served from it.
  std::atomic<unsigned> Skipped{0}, CachedSkips{0}, Hits{0}, Misses{0},
      Scans{0}, ScanFailures{0}, Invalid{0};

private:
  /// Serves \p D from the entry under \p Key if there is a valid one for
  /// \p File, whose key was computed from \p Files.
  bool serve(FastDecision &D, llvm::StringRef Key, const std::string &File,
             const std::string &Directory,
             const std::vector<std::string> &Files);
  bool cacheOn() const { return Cache && Cache->on(); }

  bool PrefilterOn;
  Prefilter Filter;
  std::optional<ResultCache> Cache; // none with --no-cache
};

} // namespace tmigrate

#endif
