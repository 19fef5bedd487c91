//===- CommandFinder.h - A document's compile command, as clangd finds it -===//
//
// A document is parsed with the command its project builds it with:
//  - with --compile-commands-dir=DIR, DIR's compile_commands.json (or
//    compile_flags.txt) for every file;
//  - otherwise the nearest of the file's ancestor directories D that holds
//    a compile_commands.json or compile_flags.txt, in D or in D/build
//    (clangd's discovery).
// Databases are read by the tool's own loader (response files expanded
// within bounds) and wrapped in clang's interpolating database, so a header
// or a new file gets the command of the most similar file. A file no
// database knows is parsed with the fallback flags, and says so.
// Thread-safe: workers ask for commands concurrently; each database is
// read once.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_COMMANDFINDER_H
#define TRANSFORMERS_TIDY_LSP_COMMANDFINDER_H

#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tlsp {

struct FoundCommand {
  clang::tooling::CompileCommand Command;
  /// No database knows the file: the command is the fallback one.
  bool Fallback = false;
  /// Where the command comes from, for messages (the database's file, or
  /// why there is none).
  std::string Source;
};

class CommandFinder {
public:
  /// \p FixedDir: --compile-commands-dir, or empty. \p FallbackFlags: the
  /// compiler flags of a file no database knows.
  CommandFinder(std::string FixedDir, std::vector<std::string> FallbackFlags);

  FoundCommand find(llvm::StringRef File);

private:
  struct Loaded {
    std::unique_ptr<clang::tooling::CompilationDatabase> DB;
    std::string Description;
  };
  /// The database of directory \p Dir (where compile_commands.json or
  /// compile_flags.txt is), read once; null if it cannot be read.
  const Loaded *load(const std::string &Dir);
  std::string databaseDirFor(llvm::StringRef File);

  std::string FixedDir;
  std::vector<std::string> FallbackFlags;
  std::mutex Mutex;
  std::map<std::string, std::unique_ptr<Loaded>> Databases;
  std::map<std::string, std::string> LoadErrors;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_COMMANDFINDER_H
