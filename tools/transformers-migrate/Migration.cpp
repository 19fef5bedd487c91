//===- Migration.cpp - One run of transformers-migrate --------------------===//

#include "Migration.h"
#include "driver/TidyDriver.h"
#include "fix/Verifier.h"
#include "report/Emitters.h"
#include "report/Fingerprint.h"
#include "support/Paths.h"
#include "support/SafeFileWriter.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/xxhash.h"
#include <map>
#include <set>

using namespace llvm;

namespace tmigrate {

std::vector<std::string> shardFiles(const std::vector<std::string> &Files,
                                    StringRef Root, unsigned K, unsigned N) {
  std::vector<std::string> Out;
  for (const std::string &F : Files) {
    StringRef Rel = F;
    if (!Root.empty() && Rel.consume_front(Root))
      Rel = Rel.ltrim('/');
    if (xxh3_64bits(Rel) % N == K - 1)
      Out.push_back(F);
  }
  return Out;
}

// Checked before the parse so the user reads one clear line instead of the
// driver's "no input files" and "expected exactly one compiler job", and a
// binary file is not silently skipped by the prefilter.
std::optional<std::string> unusableSource(StringRef File) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(File, Status))
    return EC == std::errc::no_such_file_or_directory
               ? std::string("no such file")
               : "cannot read this file: " + EC.message();
  if (sys::fs::is_directory(Status))
    return std::string("this is a directory, not a source file");
  if (!sys::fs::is_regular_file(Status))
    return std::string("this is not a regular file");
  Expected<sys::fs::file_t> FD = sys::fs::openNativeFileForRead(File);
  if (!FD)
    return "cannot read this file: " + toString(FD.takeError());
  // NUL bytes never occur in source text; 64 KiB are enough to tell.
  SmallVector<char, 0> Head(64 * 1024);
  Expected<size_t> Read =
      sys::fs::readNativeFile(*FD, MutableArrayRef<char>(Head));
  sys::fs::closeFile(*FD);
  if (!Read)
    return "cannot read this file: " + toString(Read.takeError());
  if (StringRef(Head.data(), *Read).contains('\0'))
    return std::string("this is not a source file: it contains NUL bytes");
  return std::nullopt;
}

Error configurationErrors(const CheckConfig &Config) {
  std::vector<std::string> Errors = Config.errors();
  if (Errors.empty())
    return Error::success();
  Error All = Error::success();
  for (const std::string &E : Errors)
    All = joinErrors(std::move(All),
                     createStringError(inconvertibleErrorCode(), E));
  return joinErrors(std::move(All),
                    createStringError(inconvertibleErrorCode(),
                                      "nothing was analysed or written; fix "
                                      "the configuration first"));
}

std::vector<NamedOutput> MigrationRequest::namedOutputs() const {
  return {{"--export-fixes", ExportFixesPath},
          {"--write-baseline", WriteBaselinePath}};
}

Migration::Migration(MigrationRequest R, LoadedDatabase D, CheckConfig &C,
                     OutputTargets O, Baseline B)
    : Request(std::move(R)), DB(std::move(D)), Config(C), Outputs(std::move(O)),
      KnownFindings(std::move(B)) {
  Request.Run.WatchedOutputs = Outputs.identities();
  if (Request.Fast.CacheOptions.Dir.empty())
    Request.Fast.Cache = false;
  if (Request.Fast.Prefilter || Request.Fast.Cache)
    Fast.emplace(Request.Fast);
  Request.Run.Fast = Fast ? &*Fast : nullptr;
  if (!Request.Run.Jobs)
    Request.Run.Jobs = hardware_concurrency().compute_thread_count();
}

Migration::~Migration() = default;

/// The outputs the user named, checked against the inputs known before the
/// analysis (OutputTargets.h).
static Expected<OutputTargets> checkOutputs(std::vector<NamedOutput> Named,
                                            const LoadedDatabase &DB,
                                            const CheckConfig &Config,
                                            bool AllowOutside) {
  Expected<OutputTargets> Outputs =
      OutputTargets::check(std::move(Named), DB.Project, AllowOutside);
  if (!Outputs)
    return Outputs.takeError();
  std::vector<std::string> Entries = DB.DB->getAllFiles();
  Entries.insert(Entries.end(), DB.Files.begin(), DB.Files.end());
  if (Error E = Outputs->refuseInputs(Entries, "a source file of the run"))
    return std::move(E);
  if (Error E = Outputs->refuseInputs(DB.ReadFrom, "the compilation database"))
    return std::move(E);
  if (Error E = Outputs->refuseInputs(Config.filesRead(),
                                      "a configuration file the run reads"))
    return std::move(E);
  return Outputs;
}

