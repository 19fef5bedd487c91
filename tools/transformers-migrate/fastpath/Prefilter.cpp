//===- Prefilter.cpp - Skip TUs that cannot reach the library -------------===//
//
// See Prefilter.h for the rule and why it is sound. The scan is clang's
// dependency-directives scanner (the engine of clang-scan-deps): sources are
// reduced to their preprocessor directives once per run (shared cache), then
// preprocessed with the TU's real command line, so conditional and
// macro-expanded includes resolve exactly as in the full parse. The
// directives it would drop but that fail a compilation (#error) are exposed
// to it first, and any error it reports means the TU is parsed.
//
//===----------------------------------------------------------------------===//

#include "fastpath/Prefilter.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "fastpath/IdentifierScan.h"
#include "support/StableFileSystem.h"
#include "transformers-tidy/CheckCatalog.h"
#include "transformers-tidy/LLVMCompat.h"
#include "transformers-tidy/TypeNames.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace clang;
using namespace transformers_tidy::compat::deps;

namespace tmigrate {

struct Prefilter::ScanState {
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

/// A source as the scan reads it: with the directives the scanner would
/// drop, yet that fail a compilation, exposed (IdentifierScan.h).
class ExposedFile : public ForwardingFile {
public:
  using ForwardingFile::ForwardingFile;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    auto Buf = F->getBuffer(Name, FileSize, /*RequiresNullTerminator=*/true,
                            IsVolatile);
    if (!Buf)
      return Buf;
    std::optional<std::string> Exposed =
        exposeUnscannedDirectives((*Buf)->getBuffer());
    if (!Exposed)
      return Buf;
    return llvm::MemoryBuffer::getMemBufferCopy(*Exposed, Name);
  }
};

/// The scan's file system: the stable one (StableFileSystem.h), whose
/// sources the scanner reads exposed. Its cache (the Service) keeps each
/// file's directives for the run, so each file is lexed once.
class ScanFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  ScanFileSystem() : ProxyFileSystem(createStableFileSystem()) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (isNamedPipe(Path))
      return std::make_error_code(std::errc::operation_not_supported);
    return exposed(ProxyFileSystem::openFileForRead(Path));
  }
#if LLVM_VERSION_MAJOR >= 22
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForReadBinary(const llvm::Twine &Path) override {
    if (isNamedPipe(Path))
      return std::make_error_code(std::errc::operation_not_supported);
    return exposed(ProxyFileSystem::openFileForReadBinary(Path));
  }
#endif

private:
  /// A named pipe (a FIFO, /dev/stdin when the input is one) is never
  /// opened by the scan: open() waits for a writer, and what the scan read
  /// would be gone for the parse. The scan fails, so the TU is parsed, and
  /// the parse reads it as clang does.
  bool isNamedPipe(const llvm::Twine &Path) {
    llvm::ErrorOr<llvm::vfs::Status> S = ProxyFileSystem::status(Path);
    return S && S->getType() == llvm::sys::fs::file_type::fifo_file;
  }

  static llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  exposed(llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> F) {
    if (!F)
      return F.getError();
    return std::make_unique<ExposedFile>(std::move(*F));
  }
};

} // namespace

Relevance::Relevance(const FileConfig &Config) {
  // The components lookup resolves (TypeNames.h): an empty one, which
  // no file spells, names nothing there either.
  using transformers_tidy::qualifiedNameComponents;
  using Names = std::vector<std::vector<std::string>>;
  std::vector<std::vector<Names>> Needs;
  for (const std::string &Check : Config.EnabledChecks) {
    const transformers_tidy::CheckInfo *Info =
        transformers_tidy::findCheckInfo(Check);
    if (!Info || Info->Needs.empty()) {
      Always = true; // nothing declared: no TU may be skipped
      continue;
    }
    std::vector<Names> &CheckNeeds = Needs.emplace_back();
    for (const transformers_tidy::NameChoice &Need : Info->Needs) {
      Names &Any = CheckNeeds.emplace_back();
      for (const char *Name : Need.Names)
        Any.push_back(qualifiedNameComponents(Name));
      for (const char *Option : Need.TypeOptions) {
        auto It = Config.CheckOptions.find(Check + "." + Option);
        if (It != Config.CheckOptions.end())
          for (llvm::StringRef T : clang::tidy::utils::options::parseStringList(
                   It->getValue().Value))
            Any.push_back(qualifiedNameComponents(T));
      }
    }
  }
  for (const auto &CheckNeeds : Needs)
    for (const Names &Any : CheckNeeds)
      for (const auto &Parts : Any)
        Identifiers.insert(Identifiers.end(), Parts.begin(), Parts.end());
  llvm::sort(Identifiers);
  Identifiers.erase(llvm::unique(Identifiers), Identifiers.end());
  for (const auto &CheckNeeds : Needs) {
    std::vector<Choice> &Out = Checks.emplace_back();
    for (const Names &Any : CheckNeeds) {
      Choice &C = Out.emplace_back();
      for (const auto &Parts : Any) {
        Spelling S;
        for (const std::string &P : Parts)
          S.push_back(llvm::lower_bound(Identifiers, P) - Identifiers.begin());
        if (!S.empty())
          C.push_back(std::move(S));
      }
    }
  }
  Key = llvm::join(Identifiers, ";");
}

