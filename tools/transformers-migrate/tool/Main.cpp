//===- Main.cpp - transformers-migrate command line -----------------------===//
//
// The command line: options -> MigrationRequest -> Migration (Migration.h:
// analyse, plan, commit) -> the report -> the exit code:
//   0  clean (or --fix fixed every finding)
//   1  findings remain (a fix target that cannot be written keeps its
//      finding, whatever the reason)
//   2  usage or input error (bad option, missing file, unreadable or
//      malformed compilation database or configuration), or an output the
//      user named that cannot be written or is refused (OutputTargets.h)
//   3  some translation units could not be analysed (their errors are
//      reported; the others are still analysed, reported and fixed)
//
//===----------------------------------------------------------------------===//

#include "Migration.h"
#include "clang-tidy/GlobList.h"
#include "driver/AnalysisOptions.h"
#include "driver/OutputGuard.h"
#include "input/CheckConfig.h"
#include "report/Emitters.h"
#include "report/ExitStatus.h"
#include "support/SafeFileWriter.h"
#include "tool/HelpText.h"
#include "tool/Progress.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tmigrate;

namespace {

enum class OutputFormat { Text, Json, Sarif };

cl::OptionCategory Category("transformers-migrate options");

const char Overview[] = R"(
Finds every hand-off of a legacy, tuple-shaped KV cache to the transformers
generation API (which rejects it at runtime) and migrates it to
transformers::DynamicCache::from_legacy_cache(...). Runs the same analysis as
the clang-tidy plugin's "transformers-*" checks over a whole compilation
database.

  transformers-migrate [options] [files...] [-p build-dir] [-- compiler args]

With no files, every file of the compilation database is analysed. The
database is read from -p (a build directory or a compile_commands.json), from
the arguments after "--" (used for every file), or found in a parent directory
of the first file (of the current directory when no file is given).

Check options are read like clang-tidy's: .clang-tidy files (found upwards
from each file), --config or --config-file, then --checks; keys are
"<check>.<Option>" in CheckOptions.

Exit codes: 0 clean (or --fix fixed every finding), 1 findings remain (a
file that could not be fixed keeps its findings), 2 usage or input error, or
an output the user named could not be written or was refused (nothing is left
half-written), 3 some files could not be analysed (compiler errors; the other
files are still analysed and fixed).
)";

cl::list<std::string> SourcePaths(cl::Positional,
                                  cl::desc("[<source file> ...]"),
                                  cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p", cl::value_desc("build-dir"),
    cl::desc("Directory containing compile_commands.json (or the file itself)"),
    cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the fixes: merged across files, written "
                           "atomically, conflicting fixes skipped"),
                  cl::cat(Category));
cl::opt<bool> Diff("diff",
                   cl::desc("Dry run: print the fixes as a unified diff on "
                            "stdout (diagnostics go to stderr)"),
                   cl::cat(Category));
cl::opt<bool> Verify(
    "verify",
    cl::desc("Before --fix writes (and before --diff or --export-fixes show) "
             "the fixes, re-parse every rewritten translation unit in memory "
             "and hold back the files whose fixes introduce a compiler error "
             "(default: on; --verify=false or --no-verify turns it off)"),
    cl::init(true), cl::cat(Category));
cl::opt<bool> NoVerify("no-verify", cl::desc("Same as --verify=false"),
                       cl::cat(Category));
cl::opt<std::string>
    ExportFixesPath("export-fixes", cl::value_desc("filename"),
                    cl::desc("Write the fixes as clang-tidy YAML, for "
                             "clang-apply-replacements"),
                    cl::cat(Category));
cl::opt<OutputFormat> Format(
    "format", cl::desc("Diagnostic output format on stdout"),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "clang-tidy's text form (default)"),
               clEnumValN(OutputFormat::Json, "json", "one JSON document"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0")),
    cl::init(OutputFormat::Text), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::value_desc("N"),
                       cl::desc("Analyse N files in parallel (default: all "
                                "hardware threads)"),
                       cl::init(0), cl::Prefix, cl::cat(Category));
