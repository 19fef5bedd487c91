//===- Runner.cpp - Schedules the translation units -----------------------===//

#include "Runner.h"
#include "driver/OutputGuard.h"
#include "driver/TidyDriver.h"
#include "fastpath/FastPath.h"
#include "input/OutputTargets.h"
#include "input/ResponseFileDatabase.h"
#include "support/Parallel.h"
#include <mutex>

using namespace clang;
using namespace clang::tooling;

namespace tmigrate {

std::vector<TUResult> runAll(const CompilationDatabase &DB,
                             const std::vector<std::string> &Files,
                             CheckConfig &Config, const RunOptions &Opts,
                             ProgressFn Progress) {
  // The units of work, commands and configurations are computed up front,
  // on this thread: one unit per compile command of each file.
  struct Unit {
    size_t File;
    std::optional<CompileCommand> Command;
    unsigned Index = 0, Count = 1;
  };
  std::vector<Unit> Units;
  std::vector<FileConfig> Configs(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::vector<CompileCommand> Cmds = DB.getCompileCommands(Files[I]);
    if (Cmds.empty())
      Units.push_back({I, std::nullopt});
    for (size_t C = 0; C < Cmds.size(); ++C)
      Units.push_back(
          {I, std::move(Cmds[C]), unsigned(C), unsigned(Cmds.size())});
    Configs[I] = Config.configFor(Files[I]);
  }
  std::vector<TUResult> Results(Units.size());

  // One clang-tidy session per worker thread (a ClangTidyContext holds the
  // state of the file it analyses), created on first use and reused.
  std::mutex WorkersMutex;
  std::vector<std::unique_ptr<TidyWorker>> Idle;
  auto RunOne = [&](const Unit &U) {
    std::unique_ptr<TidyWorker> Worker;
    {
      std::lock_guard<std::mutex> Lock(WorkersMutex);
      if (!Idle.empty()) {
        Worker = std::move(Idle.back());
        Idle.pop_back();
      }
    }
    if (!Worker)
      Worker = std::make_unique<TidyWorker>(Config.workerProvider());
    TUResult R = Worker->run(*U.Command, Files[U.File], Configs[U.File], Opts);
    std::lock_guard<std::mutex> Lock(WorkersMutex);
    Idle.push_back(std::move(Worker));
    return R;
  };

  std::mutex ProgressMutex;
  auto Work = [&](size_t I) {
    const Unit &U = Units[I];
    const std::string &File = Files[U.File];
    const FileConfig &FC = Configs[U.File];
    TUResult R;
    if (!U.Command) {
      R = failedTU(File, "", "no compile command for this file");
    } else if (std::optional<std::string> Why =
                   ResponseFileDatabase::expansionError(*U.Command)) {
      // Neither scanned nor parsed: both would expand the response files
      // again, without bounds.
      R = failedTU(File, U.Command->Directory, *Why + ": '" + File + "'");
    } else if (FC.EnabledChecks.empty()) {
      R.MainFile = File;
      R.BuildDirectory = U.Command->Directory;
    } else if (Opts.Fast) {
      FastDecision D = Opts.Fast->decide(toolCommandLine(*U.Command, Opts),
                                         U.Command->Directory, File, FC);
      if (D.Cached) {
        R = std::move(*D.Cached);
      } else if (D.Skip) {
        // Cannot reach the library: no finding is possible.
        R.MainFile = File;
        R.BuildDirectory = U.Command->Directory;
      } else {
        R = RunOne(U);
        Opts.Fast->store(D, R);
      }
      // Served without a parse: the scan (or the cache's list) says which
      // files the TU reads.
      if (D.Cached || D.Skip)
        R.ReadOutputs = filesWithIdentity(D.Files, Opts.WatchedOutputs);
    } else {
      R = RunOne(U);
    }
    R.Command = U.Index;
    R.Commands = U.Count;
    std::lock_guard<std::mutex> Lock(ProgressMutex);
    Results[I] = std::move(R);
    if (Progress)
      Progress(Results[I]);
  };

  forEachIndex(Opts.Jobs, Units.size(), Work);
  return Results;
}

} // namespace tmigrate
