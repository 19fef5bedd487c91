//===- Main.cpp - transformers-tidy-lsp's command line
//---------------------===//
//
// The language server: LSP 3.17 on stdin/stdout (Server.h). The checks,
// their configuration (.clang-tidy, --checks, --config) and the driver are
// transformers-migrate's, so an editor shows what the tool reports.
//
//===----------------------------------------------------------------------===//

#include "analysis/Analyzer.h"
#include "analysis/CommandFinder.h"
#include "analysis/Scheduler.h"
#include "driver/AnalysisOptions.h"
#include "input/CheckConfig.h"
#include "proxy/ClangdProxy.h"
#include "server/Server.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <unistd.h>

using namespace llvm;

namespace {

cl::OptionCategory Category("transformers-tidy-lsp options");

cl::opt<std::string> CompileCommandsDir(
    "compile-commands-dir", cl::value_desc("dir"),
    cl::desc("The directory of compile_commands.json (or compile_flags.txt) "
             "for every file; default: the nearest one in the file's "
             "directory, its parents or their build/ subdirectory"),
    cl::cat(Category));
cl::list<std::string> FallbackFlags(
    "fallback-flags", cl::value_desc("flags"), cl::CommaSeparated,
    cl::desc("Compiler flags for a file no compilation database knows, "
             "comma-separated (default: -std=c++17); the client is told "
             "once per such file"),
    cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::value_desc("n"),
                       cl::desc("Analyses that may run at once (default 2)"),
                       cl::init(2), cl::cat(Category));
cl::opt<unsigned>
    DebounceMs("debounce", cl::value_desc("ms"),
               cl::desc("Wait this long after a change for more changes before "
                        "analysing (default 200)"),
               cl::init(200), cl::cat(Category));
cl::opt<std::string> Clangd(
    "clangd", cl::value_desc("path"),
    cl::desc("Wrap clangd: run this clangd as a child and serve its features "
             "and ours as one server, merging both servers' diagnostics and "
             "code actions (for clients that run one server per buffer, such "
             "as Emacs eglot); clangd's own arguments follow '--'"),
    cl::cat(Category));

const char *Overview =
    R"(transformers-tidy-lsp: a language server for the transformers-tidy checks

Speaks LSP 3.17 on stdin/stdout. Editors start it beside clangd, or, with
--clangd=PATH [-- clangd's arguments], in place of clangd, which it then
runs as a child and merges with itself. It analyses the open C++ documents
as they are typed, with the checks, configuration and fixes of
transformers-migrate and the clang-tidy plugin, and offers one quick fix
per finding and a fix-all per file (code action kind
source.fixAll.transformers-tidy). It never writes a file: the editor
applies the edits.

Compile commands are found as clangd finds them: compile_commands.json or
compile_flags.txt in the file's directory, a parent, or a parent's build/
(or --compile-commands-dir); headers get the command of the most similar
file; other files the --fallback-flags.

See docs/editors.md for VS Code, Neovim, Emacs, Helix and Vim.
)";

void printVersion(raw_ostream &OS) {
  OS << "transformers-tidy-lsp version " << TT_MIGRATE_VERSION << "\n"
     << "  built with LLVM " << TT_MIGRATE_LLVM_VERSION << "\n"
     << "  resource directory: " << TT_MIGRATE_RESOURCE_DIR << "\n";
}

/// The clangd to run: \p Name as a path, or searched for on PATH.
Expected<std::string> findClangd(StringRef Name) {
  if (Name.contains('/')) {
    if (sys::fs::can_execute(Name))
      return Name.str();
    return createStringError(inconvertibleErrorCode(),
                             "'" + Name + "' is not an executable file");
  }
  ErrorOr<std::string> Found = sys::findProgramByName(Name);
  if (!Found)
    return createStringError(Found.getError(),
                             "'" + Name + "' is not found on PATH");
  return *Found;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions({&Category, &tmigrate::analysisCategory()});
  cl::SetVersionPrinter(printVersion);
  // What follows the first "--" is clangd's command line, not ours.
  std::vector<std::string> ClangdArgs;
  int OwnArgc = argc;
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      OwnArgc = I;
      ClangdArgs.assign(argv + I + 1, argv + argc);
      break;
    }
  if (!cl::ParseCommandLineOptions(OwnArgc, argv, Overview, &errs()))
    return 2;
  if (Error E = tmigrate::checkAnalysisOptions()) {
    errs() << "transformers-tidy-lsp: error: " << toString(std::move(E))
           << "\n";
    return 2;
  }
  if (OwnArgc != argc && Clangd.empty()) {
    errs() << "transformers-tidy-lsp: error: the arguments after '--' are "
              "clangd's, and need --clangd=PATH\n";
    return 2;
  }
  tlsp::ClangdCommand ClangdCommand;
  if (!Clangd.empty()) {
    Expected<std::string> Program = findClangd(Clangd);
    if (!Program) {
      errs() << "transformers-tidy-lsp: error: --clangd: "
             << toString(Program.takeError()) << "\n";
      return 2;
    }
    ClangdCommand = {*Program, ClangdArgs};
  }
  if (isatty(STDIN_FILENO))
    errs() << "transformers-tidy-lsp: reading LSP messages from a terminal; "
              "an editor starts this program (see --help)\n";
  // A client that goes away mid-write must not kill the server with
  // SIGPIPE before it can notice.
  std::signal(SIGPIPE, SIG_IGN);