cl::opt<std::string> HeaderFilter(
    "header-filter", cl::value_desc("regex"),
    cl::desc("Report findings in headers whose name matches this regex (as "
             "clang-tidy; the main file's findings are always reported). "
             "Overrides the configuration's HeaderFilterRegex"),
    cl::cat(Category));
cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter", cl::value_desc("regex"),
    cl::desc("Do not report findings in headers whose name matches this "
             "regex, even if --header-filter matches them. Overrides the "
             "configuration's ExcludeHeaderFilterRegex"),
    cl::cat(Category));
cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Also report findings in system headers. Overrides the "
             "configuration's SystemHeaders"),
    cl::cat(Category));
cl::opt<std::string> LineFilter(
    "line-filter", cl::value_desc("json"),
    cl::desc("Report only findings on these lines, as clang-tidy: a JSON "
             "array of {\"name\": file-name suffix, \"lines\": [[first, "
             "last], ...]}; a file without \"lines\" is reported whole, a "
             "file not listed not at all. For gating only changed lines "
             "(clang-tidy-diff)"),
    cl::cat(Category));
cl::list<std::string> BaselinePaths(
    "baseline", cl::value_desc("file"),
    cl::desc("Accept the findings recorded in this baseline (written by "
             "--write-baseline): they are neither reported nor failing, so "
             "the run reports and fails on new findings only. The summary "
             "says how many were hidden and how many entries were not found "
             "any more. Fixes, --export-fixes, JSON and the exit status "
             "leave accepted findings out; SARIF lists them as "
             "\"unchanged\" (\"updated\" when their line moved). Repeatable: "
             "the baselines of several shards "
             "together"),
    cl::cat(Category));
cl::opt<std::string> WriteBaseline(
    "write-baseline", cl::value_desc("file"),
    cl::desc("Record every finding of the run in this file and accept them "
             "(exit 0 unless files could not be analysed): JSON with paths "
             "relative to the project's root and fingerprints that survive "
             "moved lines and other checkouts, for --baseline. Not with "
             "--fix, --diff or --line-filter, which would leave findings "
             "out. With --shard, each shard writes its own"),
    cl::cat(Category));
cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the configuration of the first file (or of a file in the "
             "current directory), with every option of the enabled checks, "
             "as clang-tidy --dump-config, and exit"),
    cl::cat(Category));
cl::opt<bool> ExplainConfig(
    "explain-config",
    cl::desc("For each enabled check, print which configuration enables it, "
             "as clang-tidy --explain-config, and exit"),
    cl::cat(Category));
cl::opt<bool>
    UseColor("use-color",
             cl::desc("Colour the text diagnostics (default: when stdout is a "
                      "terminal). Overrides the configuration's UseColor"),
             cl::cat(Category));
cl::opt<bool> Quiet("quiet",
                    cl::desc("No progress line and no summary on stderr"),
                    cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks and exit"),
                         cl::cat(Category));
cl::list<std::string> ProjectRoot(
    "project-root", cl::value_desc("dir"),
    cl::desc("The project's tree: --fix writes only below it (and to the "
             "files named on the command line). Repeatable. Default: the "
             "compilation database's directory and the source directory its "
             "build system records (CMake, Meson), or the parent of a build "
             "directory that holds no source (never / or the home "
             "directory); with '--', the current "
             "directory. Never widened by the database's entries"),
    cl::cat(Category));
cl::opt<bool> AllowOutside(
    "allow-outside",
    cl::desc("Also write files outside the project (see --project-root)"),
    cl::cat(Category));
// Fault injection for the reliability tests (test/migrate/faults): before
// each file is replaced, with its new content complete in a temporary file,
// write "<target>\t<temporary>\n" to the FIFO, then wait until the test opens
// the FIFO "<fifo>.go" for writing and closes it.
cl::opt<std::string>
    PauseBeforeCommit("testing-pause-before-commit", cl::value_desc("fifo"),
                      cl::desc("(testing) pause before each file is replaced"),
                      cl::Hidden, cl::cat(Category));
