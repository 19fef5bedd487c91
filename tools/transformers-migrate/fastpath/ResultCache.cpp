//===- ResultCache.cpp - Findings cached by content -----------------------===//
//
// See ResultCache.h for what the key covers. Layout:
//   <cache-dir>/v1/<first two hex digits>/<sha256 hex>.json        entries
//   <cache-dir>/v1/<first two hex digits>/<sha256 hex>.files.json  manifests
// Entries are immutable once renamed into place; a reader sees a whole entry
// or none.
//
// The cache is not trusted: a file in it may be truncated, bit-flipped or
// crafted. Each file is sealed (a header with the payload's length and
// BLAKE3 digest), every number is range-checked, every edit must lie inside
// a file the translation unit reads and that the entry itself vouches for,
// and anything else is a miss. Files are opened without following symlinks,
// only regular files owned by this user are read, and eviction only ever
// removes the cache's own file names, two levels below v1/, never through a
// symlink.
//
//===----------------------------------------------------------------------===//

#include "fastpath/ResultCache.h"
#include "support/Paths.h"
#include "support/SafeFileWriter.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <map>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace tmigrate {

namespace json = llvm::json;

std::string defaultCacheDir() {
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "transformers-migrate");
  return std::string(Dir);
}

//===--- Serialization ----------------------------------------------------===//

namespace {

json::Value toJson(const LineColumn &LC) {
  return json::Array{LC.Line, LC.Column};
}

/// What the tool keeps beside a cached diagnostic.
json::Value besideJson(const Record &R) {
  json::Array Notes;
  for (const LineColumn &LC : R.NotesAt)
    Notes.push_back(toJson(LC));
  return json::Object{{"at", toJson(R.At)},
                      {"notes", std::move(Notes)},
                      {"wae", R.WarningAsError},
                      {"scope", R.Scope},
                      {"subject", R.Subject}};
}

/// YAML text must be UTF-8 (json::Value too): a result with other bytes is
/// not cached rather than altered.
bool allUtf8(const TUResult &R) {
  auto Ok = [](llvm::StringRef S) { return json::isUTF8(S); };
  auto MessageOk = [&](const clang::tooling::DiagnosticMessage &M) {
    if (!Ok(M.Message) || !Ok(M.FilePath))
      return false;
    for (const clang::tooling::FileByteRange &G : M.Ranges)
      if (!Ok(G.FilePath))
        return false;
    for (const auto &[File, Reps] : M.Fix)
      for (const clang::tooling::Replacement &Rep : Reps)
        if (!Ok(Rep.getFilePath()) || !Ok(Rep.getReplacementText()))
          return false;
    return true;
  };
  if (!Ok(R.MainFile) || !Ok(R.BuildDirectory))
    return false;
  for (const Record &Rec : R.Findings) {
    if (!Ok(Rec.Diag.DiagnosticName) || !Ok(Rec.Diag.BuildDirectory) ||
        !MessageOk(Rec.Diag.Message) || !Ok(Rec.Scope) || !Ok(Rec.Subject))
      return false;
    for (const clang::tooling::DiagnosticMessage &N : Rec.Diag.Notes)
      if (!MessageOk(N))
        return false;
  }
  for (const auto &[File, Hash] : R.ContentHashes)
    if (!Ok(File))
      return false;
  return true;
}

/// A cache entry with a malformed YAML document is a miss, not a message.
void ignoreYamlDiagnostic(const llvm::SMDiagnostic &, void *) {}

} // namespace

