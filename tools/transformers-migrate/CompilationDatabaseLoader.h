//===- CompilationDatabaseLoader.h - Finds the compile commands -*- C++ -*-===//
//
// Loads the compilation database the way clang-tidy does (-p build dir, a
// fixed command line after "--", or discovery upwards from the first file),
// but turns every problem into one clear error for exit code 2 instead of
// silently running without flags.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_COMPILATIONDATABASELOADER_H
#define TRANSFORMERS_MIGRATE_COMPILATIONDATABASELOADER_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

struct LoadedDatabase {
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  /// The translation units to analyse, absolute, in a stable order.
  std::vector<std::string> Files;
  /// Edits are only written below this directory (unless --allow-outside).
  std::string ProjectRoot;
  /// Where the commands come from, for messages.
  std::string Description;
};

struct DatabaseRequest {
  /// -p: a build directory or a compile_commands.json file; empty if unset.
  std::string BuildPath;
  /// The arguments after "--", when present.
  std::optional<std::vector<std::string>> FixedArgs;
  /// Files named on the command line (may be relative).
  std::vector<std::string> Files;
};

llvm::Expected<LoadedDatabase>
loadCompilationDatabase(const DatabaseRequest &R);

/// Absolute, dot-free, symlink-resolved form of \p Path (when it exists).
std::string realPathOf(llvm::StringRef Path);

/// True when \p Path lies in the directory \p Root (or is Root).
bool isUnder(llvm::StringRef Path, llvm::StringRef Root);

} // namespace tmigrate

#endif
