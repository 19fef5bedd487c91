//===- Prefilter.cpp - Skip TUs that cannot reach the library -------------===//
//
// See FastPath.h for the rule and why it is sound. The scan is clang's
// dependency-directives scanner (the engine of clang-scan-deps): sources are
// reduced to their preprocessor directives once per run (shared cache), then
// preprocessed with the TU's real command line, so conditional and
// macro-expanded includes resolve exactly as in the full parse.
//
//===----------------------------------------------------------------------===//

#include "FastPath.h"
#include "StableFileSystem.h"
#include "transformers-tidy/LLVMCompat.h"
#include "transformers-tidy/Options.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace transformers_tidy::compat::deps;

namespace tmigrate {

struct FastPath::ScanState {
  // Shared by all workers: caches each file's directives across TUs. The
  // Full format reports paths as the preprocessor opened them; Make's
  // lexical ".." folding breaks paths through symlinks (/lib -> usr/lib).
  DependencyScanningService Service{ScanningMode::DependencyDirectivesScan,
                                    ScanningOutputFormat::Full,
                                    ScanningOptimizations::None};
};

namespace {

/// Collects the files the scanned TU reads. Module dependencies make the
/// file list incomplete (a module's headers are not listed): refuse to
/// decide then.
class FileCollector : public transformers_tidy::compat::DependencyConsumer {
public:
  std::vector<std::string> &Files;
  bool SawModules = false;
  explicit FileCollector(std::vector<std::string> &F) : Files(F) {}

  void handleDependencyOutputOpts(const DependencyOutputOptions &) override {}
  void handleFileDependency(llvm::StringRef F) override {
    Files.push_back(F.str());
  }
  void handlePrebuiltModuleDependency(PrebuiltModuleDep) override {
    SawModules = true;
  }
  void handleModuleDependency(ModuleDeps) override { SawModules = true; }
  void handleDirectModuleDependency(ModuleID) override { SawModules = true; }
  void handleContextHash(std::string) override {}
};

class NoModuleOutputs
    : public transformers_tidy::compat::DependencyActionController {
public:
  std::string lookupModuleOutputFor(const ModuleID &,
                                    ModuleOutputKind) override {
    return "";
  }
};

/// The unqualified names whose mention may make a TU relevant.
std::vector<std::string> namesOf(const FileConfig &Config) {
  std::vector<std::string> Names = {"GenerationConfig"};
  auto Add = [&](llvm::StringRef Qualified) {
    llvm::StringRef N = Qualified.rsplit("::").second;
    if (N.empty())
      N = Qualified;
    N = N.trim();
    if (!N.empty() && !llvm::is_contained(Names, N))
      Names.push_back(N.str());
  };
  // The type options as the enabled checks themselves read them.
  for (const auto &Option : Config.CheckOptions) {
    llvm::StringRef Key = Option.getKey().rsplit('.').second;
    if (Key == "SinkTypes" || Key == "TensorTypes")
      for (const std::string &T :
           transformers_tidy::parseList(Option.getValue().Value))
        Add(T);
  }
  llvm::sort(Names);
  return Names;
}

} // namespace

FastPath::FastPath(FastPathOptions O)
    : Opts(std::move(O)), Scanner(std::make_unique<ScanState>()) {}

FastPath::~FastPath() = default;

bool FastPath::scan(const std::vector<std::string> &CommandLine,
                    const std::string &Directory,
                    std::vector<std::string> &Out) {
  // Read, never mapped: sources may change under the scan.
  DependencyScanningWorker Worker(Scanner->Service, createStableFileSystem());
  FileCollector Collector(Out);
  NoModuleOutputs Controller;
  IgnoringDiagConsumer Diags;
  bool Ok = transformers_tidy::compat::computeDependencies(
      Worker, Directory, CommandLine, Collector, Controller, Diags);
  return Ok && !Collector.SawModules && !Out.empty();
}

bool FastPath::isLibraryHeader(llvm::StringRef File) {
  for (const std::string &Marker : Opts.LibraryMarkers) {
    std::string Dir = "/" + llvm::sys::path::parent_path(Marker).str() + "/";
    for (size_t Pos = File.find(Dir); Pos != llvm::StringRef::npos;
         Pos = File.find(Dir, Pos + 1)) {
      std::string Probe = (File.take_front(Pos) + "/" + Marker).str();
      std::lock_guard<std::mutex> Lock(Mutex);
      auto It = LibraryDirs.find(Probe);
      if (It == LibraryDirs.end())
        It = LibraryDirs.emplace(Probe, llvm::sys::fs::exists(Probe)).first;
      if (It->second)
        return true;
    }
  }
  return false;
}

FastPath::FileFacts FastPath::fileInfo(const std::string &File,
                                       const std::string &NamesKey,
                                       const std::vector<std::string> &Names) {
  auto Facts = [&NamesKey](const FileInfo &I) {
    FileFacts F;
    F.Ok = I.Ok;
    F.Digest = I.Digest;
    auto M = I.Mentions.find(NamesKey);
    F.Mentions = M != I.Mentions.end() && M->second;
    return F;
  };
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Files.find(File);
    if (It != Files.end() &&
        (!It->second.Ok || It->second.Mentions.count(NamesKey)))
      return Facts(It->second);
  }
  // Read outside the lock; a duplicate read by another thread is harmless.
  FileInfo Info;
  // Read, not mapped: a file truncated while mapped is a SIGBUS.
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false,
                                         /*IsVolatile=*/true);
  if (Buf) {
    llvm::StringRef Text = (*Buf)->getBuffer();
    // BLAKE3: cryptographic like SHA-256, but SIMD-fast; hashing every
    // header a run reads with LLVM's scalar SHA-256 cost more than scanning.
    auto Digest = llvm::BLAKE3::hash(llvm::arrayRefFromStringRef(Text));
    Info.Ok = true;
    Info.Digest.assign(Digest.begin(), Digest.end());
    bool Mentions = false;
    for (const std::string &N : Names)
      Mentions = Mentions || Text.contains(N);
    Info.Mentions[NamesKey] = Mentions;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  FileInfo &Slot = Files[File];
  if (!Slot.Ok)
    Slot = std::move(Info);
  else if (Info.Ok)
    Slot.Mentions.insert(Info.Mentions.begin(), Info.Mentions.end());
  return Facts(Slot);
}