// An entry is a JSON object: the TU's counters and content hashes, its
// findings as clang's own DiagnosticsYaml (a TranslationUnitDiagnostics
// document, as --export-fixes writes them) and, per finding, what the tool
// keeps beside it (lines and columns, WarningsAsErrors).
std::string serializeEntry(const CacheEntry &E) {
  const TUResult &R = E.Result;
  if (R.Failed || !R.Errors.empty() || !allUtf8(R))
    return "";
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = R.MainFile;
  json::Array Beside;
  for (const Record &Rec : R.Findings) {
    TUD.Diagnostics.push_back(Rec.Diag);
    Beside.push_back(besideJson(Rec));
  }
  std::string Yaml;
  {
    llvm::raw_string_ostream OS(Yaml);
    llvm::yaml::Output Out(OS);
    Out << TUD;
  }
  json::Object Hashes;
  for (const auto &[File, Hash] : R.ContentHashes)
    Hashes[File] = llvm::utohexstr(Hash);
  json::Array Types;
  for (const TypeNameUse &T : R.TypeNames)
    Types.push_back(json::Array{T.Option, T.Name, T.Named});
  json::Object O{
      {"main", R.MainFile},
      {"dir", R.BuildDirectory},
      {"skipped", E.PrefilterSkipped},
      {"stats", json::Array{R.Stats.NoLint, R.Stats.NonUser, R.Stats.LineFilter,
                            R.Stats.CheckFilter, R.Stats.Generated,
                            R.Stats.GeneratedErrors}},
      {"diagnostics", std::move(Yaml)},
      {"beside", std::move(Beside)},
      {"hashes", std::move(Hashes)},
      {"types", std::move(Types)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << json::Value(std::move(O));
  return Out;
}

//===--- Reading an entry -------------------------------------------------===//
//
// llvm::json's fromJSON protocol: one overload per part of an entry (found
// by argument-dependent lookup from json's ObjectMapper and its array and
// object readers), each saying where an entry goes wrong (a json::Path).
// Every number is range-checked; a key an entry lacks, or one of another
// type, makes it unreadable.

/// A counter, a line or a column: an integer in unsigned's range.
static bool readUnsigned(const json::Value &V, unsigned &Out, json::Path P) {
  std::optional<int64_t> I = V.getAsInteger();
  if (!I || *I < 0 || *I > int64_t(UINT32_MAX)) {
    P.report("expected an unsigned 32-bit integer");
    return false;
  }
  Out = unsigned(*I);
  return true;
}

/// [line, column]
static bool fromJSON(const json::Value &V, LineColumn &LC, json::Path P) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 2) {
    P.report("expected [line, column]");
    return false;
  }
  return readUnsigned((*A)[0], LC.Line, P.index(0)) &&
         readUnsigned((*A)[1], LC.Column, P.index(1));
}

/// clang-tidy's counters, in the order serializeEntry writes them.
static bool fromJSON(const json::Value &V, TUResult::Counters &C,
                     json::Path P) {
  unsigned *Fields[] = {&C.NoLint,      &C.NonUser,   &C.LineFilter,
                        &C.CheckFilter, &C.Generated, &C.GeneratedErrors};
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != std::size(Fields)) {
    P.report("expected 6 counters");
    return false;
  }
  for (size_t I = 0; I < A->size(); ++I)
    if (!readUnsigned((*A)[I], *Fields[I], P.index(I)))
      return false;
  return true;
}

/// [option, name, named]
static bool fromJSON(const json::Value &V, TypeNameUse &T, json::Path P) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 3) {
    P.report("expected [option, name, named]");
    return false;
  }
  return fromJSON((*A)[0], T.Option, P.index(0)) &&
         fromJSON((*A)[1], T.Name, P.index(1)) &&
         fromJSON((*A)[2], T.Named, P.index(2));
}

namespace {

/// What the tool keeps beside one cached diagnostic (besideJson).
struct Beside {
  LineColumn At;
  std::vector<LineColumn> NotesAt;
  bool WarningAsError = false;
  std::string Scope;
  std::string Subject;
};

bool fromJSON(const json::Value &V, Beside &B, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("at", B.At) && O.map("notes", B.NotesAt) &&
         O.map("wae", B.WarningAsError) && O.map("scope", B.Scope) &&
         O.map("subject", B.Subject);
}

/// A content hash, in hexadecimal.
struct HexHash {
  uint64_t Value = 0;
};

bool fromJSON(const json::Value &V, HexHash &H, json::Path P) {
  std::optional<llvm::StringRef> S = V.getAsString();
  if (!S || S->getAsInteger(16, H.Value)) {
    P.report("expected a hexadecimal hash");
    return false;
  }
  return true;
}

/// The findings as a TranslationUnitDiagnostics YAML document.
struct DiagnosticsYaml {
  clang::tooling::TranslationUnitDiagnostics TUD;
};

bool fromJSON(const json::Value &V, DiagnosticsYaml &D, json::Path P) {
  std::optional<llvm::StringRef> Yaml = V.getAsString();
  if (!Yaml) {
    P.report("expected string");
    return false;
  }
  llvm::yaml::Input In(*Yaml, nullptr, ignoreYamlDiagnostic);
  In >> D.TUD;
  if (In.error()) {
    P.report("expected a TranslationUnitDiagnostics YAML document");
    return false;
  }
  return true;
}

} // namespace

