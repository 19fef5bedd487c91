//===- ChildProcess.h - A program run with pipes on stdin/stdout -*- C++
//-*-===//
//
// The clangd the server wraps (--clangd=PATH): started with posix_spawn
// (llvm::sys::ExecuteNoWait redirects to files only), its stdin and stdout
// pipes to this process, its stderr this process's own (the editor's log).
// Every descriptor of the pipes is close-on-exec, so that the child holds
// no end of its own stdin: it sees the end of input when this process
// closes that pipe or dies.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_CHILDPROCESS_H
#define TRANSFORMERS_TIDY_LSP_CHILDPROCESS_H

#include "llvm/Support/Error.h"
#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tlsp {

class ChildProcess {
public:
  /// Runs \p Program (a path) with \p Args (after argv[0]).
  static llvm::Expected<ChildProcess>
  spawn(const std::string &Program, const std::vector<std::string> &Args);

  ChildProcess(ChildProcess &&O);
  ChildProcess &operator=(ChildProcess &&) = delete;
  ~ChildProcess();

  pid_t pid() const { return Pid; }
  /// Write to the child's stdin.
  int input() const { return In; }
  /// Read the child's stdout.
  int output() const { return Out; }
  /// Closes the child's stdin (it sees the end of its input).
  void closeInput();

  /// Waits up to \p Timeout for the child to end (polls; one thread only,
  /// while kill() may come from another);
  /// its wait status, or none if it still runs.
  std::optional<int> wait(std::chrono::milliseconds Timeout);
  /// SIGKILL, unless it has ended already.
  void kill();

  /// "exited with status 3", "was killed by signal 9 (Killed)".
  static std::string describe(int WaitStatus);

private:
  ChildProcess(pid_t Pid, int In, int Out) : Pid(Pid), In(In), Out(Out) {}
  pid_t Pid;
  int In, Out;
  /// Set once waited for: a pid is never signalled after it may be reused.
  std::atomic<bool> Reaped{false};
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_CHILDPROCESS_H