// The write path of file systems without O_TMPFILE, for the reliability
// tests: every temporary file is named from its creation.
cl::opt<bool> NamedTemporaries(
    "testing-named-temporaries",
    cl::desc("(testing) name temporary files from their creation"), cl::Hidden,
    cl::cat(Category));

cl::OptionCategory FastCategory("transformers-migrate performance options");
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Neither read nor write the result cache"),
                      cl::cat(FastCategory));
cl::opt<std::string> CacheDir(
    "cache-dir", cl::value_desc("dir"),
    cl::desc("Result cache directory (default: $XDG_CACHE_HOME or ~/.cache, "
             "plus /transformers-migrate)"),
    cl::cat(FastCategory));
cl::opt<unsigned> CacheMaxMB(
    "cache-max-size", cl::value_desc("MB"),
    cl::desc("Evict least recently used cache entries beyond this size "
             "(default: 512)"),
    cl::init(512), cl::cat(FastCategory));
cl::opt<std::string>
    Shard("shard", cl::value_desc("K/N"),
          cl::desc("Analyse only shard K of N (1 <= K <= N): the files whose "
                   "path, relative to the project root, has an xxh3-64 hash "
                   "equal to K-1 modulo N"),
          cl::cat(FastCategory));
cl::opt<bool> ParseSystemBodies(
    "parse-system-function-bodies",
    cl::desc("Also parse the bodies of functions declared in system headers. "
             "By default they are skipped (except constexpr functions and "
             "deduced return types, which other code needs): no finding can "
             "be in them and the parse is about a fifth cheaper, but a "
             "compile error that only an instantiated system template body "
             "shows is not reported. Implied by SystemHeaders: true"),
    cl::cat(FastCategory));
cl::opt<bool> Stats("run-stats",
                    cl::desc("Print how many files were skipped by the "
                             "prefilter, served by the cache and parsed, and "
                             "how many dependency scans ran"),
                    cl::cat(FastCategory));

void printVersion(raw_ostream &OS) {
  OS << "transformers-migrate version " << TT_MIGRATE_VERSION << "\n"
     << "  built with LLVM " << TT_MIGRATE_LLVM_VERSION << "\n"
     << "  resource directory: " << TT_MIGRATE_RESOURCE_DIR << "\n";
}

int usageError(const Twine &Msg) {
  errs() << "transformers-migrate: error: " << Msg << "\n";
  return ExitUsage;
}

/// The hook of --testing-pause-before-commit (see there).
BeforeCommitHook pauseHook(const std::string &Fifo) {
  if (Fifo.empty())
    return nullptr;
  return [Fifo](StringRef Target, StringRef Temporary) {
    {
      std::error_code EC;
      raw_fd_ostream Out(Fifo, EC, sys::fs::OF_Append);
      if (!EC)
        Out << Target << "\t" << Temporary << "\n";
    }
    if (auto In = MemoryBuffer::getFile(Fifo + ".go", /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false,
                                        /*IsVolatile=*/true))
      (void)In;
  };
}

/// One line per error; whether there was any.
bool reportErrors(Error E) {
  bool Any = false;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &Info) {
    errs() << "transformers-migrate: error: " << Info.message() << "\n";
    Any = true;
  });
  return Any;
}

/// The text report's colours: the UseColor option (--use-color or the
/// configuration of the first file), else whether stdout is a terminal.
bool useColor(CheckConfig &Cfg, const std::vector<std::string> &Files) {
  std::optional<bool> Option;
  if (!Files.empty())
    Option = Cfg.configFor(Files.front()).Options.UseColor;
  return Option.value_or(sys::Process::StandardOutHasColors());
}