/// The whole entry: its two halves, each finding's diagnostic and what is
/// kept beside it, must agree.
static bool fromJSON(const json::Value &V, CacheEntry &E, json::Path P) {
  TUResult &R = E.Result;
  DiagnosticsYaml Diags;
  std::vector<Beside> Besides;
  std::map<std::string, HexHash> Hashes;
  json::ObjectMapper O(V, P);
  if (!O || !O.map("main", R.MainFile) || !O.map("dir", R.BuildDirectory) ||
      !O.map("skipped", E.PrefilterSkipped) || !O.map("stats", R.Stats) ||
      !O.map("diagnostics", Diags) || !O.map("beside", Besides) ||
      !O.map("hashes", Hashes) || !O.map("types", R.TypeNames))
    return false;
  std::vector<clang::tooling::Diagnostic> &Found = Diags.TUD.Diagnostics;
  if (Besides.size() != Found.size()) {
    P.field("beside").report("expected one per diagnostic");
    return false;
  }
  for (size_t I = 0; I < Found.size(); ++I) {
    if (Besides[I].NotesAt.size() != Found[I].Notes.size()) {
      P.field("beside").index(I).field("notes").report(
          "expected one per note of the diagnostic");
      return false;
    }
    Record &Rec = R.Findings.emplace_back();
    Rec.Diag = std::move(Found[I]);
    Rec.MainFile = R.MainFile;
    Rec.At = Besides[I].At;
    Rec.NotesAt = std::move(Besides[I].NotesAt);
    Rec.WarningAsError = Besides[I].WarningAsError;
    Rec.Scope = std::move(Besides[I].Scope);
    Rec.Subject = std::move(Besides[I].Subject);
  }
  for (const auto &[File, Hash] : Hashes)
    R.ContentHashes[File] = Hash.Value;
  return true;
}

llvm::Expected<CacheEntry> deserializeEntry(llvm::StringRef Text) {
  llvm::Expected<json::Value> V = json::parse(Text);
  if (!V)
    return V.takeError();
  CacheEntry E;
  json::Path::Root Root;
  if (!fromJSON(*V, E, Root))
    return Root.getError();
  return E;
}

//===--- The cache --------------------------------------------------------===//

ResultCache::ResultCache(ResultCacheOptions O) : Opts(std::move(O)) {}

const std::string &ResultCache::toolIdentity() {
  std::call_once(ToolOnce, [this] {
    // The binary's content, not its mtime: a rebuild that changes nothing
    // keeps the cache, any code change drops it. xxh3 reads ~10 GB/s, so
    // hashing the executable costs milliseconds per run.
    std::string Exe =
        llvm::sys::fs::getMainExecutable(Opts.Argv0.c_str(), Opts.MainAddr);
    auto Buf = llvm::MemoryBuffer::getFile(Exe, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf)
      return; // unknown binary: the cache stays off
    llvm::XXH128_hash_t H =
        llvm::xxh3_128bits(llvm::arrayRefFromStringRef((*Buf)->getBuffer()));
    ToolId = std::string(TT_MIGRATE_VERSION) + "|" + TT_MIGRATE_LLVM_VERSION +
             "|" + llvm::utohexstr(H.high64) + llvm::utohexstr(H.low64);
  });
  return ToolId;
}

namespace {
/// SHA-256 of length-prefixed fields: no two different inputs serialise
/// alike.
class KeyHasher {
public:
  void put(llvm::StringRef S) {
    H.update(std::to_string(S.size()));
    H.update(":");
    H.update(S);
  }
  std::string hex() { return llvm::toHex(H.final(), /*LowerCase=*/true); }

private:
  llvm::SHA256 H;
};
} // namespace