/// The baselines the run reads, which no output may replace.
static Expected<Baseline> readBaselinesFor(const MigrationRequest &R,
                                           const OutputTargets &Outputs) {
  if (Error E = Outputs.refuseInputs(R.BaselinePaths,
                                     "a baseline the run reads (to record "
                                     "the findings anew, run with "
                                     "--write-baseline alone)"))
    return std::move(E);
  return readBaselines(R.BaselinePaths);
}

Expected<std::unique_ptr<Migration>> Migration::open(MigrationRequest R,
                                                     CheckConfig &Config) {
  Expected<LoadedDatabase> DB = loadCompilationDatabase(R.Database);
  if (!DB)
    return DB.takeError();
  if (R.ShardN > 1)
    DB->Files =
        shardFiles(DB->Files, DB->Project.Roots.front(), R.ShardK, R.ShardN);
  // Every configuration that governs a file is read before any file is
  // analysed: one that does not parse stops the run, instead of the files
  // it governs being analysed with the defaults.
  for (const std::string &F : DB->Files)
    (void)Config.configFor(F);
  if (Error E = configurationErrors(Config))
    return std::move(E);
  Expected<OutputTargets> Outputs =
      checkOutputs(R.namedOutputs(), *DB, Config, R.AllowOutside);
  if (!Outputs)
    return Outputs.takeError();
  Expected<Baseline> B = readBaselinesFor(R, *Outputs);
  if (!B)
    return B.takeError();
  return std::unique_ptr<Migration>(new Migration(std::move(R), std::move(*DB),
                                                  Config, std::move(*Outputs),
                                                  std::move(*B)));
}

std::function<bool(StringRef)> Migration::judge() const {
  const std::string Root = projectRoot();
  // Each file's relative path once, not once per entry: a shard leaves
  // most of a large tree's entries unmatched, and resolving every analysed
  // file's path for each of them took minutes (20,000 entries, 1,000 files).
  auto RelativePaths = [&](const std::vector<std::string> &Files) {
    llvm::StringSet<> Out;
    for (const std::string &F : Files)
      Out.insert(projectRelative(realPathOf(F), Root));
    return Out;
  };
  // A run over the whole database saw every file's findings, headers'
  // included; a run over some files (a shard, files named, a line filter)
  // only its main files'; and so does a run in which a TU failed, as the
  // headers it read may be read by no other TU.
  bool Whole = Request.Database.Files.empty() && Request.ShardN == 1 &&
               !Request.LineFiltered && Merged.Summary.FailedFiles.empty();
  bool LineFiltered = Request.LineFiltered;
  llvm::StringSet<> Failed = RelativePaths(Merged.Summary.FailedFiles);
  llvm::StringSet<> Analysed;
  if (!Whole && !LineFiltered)
    Analysed = RelativePaths(Merged.Summary.Files);
  return [Failed = std::move(Failed), Analysed = std::move(Analysed), Whole,
          LineFiltered](StringRef Path) {
    if (Failed.contains(Path))
      return false;
    if (Whole)
      return true;
    if (LineFiltered)
      return false;
    return Analysed.contains(Path);
  };
}

void Migration::applyBaselines() {
  const std::string Root = projectRoot();
  assignFingerprints(Merged.Records, Root);
  if (Request.BaselinePaths.empty())
    return;
  BaselineMatch M = applyBaseline(KnownFindings, Merged.Records, Root, judge());
  BaselineResult.Accepted = std::move(M.Accepted);
  BaselineResult.Updated = std::move(M.Updated);
  BaselineResult.NotFound = std::move(M.NotFound);
  Merged.Summary.Baseline = &BaselineResult;
}

/// A cache that cannot be used is a warning, never a verdict: the run goes
/// on as with --no-cache (FastPath.h).
static void warnCacheDisabled(StringRef Why, raw_ostream &Log) {
  Log << "transformers-migrate: warning: result cache disabled: " << Why
      << "\n";
}

