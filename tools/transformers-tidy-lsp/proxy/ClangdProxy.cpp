//===- ClangdProxy.cpp ----------------------------------------------------===//

#include "proxy/ClangdProxy.h"
#include "proxy/ChildProcess.h"
#include "proxy/ProxyRouter.h"
#include "llvm/Support/raw_ostream.h"
#include <condition_variable>
#include <deque>
#include <fcntl.h>
#include <memory>
#include <thread>
#include <unistd.h>

namespace tlsp {

using llvm::json::Value;

namespace {

using Clock = std::chrono::steady_clock;

/// Messages for one peer, written in order by a thread of their own. The
/// thread shares the queue's state, so that it may outlive the Outbox while
/// it blocks writing to a peer that no longer reads.
class Outbox {
public:
  explicit Outbox(int FD) : S(std::make_shared<State>(FD)) {
    std::thread([S = S] { loop(*S); }).detach();
  }
  ~Outbox() {
    std::lock_guard<std::mutex> Lock(S->Mutex);
    S->Stopping = true;
    S->Changed.notify_all();
  }

  void post(const Value &Message) {
    std::string Content;
    llvm::raw_string_ostream OS(Content);
    OS << Message;
    OS.flush();
    std::lock_guard<std::mutex> Lock(S->Mutex);
    S->Queue.push_back(std::move(Content));
    S->Changed.notify_all();
  }

  /// Waits up to \p Timeout for everything posted to be written (or
  /// refused by a peer that is gone); false if some still waits.
  bool flush(std::chrono::milliseconds Timeout) {
    std::unique_lock<std::mutex> Lock(S->Mutex);
    return S->Changed.wait_for(Lock, Timeout,
                               [&] { return S->Queue.empty() && !S->Writing; });
  }

private:
  struct State {
    explicit State(int FD) : Writer(FD) {}
    MessageWriter Writer;
    std::mutex Mutex;
    std::condition_variable Changed;
    std::deque<std::string> Queue;
    bool Writing = false;
    bool Stopping = false;
  };

  static void loop(State &S) {
    std::unique_lock<std::mutex> Lock(S.Mutex);
    while (true) {
      S.Changed.wait(Lock, [&] { return !S.Queue.empty() || S.Stopping; });
      if (S.Queue.empty())
        return;
      std::string Content = std::move(S.Queue.front());
      S.Queue.pop_front();
      S.Writing = true;
      Lock.unlock();
      S.Writer.sendContent(Content);
      Lock.lock();
      S.Writing = false;
      S.Changed.notify_all();
    }
  }

  std::shared_ptr<State> S;
};

/// One run of the proxy. Its threads block on input that may never end
/// (our Server's reader of its pipe): the session is never destroyed, and
/// the process ends after run().
class Session {
public:
  Session(ChildProcess Child, int ToOurs[2], int FromOurs[2], int ClientIn,
          int ClientOut)
      : Child(std::move(Child)), FromOursFD{FromOurs[0], FromOurs[1]},
        ClientIn(ClientIn), ToClient(ClientOut), ToClangd(this->Child.input()),
        ToOurs(ToOurs[1]), OursIn(ToOurs[0]), OursOut(FromOurs[1]),
        Router([this](Peer To, Value M) { post(To, M); }) {}

  int run(const ServeFn &Serve);

private:
  void post(Peer To, const Value &M) {
    (To == Peer::Client   ? ToClient
     : To == Peer::Clangd ? ToClangd
                          : ToOurs)
        .post(M);
  }
  /// Reads \p In until its end, handing each message to \p Route.
  void readAll(MessageReader &In, llvm::StringRef Who,
               void (ProxyRouter::*Route)(Value));
  void readClangd();
  /// Waits up to \p Timeout for clangd to have ended and been reported.
  bool waitForClangd(std::chrono::milliseconds Timeout);

  ChildProcess Child;
  /// Our Server's output pipe. Its input pipe is never closed: the
  /// Server's reading thread, left blocked on it after exit, never wakes.
  int FromOursFD[2];
  int ClientIn;
  Outbox ToClient, ToClangd, ToOurs;
  MessageReader OursIn;
  MessageWriter OursOut;

