//===- FastPath.h - Prefilter and result cache ----------------*- C++ -*-===//
//
// Two ways not to parse a translation unit (DESIGN.md §3, issue 5):
//
// Prefilter. Before the full parse, clang's dependency-directives scanner
// preprocesses the TU with its real command line (macros, #if and
// macro-expanded #include operands evaluated, transitive includes followed)
// and lists every file it reads. The TU is analysed iff
//   (a) one of those files is a library header: a file below a directory D
//       such that D/<marker> exists for a configured marker (default
//       "transformers/cache_utils.h"; a file "<R>/transformers/x/y.h" is a
//       library header when "<R>/transformers/cache_utils.h" exists), or
//   (b) those files and the command line together spell, as identifiers
//       (IdentifierScan.h: tokens, not comments or string literals), what
//       one enabled check needs: its catalog entry's needs
//       (CheckCatalog.h), each a choice of qualified names (fixed ones and
//       the entries of the check's type options, as it read them), one of
//       which must be spelled, every component of it. An enabled check
//       without declared needs makes every TU relevant.
// The tool knows no check: the catalog says what each one needs.
// Why (b) is sound. A check declares as needs types that any of its
// findings involves. A finding of transformers-legacy-cache is a conversion
// to a type a SinkTypes entry names, of a value whose type has tensors a
// TensorTypes entry names; one of transformers-cache-implementation-conflict
// is a call with a sink and a GenerationConfig. So some sink entry and some
// tensor (or GenerationConfig) entry name types in the TU. An entry names a
// type by qualified lookup (TypeNames.h): each component is found as a
// namespace, namespace alias, class, typedef or using-declaration, and each
// of those is declared with its name as an identifier token, in a file the
// TU reads or in a -D macro of its command line (a macro's body is lexed
// too). Identifiers come from the raw lexer, which sees every token the
// preprocessor can see (code under #if 0 as well: a superset) and joins
// line splices. The one way around it is a name built by ## token pasting
// outside the library's headers, which (a) covers.
// Why a skip never changes the verdict (issue 26). A skipped TU is one in
// which clang-tidy would find nothing and fail on nothing, so the scan must
// fail wherever preprocessing does, and then the TU is parsed, neither
// skipped nor cached:
//  - any error the scan reports counts (an unterminated #if, a header not
//    found, includes nested deeper than clang's limit), not only a scan
//    that cannot run (unsupported flags);
//  - the scanner drops the directives it does not need, #error among them:
//    it reads each source with an include of a path that cannot exist put
//    before every directive that can fail a compilation by itself (#error,
//    #warning, which -Werror=#warnings makes one, #pragma GCC error,
//    invalid ones; IdentifierScan.h), so it fails where clang evaluates one;
//  - a file that is not regular is unknown content, never read here: a
//    device (/dev/zero has no end) or a named pipe (opening one waits for a
//    writer, and what is read is gone); so is a file that cannot be read.
//    The scan reads a device as clang does (as much as its size says:
//    nothing) and never opens a pipe: it fails, the TU is parsed, and the
//    parse reads the pipe once, as clang does (StableFileSystem.h).
// What only a parse finds, the scan cannot: a skipped TU's semantic errors
// (an undeclared name, a failed static_assert, a _Pragma("GCC error") in
// code) are not reported, and it gives exit 0 where --no-prefilter gives 3.
// No finding hides behind them: a TU with errors is not analysed.
//
// Result cache. Key: SHA-256 over the tool version, an xxh3-128 hash of the
// tool binary's content (fast; detects any rebuild), the LLVM version, the
// TU's adjusted command line and directory, the serialized check
// configuration, the library markers, whether system function bodies are
// parsed, and the path and BLAKE3 hash of every file the scan says the TU
// reads (NOLINT comments, .clang-tidy-derived options and headers included).
// Value: the TU's findings as JSON, or the prefilter's decision to skip it.
// Failed TUs are never cached, nor TUs whose scan failed. Entries are
// written to a temporary file and renamed (atomic, safe for concurrent
// runs); hits refresh the entry's mtime, and trim() evicts the least
// recently used entries beyond the size bound.
// A cache that cannot be used (a file in its place, read-only, a full disk)
// is a warning, never a verdict: openCache() tries the directory before the
// run (makes it, writes a file in it), and a write that fails later turns
// the cache off for the rest of the run; either way the run goes on as with
// --no-cache (the same exit status, the same report).
//
// Direct mode (as ccache's): next to the entries, a manifest per command
// (everything in the key but the files) lists the files its last scan
// found. A later run hashes those files and looks the key up without a
// scan; if any of them changed or vanished, the key differs and the run
// scans as usual. Sound for the same reason the key is: a TU whose files are
// all unchanged, with the same command line and include-path environment
// variables (CPATH and the like, in both keys), reads the same files again,
// and preprocesses as cleanly as when its skip was stored.
// Known limit, shared with any content cache keyed by the files read: a
// header that appears or disappears where the TU only looked for it (earlier
// in the search path, behind a __has_include, which may lead to an #error)
// is not seen; --no-cache.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_FASTPATH_H
#define TRANSFORMERS_MIGRATE_FASTPATH_H

