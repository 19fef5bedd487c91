//===- ChildProcess.cpp ---------------------------------------------------===//

#include "proxy/ChildProcess.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace tlsp {

namespace {

llvm::Error systemError(const llvm::Twine &What, int Errno) {
  return llvm::createStringError(
      std::error_code(Errno, std::generic_category()),
      What + ": " + std::strerror(Errno));
}

void closeIfOpen(int &FD) {
  if (FD >= 0)
    ::close(FD);
  FD = -1;
}

} // namespace

llvm::Expected<ChildProcess>
ChildProcess::spawn(const std::string &Program,
                    const std::vector<std::string> &Args) {
  int ToChild[2], FromChild[2];
  if (::pipe2(ToChild, O_CLOEXEC) != 0)
    return systemError("pipe", errno);
  if (::pipe2(FromChild, O_CLOEXEC) != 0) {
    int E = errno;
    ::close(ToChild[0]);
    ::close(ToChild[1]);
    return systemError("pipe", E);
  }
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  // dup2 clears close-on-exec on the copies the child keeps.
  posix_spawn_file_actions_adddup2(&Actions, ToChild[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&Actions, FromChild[1], STDOUT_FILENO);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  // This process ignores SIGPIPE (a client that goes away must not kill
  // it); the child gets the default back, as if started from a shell.
  sigset_t Default;
  sigemptyset(&Default);
  sigaddset(&Default, SIGPIPE);
  posix_spawnattr_setsigdefault(&Attr, &Default);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETSIGDEF);

  std::vector<char *> Argv;
  Argv.push_back(const_cast<char *>(Program.c_str()));
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  pid_t Pid = 0;
  int E =
      posix_spawn(&Pid, Program.c_str(), &Actions, &Attr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  posix_spawnattr_destroy(&Attr);
  ::close(ToChild[0]);
  ::close(FromChild[1]);
  if (E != 0) {
    ::close(ToChild[1]);
    ::close(FromChild[0]);
    return systemError("cannot run '" + Program + "'", E);
  }
  return ChildProcess(Pid, ToChild[1], FromChild[0]);
}

ChildProcess::ChildProcess(ChildProcess &&O)
    : Pid(O.Pid), In(O.In), Out(O.Out), Reaped(O.Reaped.load()) {
  O.In = O.Out = -1;
  O.Reaped = true;
}

ChildProcess::~ChildProcess() {
  closeIfOpen(In);
  closeIfOpen(Out);
  if (!Reaped) {
    kill();
    wait(std::chrono::milliseconds(1000));
  }
}

void ChildProcess::closeInput() { closeIfOpen(In); }

std::optional<int> ChildProcess::wait(std::chrono::milliseconds Timeout) {
  if (Reaped)
    return std::nullopt;
  auto Deadline = std::chrono::steady_clock::now() + Timeout;
  while (true) {
    int Status = 0;
    pid_t R = ::waitpid(Pid, &Status, WNOHANG);
    if (R == Pid) {
      Reaped = true;
      return Status;
    }
    if (R < 0 && errno != EINTR) {
      Reaped = true; // not our child any more: nothing to wait for
      return std::nullopt;
    }
    if (std::chrono::steady_clock::now() >= Deadline)
      return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void ChildProcess::kill() {
  if (!Reaped)
    ::kill(Pid, SIGKILL);
}

std::string ChildProcess::describe(int WaitStatus) {
  if (WIFEXITED(WaitStatus))
    return "exited with status " + std::to_string(WEXITSTATUS(WaitStatus));
  if (WIFSIGNALED(WaitStatus)) {
    int Sig = WTERMSIG(WaitStatus);
    const char *Name = strsignal(Sig);
    return "was killed by signal " + std::to_string(Sig) +
           (Name ? std::string(" (") + Name + ")" : std::string());
  }
  return "ended (wait status " + std::to_string(WaitStatus) + ")";
}

} // namespace tlsp