/// A hasher fed with everything in a key but the files read: the tool, the
/// command, the check configuration and the options that change a result.
/// None when the tool's binary is unknown (the cache stays off).
static std::optional<KeyHasher>
invocationHasher(llvm::StringRef Kind, llvm::StringRef Tool,
                 const std::vector<std::string> &CommandLine,
                 const std::string &Directory, const FileConfig &Config,
                 const ResultCacheOptions &Opts) {
  if (Tool.empty())
    return std::nullopt;
  KeyHasher H;
  H.put(Kind);
  H.put(Tool);
  H.put(Directory);
  H.put(std::to_string(CommandLine.size()));
  for (const std::string &A : CommandLine)
    H.put(A);
  // The whole effective configuration, as clang-tidy serialises it: checks,
  // every option (the checks read their own), filters, WarningsAsErrors.
  H.put(Config.Identity);
  H.put(Opts.SkipSystemFunctionBodies ? "skip-system-bodies" : "all-bodies");
  // They decide which TUs the prefilter skips, a decision the cache keeps.
  H.put(std::to_string(Opts.LibraryMarkers.size()));
  for (const std::string &M : Opts.LibraryMarkers)
    H.put(M);
  // The environment's include paths: they decide which files a TU reads,
  // which direct mode takes from the manifest instead of a scan.
  for (const char *Var :
       {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH"}) {
    std::optional<std::string> Value = llvm::sys::Process::GetEnv(Var);
    H.put(Value ? "=" + *Value : "unset");
  }
  return H;
}

std::string
ResultCache::key(const std::vector<std::string> &CommandLine,
                 const std::string &Directory, const FileConfig &Config,
                 const std::vector<std::string> &Paths,
                 const std::vector<std::optional<std::string>> &Digests) {
  std::optional<KeyHasher> H =
      invocationHasher("transformers-migrate-cache-v3", toolIdentity(),
                       CommandLine, Directory, Config, Opts);
  if (!H)
    return "";
  H->put(std::to_string(Digests.size()));
  for (size_t I = 0; I < Digests.size(); ++I) {
    if (!Digests[I])
      return ""; // unreadable input: do not cache
    H->put(Paths[I]);
    H->put(*Digests[I]);
  }
  return H->hex();
}

std::string
ResultCache::manifestKey(const std::vector<std::string> &CommandLine,
                         const std::string &Directory,
                         const FileConfig &Config) {
  std::optional<KeyHasher> H =
      invocationHasher("transformers-migrate-manifest-v3", toolIdentity(),
                       CommandLine, Directory, Config, Opts);
  return H ? H->hex() : "";
}

std::string ResultCache::entryPath(llvm::StringRef Key,
                                   llvm::StringRef Suffix) const {
  llvm::SmallString<256> P(Opts.Dir);
  llvm::sys::path::append(P, "v1", Key.take_front(2), Key + Suffix);
  return std::string(P);
}

namespace {

/// "TTMC1 <payload bytes> <SHA-256 hex>\n": a truncated, extended or
/// bit-flipped file no longer matches its own header. (Entries are a few
/// KiB: SHA-256 costs nothing next to reading them, and any tool can check
/// it.)
const char SealMagic[] = "TTMC1";

std::string digestHex(llvm::StringRef Payload) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Payload)),
                     /*LowerCase=*/true);
}

std::string seal(llvm::StringRef Payload) {
  return std::string(SealMagic) + " " + std::to_string(Payload.size()) + " " +
         digestHex(Payload) + "\n" + Payload.str();
}

std::optional<llvm::StringRef> unseal(llvm::StringRef Stored) {
  auto [Header, Payload] = Stored.split('\n');
  llvm::SmallVector<llvm::StringRef, 3> Fields;
  Header.split(Fields, ' ');
  size_t Size = 0;
  if (Fields.size() != 3 || Fields[0] != SealMagic ||
      Fields[1].getAsInteger(10, Size) || Size != Payload.size() ||
      Fields[2] != digestHex(Payload))
    return std::nullopt;
  return Payload;
}

/// The largest cache file read (entries are a few KiB).
constexpr uint64_t MaxCacheFileBytes = 64 << 20;

