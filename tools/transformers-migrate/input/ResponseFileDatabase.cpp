//===- ResponseFileDatabase.cpp - @file arguments expanded ----------------===//

#include "input/ResponseFileDatabase.h"
#include "support/BoundedInput.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"

using clang::tooling::CompileCommand;

namespace tmigrate {

static bool hasResponseFile(const CompileCommand &Cmd) {
  return llvm::any_of(Cmd.CommandLine, [](const std::string &A) {
    return llvm::StringRef(A).starts_with("@");
  });
}

namespace {
/// One command's expansion reads at most this many response files, and this
/// many bytes in all: each file is bounded, but "@a @a" in a, b, c, ... would
/// otherwise double the arguments at every level.
constexpr unsigned MaxResponseFilesPerCommand = 1024;
constexpr uint64_t MaxResponseBytesPerCommand = 64 << 20;

/// Counts what one expansion opens; past the budget, opening fails with
/// E2BIG ("Argument list too long").
class BudgetFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    llvm::ErrorOr<llvm::vfs::Status> S = (*F)->status();
    Bytes += S ? S->getSize() : 0;
    if (++Opened > MaxResponseFilesPerCommand ||
        Bytes > MaxResponseBytesPerCommand)
      return std::make_error_code(std::errc::argument_list_too_long);
    return F;
  }

private:
  unsigned Opened = 0;
  uint64_t Bytes = 0;
};
} // namespace

llvm::Error expandResponseFiles(CompileCommand &Cmd) {
  if (!hasResponseFile(Cmd))
    return llvm::Error::success();
  llvm::BumpPtrAllocator Alloc;
  llvm::SmallVector<const char *, 32> Argv;
  for (const std::string &A : Cmd.CommandLine)
    Argv.push_back(A.c_str());
  auto FS = llvm::makeIntrusiveRefCnt<BudgetFileSystem>(
      createBoundedFileSystem(MaxResponseFileBytes));
  llvm::cl::ExpansionContext Ctx(Alloc, llvm::cl::TokenizeGNUCommandLine);
  Ctx.setVFS(FS.get()).setCurrentDir(Cmd.Directory);
  if (llvm::Error E = Ctx.expandResponseFiles(Argv))
    return E;
  // Argv points into Cmd.CommandLine and the allocator: copy, then assign.
  std::vector<std::string> Expanded(Argv.begin(), Argv.end());
  Cmd.CommandLine = std::move(Expanded);
  return llvm::Error::success();
}

std::optional<std::string>
ResponseFileDatabase::expansionError(const CompileCommand &Cmd) {
  CompileCommand Copy = Cmd;
  if (llvm::Error E = expandResponseFiles(Copy))
    return "cannot expand the response files of its compile command: " +
           llvm::toString(std::move(E));
  return std::nullopt;
}

std::vector<CompileCommand>
ResponseFileDatabase::expand(std::vector<CompileCommand> Cmds) const {
  for (CompileCommand &Cmd : Cmds)
    llvm::consumeError(expandResponseFiles(Cmd)); // reported by the runner
  return Cmds;
}

std::vector<CompileCommand>
ResponseFileDatabase::getCompileCommands(llvm::StringRef File) const {
  return expand(Base->getCompileCommands(File));
}

std::vector<std::string> ResponseFileDatabase::getAllFiles() const {
  return Base->getAllFiles();
}

std::vector<CompileCommand>
ResponseFileDatabase::getAllCompileCommands() const {
  return expand(Base->getAllCompileCommands());
}

} // namespace tmigrate
