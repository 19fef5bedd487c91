//===- ProxyRouter.h - One client, two servers: clangd and ours -*- C++ -*-===//
//
// With --clangd=PATH the language server stands between one client (an
// editor that runs one server per buffer, like Emacs eglot) and two
// servers: clangd, a child process, and our own Server. The router decides
// where each message goes and what the client sees, so that the pair looks
// like one server:
//
//  - initialize goes to clangd first: its answer fixes the position
//    encoding (`positionEncoding`, or clangd's `offsetEncoding`), which our
//    Server is then offered alone, so that both speak the one the client
//    was told. The client gets clangd's result (its textDocumentSync, its
//    serverInfo) with our code action kinds added to codeActionProvider.
//  - Notifications of the client (didOpen, didChange, didSave, didClose,
//    $/cancelRequest, ...) go to both; its requests go to clangd alone,
//    except codeAction (answered with clangd's actions, then ours; ours
//    alone when clangd fails) and shutdown (answered when both have).
//  - publishDiagnostics of either side: the router keeps each side's latest
//    list per document and sends the client their union (clangd's, then
//    ours) with the newer version, so that neither hides the other.
//  - Requests of clangd to the client (window/workDoneProgress/create,
//    workspace/configuration, ...) pass with their ids unchanged, and the
//    client's responses go back to clangd: our Server sends the client no
//    request today. Should it ever send one, its id is renamed
//    "transformers-tidy-lsp:N" on the way out (clangd's ids are numbers)
//    and the response is routed back to it by that name.
//  - When clangd ends before the client's `exit`, the client is told
//    (window/showMessage, Error, "clangd exited with status N"); what waited
//    for clangd is answered without it (a request clangd alone would answer
//    gets an error), clangd's diagnostics are withdrawn, and ours go on.
//
// No I/O and no threads: messages in, messages out through one callback, in
// order. The caller serialises the calls (ClangdProxy.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_PROXYROUTER_H
#define TRANSFORMERS_TIDY_LSP_PROXYROUTER_H

#include "llvm/Support/JSON.h"
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tlsp {

enum class Peer { Client, Clangd, Ours };

class ProxyRouter {
public:
  using SendFn = std::function<void(Peer To, llvm::json::Value Message)>;

  explicit ProxyRouter(SendFn Send) : Send(std::move(Send)) {}

  /// A message from the client. `exit` is sent on to both servers; after
  /// it, exitRequested() is true and the caller ends the servers.
  void fromClient(llvm::json::Value Message);
  void fromClangd(llvm::json::Value Message);
  void fromOurs(llvm::json::Value Message);

  /// The client's input ended without `exit`: both servers are told to
  /// exit, as if it had been sent.
  void clientEnded();
  /// clangd's process has ended; \p How says how ("exited with status 3").
  void clangdEnded(llvm::StringRef How);

  bool exitRequested() const { return ExitRequested; }
  bool shutdownRequested() const { return ShutdownRequested; }

  /// The JSON-RPC error code of answers that clangd can no longer give
  /// (LSP's RequestFailed).
  static constexpr int ClangdGone = -32803;

private:
  /// A client request that both servers answer, answered when both have.
  struct Joint {
    enum Kind { Initialize, Shutdown, CodeAction } K = Initialize;
    llvm::json::Value ClientId = nullptr;
    llvm::json::Value Params = nullptr;
    std::optional<int64_t> OursId; ///< Once sent to our Server.
    /// Each side's whole response message, once it came.
    std::optional<llvm::json::Value> FromClangd, FromOurs;
  };
  /// Each side's latest publishDiagnostics for one document.
  struct Published {
    std::optional<int64_t> Version;
    llvm::json::Array Diagnostics;
  };

  void toClangd(llvm::json::Value Message);
  void toOurs(llvm::json::Value Message);
  void clientRequest(llvm::StringRef Method, const llvm::json::Value &Id,
                     const llvm::json::Value &Message);
  void startJoint(Joint::Kind K, const llvm::json::Value &Id,
                  const llvm::json::Value &Message);
  void sendOursRequest(Joint &J, llvm::StringRef Method,
                       llvm::json::Value Params);
  /// Moves \p J on after an answer: initialize is sent to our Server once
  /// clangd has answered; a joint request is answered once both have.
  void advance(const std::string &Key);
  llvm::json::Value jointAnswer(Joint &J);
  void publish(Peer From, const llvm::json::Object &Params);
  void publishUnion(const std::string &Uri);
  void cancel(const llvm::json::Value *Id);
  void showError(const std::string &Message);

  SendFn Send;
  bool ExitRequested = false;
  bool ShutdownRequested = false;
  bool ClangdRunning = true;
  std::string ClangdEndedHow;
  /// Before the client's initialize, the specification allows the server
  /// no message: a crash is told when initialize comes.
  bool InitializeSeen = false;
  std::optional<std::string> UntoldCrash;
  /// Our Server is not initialized yet: what the client sends it waits.
  bool OursWaitsForInitialize = true;
  std::vector<llvm::json::Value> HeldForOurs;

  int64_t NextOursId = 1;
  /// Joint requests by the client id's JSON text.
  std::map<std::string, Joint> Joints;
  /// The joint request of each id our Server was sent.
  std::map<int64_t, std::string> OursIds;
  /// Client requests only clangd answers, by id text (answered with an
  /// error if clangd ends first).
  std::map<std::string, llvm::json::Value> ClangdPending;
  /// Our Server's requests to the client: renamed id -> its own id.
  std::map<std::string, llvm::json::Value> OursRequests;
  int64_t NextOursRequest = 1;
  std::map<std::string, std::pair<Published, Published>> Diagnostics;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_PROXYROUTER_H