/// The content of the cache file \p Path if it is a regular file of this
/// user's (never through a symlink); reading it makes it the most recently
/// used (eviction is LRU by mtime).
std::optional<std::string> readCacheFile(const std::string &Path) {
  // O_NONBLOCK: a named pipe planted in the cache is not waited on.
  int FD = ::open(Path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return std::nullopt;
  struct stat St;
  std::optional<std::string> Out;
  if (::fstat(FD, &St) == 0 && S_ISREG(St.st_mode) &&
      St.st_uid == ::geteuid() && uint64_t(St.st_size) <= MaxCacheFileBytes) {
    auto Buf = llvm::MemoryBuffer::getOpenFile(
        llvm::sys::fs::convertFDToNativeFile(FD), Path, St.st_size,
        /*RequiresNullTerminator=*/false, /*IsVolatile=*/true);
    if (Buf) {
      Out = (*Buf)->getBuffer().str();
      (void)llvm::sys::fs::setLastAccessAndModificationTime(
          FD, std::chrono::system_clock::now());
    }
  }
  ::close(FD);
  return Out;
}

/// Why \p Dir cannot be a directory of the cache (it must exist, made if
/// missing, and be a directory, not a symlink to one), or nothing.
std::optional<std::string> notOwnDirectory(const std::string &Dir) {
  struct stat St;
  if (::lstat(Dir.c_str(), &St) == 0) {
    if (S_ISDIR(St.st_mode))
      return std::nullopt;
    return "'" + Dir + "' is not a directory";
  }
  if (errno == ENOENT && ::mkdir(Dir.c_str(), 0777) == 0)
    return std::nullopt;
  // Made meanwhile by a concurrent run.
  if (errno == EEXIST && ::lstat(Dir.c_str(), &St) == 0 && S_ISDIR(St.st_mode))
    return std::nullopt;
  return "cannot create the directory '" + Dir + "': " + std::strerror(errno);
}

/// Why the cache's root \p Dir cannot be used, or nothing: it is made if
/// missing (with its parents) and may be a symlink to a directory (~/.cache
/// often is).
std::optional<std::string> notCacheRoot(const std::string &Dir) {
  if (llvm::sys::fs::is_directory(Dir))
    return std::nullopt;
  if (llvm::sys::fs::exists(Dir))
    return "'" + Dir + "' is not a directory";
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return "cannot create the directory '" + Dir + "': " + EC.message();
  return std::nullopt;
}

/// An entry is used only if everything it would make the tool print or
/// write lies where the translation unit can have put it: every edit in a
/// file the entry vouches for (its content hashes), each such file one the
/// TU reads (\p Files, the key's file list), and every edit, range and
/// position inside the file as it is on disk now (the key says the content
/// is unchanged).
bool plausible(const CacheEntry &E, const std::vector<std::string> &Files,
               const std::string &Directory) {
  const TUResult &R = E.Result;
  if (R.Findings.empty())
    return R.ContentHashes.empty();
  std::set<std::string> Read;
  for (const std::string &F : Files)
    Read.insert(absolutePath(F, Directory));
  std::map<std::string, uint64_t> Sizes;
  auto SizeOf = [&](const std::string &File) -> std::optional<uint64_t> {
    auto It = Sizes.find(File);
    if (It != Sizes.end())
      return It->second;
    llvm::sys::fs::file_status St;
    if (!Read.count(absolutePath(File, Directory)) ||
        llvm::sys::fs::status(File, St) || !llvm::sys::fs::is_regular_file(St))
      return std::nullopt;
    return Sizes[File] = St.getSize();
  };
  auto Inside = [&](const std::string &File, uint64_t Offset, uint64_t Length) {
    std::optional<uint64_t> Size = SizeOf(File);
    return Size && Offset + Length <= *Size;
  };
  for (const auto &[File, Hash] : R.ContentHashes)
    if (!SizeOf(File))
      return false;
  auto MessageInside = [&](const clang::tooling::DiagnosticMessage &M) {
    if (!M.FilePath.empty() && !Inside(M.FilePath, M.FileOffset, 0))
      return false;
    for (const clang::tooling::FileByteRange &G : M.Ranges)
      if (!Inside(G.FilePath, G.FileOffset, G.Length))
        return false;
    return true;
  };
  for (const Record &Rec : R.Findings) {
    if (!MessageInside(Rec.Diag.Message))
      return false;
    for (const clang::tooling::DiagnosticMessage &N : Rec.Diag.Notes)
      if (!MessageInside(N))
        return false;
    for (const clang::tooling::Replacement &Ed : Rec.edits())
      if (!R.ContentHashes.count(Ed.getFilePath().str()) ||
          !Inside(Ed.getFilePath().str(), Ed.getOffset(), Ed.getLength()))
        return false;
  }
  return true;
}

} // namespace

