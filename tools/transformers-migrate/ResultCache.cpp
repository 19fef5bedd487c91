//===- ResultCache.cpp - Findings cached by content -----------------------===//
//
// See FastPath.h for what the key covers. Layout:
//   <cache-dir>/v1/<first two hex digits>/<sha256 hex>.json
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

std::string serializeResult(const TUResult &R) {
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
                 {"nolint", R.SuppressedNoLint},
                 {"nonuser", R.SuppressedNonUser},
                 {"findings", std::move(Findings)},
                 {"hashes", std::move(Hashes)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << json::Value(std::move(O));
  return Out;
}

std::optional<TUResult> deserializeResult(llvm::StringRef Text) {
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
  const json::Array *Findings = O->getArray("findings");
  const json::Object *Hashes = O->getObject("hashes");
  if (!Main || !Dir || !NoLint || !NonUser || !Findings || !Hashes)
    return std::nullopt;
  TUResult R;
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
  return R;
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

std::string FastPath::cacheKey(const std::vector<std::string> &CommandLine,
                               const std::string &Directory,
                               const FileConfig &Config,
                               const std::vector<FileFacts> &Files,
                               const std::vector<std::string> &Paths) {
  const std::string &Tool = toolIdentity();
  if (Tool.empty())
    return "";
  llvm::SHA256 H;
  // Length-prefixed fields: no two different inputs serialize alike.
  auto Put = [&H](llvm::StringRef S) {
    H.update(std::to_string(S.size()));
    H.update(":");
    H.update(S);
  };
  Put("transformers-migrate-cache-v1");
  Put(Tool);
  Put(Directory);
  Put(std::to_string(CommandLine.size()));
  for (const std::string &A : CommandLine)
    Put(A);
  Put(std::to_string(Config.EnabledChecks.size()));
  for (size_t I = 0; I < Config.EnabledChecks.size(); ++I) {
    const transformers_tidy::CheckOptions &O = Config.Options[I];
    Put(Config.EnabledChecks[I]);
    Put(transformers_tidy::serializeList(O.TensorTypes));
    Put(transformers_tidy::serializeList(O.SinkTypes));
    Put(O.CacheFactory);
    Put(O.EncoderDecoderCacheFactory);
    Put(O.IncludeHeader);
    Put(transformers_tidy::includeStyleName(O.Style));
    Put(O.IgnoreMacros ? "1" : "0");
  }
  Put(Config.HeaderFilter);
  Put(Config.SystemHeaders ? "1" : "0");
  Put(Opts.SkipSystemFunctionBodies ? "skip-system-bodies" : "all-bodies");
  Put(Config.ChecksGlob);
  Put(std::to_string(Files.size()));
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!Files[I].Ok)
      return ""; // unreadable input: do not cache
    Put(Paths[I]);
    Put(Files[I].Digest);
  }
  return llvm::toHex(H.final(), /*LowerCase=*/true);
}

std::string FastPath::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> P(Opts.CacheDir);
  llvm::sys::path::append(P, "v1", Key.take_front(2), Key + ".json");
  return std::string(P);
}

std::optional<TUResult> FastPath::lookup(llvm::StringRef Key) {
  std::string Path = entryPath(Key);
  int FD;
  if (llvm::sys::fs::openFileForRead(Path, FD))
    return std::nullopt;
  auto Buf = llvm::MemoryBuffer::getOpenFile(
      llvm::sys::fs::convertFDToNativeFile(FD), Path, /*FileSize=*/-1);
  // A hit makes the entry the most recently used (eviction is LRU by mtime).
  (void)llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  if (!Buf)
    return std::nullopt;
  return deserializeResult((*Buf)->getBuffer());
}

void FastPath::store(const FastDecision &D, const TUResult &R) {
  if (D.Key.empty() || !Opts.Cache)
    return;
  std::string Value = serializeResult(R);
  if (Value.empty())
    return;
  std::string Path = entryPath(D.Key);
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  if (llvm::sys::fs::create_directories(Dir))
    return;
  int FD;
  llvm::SmallString<256> Tmp;
  if (llvm::sys::fs::createUniqueFile(Dir + "/tmp-%%%%%%%%%%%%.json", FD, Tmp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Value;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return;
    }
  }
  // rename() is atomic: concurrent runs storing the same key write the same
  // bytes, and readers never see a partial entry.
  if (llvm::sys::fs::rename(Tmp, Path))
    llvm::sys::fs::remove(Tmp);
  Stored = true;
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
