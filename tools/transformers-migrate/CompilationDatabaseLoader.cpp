//===- CompilationDatabaseLoader.cpp --------------------------------------===//

#include "CompilationDatabaseLoader.h"
#include "transformers-tidy/LLVMCompat.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
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

static std::string absolute(llvm::StringRef Path, llvm::StringRef Base = "") {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    if (Base.empty())
      llvm::sys::fs::make_absolute(P);
    else
      transformers_tidy::compat::makeAbsolute(Base, P);
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::string realPathOf(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real, /*expand_tilde=*/false))
    return std::string(Real);
  return absolute(Path);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Root) {
  if (Root.empty())
    return true;
  llvm::StringRef R = Root;
  if (R.size() > 1)
    R = R.rtrim('/');
  if (!Path.starts_with(R))
    return false;
  return Path.size() == R.size() || R == "/" || Path[R.size()] == '/';
}

/// The deepest directory containing every path of \p Paths.
static std::string commonAncestor(const std::vector<std::string> &Paths) {
  if (Paths.empty())
    return "";
  std::string Common = Paths.front();
  for (const std::string &P : Paths) {
    while (!isUnder(P, Common)) {
      llvm::StringRef Parent = llvm::sys::path::parent_path(Common);
      if (Parent.empty() || Parent == Common)
        return "/";
      Common = std::string(Parent);
    }
  }
  return Common;
}

llvm::Expected<LoadedDatabase>
loadCompilationDatabase(const DatabaseRequest &R) {
  LoadedDatabase Out;
  std::string ErrorMessage;

  // Named files must exist: a typo must not look like a clean run.
  std::vector<std::string> Named;
  for (const std::string &F : R.Files) {
    std::string Abs = absolute(F);
    if (!llvm::sys::fs::exists(Abs))
      return inputError("no such file: '" + F + "'");
    if (llvm::sys::fs::is_directory(Abs))
      return inputError("'" + F + "' is a directory, not a source file");
    Named.push_back(Abs);
  }

  std::string DatabaseDir;
  if (R.FixedArgs) {
    Out.DB =
        std::make_unique<FixedCompilationDatabase>(absolute("."), *R.FixedArgs);
    Out.Description = "the command line after '--'";
  } else if (!R.BuildPath.empty()) {
    std::string Path = absolute(R.BuildPath);
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
    if (!Named.empty())
      Out.DB = CompilationDatabase::autoDetectFromSource(Named.front(),
                                                         ErrorMessage);
    else {
      llvm::SmallString<256> Cwd;
      llvm::sys::fs::current_path(Cwd);
      Out.DB = CompilationDatabase::autoDetectFromDirectory(Cwd, ErrorMessage);
    }
    if (!Out.DB)
      return inputError(
          "no compilation database found (compile_commands.json in a parent "
          "directory); pass -p <build-dir> or compiler arguments after '--'");
    Out.Description = "the compilation database found by discovery";
  }

  if (Named.empty()) {
    // Sorted: the database's own order is a hash map's.
    std::set<std::string> Seen;
    for (const std::string &F : Out.DB->getAllFiles())
      Seen.insert(absolute(F));
    Out.Files.assign(Seen.begin(), Seen.end());
    if (Out.Files.empty())
      return inputError(R.FixedArgs ? llvm::Twine("no input files")
                                    : "the compilation database " +
                                          Out.Description + " lists no files");
  } else {
    Out.Files = Named;
  }

  // Files named explicitly but absent from a JSON database get a command
  // interpolated from their neighbours (as clangd does) instead of none.
  if (!R.FixedArgs)
    Out.DB = inferMissingCompileCommands(std::move(Out.DB));

  // The tree as spelled (the files' and the database's directories), then
  // resolved: a symlink in the tree that points outside it (a source file
  // or a directory) does not widen the project to its target.
  std::vector<std::string> Roots;
  for (const std::string &F : Out.Files)
    Roots.push_back(std::string(llvm::sys::path::parent_path(F)));
  if (!DatabaseDir.empty())
    Roots.push_back(absolute(DatabaseDir));
  Out.ProjectRoot = realPathOf(commonAncestor(Roots));
  return std::move(Out);
}

} // namespace tmigrate
