//===- CompilationDatabaseLoader.cpp --------------------------------------===//

#include "input/CompilationDatabaseLoader.h"
#include "input/ResponseFileDatabase.h"
#include "support/BoundedInput.h"
#include "transformers-tidy/LLVMCompat.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang::tooling;

namespace tmigrate {

static llvm::Error inputError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

bool ProjectScope::contains(llvm::StringRef RealPath) const {
  return llvm::any_of(
             Roots,
             [&](const std::string &R) { return isUnder(RealPath, R); }) ||
         llvm::is_contained(NamedFiles, RealPath);
}

std::string ProjectScope::describe() const { return llvm::join(Roots, ", "); }

/// The content of a build system's record, if it is a regular file (a FIFO
/// planted there is no record, and never a hang).
static std::optional<std::string> readBuildRecord(llvm::StringRef Path) {
  llvm::Expected<std::string> Text = readRegularFile(Path, MaxBuildRecordBytes);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return std::nullopt;
  }
  return std::move(*Text);
}

/// The source directory the build system of the build directory \p Dir
/// records, or "". CMake: CMakeCache.txt's CMAKE_HOME_DIRECTORY; Meson:
/// meson-info/meson-info.json's directories.source.
static std::string recordedSourceDir(llvm::StringRef Dir) {
  llvm::SmallString<256> Cache(Dir);
  llvm::sys::path::append(Cache, "CMakeCache.txt");
  if (std::optional<std::string> Text = readBuildRecord(Cache)) {
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    llvm::StringRef(*Text).split(Lines, '\n');
    for (llvm::StringRef L : Lines)
      if (L.consume_front("CMAKE_HOME_DIRECTORY:INTERNAL="))
        return L.rtrim("\r").str();
  }
  llvm::SmallString<256> Meson(Dir);
  llvm::sys::path::append(Meson, "meson-info", "meson-info.json");
  if (std::optional<std::string> Text = readBuildRecord(Meson)) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(*Text);
    if (!V) {
      llvm::consumeError(V.takeError());
      return "";
    }
    if (const llvm::json::Object *O = V->getAsObject())
      if (const llvm::json::Object *Dirs = O->getObject("directories"))
        if (std::optional<llvm::StringRef> Src = Dirs->getString("source"))
          return Src->str();
  }
  return "";
}

/// True for directories too wide to be anybody's project: the file system
/// root and the user's home directory.
static bool isTooWide(llvm::StringRef Dir) {
  if (llvm::sys::path::parent_path(Dir).empty() ||
      Dir == llvm::sys::path::root_path(Dir))
    return true;
  llvm::SmallString<128> Home;
  return llvm::sys::path::home_directory(Home) && realPathOf(Home) == Dir;
}

/// The project's trees for a database in \p DatabaseDir (see ProjectScope):
/// that directory and the source directory its build system records; when
/// nothing is recorded and the directory holds none of the database's files
/// (an out-of-source build directory, <project>/build), its parent, if that
/// holds some of them and is neither / nor the home directory (-p /build
/// must not make every file writable). A database without a file list
/// (compile_flags.txt) is its directory.
static std::vector<std::string>
projectRootsOf(llvm::StringRef DatabaseDir,
               const std::vector<std::string> &Files) {
  std::string Dir = realPathOf(DatabaseDir);
  std::string Source = recordedSourceDir(DatabaseDir);
  if (!Source.empty() && llvm::sys::path::is_absolute(Source) &&
      llvm::sys::fs::is_directory(Source)) {
    std::string RealSource = realPathOf(Source);
    if (!isTooWide(RealSource))
      return {RealSource, Dir};
  }
  if (Files.empty())
    return {Dir};
  // Resolved once: a large database has many files, and two roots to try.
  std::vector<std::string> RealFiles;
  RealFiles.reserve(Files.size());
  for (const std::string &F : Files)
    RealFiles.push_back(realPathOf(absolutePath(F)));
  auto HoldsSources = [&](llvm::StringRef Root) {
    return llvm::any_of(RealFiles,
                        [&](const std::string &F) { return isUnder(F, Root); });
  };
  if (HoldsSources(Dir))
    return {Dir};
  std::string Parent = std::string(llvm::sys::path::parent_path(Dir));
  if (Parent.empty() || isTooWide(Parent) || !HoldsSources(Parent))
    return {Dir};
  return {Parent};
}

