//===- ResponseFileDatabase.h - @file arguments expanded -------*- C++ -*-===//
//
// CMake and Ninja write long command lines to response files ("@flags.rsp");
// clang-tidy expands them before the driver sees the command, and so does
// this wrapper around any compilation database. Unlike clang's own wrapper it
// reads response files through a bounded file system (no FIFO or /dev/zero
// read until memory runs out) and keeps the error of a command whose
// expansion failed (a loop, a file too large) for the runner to report as
// that file's error, instead of printing it and running the command
// half-expanded.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_RESPONSEFILEDATABASE_H
#define TRANSFORMERS_MIGRATE_RESPONSEFILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>

namespace tmigrate {

/// Expands the response files of \p Cmd's command line in place (relative
/// names against Cmd.Directory). On error the command is left as it was.
llvm::Error expandResponseFiles(clang::tooling::CompileCommand &Cmd);

class ResponseFileDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit ResponseFileDatabase(
      std::unique_ptr<clang::tooling::CompilationDatabase> Base)
      : Base(std::move(Base)) {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;

  /// Why the response files of \p Cmd (as the base database has it) cannot
  /// be expanded, or nothing.
  static std::optional<std::string>
  expansionError(const clang::tooling::CompileCommand &Cmd);

private:
  std::vector<clang::tooling::CompileCommand>
  expand(std::vector<clang::tooling::CompileCommand> Cmds) const;

  std::unique_ptr<clang::tooling::CompilationDatabase> Base;
};

} // namespace tmigrate

#endif
