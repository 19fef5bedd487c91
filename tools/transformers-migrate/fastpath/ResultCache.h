//===- ResultCache.h - Findings cached by content --------------*- C++ -*-===//
//
// The second way not to parse a translation unit (DESIGN.md §3, issue 5).
//
// Key: SHA-256 over the tool version, an xxh3-128 hash of the tool binary's
// content (fast; detects any rebuild), the LLVM version, the TU's adjusted
// command line and directory, the serialized check configuration, the
// library markers, whether system function bodies are parsed, and the path
// and BLAKE3 hash of every file the scan (Prefilter.h) says the TU reads
// (NOLINT comments, .clang-tidy-derived options and headers included).
// Value: the TU's findings as JSON, or the prefilter's decision to skip it.
// Failed TUs are never cached, nor TUs whose scan failed. Entries are
// written to a temporary file and renamed (atomic, safe for concurrent
// runs); hits refresh the entry's mtime, and trim() evicts the least
// recently used entries beyond the size bound.
// A cache that cannot be used (a file in its place, read-only, a full disk)
// is a warning, never a verdict: open() tries the directory before the run
// (makes it, writes a file in it), and a write that fails later turns the
// cache off for the rest of the run; either way the run goes on as with
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

#ifndef TRANSFORMERS_MIGRATE_RESULTCACHE_H
#define TRANSFORMERS_MIGRATE_RESULTCACHE_H

#include "driver/Model.h"
#include "input/CheckConfig.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

/// A cache entry: a TU's result, or the prefilter's decision to skip it.
struct CacheEntry {
  TUResult Result;
  bool PrefilterSkipped = false;
};

/// CacheEntry <-> the cache's value format: a JSON object with the TU's
/// counters and content hashes, its findings as clang's DiagnosticsYaml
/// (what --export-fixes writes), and per finding what the tool keeps beside
/// it. "" for a result that is not cached (failed, or not UTF-8); an error
/// saying what and where (a JSON path) for an entry that does not parse.
std::string serializeEntry(const CacheEntry &E);
llvm::Expected<CacheEntry> deserializeEntry(llvm::StringRef Text);

/// The default cache directory: $XDG_CACHE_HOME or ~/.cache, plus
/// "transformers-migrate".
std::string defaultCacheDir();

struct ResultCacheOptions {
  std::string Dir;
  uint64_t MaxBytes = 512ull << 20;
  /// What else decides a result or a skip, hence in every key: the
  /// prefilter's library markers (Prefilter.h, rule (a)) and
  /// RunOptions::SkipSystemFunctionBodies, which decides whether some
  /// compile errors are seen.
  std::vector<std::string> LibraryMarkers = {"transformers/cache_utils.h"};
  bool SkipSystemFunctionBodies = true;
  /// argv[0] and an address in the binary, to find and hash the executable.
  std::string Argv0;
  void *MainAddr = nullptr;
};

/// The cache in one directory. Thread-safe. A file in it is not trusted
/// (truncated, bit-flipped, crafted): anything that does not check out is a
/// miss.
class ResultCache {
public:
  explicit ResultCache(ResultCacheOptions O);

  /// The key of a TU's result given the files it reads, \p Paths, and their
  /// contents' digests, \p Digests (none: the file cannot be read). ""
  /// when it must not be cached (an unreadable file, an unknown binary).
  std::string key(const std::vector<std::string> &CommandLine,
                  const std::string &Directory, const FileConfig &Config,
                  const std::vector<std::string> &Paths,
                  const std::vector<std::optional<std::string>> &Digests);
  /// The key of the command's manifest: the same fields but the files.
  std::string manifestKey(const std::vector<std::string> &CommandLine,
                          const std::string &Directory,
                          const FileConfig &Config);

  /// The entry under \p Key if it is a valid one for the TU \p File in
  /// \p Directory, whose key was computed from \p Files. \p Invalid says
  /// whether a file was there that is not one.
  std::optional<CacheEntry> find(llvm::StringRef Key, const std::string &File,
                                 const std::string &Directory,
                                 const std::vector<std::string> &Files,
                                 bool &Invalid);
  /// The files the manifest under \p Key lists, if it has a valid one.
  std::optional<std::vector<std::string>> readManifest(llvm::StringRef Key);
  /// Stores \p E under \p Key, then the manifest \p ManifestKey listing
  /// \p Files (if both are known).
  void store(llvm::StringRef Key, const CacheEntry &E,
             llvm::StringRef ManifestKey,
             const std::vector<std::string> &Files);
  /// Writes the manifest \p ManifestKey listing \p Files.
  void writeManifest(llvm::StringRef ManifestKey,
                     const std::vector<std::string> &Files);

  /// Evicts least recently used entries beyond the size bound.
  void trim();
  /// Tries the directory before the run: makes it if missing and writes a
  /// file in it. If it cannot be used, the cache is off for the run, and
  /// the answer says why (the path and the system's reason).
  std::optional<std::string> open();
  /// Whether the cache is in use (not turned off by a failure).
  bool on() const { return !Off; }
  /// Why the cache is off (open, or a write that failed during the run:
  /// the cache is then not used any more), if it is.
  std::optional<std::string> disabled() const;

private:
  const std::string &toolIdentity();
  std::string entryPath(llvm::StringRef Key, llvm::StringRef Suffix) const;
  /// Writes \p Payload, sealed, to the cache file \p Path (whole or not at
  /// all); a failure turns the cache off.
  bool storeFile(const std::string &Path, llvm::StringRef Payload);
  void disable(const std::string &Why);

  ResultCacheOptions Opts;
  mutable std::mutex Mutex; // guards DisabledWhy
  std::atomic<bool> Off{false};
  std::optional<std::string> DisabledWhy;
  std::atomic<bool> Stored{false};
  std::once_flag ToolOnce;
  std::string ToolId;
};

} // namespace tmigrate

#endif