/// --list-checks, --dump-config and --explain-config, as clang-tidy prints
/// them, for the first file named (or a file in the current directory).
int printConfiguration(CheckConfig &Cfg) {
  SmallString<256> Probe;
  if (!SourcePaths.empty()) {
    Probe = SourcePaths.front();
    sys::fs::make_absolute(Probe);
  } else {
    sys::fs::current_path(Probe);
    sys::path::append(Probe, "dummy");
  }
  FileConfig FC = Cfg.configFor(Probe);
  if (reportErrors(configurationErrors(Cfg)))
    return ExitUsage;
  if (DumpConfig) {
    clang::tidy::ClangTidyOptions Effective = FC.Options;
    Effective.CheckOptions = FC.CheckOptions;
    outs() << clang::tidy::configurationAsText(Effective) << "\n";
    return ExitClean;
  }
  if (ExplainConfig) {
    auto Sources = Cfg.explain(Probe);
    for (const std::string &Check : FC.EnabledChecks)
      for (const auto &[Opts, Source] : llvm::reverse(Sources))
        if (Opts.Checks &&
            clang::tidy::GlobList(*Opts.Checks).contains(Check)) {
          outs() << "'" << Check << "' is enabled in the " << Source << ".\n";
          break;
        }
    return ExitClean;
  }
  outs() << "Enabled checks:";
  for (const std::string &C : FC.EnabledChecks)
    outs() << "\n    " << C;
  outs() << "\n\n";
  return FC.EnabledChecks.empty() ? ExitUsage : ExitClean;
}

/// Prints the diagnostics (or the diff) and the run's problems. Whether
/// the report could not be written (a cache that cannot be is a warning,
/// Migration::analyse).
bool printReport(Migration &Run, CheckConfig &Cfg) {
  // The report, once the writes are done: "FIX-IT applied" (fixApplied in
  // JSON and SARIF) only for fixes that are on disk. With --diff stdout
  // carries the diff only.
  const std::vector<Record> &Records = Run.records();
  const FixPlan &Plan = Run.fixPlan();
  raw_ostream &DiagOut = Diff ? errs() : outs();
  switch (Format) {
  case OutputFormat::Text:
    if (!(Diff && Quiet))
      emitText(Records, Plan.Applied, Fix, !Diff && useColor(Cfg, Run.files()),
               DiagOut, &Plan);
    break;
  case OutputFormat::Json:
    emitJson(Records, Plan.Applied, Run.merged().Summary, outs());
    break;
  case OutputFormat::Sarif:
    emitSarif(Records, Plan.Applied, Run.merged().Summary,
              SarifOptions{Run.project().Roots.empty()
                               ? std::string()
                               : Run.project().Roots.front(),
                           &Plan},
              outs());
    break;
  }
  if (Diff)
    emitDiff(Plan, outs());
  outs().flush();

  // A report that could not be written (a full disk, /dev/full) is an I/O
  // error: CI must not read its absence as a clean run.
  bool OutputLost = false;
  if (outs().has_error()) {
    errs() << "transformers-migrate: error: cannot write the report to "
              "standard output: "
           << outs().error().message() << "\n";
    outs().clear_error();
    OutputLost = true;
  }
  for (const std::string &P : Run.problems())
    errs() << "transformers-migrate: " << (Fix ? "error: " : "warning: ") << P
           << "\n";
  return OutputLost;
}

/// The configuration the options ask for (clang-tidy's options).
ConfigRequest configRequest() {
  ConfigRequest CR;
  applyConfigOptions(CR);
  if (HeaderFilter.getNumOccurrences())
    CR.HeaderFilter = HeaderFilter;
  if (ExcludeHeaderFilter.getNumOccurrences())
    CR.ExcludeHeaderFilter = ExcludeHeaderFilter;
  if (SystemHeaders.getNumOccurrences())
    CR.SystemHeaders = SystemHeaders;
  if (UseColor.getNumOccurrences())
    CR.UseColor = UseColor;
  CR.LineFilter = LineFilter;
  return CR;
}