std::optional<CacheEntry>
ResultCache::find(llvm::StringRef Key, const std::string &File,
                  const std::string &Directory,
                  const std::vector<std::string> &Files, bool &Invalid) {
  Invalid = false;
  if (Key.empty())
    return std::nullopt;
  std::optional<std::string> Text = readCacheFile(entryPath(Key, ".json"));
  if (!Text)
    return std::nullopt;
  std::optional<llvm::StringRef> Payload = unseal(*Text);
  std::optional<CacheEntry> E;
  if (Payload) {
    if (llvm::Expected<CacheEntry> Read = deserializeEntry(*Payload))
      E = std::move(*Read);
    else
      llvm::consumeError(Read.takeError()); // a miss, not a message
  }
  if (!E || E->Result.MainFile != File ||
      E->Result.BuildDirectory != Directory ||
      !plausible(*E, Files, Directory)) {
    Invalid = true;
    return std::nullopt;
  }
  return E;
}

std::optional<std::vector<std::string>>
ResultCache::readManifest(llvm::StringRef Key) {
  if (Key.empty())
    return std::nullopt;
  std::optional<std::string> Text =
      readCacheFile(entryPath(Key, ".files.json"));
  std::optional<llvm::StringRef> Payload = Text ? unseal(*Text) : std::nullopt;
  if (!Payload)
    return std::nullopt;
  llvm::Expected<json::Value> V = json::parse(*Payload);
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  std::vector<std::string> Files;
  json::Path::Root Root("manifest");
  if (!fromJSON(*V, Files, Root) || Files.empty())
    return std::nullopt;
  return Files;
}

void ResultCache::writeManifest(llvm::StringRef ManifestKey,
                                const std::vector<std::string> &Files) {
  if (ManifestKey.empty() || Files.empty())
    return;
  json::Array A;
  for (const std::string &F : Files) {
    if (!json::isUTF8(F))
      return;
    A.push_back(F);
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(A));
  storeFile(entryPath(ManifestKey, ".files.json"), Text);
}

bool ResultCache::storeFile(const std::string &Path, llvm::StringRef Payload) {
  // A cache that cannot be written is not used any more: the run goes on as
  // with --no-cache (its verdict never depends on the cache).
  auto Failed = [&](const std::string &Why) {
    disable(Why);
    return false;
  };
  // The cache's own directories, never a symlink out of it.
  llvm::SmallString<256> V1(Opts.Dir);
  llvm::sys::path::append(V1, "v1");
  std::string Shard(llvm::sys::path::parent_path(Path));
  std::optional<std::string> Why = notCacheRoot(Opts.Dir);
  if (!Why)
    Why = notOwnDirectory(std::string(V1));
  if (!Why)
    Why = notOwnDirectory(Shard);
  if (Why)
    return Failed(*Why);
  // Whole or not at all (SafeFileWriter.h); concurrent runs storing the
  // same key write the same bytes, and a symlink planted at the entry's name
  // is replaced, not followed.
  if (llvm::Error E =
          writeOutputFile(Path, seal(Payload), OutputKind::ToolOwned))
    return Failed(llvm::toString(std::move(E)));
  Stored = true;
  return true;
}

void ResultCache::disable(const std::string &Why) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!DisabledWhy)
    DisabledWhy = Why;
  Off = true;
}

std::optional<std::string> ResultCache::disabled() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return DisabledWhy;
}