Error Migration::analyse(ProgressFn Progress, raw_ostream &Log) {
  std::optional<std::string> CacheOff = Fast ? Fast->openCache() : std::nullopt;
  if (CacheOff)
    warnCacheDisabled(*CacheOff, Log);
  std::vector<std::string> Usable;
  std::map<std::string, TUResult> Unusable;
  for (const std::string &F : DB.Files) {
    if (auto Why = unusableSource(F)) {
      TUResult &Failed =
          Unusable.emplace(F, failedTU(F, "", *Why + ": '" + F + "'"))
              .first->second;
      if (Progress)
        Progress(Failed);
    } else {
      Usable.push_back(F);
    }
  }
  std::vector<TUResult> Parsed =
      runAll(*DB.DB, Usable, Config, Request.Run, std::move(Progress));
  // Turned off during the run: a write failed (the disk filled up).
  if (!CacheOff && Fast)
    if (std::optional<std::string> Why = Fast->cacheDisabled())
      warnCacheDisabled(*Why, Log);
  // Back in the database's order, unusable files in their place; a file's
  // results (one per compile command) are consecutive.
  size_t Units = Parsed.size();
  std::vector<TUResult> Results;
  Results.reserve(Parsed.size() + Unusable.size());
  for (size_t I = 0, P = 0; I < DB.Files.size(); ++I) {
    auto It = Unusable.find(DB.Files[I]);
    if (It != Unusable.end()) {
      Results.push_back(std::move(It->second));
      continue;
    }
    for (size_t End = P + Parsed[P].Commands; P < End; ++P)
      Results.push_back(std::move(Parsed[P]));
  }
  if (Fast)
    Fast->trim();
  if (Request.Stats) {
    unsigned Skipped = Fast ? Fast->Skipped.load() : 0;
    unsigned Hits = Fast ? Fast->Hits.load() : 0;
    unsigned CachedSkips = Fast ? Fast->CachedSkips.load() : 0;
    Log << "transformers-migrate: " << DB.Files.size() << " file"
        << plural(DB.Files.size()) << ", " << Units << " compile command"
        << plural(Units) << ": " << Skipped << " skipped by the prefilter ("
        << Skipped - CachedSkips << " decided now, " << CachedSkips
        << " from the cache), " << Hits << " results from the cache, "
        << Units - Skipped - Hits << " parsed";
    // Normally none: only a TU that passes a legacy value into a system
    // template the analysis follows it through (TidyDriver.cpp).
    if (size_t Twice = llvm::count_if(
            Results, [](const TUResult &R) { return R.ParsedTwice; }))
      Log << " (" << Twice << " of them twice, with every function body)";
    if (!Unusable.empty())
      Log << ", " << Unusable.size() << " unusable";
    if (Fast && Fast->Invalid)
      Log << ", " << Fast->Invalid.load() << " invalid cache entries ignored";
    // A warm run on an unchanged tree needs none (FastPath.h, direct mode).
    Log << "; " << (Fast ? Fast->Scans.load() : 0) << " dependency scans\n";
  }
  // Before anything is written: an output the user named must not be a
  // file a translation unit read (a header), whatever the fast paths did.
  for (const TUResult &R : Results)
    if (Error E = Outputs.refuseRead(R.ReadOutputs, R.MainFile)) {
      Refused = true;
      return E;
    }
  // Merged, sorted and de-duplicated like clang-tidy (a header's finding
  // seen from many TUs is reported once).
  Merged = mergeResults(std::move(Results), Request.Fix);
  // Before anything plans or reports: accepted findings are not fixed,
  // exported, reported or counted.
  applyBaselines();
  // Once per run, not per TU: a name copied with a typo, or from a library
  // the project does not include, silently matches nothing otherwise.
  for (const TypeNameUse &T : Merged.UnnamedTypes)
    if (!isDefaultTypeName(T.Option, T.Name))
      Log << "transformers-migrate: warning: '" << T.Name << "' in option '"
          << T.Option << "' names no type in any of the "
          << Merged.TypeCheckedTUs << " translation unit"
          << plural(Merged.TypeCheckedTUs) << " analysed; it matches nothing\n";
  return Error::success();
}

