//===- ResultCache.cpp - Findings cached by content -----------------------===//
//
// See FastPath.h for what the key covers. Layout:
//   <cache-dir>/v1/<first two hex digits>/<sha256 hex>.json        entries
//   <cache-dir>/v1/<first two hex digits>/<sha256 hex>.files.json  manifests
// Entries are immutable once renamed into place; a reader sees a whole entry
// or none, and a corrupt or foreign entry is a miss.
//
//===----------------------------------------------------------------------===//

#include "FastPath.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>

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

json::Value toJson(const Position &P) {
  return json::Object{{"file", P.File},
                      {"offset", P.Offset},
                      {"line", P.Line},
                      {"column", P.Column}};
}

bool fromJson(const json::Value *V, Position &P) {
  const json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return false;
  auto F = O->getString("file");
  auto Off = O->getInteger("offset"), L = O->getInteger("line"),
       C = O->getInteger("column");
  if (!F || !Off || !L || !C)
    return false;
  P = {F->str(), unsigned(*Off), unsigned(*L), unsigned(*C)};
  return true;
}

json::Value toJson(const Record &R) {
  json::Array Ranges, Notes, Edits;
  for (const Range &G : R.Ranges)
    Ranges.push_back(json::Object{
        {"file", G.File}, {"offset", G.Offset}, {"length", G.Length}});
  for (const Note &N : R.Notes)
    Notes.push_back(json::Object{{"pos", toJson(N.Pos)}, {"msg", N.Message}});
  for (const Edit &E : R.Edits)
    Edits.push_back(json::Object{{"file", E.File},
                                 {"offset", E.Offset},
                                 {"length", E.Length},
                                 {"text", E.Text}});
  return json::Object{{"check", R.Check},
                      {"error", R.Severity == Level::Error},
                      {"pos", toJson(R.Pos)},
                      {"msg", R.Message},
                      {"ranges", std::move(Ranges)},
                      {"notes", std::move(Notes)},
                      {"edits", std::move(Edits)},
                      {"main", R.MainFile},
                      {"dir", R.BuildDirectory}};
}

bool fromJson(const json::Value &V, Record &R) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return false;
  auto Check = O->getString("check"), Msg = O->getString("msg"),
       Main = O->getString("main"), Dir = O->getString("dir");
  auto Err = O->getBoolean("error");
  const json::Array *Ranges = O->getArray("ranges"),
                    *Notes = O->getArray("notes"),
                    *Edits = O->getArray("edits");
  if (!Check || !Msg || !Main || !Dir || !Err || !Ranges || !Notes || !Edits ||
      !fromJson(O->get("pos"), R.Pos))
    return false;
  R.Check = Check->str();
  R.Message = Msg->str();
  R.MainFile = Main->str();
  R.BuildDirectory = Dir->str();
  R.Severity = *Err ? Level::Error : Level::Warning;
  for (const json::Value &G : *Ranges) {
    const json::Object *GO = G.getAsObject();
    if (!GO || !GO->getString("file") || !GO->getInteger("offset") ||
        !GO->getInteger("length"))
      return false;
    R.Ranges.push_back({GO->getString("file")->str(),
                        unsigned(*GO->getInteger("offset")),
                        unsigned(*GO->getInteger("length"))});
  }
  for (const json::Value &N : *Notes) {
    const json::Object *NO = N.getAsObject();
    Note Out;
    if (!NO || !NO->getString("msg") || !fromJson(NO->get("pos"), Out.Pos))
      return false;
    Out.Message = NO->getString("msg")->str();
    R.Notes.push_back(std::move(Out));
  }
  for (const json::Value &E : *Edits) {
    const json::Object *EO = E.getAsObject();
    if (!EO || !EO->getString("file") || !EO->getInteger("offset") ||
        !EO->getInteger("length") || !EO->getString("text"))
      return false;
    R.Edits.push_back(
        {EO->getString("file")->str(), unsigned(*EO->getInteger("offset")),
         unsigned(*EO->getInteger("length")), EO->getString("text")->str()});
  }
  return true;
}

/// json::Value requires UTF-8; a result with other bytes is not cached
/// rather than altered.
bool allUtf8(const TUResult &R) {
  auto Ok = [](const std::string &S) { return json::isUTF8(S); };
  if (!Ok(R.MainFile) || !Ok(R.BuildDirectory))
    return false;
  for (const Record &Rec : R.Findings) {
    if (!Ok(Rec.Check) || !Ok(Rec.Message) || !Ok(Rec.Pos.File) ||
        !Ok(Rec.MainFile) || !Ok(Rec.BuildDirectory))
      return false;
    for (const Range &G : Rec.Ranges)
      if (!Ok(G.File))
        return false;
    for (const Note &N : Rec.Notes)
      if (!Ok(N.Message) || !Ok(N.Pos.File))
        return false;
    for (const Edit &E : Rec.Edits)
      if (!Ok(E.File) || !Ok(E.Text))
        return false;
  }
  for (const auto &[File, Hash] : R.ContentHashes)
    if (!Ok(File))
      return false;
  return true;
}

} // namespace