  tmigrate::ConfigRequest CR;
  tmigrate::applyConfigOptions(CR);
  auto Cfg = tmigrate::CheckConfig::create(CR);
  if (!Cfg) {
    errs() << "transformers-tidy-lsp: error: " << toString(Cfg.takeError())
           << "\n";
    return 2;
  }
  tmigrate::warnAboutResourceDir("transformers-tidy-lsp", errs());

  std::vector<std::string> Fallback(FallbackFlags.begin(), FallbackFlags.end());
  if (Fallback.empty())
    Fallback = {"-std=c++17"};
  tlsp::CommandFinder Commands(CompileCommandsDir, Fallback);

  tlsp::AnalyzerOptions AO;
  AO.Run.Jobs = 1;
  tmigrate::applyParseOptions(AO.Run);
  AO.Prefilter = tmigrate::prefilterEnabled();
  if (std::vector<std::string> Markers = tmigrate::libraryMarkers();
      !Markers.empty())
    AO.LibraryMarkers = std::move(Markers);
  tlsp::Analyzer A(std::move(AO), **Cfg, Commands);

  tlsp::ServerOptions SO;
  SO.FallbackFlags = Fallback;
  // Our server on a pair of streams: stdin/stdout, or the pipes of the
  // proxy that wraps clangd.
  auto Serve = [&](tlsp::MessageReader &In, tlsp::MessageWriter &Out) {
    tlsp::Server S(Out, SO);
    // Declared after the server: destroyed first, it waits for the
    // analyses that still report to the server.
    tlsp::Scheduler Pool(
        A, std::max(1u, unsigned(Jobs)), std::chrono::milliseconds(DebounceMs),
        [&S](tlsp::AnalysisResult R) { S.onResult(std::move(R)); });
    S.setQueue(Pool);
    return S.run(In);
  };
  // Both live until the process ends: a reading thread may still use one.
  tlsp::MessageWriter Out(STDOUT_FILENO);
  tlsp::MessageReader In(STDIN_FILENO);
  int Code;
  if (!ClangdCommand.Program.empty()) {
    Expected<int> Proxied =
        tlsp::runClangdProxy(ClangdCommand, Serve, STDIN_FILENO, STDOUT_FILENO);
    if (!Proxied) {
      errs() << "transformers-tidy-lsp: error: "
             << toString(Proxied.takeError()) << "\n";
      return 2;
    }
    Code = *Proxied;
  } else {
    Code = Serve(In, Out);
  }
  // A reading thread may still wait on input: end without unwinding it.
  std::fflush(nullptr);
  std::_Exit(Code);
}
