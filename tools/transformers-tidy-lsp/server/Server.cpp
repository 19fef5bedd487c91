//===- Server.cpp ---------------------------------------------------------===//

#include "server/Server.h"
#include "protocol/Uri.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <condition_variable>
#include <thread>

namespace tlsp {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

llvm::Error badParams(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid params: " + Why.str());
}

/// The id's JSON text: ids are numbers or strings, and one of each may be
/// equal as text only if they are the same id.
std::string idKey(const Value &Id) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Id;
  return OS.str();
}

const Object *paramsObject(const Value *Params) {
  return Params ? Params->getAsObject() : nullptr;
}

/// textDocument.uri of \p Params.
llvm::Expected<std::string> documentUri(const Object *P) {
  const Object *TD = P ? P->getObject("textDocument") : nullptr;
  std::optional<llvm::StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
  if (!Uri)
    return badParams("textDocument.uri is missing");
  return Uri->str();
}

std::optional<LspPosition> position(const Object *P) {
  if (!P)
    return std::nullopt;
  std::optional<int64_t> Line = P->getInteger("line");
  std::optional<int64_t> Char = P->getInteger("character");
  if (!Line || !Char || *Line < 0 || *Char < 0 || *Line > UINT32_MAX ||
      *Char > UINT32_MAX)
    return std::nullopt;
  return LspPosition{unsigned(*Line), unsigned(*Char)};
}

std::optional<std::pair<LspPosition, LspPosition>> range(const Object *R) {
  if (!R)
    return std::nullopt;
  std::optional<LspPosition> B = position(R->getObject("start"));
  std::optional<LspPosition> E = position(R->getObject("end"));
  if (!B || !E)
    return std::nullopt;
  return std::make_pair(*B, *E);
}

/// Whether \p Path on disk holds exactly \p Text. Only a regular file of
/// that size is read: a document named after a device or a pipe
/// (file:///dev/zero) must not make the server read without end.
bool diskHolds(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) ||
      St.type() != llvm::sys::fs::file_type::regular_file ||
      St.getSize() != Text.size())
    return false;
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  return Buf && (*Buf)->getBuffer() == Text;
}

} // namespace

Server::Server(MessageWriter &Out, const ServerOptions &Opts)
    : Out(Out), Opts(Opts) {}

int Server::run(MessageReader &In) {
  // The reading thread queues contents (and bad frames, as errors), and
  // notes cancellations at once; this thread handles the queue in order.
  struct Item {
    bool Bad = false;
    std::string Content;
  };
  std::mutex QueueMutex;
  std::condition_variable QueueReady;
  std::deque<Item> Queue;
  bool Ended = false;
  std::thread Reader([&] {
    while (true) {
      Item I;
      std::string Error;
      MessageReader::Kind K = In.read(I.Content, Error);
      if (K == MessageReader::Kind::EndOfInput)
        break;
      if (K == MessageReader::Kind::BadFrame) {
        I.Bad = true;
        I.Content = Error;
      } else if (llvm::Expected<Value> V = llvm::json::parse(I.Content)) {
        const Object *O = V->getAsObject();
        if (O && O->getString("method") == "$/cancelRequest")
          if (const Object *P = O->getObject("params"))
            if (const Value *Id = P->get("id")) {
              std::lock_guard<std::mutex> Lock(Mutex);
              Cancelled.insert(idKey(*Id));
            }
      } else {
        llvm::consumeError(V.takeError());
      }
      std::lock_guard<std::mutex> Lock(QueueMutex);
      Queue.push_back(std::move(I));
      QueueReady.notify_one();
    }
    std::lock_guard<std::mutex> Lock(QueueMutex);
    Ended = true;
    QueueReady.notify_one();
  });

  bool Exited = false;
  while (!Exited) {
    Item I;
    {
      std::unique_lock<std::mutex> Lock(QueueMutex);
      QueueReady.wait(Lock, [&] { return !Queue.empty() || Ended; });
      if (Queue.empty())
        break;
      I = std::move(Queue.front());
      Queue.pop_front();
    }
    if (I.Bad)
      Out.send(errorResponse(nullptr, ParseError, "bad frame: " + I.Content));
    else
      Exited = !handle(I.Content);
  }
  // After `exit` the reader may still block on input the client keeps
  // open; the process ends without it.
  Reader.detach();
  return Exited && ShutdownRequested ? 0 : 1;
}