/// Discovery as clang-tidy does it: the first directory upwards from \p Dir
/// that has a compilation database. Sets \p Found to that directory.
static std::unique_ptr<CompilationDatabase>
discoverDatabase(llvm::StringRef Dir, std::string &Found,
                 std::string &ErrorMessage) {
  llvm::SmallString<256> D(Dir);
  for (;;) {
    if (auto DB = CompilationDatabase::loadFromDirectory(D, ErrorMessage)) {
      Found = std::string(D);
      return DB;
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(D);
    if (Parent.empty() || Parent == D)
      return nullptr;
    D = Parent;
  }
}

llvm::Expected<LoadedDatabase>
loadCompilationDatabase(const DatabaseRequest &R) {
  LoadedDatabase Out;
  std::string ErrorMessage;

  // Named files must exist: a typo must not look like a clean run.
  std::vector<std::string> Named;
  for (const std::string &F : R.Files) {
    std::string Abs = absolutePath(F);
    if (!llvm::sys::fs::exists(Abs))
      return inputError("no such file: '" + F + "'");
    if (llvm::sys::fs::is_directory(Abs))
      return inputError("'" + F + "' is a directory, not a source file");
    Named.push_back(Abs);
  }

  std::string DatabaseDir;
  if (R.FixedArgs) {
    Out.DB = std::make_unique<FixedCompilationDatabase>(absolutePath("."),
                                                        *R.FixedArgs);
    Out.Description = "the command line after '--'";
  } else if (!R.BuildPath.empty()) {
    std::string Path = absolutePath(R.BuildPath);
    if (!llvm::sys::fs::exists(Path))
      return inputError("compilation database directory '" + R.BuildPath +
                        "' does not exist");
    std::string JsonPath = Path;
    if (llvm::sys::fs::is_directory(Path)) {
      llvm::SmallString<256> J(Path);
      llvm::sys::path::append(J, "compile_commands.json");
      JsonPath = std::string(J);
      DatabaseDir = Path;
    } else {
      DatabaseDir = std::string(llvm::sys::path::parent_path(Path));
    }
    if (llvm::sys::fs::exists(JsonPath)) {
      // A FIFO or a device would be read until memory runs out.
      if (!llvm::sys::fs::is_regular_file(JsonPath))
        return inputError("cannot read compilation database '" + JsonPath +
                          "': it is not a regular file");
      auto Buf = llvm::MemoryBuffer::getFile(JsonPath);
      if (!Buf)
        return inputError("cannot read compilation database '" + JsonPath +
                          "': " + Buf.getError().message());
      // Syntax errors are found by a strict JSON parse first: the YAML
      // parser behind JSONCompilationDatabase prints its own multi-line
      // report to stderr. Bytes that are not UTF-8 (a Latin-1 file name)
      // are tolerated, as clang-tidy does.
      llvm::StringRef Text = (*Buf)->getBuffer();
      std::string Fixed;
      if (!llvm::json::isUTF8(Text)) {
        Fixed = llvm::json::fixUTF8(Text);
        Text = Fixed;
      }
      llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text);
      if (!V)
        return inputError("malformed compilation database '" + JsonPath +
                          "': " + llvm::toString(V.takeError()));
      // An empty "file" would name the entry's directory itself (found by
      // fuzz-compile-db); clang's loader accepts it.
      if (const llvm::json::Array *Entries = V->getAsArray())
        for (const llvm::json::Value &E : *Entries)
          if (const llvm::json::Object *O = E.getAsObject())
            if (std::optional<llvm::StringRef> F = O->getString("file");
                F && F->empty())
              return inputError("malformed compilation database '" + JsonPath +
                                "': an entry has an empty \"file\"");
      Out.DB = JSONCompilationDatabase::loadFromFile(
          JsonPath, ErrorMessage, JSONCommandLineSyntax::AutoDetect);
      if (!Out.DB)
        return inputError("malformed compilation database '" + JsonPath +
                          "': " + llvm::StringRef(ErrorMessage).trim());
      // An entry without a command would reach the driver as "no input
      // files"; it is a malformed database like a missing key.
      for (const CompileCommand &C : Out.DB->getAllCompileCommands())
        if (C.CommandLine.empty())
          return inputError("malformed compilation database '" + JsonPath +
                            "': the entry for '" + C.Filename +
                            "' has an empty command");
      Out.Description = JsonPath;
      Out.ReadFrom.push_back(JsonPath);
    } else {
      // compile_flags.txt and other plugin formats.
      Out.DB =
          CompilationDatabase::loadFromDirectory(DatabaseDir, ErrorMessage);
      if (!Out.DB)
        return inputError("no compilation database (compile_commands.json) "
                          "in '" +
                          R.BuildPath + "'");
      Out.Description = DatabaseDir;
    }
  } else {
    llvm::SmallString<256> Start;
    if (!Named.empty())
      Start = llvm::sys::path::parent_path(Named.front());
    else
      llvm::sys::fs::current_path(Start);
    Out.DB = discoverDatabase(Start, DatabaseDir, ErrorMessage);
    if (!Out.DB)
      return inputError(
          "no compilation database found (compile_commands.json in a parent "
          "directory); pass -p <build-dir> or compiler arguments after '--'");
    Out.Description = "the compilation database found by discovery";
  }

  // The plugin formats' files (compile_flags.txt) and a discovered database.
  for (llvm::StringRef Name : {"compile_commands.json", "compile_flags.txt"}) {
    llvm::SmallString<256> P(DatabaseDir);
    llvm::sys::path::append(P, Name);
    if (!DatabaseDir.empty() && llvm::sys::fs::exists(P) &&
        !llvm::is_contained(Out.ReadFrom, P))
      Out.ReadFrom.push_back(std::string(P));
  }

  if (Named.empty()) {
    // Sorted: the database's own order is a hash map's.
    std::set<std::string> Seen;
    for (const std::string &F : Out.DB->getAllFiles())
      Seen.insert(absolutePath(F));
    Out.Files.assign(Seen.begin(), Seen.end());
    if (Out.Files.empty())
      return inputError(R.FixedArgs ? llvm::Twine("no input files")
                                    : "the compilation database " +
                                          Out.Description + " lists no files");
  } else {
    Out.Files = Named;
  }

  // "@file" arguments are expanded as clang-tidy does (ResponseFileDatabase.h).
  Out.DB = std::make_unique<ResponseFileDatabase>(std::move(Out.DB));
  // Files named explicitly but absent from a JSON database get a command
  // interpolated from their neighbours (as clangd does) instead of none.
  if (!R.FixedArgs)
    Out.DB = inferMissingCompileCommands(std::move(Out.DB));

  // Where fixes may be written: what the user says, or where the database
  // is (never what its entries say); and the files named on the command
  // line, wherever they are.
  if (!R.ProjectRoots.empty()) {
    for (const std::string &Root : R.ProjectRoots) {
      std::string Abs = absolutePath(Root);
      if (!llvm::sys::fs::is_directory(Abs))
        return inputError("--project-root '" + Root + "' is not a directory");
      Out.Project.Roots.push_back(realPathOf(Abs));
    }
  } else if (!DatabaseDir.empty()) {
    Out.Project.Roots = projectRootsOf(DatabaseDir, Out.DB->getAllFiles());
  } else {
    Out.Project.Roots.push_back(realPathOf(absolutePath(".")));
  }
  for (const std::string &F : Named)
    Out.Project.NamedFiles.push_back(realPathOf(F));
  return std::move(Out);
}

} // namespace tmigrate