/// The compiler arguments after "--", split off the command line as clang's
/// tools split them (CommonOptionsParser): \p Argc ends before "--", and
/// FixedCompilationDatabase::loadFromCommandLine keeps only what compiles a
/// file (input files, linker inputs and assembler flags are dropped). One
/// difference: a response file ("@flags.rsp") stays where it was, for the
/// database to expand with bounds (ResponseFileDatabase.h), where the driver
/// would drop it as a linker input. No "--": nothing; arguments that make no
/// compile job (-E): the driver's reason.
Expected<std::optional<std::vector<std::string>>>
compilerArguments(int &Argc, const char **Argv) {
  const int All = Argc;
  std::string Error;
  std::unique_ptr<clang::tooling::FixedCompilationDatabase> DB =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Argv,
                                                                    Error);
  if (Argc == All)
    return std::nullopt;
  if (!DB) {
    // The driver's own words ("warning: no compile jobs found"), without
    // their level: this is the tool's error.
    StringRef Why = StringRef(Error).trim();
    for (StringRef Level : {"error: ", "warning: "})
      Why.consume_front(Level);
    return createStringError(inconvertibleErrorCode(),
                             "the compiler arguments after '--' compile "
                             "nothing: " +
                                 Why);
  }
  // The database's command is the tool's argv[0], the arguments, the file.
  const std::string File = "transformers-migrate-placeholder.cpp";
  std::vector<std::string> Kept =
      DB->getCompileCommands(File).front().CommandLine;
  if (!Kept.empty())
    Kept.erase(Kept.begin());
  if (!Kept.empty() && Kept.back() == File)
    Kept.pop_back();
  // Kept is what is left of the arguments, in their order: walk both and
  // put the response files back where they were.
  std::vector<std::string> Args;
  size_t K = 0;
  for (int I = Argc + 1; I < All; ++I) {
    StringRef A = Argv[I];
    if (K < Kept.size() && A == Kept[K])
      Args.push_back(Kept[K++]);
    else if (A.starts_with("@"))
      Args.push_back(A.str());
  }
  return Args;
}

/// The run the options ask for, or why they cannot ask for one.
Expected<MigrationRequest>
requestFrom(std::optional<std::vector<std::string>> FixedArgs,
            const char *Argv0) {
  MigrationRequest R;
  if (Shard.getNumOccurrences()) {
    auto [KS, NS] = StringRef(Shard).split('/');
    if (KS.getAsInteger(10, R.ShardK) || NS.getAsInteger(10, R.ShardN) ||
        R.ShardN == 0 || R.ShardK == 0 || R.ShardK > R.ShardN)
      return createStringError(inconvertibleErrorCode(),
                               "--shard expects K/N with 1 <= K <= N, got '" +
                                   Shard + "'");
  }
  if (Error E = checkAnalysisOptions())
    return std::move(E);
  R.Database.BuildPath = BuildPath;
  R.Database.FixedArgs = std::move(FixedArgs);
  R.Database.Files.assign(SourcePaths.begin(), SourcePaths.end());
  R.Database.ProjectRoots.assign(ProjectRoot.begin(), ProjectRoot.end());

  R.Fast.Prefilter = prefilterEnabled();
  R.Fast.Cache = !NoCache;
  R.Fast.CacheOptions.Dir =
      CacheDir.empty() ? defaultCacheDir() : std::string(CacheDir);
  R.Fast.CacheOptions.MaxBytes = uint64_t(CacheMaxMB) << 20;
  if (std::vector<std::string> Markers = libraryMarkers(); !Markers.empty())
    R.Fast.CacheOptions.LibraryMarkers = std::move(Markers);
  R.Fast.CacheOptions.SkipSystemFunctionBodies = !ParseSystemBodies;
  R.Fast.CacheOptions.Argv0 = Argv0;
  R.Fast.CacheOptions.MainAddr = reinterpret_cast<void *>(&printVersion);

  R.Run.Jobs = Jobs;
  R.Run.SkipSystemFunctionBodies = !ParseSystemBodies;
  applyParseOptions(R.Run);

  R.Fix = Fix;
  R.Diff = Diff;
  R.ExportFixesPath = ExportFixesPath;
  R.Verify = Verify && !NoVerify;
  R.AllowOutside = AllowOutside;
  R.BeforeCommit = pauseHook(PauseBeforeCommit);
  useNamedTemporariesForTesting(NamedTemporaries);
  R.Quiet = Quiet;
  R.Stats = Stats;
  R.BaselinePaths.assign(BaselinePaths.begin(), BaselinePaths.end());
  R.WriteBaselinePath = WriteBaseline;
  R.LineFiltered = !LineFilter.empty();
  return R;
}

