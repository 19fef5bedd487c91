//===- Runner.cpp - Schedules the translation units -----------------------===//

#include "Runner.h"
#include "FastPath.h"
#include "OutputGuard.h"
#include "ResponseFileDatabase.h"
#include "TidyDriver.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <mutex>

using namespace clang;
using namespace clang::tooling;

namespace tmigrate {

std::vector<TUResult> runAll(const CompilationDatabase &DB,
                             const std::vector<std::string> &Files,
                             CheckConfig &Config, const RunOptions &Opts,
                             ProgressFn Progress) {
  std::vector<TUResult> Results(Files.size());
  // Commands and configurations are computed up front, on this thread.
  std::vector<std::optional<CompileCommand>> Commands(Files.size());
  std::vector<FileConfig> Configs(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::vector<CompileCommand> Cmds = DB.getCompileCommands(Files[I]);
    if (!Cmds.empty())
      Commands[I] = Cmds.front();
    Configs[I] = Config.configFor(Files[I]);
  }

  // One clang-tidy session per worker thread (a ClangTidyContext holds the
  // state of the file it analyses), created on first use and reused.
  std::mutex WorkersMutex;
  std::vector<std::unique_ptr<TidyWorker>> Idle;
  auto RunOne = [&](size_t I) {
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
    TUResult R = Worker->run(*Commands[I], Files[I], Configs[I], Opts);
    std::lock_guard<std::mutex> Lock(WorkersMutex);
    Idle.push_back(std::move(Worker));
    return R;
  };

  std::mutex ProgressMutex;
  auto Work = [&](size_t I) {
    TUResult R;
    if (!Commands[I]) {
      R = failedTU(Files[I], "", "no compile command for this file");
    } else if (std::optional<std::string> Why =
                   ResponseFileDatabase::expansionError(*Commands[I])) {
      // Neither scanned nor parsed: both would expand the response files
      // again, without bounds.
      R = failedTU(Files[I], Commands[I]->Directory,
                   *Why + ": '" + Files[I] + "'");
    } else if (Configs[I].EnabledChecks.empty()) {
      R.MainFile = Files[I];
      R.BuildDirectory = Commands[I]->Directory;
    } else if (Opts.Fast) {
      FastDecision D =
          Opts.Fast->decide(toolCommandLine(*Commands[I], Opts),
                            Commands[I]->Directory, Files[I], Configs[I]);
      if (D.Cached) {
        R = std::move(*D.Cached);
      } else if (D.Skip) {
        // Cannot reach the library: no finding is possible.
        R.MainFile = Files[I];
        R.BuildDirectory = Commands[I]->Directory;
      } else {
        R = RunOne(I);
        Opts.Fast->store(D, R);
      }
    } else {
      R = RunOne(I);
    }
    std::lock_guard<std::mutex> Lock(ProgressMutex);
    Results[I] = std::move(R);
    if (Progress)
      Progress(Results[I]);
  };

  unsigned Jobs = Opts.Jobs;
  if (Jobs <= 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      Work(I);
    return Results;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&Work, I] { Work(I); });
  Pool.wait();
  return Results;
}

} // namespace tmigrate
