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

#include "support/Paths.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tmigrate {

/// The files fixes may be written to: the trees of the project and the files
/// named on the command line, all resolved (symlinks, dots). Decided by the
/// user (--project-root) or by where the compilation database is, never by
/// the database's entries: one odd entry must not make /etc writable.
struct ProjectScope {
  /// The first is the project's root (shards hash paths relative to it).
  std::vector<std::string> Roots;
  std::vector<std::string> NamedFiles;

  bool contains(llvm::StringRef RealPath) const;
  /// "ROOT" or "ROOT1, ROOT2", for messages.
  std::string describe() const;
};

struct LoadedDatabase {
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  /// The translation units to analyse, absolute, in a stable order.
  std::vector<std::string> Files;
  /// Where fixes may be written (unless --allow-outside).
  ProjectScope Project;
  /// Where the commands come from, for messages.
  std::string Description;
  /// The files the commands were read from (compile_commands.json,
  /// compile_flags.txt): inputs of the run, which no output may overwrite.
  std::vector<std::string> ReadFrom;
};

struct DatabaseRequest {
  /// -p: a build directory or a compile_commands.json file; empty if unset.
  std::string BuildPath;
  /// The arguments after "--", when present.
  std::optional<std::vector<std::string>> FixedArgs;
  /// Files named on the command line (may be relative).
  std::vector<std::string> Files;
  /// --project-root (may be relative); empty: derived from the database.
  std::vector<std::string> ProjectRoots;
};

llvm::Expected<LoadedDatabase>
loadCompilationDatabase(const DatabaseRequest &R);

} // namespace tmigrate

#endif