bool Server::handle(llvm::StringRef Content) {
  llvm::Expected<Value> V = llvm::json::parse(Content);
  if (!V) {
    Out.send(errorResponse(nullptr, ParseError,
                           "not JSON: " + llvm::toString(V.takeError())));
    return true;
  }
  const Object *O = V->getAsObject();
  const Value *Id = O ? O->get("id") : nullptr;
  std::optional<llvm::StringRef> Method =
      O ? O->getString("method") : std::nullopt;
  if (!O || !Method) {
    // A response to a request of ours (we send none) or not a message.
    if (O && (O->get("result") || O->get("error")))
      return true;
    Out.send(errorResponse(Id ? *Id : Value(nullptr), InvalidRequest,
                           "not a JSON-RPC request or notification"));
    return true;
  }
  if (Id && !(Id->getAsInteger() || Id->getAsString())) {
    Out.send(errorResponse(nullptr, InvalidRequest,
                           "a request id must be a number or a string"));
    return true;
  }
  const Value *Params = O->get("params");
  if (*Method == "exit")
    return false;
  if (Id)
    onRequest(*Method, *Id, Params);
  else
    onNotification(*Method, Params);
  return true;
}

void Server::onRequest(llvm::StringRef Method, Value Id, const Value *Params) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Cancelled.erase(idKey(Id))) {
      Out.send(errorResponse(Id, RequestCancelled, "cancelled"));
      return;
    }
  }
  if (Method == "initialize") {
    if (Initialized) {
      Out.send(errorResponse(Id, InvalidRequest, "initialized already"));
      return;
    }
    Value Result = nullptr;
    if (llvm::Error E = onInitialize(Params, Result)) {
      Out.send(errorResponse(Id, InvalidParams, llvm::toString(std::move(E))));
      return;
    }
    Initialized = true;
    Out.send(response(Id, std::move(Result)));
    return;
  }
  if (!Initialized) {
    Out.send(errorResponse(Id, ServerNotInitialized, "not initialized"));
    return;
  }
  if (ShutdownRequested) {
    Out.send(errorResponse(Id, InvalidRequest, "shut down already"));
    return;
  }
  if (Method == "shutdown") {
    ShutdownRequested = true;
    Out.send(response(Id, nullptr));
    return;
  }
  if (Method == "textDocument/codeAction") {
    if (llvm::Error E = onCodeAction(Id, Params))
      Out.send(errorResponse(Id, InvalidParams, llvm::toString(std::move(E))));
    return;
  }
  Out.send(
      errorResponse(Id, MethodNotFound, ("unknown method: " + Method).str()));
}

void Server::onNotification(llvm::StringRef Method, const Value *Params) {
  if (!Initialized || ShutdownRequested)
    return; // dropped, as the specification says (exit is handled before)
  llvm::Error E = llvm::Error::success();
  if (Method == "initialized")
    return;
  if (Method == "textDocument/didOpen")
    E = onDidOpen(Params);
  else if (Method == "textDocument/didChange")
    E = onDidChange(Params);
  else if (Method == "textDocument/didSave")
    E = onDidSave(Params);
  else if (Method == "textDocument/didClose")
    E = onDidClose(Params);
  else if (Method == "$/cancelRequest")
    onCancel(Params);
  // Any other notification ($/setTrace, workspace/didChange*, ...) is
  // ignored: a notification has no answer, not even an error.
  if (E)
    log(1, Method.str() + ": " + llvm::toString(std::move(E)));
}

llvm::Error Server::onInitialize(const Value *Params, Value &Result) {
  const Object *P = paramsObject(Params);
  if (!P)
    return badParams("initialize takes an object");
  const Object *Caps = P->getObject("capabilities");
  const Object *General = Caps ? Caps->getObject("general") : nullptr;
  // The server prefers UTF-8 (its own offsets), then UTF-32, and falls back
  // to the mandatory UTF-16. Offers come in LSP 3.17's
  // general.positionEncodings or in clangd's earlier extension,
  // capabilities.offsetEncoding, which some clients (nvim-lspconfig) send
  // and read back from the result's offsetEncoding.
  const Array *ClangdOffered =
      Caps ? Caps->getArray("offsetEncoding") : nullptr;
  const Array *Offered =
      General ? General->getArray("positionEncodings") : nullptr;
  if (!Offered)
    Offered = ClangdOffered;
  if (Offered) {
    bool HasUtf8 = false, HasUtf32 = false;
    for (const Value &E : *Offered) {
      HasUtf8 |= E.getAsString() == "utf-8";
      HasUtf32 |= E.getAsString() == "utf-32";
    }
    Encoding = HasUtf8    ? PositionEncoding::UTF8
               : HasUtf32 ? PositionEncoding::UTF32
                          : PositionEncoding::UTF16;
  }
  const Object *Workspace = Caps ? Caps->getObject("workspace") : nullptr;
  const Object *WEdit =
      Workspace ? Workspace->getObject("workspaceEdit") : nullptr;
  ClientDocumentChanges =
      WEdit && WEdit->getBoolean("documentChanges").value_or(false);

  Result = Object{
      {"capabilities",
       Object{{"positionEncoding", encodingName(Encoding)},
              {"textDocumentSync",
               Object{{"openClose", true},
                      {"change", 2}, // incremental
                      {"save", Object{{"includeText", false}}}}},
              {"codeActionProvider",
               Object{{"codeActionKinds", Array{"quickfix", FixAllKind}}}}}},
      {"serverInfo", Object{{"name", "transformers-tidy-lsp"},
                            {"version", TT_MIGRATE_VERSION}}}};
  if (ClangdOffered)
    Result.getAsObject()->try_emplace("offsetEncoding",
                                      encodingName(Encoding).str());
  return llvm::Error::success();
}