/// Why no file can be created and written in \p Dir, or nothing. The probe
/// is about the size of an entry: a disk with less room left is as full.
static std::optional<std::string> cannotWriteIn(const std::string &Dir) {
  llvm::SmallString<256> Probe(Dir);
  llvm::sys::path::append(Probe, "probe-" + std::to_string(::getpid()) +
                                     ".transformers-migrate.tmp");
  int FD = ::open(Probe.c_str(),
                  O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (FD < 0)
    return "cannot write in '" + Dir + "': " + std::strerror(errno);
  std::string Bytes(4096, '\n');
  ssize_t Wrote = ::write(FD, Bytes.data(), Bytes.size());
  // A short write is a full disk.
  int Error = Wrote < 0 ? errno : size_t(Wrote) < Bytes.size() ? ENOSPC : 0;
  if (::close(FD) != 0 && !Error)
    Error = errno;
  ::unlink(Probe.c_str());
  if (!Error)
    return std::nullopt;
  return "cannot write in '" + Dir + "': " + std::strerror(Error);
}

std::optional<std::string> ResultCache::open() {
  llvm::SmallString<256> V1(Opts.Dir);
  llvm::sys::path::append(V1, "v1");
  std::optional<std::string> Why = notCacheRoot(Opts.Dir);
  if (!Why)
    Why = notOwnDirectory(std::string(V1));
  if (!Why)
    Why = cannotWriteIn(std::string(V1));
  if (Why)
    disable(*Why);
  return Why;
}

void ResultCache::store(llvm::StringRef Key, const CacheEntry &E,
                        llvm::StringRef ManifestKey,
                        const std::vector<std::string> &Files) {
  if (Key.empty() || !on())
    return;
  std::string Value = serializeEntry(E);
  // The manifest goes after the entry: a reader that finds the manifest
  // mostly finds the entry too.
  if (!Value.empty() && storeFile(entryPath(Key, ".json"), Value))
    writeManifest(ManifestKey, Files);
}

/// Whether \p Name is a name the cache itself gives its files.
static bool isCacheFileName(llvm::StringRef Name) {
  llvm::StringRef Hex = Name.take_while(llvm::isHexDigit);
  llvm::StringRef Rest = Name.drop_front(Hex.size());
  return Hex.size() == 64 && Hex.lower() == Hex &&
         (Rest == ".json" || Rest == ".files.json");
}

void ResultCache::trim() {
  if (!on() || !Stored)
    return;
  struct Entry {
    llvm::sys::TimePoint<> Time;
    uint64_t Size;
    std::string Path;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  llvm::SmallString<256> Root(Opts.Dir);
  llvm::sys::path::append(Root, "v1");
  // Exactly v1/<2 hex>/<name>, no symlink followed at any level, and only
  // regular files with the cache's own names: nothing else is ever removed.
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator Shard(Root, EC, false), End;
       Shard != End && !EC; Shard.increment(EC)) {
    llvm::StringRef ShardName = llvm::sys::path::filename(Shard->path());
    struct stat St;
    if (ShardName.size() != 2 || !llvm::all_of(ShardName, llvm::isHexDigit) ||
        ::lstat(Shard->path().c_str(), &St) || !S_ISDIR(St.st_mode))
      continue;
    std::error_code FileEC;
    for (llvm::sys::fs::directory_iterator It(Shard->path(), FileEC, false);
         It != End && !FileEC; It.increment(FileEC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      bool Temporary = isTemporaryName(Name);
      if ((!Temporary && !isCacheFileName(Name)) ||
          ::lstat(It->path().c_str(), &St) || !S_ISREG(St.st_mode) ||
          St.st_uid != ::geteuid())
        continue;
      auto Modified = std::chrono::system_clock::from_time_t(St.st_mtime);
      // A temporary left by a killed run is garbage after an hour.
      if (Temporary) {
        if (Now - Modified > std::chrono::hours(1))
          ::unlink(It->path().c_str());
        continue;
      }
      Entries.push_back({Modified, uint64_t(St.st_size), It->path()});
      Total += St.st_size;
    }
  }
  if (Total <= Opts.MaxBytes)
    return;
  llvm::sort(Entries, [](const Entry &A, const Entry &B) {
    return std::tie(A.Time, A.Path) < std::tie(B.Time, B.Path);
  });
  for (const Entry &E : Entries) {
    if (Total <= Opts.MaxBytes)
      break;
    if (::unlink(E.Path.c_str()) == 0)
      Total -= E.Size;
  }
}

} // namespace tmigrate
