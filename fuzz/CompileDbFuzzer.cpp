//===- CompileDbFuzzer.cpp - fuzz-compile-db ------------------------------===//
//
// Feeds the input to transformers-migrate's compilation database loader
// (tools/transformers-migrate/CompilationDatabaseLoader.cpp) exactly as -p
// does: written into a build directory as compile_commands.json when it
// looks like JSON, else as compile_flags.txt, then loaded
//  1. with no files named (every file of the database is analysed), and
//  2. with one existing file named on the command line.
// Checks what the rest of the tool relies on after a successful load: the
// file list is non-empty, absolute, dot-free, sorted and unique; every file
// has a compile command; and the project scope (the only place --fix may
// write) is the database directory or its parent, whatever the entries say.
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "input/CompilationDatabaseLoader.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

/// A private build directory, one per fuzzer process.
std::string BuildDir;
std::string NamedFile;

void removeBuildDir() {
  if (!BuildDir.empty())
    llvm::sys::fs::remove_directories(BuildDir);
}

void writeFile(llvm::StringRef Path, llvm::StringRef Content) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  TT_FUZZ_CHECK(!EC, "cannot write " << Path << ": " << EC.message());
  OS << Content;
}

bool looksLikeJson(llvm::StringRef Text) {
  Text = Text.ltrim();
  return Text.starts_with("[") || Text.starts_with("{");
}

bool isClean(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return llvm::sys::path::is_absolute(Path) && P == Path;
}

/// Known issue, reported (reproducer: fuzz/crashes/fuzz-compile-db/):
/// a database file "/\\a.cpp" becomes "//a.cpp" (llvm::sys::path::native
/// turns the backslash into a separator), which LLVM reads as a network
/// root name without a root directory; the loader's absolute() then appends
/// the working directory ("//a.cpp/cwd") and the file has no command. Set
/// TT_FUZZ_STRICT=1 to check these files too (e.g. to verify a fix).
bool knownIssueRootName(llvm::StringRef File) {
  static const bool Strict = std::getenv("TT_FUZZ_STRICT") != nullptr;
  return !Strict && File.starts_with("//");
}

void checkLoaded(const tmigrate::LoadedDatabase &L, bool NamedOnly) {
  TT_FUZZ_CHECK(L.DB, "loaded without a database");
  TT_FUZZ_CHECK(!L.Files.empty(), "loaded with no files");
  for (size_t I = 0; I < L.Files.size(); ++I) {
    const std::string &F = L.Files[I];
    TT_FUZZ_CHECK(isClean(F),
                  "file is not absolute and dot-free: '" << F << "'");
    if (I > 0)
      TT_FUZZ_CHECK(L.Files[I - 1] < F, "files not sorted and unique: '"
                                            << L.Files[I - 1] << "', '" << F
                                            << "'");
  }
  if (NamedOnly)
    TT_FUZZ_CHECK(L.Files.size() == 1 && L.Files[0] == NamedFile,
                  "the named file is not the one analysed");
  // A "directory" that is not absolute breaks the JSON format's contract;
  // the loader accepts it and the runner then reports "no compile command
  // for this file" per file (exit code 3). Not checked here; reported.
  bool AbsoluteDirectories = true;
  for (const clang::tooling::CompileCommand &C : L.DB->getAllCompileCommands())
    AbsoluteDirectories =
        AbsoluteDirectories && llvm::sys::path::is_absolute(C.Directory);
  // Bounded: a large database must not eat the time budget.
  for (size_t I = 0; I < L.Files.size() && I < 64; ++I) {
    const std::string &F = L.Files[I];
    if (!NamedOnly && AbsoluteDirectories && !knownIssueRootName(F))
      TT_FUZZ_CHECK(!L.DB->getCompileCommands(F).empty(),
                    "no compile command for listed file '" << F << "'");
  }
  // The scope --fix may write to is decided by where the database is, never
  // by its entries: with no build system record in the directory, it is the
  // database directory or, when that holds none of the sources, its parent.
  llvm::StringRef Parent = llvm::sys::path::parent_path(BuildDir);
  TT_FUZZ_CHECK(
      L.Project.Roots.size() == 1 &&
          (L.Project.Roots[0] == BuildDir || L.Project.Roots[0] == Parent),
      "the project scope '" << L.Project.describe()
                            << "' was derived from the entries");
  if (NamedOnly)
    TT_FUZZ_CHECK(L.Project.NamedFiles.size() == 1 &&
                      L.Project.NamedFiles[0] == NamedFile,
                  "the named file is not in the scope");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<256> Dir;
  std::error_code EC =
      llvm::sys::fs::createUniqueDirectory("tt-fuzz-compile-db", Dir);
  TT_FUZZ_CHECK(!EC, "cannot create a directory: " << EC.message());
  BuildDir = tmigrate::realPathOf(Dir);
  std::atexit(removeBuildDir);
  llvm::SmallString<256> Named(BuildDir);
  llvm::sys::path::append(Named, "named.cpp");
  NamedFile = std::string(Named);
  writeFile(NamedFile, "int main() {}\n");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::SmallString<256> Json(BuildDir), Flags(BuildDir);
  llvm::sys::path::append(Json, "compile_commands.json");
  llvm::sys::path::append(Flags, "compile_flags.txt");
  llvm::sys::fs::remove(Json);
  llvm::sys::fs::remove(Flags);
  writeFile(looksLikeJson(Text) ? Json : Flags, Text);

  tmigrate::DatabaseRequest All;
  All.BuildPath = BuildDir;
  if (auto L = tmigrate::loadCompilationDatabase(All))
    checkLoaded(*L, /*NamedOnly=*/false);
  else
    llvm::consumeError(L.takeError());

  tmigrate::DatabaseRequest Named = All;
  Named.Files = {NamedFile};
  if (auto L = tmigrate::loadCompilationDatabase(Named))
    checkLoaded(*L, /*NamedOnly=*/true);
  else
    llvm::consumeError(L.takeError());
  return 0;
}
