//===- CommandFinder.cpp --------------------------------------------------===//

#include "analysis/CommandFinder.h"
#include "input/CompilationDatabaseLoader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace tlsp {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

CommandFinder::CommandFinder(std::string FixedDir,
                             std::vector<std::string> FallbackFlags)
    : FixedDir(std::move(FixedDir)), FallbackFlags(std::move(FallbackFlags)) {}

static bool hasDatabase(llvm::StringRef Dir) {
  llvm::SmallString<256> P(Dir);
  path::append(P, "compile_commands.json");
  if (fs::is_regular_file(P))
    return true;
  P = Dir;
  path::append(P, "compile_flags.txt");
  return fs::is_regular_file(P);
}

std::string CommandFinder::databaseDirFor(llvm::StringRef File) {
  if (!FixedDir.empty())
    return FixedDir;
  for (llvm::StringRef Dir = path::parent_path(File); !Dir.empty();
       Dir = path::parent_path(Dir)) {
    if (hasDatabase(Dir))
      return Dir.str();
    llvm::SmallString<256> Build(Dir);
    path::append(Build, "build");
    if (hasDatabase(Build))
      return std::string(Build);
  }
  return "";
}

const CommandFinder::Loaded *CommandFinder::load(const std::string &Dir) {
  // Under the lock: two workers asking for one project read it once.
  auto It = Databases.find(Dir);
  if (It != Databases.end())
    return It->second.get();
  tmigrate::DatabaseRequest R;
  R.BuildPath = Dir;
  std::unique_ptr<Loaded> L;
  if (llvm::Expected<tmigrate::LoadedDatabase> DB =
          tmigrate::loadCompilationDatabase(R)) {
    L = std::make_unique<Loaded>();
    L->DB = std::move(DB->DB);
    L->Description = DB->Description;
  } else {
    LoadErrors[Dir] = llvm::toString(DB.takeError());
  }
  return (Databases[Dir] = std::move(L)).get();
}

FoundCommand CommandFinder::find(llvm::StringRef File) {
  FoundCommand Out;
  std::string Dir = databaseDirFor(File);
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    const Loaded *L = Dir.empty() ? nullptr : load(Dir);
    if (L) {
      std::vector<clang::tooling::CompileCommand> Cmds =
          L->DB->getCompileCommands(File);
      if (!Cmds.empty()) {
        // A file built twice is analysed with its first command, as
        // clangd does.
        Out.Command = std::move(Cmds.front());
        Out.Source = L->Description;
        return Out;
      }
      Out.Source = L->Description + " has no command for it";
    } else if (Dir.empty()) {
      Out.Source = "no compile_commands.json or compile_flags.txt in its "
                   "directory, its parents or their build/";
    } else {
      Out.Source = LoadErrors[Dir];
    }
  }
  Out.Fallback = true;
  Out.Command.Directory = path::parent_path(File).str();
  Out.Command.Filename = File.str();
  Out.Command.CommandLine.push_back("clang++");
  for (const std::string &F : FallbackFlags)
    Out.Command.CommandLine.push_back(F);
  Out.Command.CommandLine.push_back(File.str());
  return Out;
}

} // namespace tlsp