bool Relevance::reaches(const std::vector<bool> &Spelled) const {
  auto SpellsOne = [&](const Choice &C) {
    return llvm::any_of(C, [&](const Spelling &S) {
      return llvm::all_of(S, [&](unsigned I) { return Spelled[I]; });
    });
  };
  return Always || llvm::any_of(Checks, [&](const std::vector<Choice> &C) {
           return llvm::all_of(C, SpellsOne);
         });
}

Prefilter::Prefilter(std::vector<std::string> LibraryMarkers)
    : LibraryMarkers(std::move(LibraryMarkers)),
      Scanner(std::make_unique<ScanState>()) {}

Prefilter::~Prefilter() = default;

bool Prefilter::scan(const std::vector<std::string> &CommandLine,
                     const std::string &Directory,
                     std::vector<std::string> &Out) {
  Out.clear(); // what this scan finds, nothing a cache lookup left there
  // Read, never mapped: sources may change under the scan.
  DependencyScanningWorker Worker(Scanner->Service,
                                  llvm::makeIntrusiveRefCnt<ScanFileSystem>());
  FileCollector Collector(Out);
  NoModuleOutputs Controller;
  // Counts errors, prints nothing (the parse reports them). Any error (an
  // unterminated #if, an include too deep or not found, an exposed #error)
  // means the TU does not preprocess: it is parsed, never skipped. The
  // worker's own result cannot say so: it is whether its diagnostics client
  // counted an error, and IgnoringDiagConsumer counts none.
  DiagnosticConsumer Diags;
  bool Ok = transformers_tidy::compat::computeDependencies(
      Worker, Directory, CommandLine, Collector, Controller, Diags);
  return Ok && Diags.getNumErrors() == 0 && !Collector.SawModules &&
         !Out.empty();
}

bool Prefilter::isLibraryHeader(llvm::StringRef File) {
  for (const std::string &Marker : LibraryMarkers) {
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

/// The content of \p File if it is a regular file. Anything else (a device,
/// a named pipe) is unknown content, never read: /dev/zero has no end, and
/// opening a pipe waits for a writer (hence O_NONBLOCK, which a regular
/// file ignores). A TU that reads one is parsed, not skipped or cached.
static std::unique_ptr<llvm::MemoryBuffer>
readRegularFile(const std::string &File) {
  int FD = ::open(File.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0)
    return nullptr;
  struct stat St;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      std::make_error_code(std::errc::not_supported);
  // Read, not mapped: a file truncated while mapped is a SIGBUS. Null
  // terminated, as clang's lexer wants its buffers.
  if (::fstat(FD, &St) == 0 && S_ISREG(St.st_mode))
    Buf = llvm::MemoryBuffer::getOpenFile(
        llvm::sys::fs::convertFDToNativeFile(FD), File, St.st_size,
        /*RequiresNullTerminator=*/true, /*IsVolatile=*/true);
  ::close(FD);
  return Buf ? std::move(*Buf) : nullptr;
}

Prefilter::FileFacts Prefilter::fileInfo(const std::string &File,
                                         const Relevance &Names) {
  auto Facts = [&Names](const FileInfo &I) {
    FileFacts F;
    F.Ok = I.Ok;
    F.Digest = I.Digest;
    auto M = I.Spelled.find(Names.Key);
    if (M != I.Spelled.end())
      F.Spelled = M->second;
    return F;
  };
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Files.find(File);
    if (It != Files.end() &&
        (!It->second.Ok || It->second.Spelled.count(Names.Key)))
      return Facts(It->second);
  }
  // Read outside the lock; a duplicate read by another thread is harmless.
  FileInfo Info;
  if (std::unique_ptr<llvm::MemoryBuffer> Buf = readRegularFile(File)) {
    llvm::StringRef Text = Buf->getBuffer();
    // BLAKE3: cryptographic like SHA-256, but SIMD-fast; hashing every
    // header a run reads with LLVM's scalar SHA-256 cost more than scanning.
    auto Digest = llvm::BLAKE3::hash(llvm::arrayRefFromStringRef(Text));
    Info.Ok = true;
    Info.Digest.assign(Digest.begin(), Digest.end());
    Info.Spelled[Names.Key] = spelledIdentifiers(Text, Names.Identifiers);
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  FileInfo &Slot = Files[File];
  if (!Slot.Ok)
    Slot = std::move(Info);
  else if (Info.Ok)
    Slot.Spelled.insert(Info.Spelled.begin(), Info.Spelled.end());
  return Facts(Slot);
}

bool Prefilter::reaches(const Relevance &Names,
                        const std::vector<std::string> &CommandLine,
                        const std::vector<std::string> &Files) {
  // The identifiers spelled by the command line (-DNS=transformers) and by
  // every file the TU reads, together.
  std::vector<bool> Spelled(Names.Identifiers.size(), false);
  auto Add = [&Spelled](const std::vector<bool> &More) {
    for (size_t I = 0; I < More.size() && I < Spelled.size(); ++I)
      Spelled[I] = Spelled[I] || More[I];
  };
  for (const std::string &Arg : CommandLine)
    Add(spelledIdentifiers(Arg, Names.Identifiers));
  bool Reaches = false;
  for (size_t I = 0; I < Files.size() && !Reaches; ++I) {
    FileFacts Info = fileInfo(Files[I], Names);
    // An unreadable file is unknown content: keep the TU.
    Reaches = isLibraryHeader(Files[I]) || !Info.Ok;
    Add(Info.Spelled);
  }
  return Reaches || Names.reaches(Spelled);
}

} // namespace tmigrate