  std::mutex Mutex; ///< Guards Router.
  ProxyRouter Router;
  std::condition_variable ClangdGone;
  bool ClangdEnded = false;
};

void Session::readAll(MessageReader &In, llvm::StringRef Who,
                      void (ProxyRouter::*Route)(Value)) {
  while (true) {
    std::string Content, Error;
    MessageReader::Kind K = In.read(Content, Error);
    if (K == MessageReader::Kind::EndOfInput)
      return;
    if (K == MessageReader::Kind::BadFrame) {
      llvm::errs() << "transformers-tidy-lsp: bad frame from " << Who << ": "
                   << Error << "\n";
      continue;
    }
    llvm::Expected<Value> V = llvm::json::parse(Content);
    if (!V) {
      llvm::errs() << "transformers-tidy-lsp: not JSON from " << Who << ": "
                   << llvm::toString(V.takeError()) << "\n";
      continue;
    }
    std::lock_guard<std::mutex> Lock(Mutex);
    (Router.*Route)(std::move(*V));
  }
}

void Session::readClangd() {
  MessageReader In(Child.output());
  readAll(In, "clangd", &ProxyRouter::fromClangd);
  // Its output is closed: it has ended, or is about to. One that closes
  // its output and goes on running is of no use either.
  std::optional<int> Status = Child.wait(std::chrono::milliseconds(2000));
  if (!Status) {
    Child.kill();
    Status = Child.wait(std::chrono::milliseconds(2000));
  }
  std::string How =
      Status ? ChildProcess::describe(*Status) : "closed its output";
  std::lock_guard<std::mutex> Lock(Mutex);
  Router.clangdEnded(How);
  ClangdEnded = true;
  ClangdGone.notify_all();
}

bool Session::waitForClangd(std::chrono::milliseconds Timeout) {
  std::unique_lock<std::mutex> Lock(Mutex);
  return ClangdGone.wait_for(Lock, Timeout, [&] { return ClangdEnded; });
}

int Session::run(const ServeFn &Serve) {
  std::thread OursThread([&] { Serve(OursIn, OursOut); });
  std::thread OursReader([&] {
    MessageReader In(FromOursFD[0]);
    readAll(In, "the transformers-tidy server", &ProxyRouter::fromOurs);
  });
  std::thread ClangdReader([&] { readClangd(); });

  // The client, on this thread, until its exit or the end of its input.
  MessageReader In(ClientIn);
  bool Exited = false;
  while (!Exited) {
    std::string Content, Error;
    MessageReader::Kind K = In.read(Content, Error);
    if (K == MessageReader::Kind::EndOfInput)
      break;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (K == MessageReader::Kind::BadFrame) {
      ToClient.post(errorResponse(nullptr, ParseError, "bad frame: " + Error));
      continue;
    }
    llvm::Expected<Value> V = llvm::json::parse(Content);
    if (!V) {
      ToClient.post(errorResponse(
          nullptr, ParseError, "not JSON: " + llvm::toString(V.takeError())));
      continue;
    }
    Router.fromClient(std::move(*V));
    Exited = Router.exitRequested();
  }
  bool ShutDown;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Router.clientEnded(); // sends exit to both, unless the client did
    ShutDown = Router.shutdownRequested();
  }

  // clangd was sent exit: once it is written, the end of its input too;
  // it has two seconds to end before it is killed.
  if (ToClangd.flush(std::chrono::milliseconds(1000)))
    Child.closeInput();
  bool Ended = waitForClangd(std::chrono::milliseconds(2000));
  if (!Ended) {
    Child.kill();
    Ended = waitForClangd(std::chrono::milliseconds(3000));
  }
  // A process clangd started could still hold its output open: then its
  // reader is left behind (the session outlives it).
  if (Ended)
    ClangdReader.join();
  else
    ClangdReader.detach();

  // Our Server ends on exit (after its running analyses); then its output
  // is closed, which ends its reader.
  OursThread.join();
  ::close(FromOursFD[1]);
  OursReader.join();
  ToClient.flush(std::chrono::milliseconds(2000));
  return Exited && ShutDown ? 0 : 1;
}

} // namespace

llvm::Expected<int> runClangdProxy(const ClangdCommand &Clangd, ServeFn Serve,
                                   int ClientIn, int ClientOut) {
  llvm::Expected<ChildProcess> Child =
      ChildProcess::spawn(Clangd.Program, Clangd.Args);
  if (!Child)
    return Child.takeError();
  int ToOurs[2], FromOurs[2];
  if (::pipe2(ToOurs, O_CLOEXEC) != 0 || ::pipe2(FromOurs, O_CLOEXEC) != 0)
    return llvm::createStringError(
        std::error_code(errno, std::generic_category()), "cannot make a pipe");
  // Never destroyed: see Session.
  auto *S =
      new Session(std::move(*Child), ToOurs, FromOurs, ClientIn, ClientOut);
  return S->run(Serve);
}

} // namespace tlsp