int run(int argc, const char **argv) {
  // Everything after "--" is the compile command for every file.
  // (Reported once the options are parsed: --help still helps.)
  int Argc = argc;
  std::optional<std::vector<std::string>> FixedArgs;
  std::string FixedArgsError;
  if (auto Args = compilerArguments(Argc, argv))
    FixedArgs = std::move(*Args);
  else
    FixedArgsError = toString(Args.takeError());

  cl::HideUnrelatedOptions({&Category, &FastCategory, &analysisCategory()});
  wrapOptionHelp({&Category, &FastCategory, &analysisCategory()}, 100);
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  raw_string_ostream ParseErrorStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(Argc, argv, Overview, &ParseErrorStream)) {
    errs() << ParseErrorStream.str();
    errs() << "Run 'transformers-migrate --help' for usage.\n";
    return ExitUsage;
  }
  if (!FixedArgsError.empty())
    return usageError(FixedArgsError);
  if (Fix && Diff)
    return usageError("--fix and --diff are mutually exclusive (--diff is "
                      "the dry run of --fix)");
  if (!WriteBaseline.empty() && (Fix || Diff || !LineFilter.empty()))
    return usageError(
        "--write-baseline records every finding of the run and cannot be "
        "combined with --fix, --diff or --line-filter, which leave findings "
        "out of it");
  if (Diff && Format != OutputFormat::Text)
    return usageError("--diff prints the diff on stdout and cannot be "
                      "combined with --format=json|sarif; use "
                      "--export-fixes");

  // Options that cannot work fail before anything is read.
  Expected<MigrationRequest> Request =
      requestFrom(std::move(FixedArgs), argv[0]);
  if (!Request)
    return usageError(toString(Request.takeError()));
  auto Cfg = CheckConfig::create(configRequest());
  if (!Cfg)
    return usageError(toString(Cfg.takeError()));

  if (ListChecks || DumpConfig || ExplainConfig)
    return printConfiguration(**Cfg);

  warnAboutResourceDir("transformers-migrate", errs());

  auto M = Migration::open(std::move(*Request), **Cfg);
  if (!M) {
    reportErrors(M.takeError());
    return ExitUsage;
  }
  Migration &Run = **M;

  Progress Prog(Run.files().size(), !Quiet);
  Error Refused = Run.analyse(
      [&](const TUResult &R) {
        Prog.unitDone(R.MainFile, R.Findings.size(), R.Commands);
      },
      errs());
  Prog.finish();
  if (reportErrors(std::move(Refused)))
    return ExitUsage;
  Run.plan(errs());
  Run.commit(errs());

  bool OutputLost = printReport(Run, **Cfg);
  if (!Quiet) {
    printClosingSummary(errs(), Run.merged(), Run.counts(), Fix,
                        Run.fixPlan().Files.size());
    printBaselineSummary(errs(), Run.baseline(), WriteBaseline,
                         Run.baselineWritten());
  }
  return exitCodeFor(Run.outcome(OutputLost));
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  int Exit = run(argc, argv);
  removeModuleScratch();
  // An output that failed at the last moment is an I/O error (exit 2), and
  // a stream's error is cleared so that LLVM does not abort on it at exit.
  outs().flush();
  if (outs().has_error()) {
    outs().clear_error();
    Exit = ExitUsage; // outranks every other status (ExitStatus.h)
  }
  errs().clear_error();
  return Exit;
}