FastDecision FastPath::decide(const std::vector<std::string> &CommandLine,
                              const std::string &Directory,
                              const std::string &File,
                              const FileConfig &Config) {
  FastDecision D;
  std::vector<std::string> Names = namesOf(Config);
  std::string NamesKey = llvm::join(Names, ";");
  auto KeyFor = [&](const std::vector<std::string> &Files) {
    std::vector<FileFacts> Facts;
    for (const std::string &F : Files)
      Facts.push_back(fileInfo(F, NamesKey, Names));
    return cacheKey(CommandLine, Directory, Config, Facts, Files);
  };

  // Direct mode: the files the command read last time, if unchanged, give
  // the key without a scan.
  std::string DirectKey;
  if (Opts.Cache) {
    D.ManifestKey = manifestKey(CommandLine, Directory, Config);
    if (std::optional<std::vector<std::string>> Listed =
            readManifest(D.ManifestKey)) {
      DirectKey = KeyFor(*Listed);
      if (serve(D, DirectKey, File, Directory, *Listed))
        return D;
    }
  }

  ++Scans;
  if (!scan(CommandLine, Directory, D.Files)) {
    // Cannot tell what the TU reads: analyse it, and do not cache it.
    ++ScanFailures;
    D.Files.clear();
    D.ManifestKey.clear();
    return D;
  }
  if (Opts.Cache) {
    D.Key = KeyFor(D.Files);
    // The same key as direct mode's (the files did not change): known miss.
    if (D.Key != DirectKey && serve(D, D.Key, File, Directory, D.Files)) {
      writeManifest(D); // the entry outlived its manifest
      return D;
    }
  }

  if (Opts.Prefilter) {
    bool Reaches = false;
    for (const std::string &Arg : CommandLine)
      for (const std::string &N : Names)
        Reaches = Reaches || llvm::StringRef(Arg).contains(N);
    for (size_t I = 0; I < D.Files.size() && !Reaches; ++I) {
      FileFacts Info = fileInfo(D.Files[I], NamesKey, Names);
      // An unreadable file is unknown content: keep the TU.
      Reaches = isLibraryHeader(D.Files[I]) || !Info.Ok || Info.Mentions;
    }
    if (!Reaches) {
      ++Skipped;
      D.Skip = true;
      // The decision is cached like a result: a warm run needs no scan.
      CacheEntry E;
      E.Result.MainFile = File;
      E.Result.BuildDirectory = Directory;
      E.PrefilterSkipped = true;
      storeEntry(D, E);
      return D;
    }
  }
  if (!D.Key.empty())
    ++Misses;
  return D;
}

} // namespace tmigrate