void Migration::plan(raw_ostream &Log) {
  if (Refused ||
      (!Request.Fix && !Request.Diff && Request.ExportFixesPath.empty()))
    return;
  PlanOptions PO;
  PO.Project = DB.Project;
  PO.AllowOutside = Request.AllowOutside;
  if (Request.Verify) {
    VerifyResult VR =
        planAndVerify(Merged.Records, Merged.SeenHashes, PO, *DB.DB,
                      Merged.Units, Request.Run, /*Severe=*/Request.Fix);
    Plan = std::move(VR.Plan);
    insertRecords(Merged.Records, Plan, std::move(VR.Rejections));
    if (Request.Stats)
      Log << "transformers-migrate: " << VR.Parses
          << " parses to verify the fixes\n";
  } else {
    Plan = planFixes(Merged.Records, Merged.SeenHashes, PO);
  }
  Problems = Plan.Problems;
}

/// Removes the temporaries of killed runs next to every file a run may
/// write, and says so.
static void removeStaleTemporaries(const FixPlan &Plan,
                                   const std::vector<std::string> &Files,
                                   const std::vector<Record> &Records,
                                   const ProjectScope &Project,
                                   bool AllowOutside, bool Quiet,
                                   raw_ostream &Log) {
  std::set<std::string> Dirs;
  // Only where --fix may write: removing a file is a write too.
  auto Add = [&](StringRef File) {
    if (!File.empty() && (AllowOutside || Project.contains(File)))
      Dirs.insert(std::string(sys::path::parent_path(File)));
  };
  for (const auto &[Path, FP] : Plan.Files)
    Add(Path);
  for (const std::string &F : Files)
    Add(realPathOf(F));
  for (const Record &R : Records)
    Add(R.RealFile);
  for (const std::string &Dir : Dirs)
    for (const std::string &Removed : tmigrate::removeStaleTemporaries(Dir))
      if (!Quiet)
        Log << "transformers-migrate: removed '" << Removed
            << "', a temporary file left by an interrupted run\n";
}

void Migration::commit(raw_ostream &Log) {
  if (Refused)
    return;
  // The outputs the user named first: with --fix, fixes whose YAML the
  // user asked for and cannot get are not written either.
  bool ExportLost = false;
  if (!Request.WriteBaselinePath.empty()) {
    std::vector<const Record *> All;
    for (const Record &R : Merged.Records)
      All.push_back(&R);
    for (const Record &R : BaselineResult.Accepted)
      All.push_back(&R);
    std::vector<BaselineEntry> Entries = baselineEntries(All, projectRoot());
    if (Error E =
            writeOutputFile(Request.WriteBaselinePath, baselineText(Entries))) {
      Log << "transformers-migrate: error: " << toString(std::move(E)) << "\n";
      IOError = ExportLost = true;
    } else {
      BaselineWritten = Entries.size();
    }
  }
  if (!ExportLost && !Request.ExportFixesPath.empty())
    if (Error E =
            exportFixes(Request.ExportFixesPath, Merged.Records, Plan.Applied,
                        DB.Files.empty() ? "" : DB.Files.front(), Problems)) {
      Log << "transformers-migrate: error: " << toString(std::move(E)) << "\n";
      IOError = ExportLost = true;
    }
  if (!Request.Fix)
    return;
  if (ExportLost) {
    Problems.push_back("no file was written: the run had an I/O error");
    Plan.Applied.assign(Plan.Applied.size(), false);
    Plan.Files.clear();
    return;
  }
  removeStaleTemporaries(Plan, DB.Files, Merged.Records, DB.Project,
                         Request.AllowOutside, Request.Quiet, Log);
  WriteProblems Unwritten = writeFixes(Plan, Request.BeforeCommit);
  // A fix target that cannot be written (edited meanwhile, read-only, a
  // full disk, an immutable directory) keeps its finding for the next run:
  // exit 1, never the run's I/O error, which is for outputs the user named.
  Problems.insert(Problems.end(), Unwritten.Lines.begin(),
                  Unwritten.Lines.end());
}

RunCounts Migration::counts() const {
  return countFindings(Merged.Records, Plan.Applied, Request.Fix);
}

RunOutcome Migration::outcome(bool OutputLost) const {
  RunOutcome O;
  O.IOError = IOError || OutputLost || Refused;
  O.FailedTUs = Merged.Summary.FailedFiles.size();
  // A run that wrote a baseline accepted every finding it recorded.
  O.RemainingFindings = BaselineWritten ? 0 : counts().Remaining;
  return O;
}

} // namespace tmigrate
