//===- OutputTargets.h - Outputs that never destroy an input ---*- C++ -*-===//
//
// The files a user names for the tool to write (--export-fixes, and every
// later output such as a baseline) are checked before anything is written,
// with two rules (docs/migrate.md, "Outputs the user names"):
//
//  1. An output is never one of the run's inputs. Compared by file identity
//     (device and inode, symlinks resolved, hard links too), against the
//     inputs known before the analysis (the database's entries, the
//     database itself, every .clang-tidy and --config-file read) and, once
//     the analysis ran, against every file a translation unit read (the
//     parse's, the prefilter's scan or the cache's list of them). A
//     `--export-fixes=a.cpp` must not replace a.cpp with YAML.
//  2. An output is never written outside the project through a link. The
//     last component of the path, if it is a symbolic link, is replaced by
//     the new file, never written through (SafeFileWriter.h's
//     writeOutputFile); and a path whose directories lead through a link to
//     a place outside the project is refused, unless --allow-outside. So a
//     link planted in a repository cannot turn a CI run into a write
//     anywhere the CI user can write; a path the user spells outside the
//     project (/tmp/fixes.yaml) is written as spelled.
//
// A refusal is an error of the invocation: one line, exit status 2, and
// nothing is written.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_OUTPUTTARGETS_H
#define TRANSFORMERS_MIGRATE_OUTPUTTARGETS_H

#include "input/CompilationDatabaseLoader.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tmigrate {

/// One output file the user named: the option and the path as given.
struct NamedOutput {
  std::string Option; // "--export-fixes"
  std::string Path;
};

class OutputTargets {
public:
  /// Checks rule 2 for every output in \p Outputs (empty paths are ignored)
  /// and records the identity of those that exist.
  static llvm::Expected<OutputTargets> check(std::vector<NamedOutput> Outputs,
                                             const ProjectScope &Project,
                                             bool AllowOutside);

  /// Rule 1 against \p Inputs (paths): an error naming the first output that
  /// is one of them, described as \p What ("a file of the compilation
  /// database").
  llvm::Error refuseInputs(llvm::ArrayRef<std::string> Inputs,
                           llvm::StringRef What) const;

  /// The identities of the outputs that exist: what the analysis watches
  /// for among the files a translation unit reads.
  std::vector<llvm::sys::fs::UniqueID> identities() const;

  /// Rule 1 against the files the translation unit \p MainFile read
  /// (\p Read: the outputs it read, as reported by the analysis).
  llvm::Error refuseRead(llvm::ArrayRef<std::string> Read,
                         llvm::StringRef MainFile) const;

private:
  /// The first output that is one of \p Paths, and that path.
  std::optional<std::pair<const NamedOutput *, std::string>>
  firstIn(llvm::ArrayRef<std::string> Paths) const;

  struct Target {
    NamedOutput Output;
    bool Exists = false;
    llvm::sys::fs::UniqueID Identity;
  };
  std::vector<Target> Targets;
};

/// Of \p Paths, those whose file has one of \p Identities (symlinks
/// resolved); a path that cannot be stat'ed matches nothing.
std::vector<std::string>
filesWithIdentity(llvm::ArrayRef<std::string> Paths,
                  llvm::ArrayRef<llvm::sys::fs::UniqueID> Identities);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_OUTPUTTARGETS_H
