//===- Paths.h - How the tool spells and compares paths ---------*- C++ -*-===//
//
// Every path the tool keeps is absolute, and one of two kinds:
//  - lexical (absolutePath): made absolute against a base directory, "." and
//    ".." removed, no symbolic link followed. Where the user's or the
//    database's spelling points, as clang-tidy reports a diagnostic's file.
//  - real (realPathOf): every link resolved, the identity of a file. One
//    file reached through two spellings is one file to the fix merge, the
//    reports and the project scope.
// One helper for each, so no two layers disagree on what a path is.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_MIGRATE_SUPPORT_PATHS_H
#define TRANSFORMERS_MIGRATE_SUPPORT_PATHS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace tmigrate {

/// \p Path made absolute against \p Base (the current directory when
/// empty), with "." and ".." removed lexically; no link is followed.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base = "");

/// \p Path with every symbolic link resolved; absolutePath(Path) when it
/// does not exist.
std::string realPathOf(llvm::StringRef Path);

/// Whether \p Path is \p Root or below it, component-wise ("/a/bc" is not
/// under "/a/b"); everything is under an empty root.
bool isUnder(llvm::StringRef Path, llvm::StringRef Root);

} // namespace tmigrate

#endif // TRANSFORMERS_MIGRATE_SUPPORT_PATHS_H
