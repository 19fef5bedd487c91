//===- FastPath.cpp - Which TUs need a parse ------------------------------===//
//
// The per-TU decision (FastPath.h): the cache's direct mode first (no
// scan), then the scan, the cache under the key of what it found, and the
// prefilter's verdict, which the cache keeps too.
//
//===----------------------------------------------------------------------===//

#include "fastpath/FastPath.h"

namespace tmigrate {

FastPath::FastPath(FastPathOptions O)
    : PrefilterOn(O.Prefilter), Filter(O.CacheOptions.LibraryMarkers) {
  if (O.Cache)
    Cache.emplace(std::move(O.CacheOptions));
}

FastDecision FastPath::decide(const std::vector<std::string> &CommandLine,
                              const std::string &Directory,
                              const std::string &File,
                              const FileConfig &Config) {
  FastDecision D;
  // With the cache turned off and no prefilter, as with --no-cache: no
  // scan.
  if (!PrefilterOn && !cacheOn())
    return D;
  Relevance Names(Config);
  auto KeyFor = [&](const std::vector<std::string> &Files) {
    std::vector<std::optional<std::string>> Digests;
    for (const std::string &F : Files) {
      Prefilter::FileFacts Facts = Filter.fileInfo(F, Names);
      Digests.push_back(Facts.Ok ? std::optional(std::move(Facts.Digest))
                                 : std::nullopt);
    }
    return Cache->key(CommandLine, Directory, Config, Files, Digests);
  };

  // Direct mode: the files the command read last time, if unchanged, give
  // the key without a scan.
  std::string DirectKey;
  if (cacheOn()) {
    D.ManifestKey = Cache->manifestKey(CommandLine, Directory, Config);
    if (std::optional<std::vector<std::string>> Listed =
            Cache->readManifest(D.ManifestKey)) {
      DirectKey = KeyFor(*Listed);
      if (serve(D, DirectKey, File, Directory, *Listed))
        return D;
    }
  }

  ++Scans;
  if (!Filter.scan(CommandLine, Directory, D.Files)) {
    // Cannot tell what the TU reads: analyse it, and do not cache it.
    ++ScanFailures;
    D.Files.clear();
    D.ManifestKey.clear();
    return D;
  }
  if (cacheOn()) {
    D.Key = KeyFor(D.Files);
    // The same key as direct mode's (the files did not change): known miss.
    if (D.Key != DirectKey && serve(D, D.Key, File, Directory, D.Files)) {
      // The entry outlived its manifest.
      Cache->writeManifest(D.ManifestKey, D.Files);
      return D;
    }
  }

  if (PrefilterOn && !Filter.reaches(Names, CommandLine, D.Files)) {
    ++Skipped;
    D.Skip = true;
    // The decision is cached like a result: a warm run needs no scan.
    CacheEntry E;
    E.Result.MainFile = File;
    E.Result.BuildDirectory = Directory;
    E.PrefilterSkipped = true;
    if (cacheOn())
      Cache->store(D.Key, E, D.ManifestKey, D.Files);
    return D;
  }
  if (!D.Key.empty())
    ++Misses;
  return D;
}

bool FastPath::serve(FastDecision &D, llvm::StringRef Key,
                     const std::string &File, const std::string &Directory,
                     const std::vector<std::string> &Files) {
  bool WasInvalid = false;
  std::optional<CacheEntry> E =
      Cache->find(Key, File, Directory, Files, WasInvalid);
  if (WasInvalid)
    ++Invalid;
  if (!E)
    return false;
  if (E->PrefilterSkipped) {
    // --no-prefilter parses what the prefilter skipped.
    if (!PrefilterOn)
      return false;
    ++Skipped;
    ++CachedSkips;
    D.Skip = true;
  } else {
    ++Hits;
    D.Cached = std::move(E->Result);
  }
  // Served: what the TU reads, for a caller that must know it without a
  // parse (an output the user named must not be one of them).
  if (D.Files.empty())
    D.Files = Files;
  return true;
}

void FastPath::store(const FastDecision &D, const TUResult &R) {
  if (cacheOn())
    Cache->store(D.Key, {R, /*PrefilterSkipped=*/false}, D.ManifestKey,
                 D.Files);
}

void FastPath::trim() {
  if (cacheOn())
    Cache->trim();
}

std::optional<std::string> FastPath::openCache() {
  return Cache ? Cache->open() : std::nullopt;
}

std::optional<std::string> FastPath::cacheDisabled() const {
  return Cache ? Cache->disabled() : std::nullopt;
}

} // namespace tmigrate
