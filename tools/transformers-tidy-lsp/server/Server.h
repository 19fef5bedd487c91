//===- Server.h - transformers-tidy-lsp's protocol handling ----*- C++ -*-===//
//
// LSP 3.17 over a MessageReader/MessageWriter pair: the lifecycle
// (initialize, initialized, shutdown, exit), text synchronisation (didOpen,
// full and incremental didChange, didSave, didClose), publishDiagnostics
// after each analysis, codeAction (quick fixes and fix-all), and
// $/cancelRequest. Messages are read on one thread and handled in order on
// another, so that a cancellation is seen while the request it cancels
// still waits. A codeAction for a version not analysed yet is answered
// when its analysis ends (or cancelled, or answered with ContentModified
// when a newer edit makes it moot).
//
// The server never writes a file: fixes reach the disk only through the
// client, which applies the WorkspaceEdits.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_SERVER_H
#define TRANSFORMERS_TIDY_LSP_SERVER_H

#include "analysis/AnalysisQueue.h"
#include "protocol/Transport.h"
#include "server/Conversion.h"
#include "server/DocumentStore.h"
#include "llvm/Support/JSON.h"
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace tlsp {

struct ServerOptions {
  /// For the message that names them when a file has no compile command.
  std::vector<std::string> FallbackFlags;
};

class Server {
public:
  Server(MessageWriter &Out, const ServerOptions &Opts);

  /// Where analyses go; set before run() or handle(), and destroyed before
  /// the server (its workers call onResult).
  void setQueue(AnalysisQueue &Q) { Jobs = &Q; }

  /// Reads and handles messages until `exit` or the end of input; returns
  /// the process's exit code (0 after shutdown then exit, 1 otherwise).
  int run(MessageReader &In);

  /// Handles one message's content (the message-layer fuzzer's entry).
  /// Returns false on `exit`.
  bool handle(llvm::StringRef Content);

  /// From a worker: publishes \p R if it is the open document's current
  /// version, and answers the code actions that waited for it.
  void onResult(AnalysisResult R);

private:
  struct DeferredAction {
    llvm::json::Value Id;
    std::string Uri;
    int64_t Version;
    LspPosition Begin, End;
    std::optional<std::vector<std::string>> Only;
  };

  void onRequest(llvm::StringRef Method, llvm::json::Value Id,
                 const llvm::json::Value *Params);
  void onNotification(llvm::StringRef Method, const llvm::json::Value *Params);
  llvm::Error onInitialize(const llvm::json::Value *Params,
                           llvm::json::Value &Result);
  llvm::Error onDidOpen(const llvm::json::Value *Params);
  llvm::Error onDidChange(const llvm::json::Value *Params);
  llvm::Error onDidSave(const llvm::json::Value *Params);
  llvm::Error onDidClose(const llvm::json::Value *Params);
  llvm::Error onCodeAction(const llvm::json::Value &Id,
                           const llvm::json::Value *Params);
  void onCancel(const llvm::json::Value *Params);

  /// Asks for the analysis of an open document (under Mutex).
  void scheduleLocked(const Document &D);
  void answerAction(const DeferredAction &A, const AnalysisResult &R);
  ConversionOptions conversionOptions() const;
  void log(int Type, const std::string &Message);

  MessageWriter &Out;
  ServerOptions Opts;

  // Lifecycle (message thread only).
  bool Initialized = false;
  bool ShutdownRequested = false;

  // Negotiated in initialize.
  PositionEncoding Encoding = PositionEncoding::UTF16;
  bool ClientDocumentChanges = false;

  // Shared with the workers' results.
  std::mutex Mutex;
  DocumentStore Docs;
  std::map<std::string, AnalysisResult> Results;
  std::vector<DeferredAction> Deferred;
  std::set<std::string> FallbackAnnounced;
  /// Request ids the client cancelled (JSON text of the id), seen by the
  /// reading thread before the request is handled.
  std::set<std::string> Cancelled;

  AnalysisQueue *Jobs = nullptr;
};

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_SERVER_H