void Server::scheduleLocked(const Document &D) {
  Snapshot S;
  S.Uri = D.Uri;
  S.Path = D.Path;
  S.Version = D.Version;
  S.MatchesDisk = true;
  for (const Document *Open : Docs.all()) {
    S.Unsaved.push_back({Open->Path, Open->Text});
    if (S.MatchesDisk)
      S.MatchesDisk = diskHolds(Open->Path, Open->Text);
  }
  Jobs->schedule(std::move(S));
}

llvm::Error Server::onDidOpen(const Value *Params) {
  const Object *P = paramsObject(Params);
  llvm::Expected<std::string> Uri = documentUri(P);
  if (!Uri)
    return Uri.takeError();
  const Object *TD = P->getObject("textDocument");
  std::optional<llvm::StringRef> Text = TD->getString("text");
  std::optional<int64_t> Version = TD->getInteger("version");
  if (!Text || !Version)
    return badParams("textDocument.text or .version is missing");
  llvm::Expected<std::string> Path = uriToPath(*Uri);
  if (!Path)
    return Path.takeError(); // not a file of this machine: nothing to do
  std::lock_guard<std::mutex> Lock(Mutex);
  Docs.open(Document{*Uri, *Path, *Version, Text->str()});
  scheduleLocked(*Docs.get(*Uri));
  return llvm::Error::success();
}

llvm::Error Server::onDidChange(const Value *Params) {
  const Object *P = paramsObject(Params);
  llvm::Expected<std::string> Uri = documentUri(P);
  if (!Uri)
    return Uri.takeError();
  std::optional<int64_t> Version =
      P->getObject("textDocument")->getInteger("version");
  const Array *Changes = P->getArray("contentChanges");
  if (!Version || !Changes)
    return badParams("textDocument.version or contentChanges is missing");
  std::vector<TextChange> Parsed;
  for (const Value &C : *Changes) {
    const Object *CO = C.getAsObject();
    std::optional<llvm::StringRef> Text =
        CO ? CO->getString("text") : std::nullopt;
    if (!Text)
      return badParams("a content change without text");
    TextChange T;
    T.Text = Text->str();
    if (CO->get("range")) {
      T.Range = range(CO->getObject("range"));
      if (!T.Range)
        return badParams("a content change with an invalid range");
    }
    Parsed.push_back(std::move(T));
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  if (llvm::Error E = Docs.change(*Uri, *Version, Parsed, Encoding))
    return E;
  // Code actions that waited for an older version are moot.
  for (auto It = Deferred.begin(); It != Deferred.end();) {
    if (It->Uri == *Uri && It->Version != *Version) {
      Out.send(errorResponse(It->Id, -32801, "the document changed"));
      It = Deferred.erase(It);
    } else {
      ++It;
    }
  }
  scheduleLocked(*Docs.get(*Uri));
  return llvm::Error::success();
}

llvm::Error Server::onDidSave(const Value *Params) {
  llvm::Expected<std::string> Uri = documentUri(paramsObject(Params));
  if (!Uri)
    return Uri.takeError();
  // What other documents read from the disk has changed, and the
  // prefilter may apply again: every open document is analysed anew.
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const Document *D : Docs.all())
    scheduleLocked(*D);
  return llvm::Error::success();
}

llvm::Error Server::onDidClose(const Value *Params) {
  llvm::Expected<std::string> Uri = documentUri(paramsObject(Params));
  if (!Uri)
    return Uri.takeError();
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Docs.get(*Uri))
    return llvm::Error::success();
  Docs.close(*Uri);
  Jobs->cancel(*Uri);
  Results.erase(*Uri);
  for (auto It = Deferred.begin(); It != Deferred.end();) {
    if (It->Uri == *Uri) {
      Out.send(response(It->Id, Array{}));
      It = Deferred.erase(It);
    } else {
      ++It;
    }
  }
  // The client clears what it showed for the document.
  Out.send(notification("textDocument/publishDiagnostics",
                        Object{{"uri", *Uri}, {"diagnostics", Array{}}}));
  return llvm::Error::success();
}