#include "driver/Model.h"
#include "input/CheckConfig.h"
#include "llvm/Support/Error.h"
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

struct FastPathOptions {
  bool Prefilter = true;
  bool Cache = true;
  std::string CacheDir;
  uint64_t CacheMaxBytes = 512ull << 20;
  std::vector<std::string> LibraryMarkers = {"transformers/cache_utils.h"};
  /// RunOptions::SkipSystemFunctionBodies: part of the cache key, since it
  /// decides whether some compile errors are seen.
  bool SkipSystemFunctionBodies = true;
  /// argv[0] and an address in the binary, to find and hash the executable.
  std::string Argv0;
  void *MainAddr = nullptr;
};

/// What to do with one TU, decided before its parse.
struct FastDecision {
  bool Skip = false;              // cannot reach the library: no findings
  std::optional<TUResult> Cached; // a cache hit
  std::string Key;                // cache key to store under ("" = none)
  std::string ManifestKey;        // the command's manifest ("" = none)
  std::vector<std::string> Files; // what the scan found the TU reads
};

/// A cache entry: a TU's result, or the prefilter's decision to skip it.
struct CacheEntry {
  TUResult Result;
  bool PrefilterSkipped = false;
};

class FastPath {
public:
  explicit FastPath(FastPathOptions O);
  ~FastPath();

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
  struct FileInfo {
    bool Ok = false;
    std::string Digest; // BLAKE3, raw bytes
    /// Relevance::Key -> which of its identifiers the file spells.
    std::map<std::string, std::vector<bool>> Spelled;
  };
  struct Relevance;
  bool scan(const std::vector<std::string> &CommandLine,
            const std::string &Directory, std::vector<std::string> &Files);
  bool isLibraryHeader(llvm::StringRef File);
  /// A copy of the file's digest and of which of \p Names' identifiers it
  /// spells (the entry's map may grow concurrently, so no reference escapes
  /// the lock).
  struct FileFacts {
    bool Ok = false;
    std::string Digest;
    std::vector<bool> Spelled;
  };
  FileFacts fileInfo(const std::string &File, const Relevance &Names);
  const std::string &toolIdentity();
  /// The key of the TU's result given the files it reads ("" when one of
  /// them cannot be read).
  std::string cacheKey(const std::vector<std::string> &CommandLine,
                       const std::string &Directory, const FileConfig &Config,
                       const std::vector<FileFacts> &Files,
                       const std::vector<std::string> &Paths);
  /// The key of the command's manifest: the same fields but the files.
  std::string manifestKey(const std::vector<std::string> &CommandLine,
                          const std::string &Directory,
                          const FileConfig &Config);
  /// Serves \p D from the entry under \p Key if there is a valid one for
  /// \p File, whose key was computed from \p Files.
  bool serve(FastDecision &D, llvm::StringRef Key, const std::string &File,
             const std::string &Directory,
             const std::vector<std::string> &Files);
  std::optional<std::vector<std::string>> readManifest(llvm::StringRef Key);
  void writeManifest(const FastDecision &D);
  /// Stores \p E under \p D.Key, then the manifest \p D names.
  void storeEntry(const FastDecision &D, const CacheEntry &E);
  /// Writes \p Payload, sealed, to the cache file \p Path (whole or not at
  /// all); a failure turns the cache off.
  bool storeFile(const std::string &Path, llvm::StringRef Payload);
  bool cacheOn() const { return Opts.Cache && !CacheOff; }
  void disableCache(const std::string &Why);
  std::string entryPath(llvm::StringRef Key, llvm::StringRef Suffix) const;

  FastPathOptions Opts;
  struct ScanState;
  std::unique_ptr<ScanState> Scanner;
  mutable std::mutex Mutex;
  std::atomic<bool> CacheOff{false};
  std::optional<std::string> DisabledWhy;
  std::map<std::string, FileInfo> Files;
  std::map<std::string, bool> LibraryDirs;
  std::atomic<bool> Stored{false};
  std::once_flag ToolOnce;
  std::string ToolId;
};

/// The default cache directory: $XDG_CACHE_HOME or ~/.cache, plus
/// "transformers-migrate".
std::string defaultCacheDir();

/// CacheEntry <-> the cache's value format: a JSON object with the TU's
/// counters and content hashes, its findings as clang's DiagnosticsYaml
/// (what --export-fixes writes), and per finding what the tool keeps beside
/// it. "" for a result that is not cached (failed, or not UTF-8); nothing
/// for an entry that does not parse.
std::string serializeEntry(const CacheEntry &E);
std::optional<CacheEntry> deserializeEntry(llvm::StringRef Text);

} // namespace tmigrate

#endif