std::string serializeEntry(const CacheEntry &E) {
  const TUResult &R = E.Result;
  if (R.Failed || !R.Errors.empty() || !allUtf8(R))
    return "";
  json::Array Findings;
  for (const Record &Rec : R.Findings)
    Findings.push_back(toJson(Rec));
  json::Object Hashes;
  for (const auto &[File, Hash] : R.ContentHashes)
    Hashes[File] = llvm::utohexstr(Hash);
  json::Object O{{"main", R.MainFile},
                 {"dir", R.BuildDirectory},
                 {"skipped", E.PrefilterSkipped},
                 {"nolint", R.SuppressedNoLint},
                 {"nonuser", R.SuppressedNonUser},
                 {"findings", std::move(Findings)},
                 {"hashes", std::move(Hashes)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << json::Value(std::move(O));
  return Out;
}

std::optional<CacheEntry> deserializeEntry(llvm::StringRef Text) {
  auto V = json::parse(Text);
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  const json::Object *O = V->getAsObject();
  if (!O)
    return std::nullopt;
  auto Main = O->getString("main"), Dir = O->getString("dir");
  auto NoLint = O->getInteger("nolint"), NonUser = O->getInteger("nonuser");
  auto Skipped = O->getBoolean("skipped");
  const json::Array *Findings = O->getArray("findings");
  const json::Object *Hashes = O->getObject("hashes");
  if (!Main || !Dir || !NoLint || !NonUser || !Skipped || !Findings || !Hashes)
    return std::nullopt;
  CacheEntry E;
  E.PrefilterSkipped = *Skipped;
  TUResult &R = E.Result;
  R.MainFile = Main->str();
  R.BuildDirectory = Dir->str();
  R.SuppressedNoLint = unsigned(*NoLint);
  R.SuppressedNonUser = unsigned(*NonUser);
  for (const json::Value &F : *Findings) {
    Record Rec;
    if (!fromJson(F, Rec))
      return std::nullopt;
    R.Findings.push_back(std::move(Rec));
  }
  for (const auto &[File, Hash] : *Hashes) {
    uint64_t H;
    auto S = Hash.getAsString();
    if (!S || S->getAsInteger(16, H))
      return std::nullopt;
    R.ContentHashes[File.str()] = H;
  }
  return E;
}

//===--- The cache --------------------------------------------------------===//

const std::string &FastPath::toolIdentity() {
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
                 const FastPathOptions &Opts) {
  if (Tool.empty())
    return std::nullopt;
  KeyHasher H;
  H.put(Kind);
  H.put(Tool);
  H.put(Directory);
  H.put(std::to_string(CommandLine.size()));
  for (const std::string &A : CommandLine)
    H.put(A);
  H.put(std::to_string(Config.EnabledChecks.size()));
  for (size_t I = 0; I < Config.EnabledChecks.size(); ++I) {
    const transformers_tidy::CheckOptions &O = Config.Options[I];
    H.put(Config.EnabledChecks[I]);
    H.put(transformers_tidy::serializeList(O.TensorTypes));
    H.put(transformers_tidy::serializeList(O.SinkTypes));
    H.put(O.CacheFactory);
    H.put(O.EncoderDecoderCacheFactory);
    H.put(O.IncludeHeader);
    H.put(transformers_tidy::includeStyleName(O.Style));
    H.put(O.IgnoreMacros ? "1" : "0");
  }
  H.put(Config.HeaderFilter);
  H.put(Config.SystemHeaders ? "1" : "0");
  H.put(Config.ChecksGlob);
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

std::string FastPath::cacheKey(const std::vector<std::string> &CommandLine,
                               const std::string &Directory,
                               const FileConfig &Config,
                               const std::vector<FileFacts> &Files,
                               const std::vector<std::string> &Paths) {
  std::optional<KeyHasher> H =
      invocationHasher("transformers-migrate-cache-v2", toolIdentity(),
                       CommandLine, Directory, Config, Opts);
  if (!H)
    return "";
  H->put(std::to_string(Files.size()));
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!Files[I].Ok)
      return ""; // unreadable input: do not cache
    H->put(Paths[I]);
    H->put(Files[I].Digest);
  }
  return H->hex();
}

std::string FastPath::manifestKey(const std::vector<std::string> &CommandLine,
                                  const std::string &Directory,
                                  const FileConfig &Config) {
  std::optional<KeyHasher> H =
      invocationHasher("transformers-migrate-manifest-v2", toolIdentity(),
                       CommandLine, Directory, Config, Opts);
  return H ? H->hex() : "";
}

std::string FastPath::entryPath(llvm::StringRef Key,
                                llvm::StringRef Suffix) const {
  llvm::SmallString<256> P(Opts.CacheDir);
  llvm::sys::path::append(P, "v1", Key.take_front(2), Key + Suffix);
  return std::string(P);
}

/// The content of \p Path; opening it makes it the most recently used
/// (eviction is LRU by mtime).
static std::optional<std::string> readTouching(const std::string &Path) {
  int FD;
  if (llvm::sys::fs::openFileForRead(Path, FD))
    return std::nullopt;
  auto Buf = llvm::MemoryBuffer::getOpenFile(
      llvm::sys::fs::convertFDToNativeFile(FD), Path, /*FileSize=*/-1);
  (void)llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

bool FastPath::serve(FastDecision &D, llvm::StringRef Key,
                     const std::string &File) {
  if (Key.empty())
    return false;
  std::optional<std::string> Text = readTouching(entryPath(Key, ".json"));
  std::optional<CacheEntry> E = Text ? deserializeEntry(*Text) : std::nullopt;
  if (!E || E->Result.MainFile != File)
    return false;
  if (E->PrefilterSkipped) {
    // --no-prefilter parses what the prefilter skipped.
    if (!Opts.Prefilter)
      return false;
    ++Skipped;
    D.Skip = true;
    return true;
  }
  ++Hits;
  D.Cached = std::move(E->Result);
  return true;
}

std::optional<std::vector<std::string>>
FastPath::readManifest(llvm::StringRef Key) {
  if (Key.empty())
    return std::nullopt;
  std::optional<std::string> Text = readTouching(entryPath(Key, ".files.json"));
  if (!Text)
    return std::nullopt;
  llvm::Expected<json::Value> V = json::parse(*Text);
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  const json::Array *A = V->getAsArray();
  if (!A || A->empty())
    return std::nullopt;
  std::vector<std::string> Files;
  for (const json::Value &F : *A) {
    std::optional<llvm::StringRef> S = F.getAsString();
    if (!S)
      return std::nullopt;
    Files.push_back(S->str());
  }
  return Files;
}

void FastPath::writeManifest(const FastDecision &D) {
  if (D.ManifestKey.empty() || D.Files.empty())
    return;
  json::Array A;
  for (const std::string &F : D.Files) {
    if (!json::isUTF8(F))
      return;
    A.push_back(F);
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(std::move(A));
  writeAtomically(entryPath(D.ManifestKey, ".files.json"), Text);
}

bool FastPath::writeAtomically(const std::string &Path, llvm::StringRef Text) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  if (llvm::sys::fs::create_directories(Dir))
    return false;
  int FD;
  llvm::SmallString<256> Tmp;
  if (llvm::sys::fs::createUniqueFile(Dir + "/tmp-%%%%%%%%%%%%.json", FD, Tmp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return false;
    }
  }
  // rename() is atomic: concurrent runs storing the same key write the same
  // bytes, and readers never see a partial file.
  if (llvm::sys::fs::rename(Tmp, Path)) {
    llvm::sys::fs::remove(Tmp);
    return false;
  }
  Stored = true;
  return true;
}

void FastPath::store(const FastDecision &D, const TUResult &R) {
  storeEntry(D, {R, /*PrefilterSkipped=*/false});
}

void FastPath::storeEntry(const FastDecision &D, const CacheEntry &E) {
  if (D.Key.empty() || !Opts.Cache)
    return;
  std::string Value = serializeEntry(E);
  // The manifest goes after the entry: a reader that finds the manifest
  // mostly finds the entry too.
  if (!Value.empty() && writeAtomically(entryPath(D.Key, ".json"), Value))
    writeManifest(D);
}

void FastPath::trim() {
  if (!Opts.Cache || !Stored)
    return;
  struct Entry {
    llvm::sys::TimePoint<> Time;
    uint64_t Size;
    std::string Path;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  llvm::SmallString<256> Root(Opts.CacheDir);
  llvm::sys::path::append(Root, "v1");
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(It->path(), St) ||
        St.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    // A temporary left by a killed run is garbage after an hour.
    if (Name.starts_with("tmp-")) {
      if (Now - St.getLastModificationTime() > std::chrono::hours(1))
        llvm::sys::fs::remove(It->path());
      continue;
    }
    Entries.push_back({St.getLastModificationTime(), St.getSize(), It->path()});
    Total += St.getSize();
  }
  if (Total <= Opts.CacheMaxBytes)
    return;
  llvm::sort(Entries, [](const Entry &A, const Entry &B) {
    return std::tie(A.Time, A.Path) < std::tie(B.Time, B.Path);
  });
  for (const Entry &E : Entries) {
    if (Total <= Opts.CacheMaxBytes)
      break;
    if (!llvm::sys::fs::remove(E.Path))
      Total -= E.Size;
  }
}

} // namespace tmigrate