llvm::Error Server::onCodeAction(const Value &Id, const Value *Params) {
  const Object *P = paramsObject(Params);
  llvm::Expected<std::string> Uri = documentUri(P);
  if (!Uri)
    return Uri.takeError();
  std::optional<std::pair<LspPosition, LspPosition>> Range =
      range(P->getObject("range"));
  if (!Range)
    return badParams("range is missing or invalid");
  DeferredAction A{Id, *Uri, 0, Range->first, Range->second, std::nullopt};
  if (const Object *Ctx = P->getObject("context"))
    if (const Array *Only = Ctx->getArray("only")) {
      A.Only.emplace();
      for (const Value &K : *Only)
        if (std::optional<llvm::StringRef> S = K.getAsString())
          A.Only->push_back(S->str());
    }
  std::lock_guard<std::mutex> Lock(Mutex);
  const Document *D = Docs.get(*Uri);
  if (!D) {
    Out.send(response(Id, Array{}));
    return llvm::Error::success();
  }
  A.Version = D->Version;
  auto R = Results.find(*Uri);
  if (R != Results.end() && R->second.Version == D->Version) {
    answerAction(A, R->second);
    return llvm::Error::success();
  }
  // The current version is being analysed: answer when it is.
  Deferred.push_back(std::move(A));
  return llvm::Error::success();
}

void Server::onCancel(const Value *Params) {
  const Object *P = paramsObject(Params);
  const Value *Id = P ? P->get("id") : nullptr;
  if (!Id)
    return;
  std::string Key = idKey(*Id);
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto It = Deferred.begin(); It != Deferred.end(); ++It)
    if (idKey(It->Id) == Key) {
      Out.send(errorResponse(It->Id, RequestCancelled, "cancelled"));
      Deferred.erase(It);
      break;
    }
  // An id answered already, or never sent, stays out of the set.
  Cancelled.erase(Key);
}

ConversionOptions Server::conversionOptions() const {
  ConversionOptions O;
  O.Encoding = Encoding;
  O.DocumentChanges = ClientDocumentChanges;
  // Called under Mutex.
  O.OpenVersion = [this](llvm::StringRef Path) -> std::optional<int64_t> {
    for (const Document *D : Docs.all())
      if (D->Path == Path)
        return D->Version;
    return std::nullopt;
  };
  return O;
}

void Server::answerAction(const DeferredAction &Act, const AnalysisResult &R) {
  Out.send(response(Act.Id, codeActions(R, Act.Begin, Act.End, Act.Only,
                                        conversionOptions())));
}

void Server::log(int Type, const std::string &Message) {
  Out.send(notification("window/logMessage",
                        Object{{"type", Type}, {"message", Message}}));
}

void Server::onResult(AnalysisResult R) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const Document *D = Docs.get(R.Uri);
  // A result for a closed document, or for a version the client has
  // edited since, is never published: the newer version's analysis is
  // queued and publishes instead.
  if (!D || D->Version != R.Version)
    return;
  if (R.FallbackCommand && FallbackAnnounced.insert(R.Path).second) {
    std::string Flags;
    for (const std::string &F : Opts.FallbackFlags)
      Flags += " " + F;
    Out.send(notification(
        "window/showMessage",
        Object{{"type", 2},
               {"message", "transformers-tidy: no compile command for '" +
                               R.Path + "' (" + R.CommandSource +
                               "); it is analysed with the fallback flags:" +
                               (Flags.empty() ? " (none)" : Flags)}}));
  }
  if (R.Failed)
    log(3, "transformers-tidy: '" + R.Path + "' version " +
               std::to_string(R.Version) +
               " not analysed (fix its compiler errors first): " +
               R.FailedBecause);
  Out.send(notification(
      "textDocument/publishDiagnostics",
      Object{{"uri", R.Uri},
             {"version", R.Version},
             {"diagnostics", diagnostics(R, conversionOptions())}}));
  for (auto It = Deferred.begin(); It != Deferred.end();) {
    if (It->Uri == R.Uri && It->Version == R.Version) {
      answerAction(*It, R);
      It = Deferred.erase(It);
    } else {
      ++It;
    }
  }
  Results[R.Uri] = std::move(R);
}

} // namespace tlsp
