//===- ProxyRouter.cpp ----------------------------------------------------===//

#include "proxy/ProxyRouter.h"
#include "protocol/Transport.h"
#include "llvm/Support/raw_ostream.h"

namespace tlsp {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

constexpr llvm::StringLiteral OursRequestPrefix = "transformers-tidy-lsp:";

/// An id's JSON text: a number and a string are never the same key.
std::string idKey(const Value &Id) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Id;
  return OS.str();
}

Value request(const Value &Id, llvm::StringRef Method, Value Params) {
  return Object{{"jsonrpc", "2.0"},
                {"id", Id},
                {"method", Method.str()},
                {"params", std::move(Params)}};
}

/// The message with its "id" replaced.
Value withId(const Object &Message, Value Id) {
  Object Copy = Message;
  Copy["id"] = std::move(Id);
  return Copy;
}

Object &objectMember(Object &O, llvm::StringRef Key) {
  if (!O.getObject(Key))
    O[Key] = Object{};
  return *O.getObject(Key);
}

/// The encoding clangd chose: LSP 3.17's capabilities.positionEncoding,
/// else its own older `offsetEncoding` answer, else the default UTF-16.
std::string clangdEncoding(const Value &Result) {
  const Object *R = Result.getAsObject();
  const Object *Caps = R ? R->getObject("capabilities") : nullptr;
  if (Caps)
    if (std::optional<llvm::StringRef> E = Caps->getString("positionEncoding"))
      return E->str();
  if (R)
    if (std::optional<llvm::StringRef> E = R->getString("offsetEncoding"))
      return E->str();
  return "utf-16";
}

/// The client's initialize parameters, offering our Server the one
/// encoding clangd chose (when clangd chose one).
Value oursInitializeParams(const Value &ClientParams,
                           std::optional<std::string> Encoding) {
  Value P = ClientParams;
  Object *O = P.getAsObject();
  if (!O || !Encoding)
    return P;
  Object &General = objectMember(objectMember(*O, "capabilities"), "general");
  General["positionEncodings"] = Array{*Encoding};
  return P;
}

/// clangd's codeActionProvider with our kinds. `true` (every kind) and an
/// object without codeActionKinds (kinds unspecified) stay: listing kinds
/// there would hide clangd's from clients that filter by them.
void mergeCodeActionProvider(Object &Caps, const Value *Ours) {
  const Object *OursProvider = Ours ? Ours->getAsObject() : nullptr;
  if (!OursProvider)
    return;
  Value *Theirs = Caps.get("codeActionProvider");
  if (!Theirs || Theirs->getAsNull() || Theirs->getAsBoolean() == false) {
    Caps["codeActionProvider"] = Object(*OursProvider);
    return;
  }
  Object *Provider = Theirs->getAsObject();
  Array *Kinds = Provider ? Provider->getArray("codeActionKinds") : nullptr;
  const Array *OursKinds = OursProvider->getArray("codeActionKinds");
  if (!Kinds || !OursKinds)
    return;
  for (const Value &K : *OursKinds)
    if (llvm::find(*Kinds, K) == Kinds->end())
      Kinds->push_back(K);
}

const Value *resultOf(const std::optional<Value> &Response) {
  const Object *O = Response ? Response->getAsObject() : nullptr;
  return O && !O->get("error") ? O->get("result") : nullptr;
}

const Value *errorOf(const std::optional<Value> &Response) {
  const Object *O = Response ? Response->getAsObject() : nullptr;
  return O ? O->get("error") : nullptr;
}

std::string errorText(const std::optional<Value> &Response) {
  const Value *E = errorOf(Response);
  const Object *EO = E ? E->getAsObject() : nullptr;
  std::optional<llvm::StringRef> M =
      EO ? EO->getString("message") : std::nullopt;
  return M ? M->str() : "no answer";
}

} // namespace

void ProxyRouter::toClangd(Value Message) {
  if (ClangdRunning)
    Send(Peer::Clangd, std::move(Message));
}

void ProxyRouter::toOurs(Value Message) {
  if (OursWaitsForInitialize)
    HeldForOurs.push_back(std::move(Message));
  else
    Send(Peer::Ours, std::move(Message));
}

void ProxyRouter::showError(const std::string &Message) {
  Send(Peer::Client, notification("window/showMessage",
                                  Object{{"type", 1}, {"message", Message}}));
}

void ProxyRouter::fromClient(Value Message) {
  if (ExitRequested)
    return;
  const Object *O = Message.getAsObject();
  if (!O) {
    Send(Peer::Client,
         errorResponse(nullptr, InvalidRequest, "not a JSON-RPC message"));
    return;
  }
  const Value *Id = O->get("id");
  std::optional<llvm::StringRef> Method = O->getString("method");
  if (!Method) {
    // A response to a server's request: ours only if it has our name.
    if (Id) {
      auto It = OursRequests.find(idKey(*Id));
      if (It != OursRequests.end()) {
        Value Back = withId(*O, It->second);
        OursRequests.erase(It);
        toOurs(std::move(Back));
        return;
      }
    }
    toClangd(std::move(Message));
    return;
  }
  if (*Method == "exit") {
    ExitRequested = true;
    toClangd(Message);
    // Our Server must see exit even if initialize never completed.
    OursWaitsForInitialize = false;
    Send(Peer::Ours, std::move(Message));
    return;
  }
  if (!Id) {
    if (*Method == "$/cancelRequest") {
      const Object *P = O->getObject("params");
      cancel(P ? P->get("id") : nullptr);
      toClangd(std::move(Message));
      return;
    }
    toClangd(Message);
    toOurs(std::move(Message));
    return;
  }
  clientRequest(*Method, *Id, Message);
}

void ProxyRouter::clientRequest(llvm::StringRef Method, const Value &Id,
                                const Value &Message) {
  if (Method == "initialize") {
    InitializeSeen = true;
    if (UntoldCrash) {
      showError(*UntoldCrash);
      UntoldCrash.reset();
    }
    return startJoint(Joint::Initialize, Id, Message);
  }
  if (Method == "shutdown") {
    ShutdownRequested = true;
    return startJoint(Joint::Shutdown, Id, Message);
  }
  if (Method == "textDocument/codeAction")
    return startJoint(Joint::CodeAction, Id, Message);
  if (!ClangdRunning) {
    Send(Peer::Client,
         errorResponse(Id, ClangdGone,
                       "clangd is not running (it " + ClangdEndedHow + ")"));
    return;
  }
  ClangdPending.insert_or_assign(idKey(Id), Id);
  toClangd(Message);
}

void ProxyRouter::startJoint(Joint::Kind K, const Value &Id,
                             const Value &Message) {
  std::string Key = idKey(Id);
  Joint &J = Joints.insert_or_assign(Key, Joint{}).first->second;
  J.K = K;
  J.ClientId = Id;
  if (const Value *P = Message.getAsObject()->get("params"))
    J.Params = *P;
  if (ClangdRunning)
    toClangd(Message);
  else
    J.FromClangd = errorResponse(Id, ClangdGone, "clangd " + ClangdEndedHow);
  // initialize reaches our Server when clangd has chosen the encoding.
  if (K == Joint::Shutdown)
    sendOursRequest(J, "shutdown", nullptr);
  else if (K == Joint::CodeAction)
    sendOursRequest(J, "textDocument/codeAction", J.Params);
  advance(Key);
}

void ProxyRouter::sendOursRequest(Joint &J, llvm::StringRef Method,
                                  Value Params) {
  int64_t OursId = NextOursId++;
  J.OursId = OursId;
  OursIds[OursId] = idKey(J.ClientId);
  Value Message = request(OursId, Method, std::move(Params));
  if (Method == "initialize") {
    OursWaitsForInitialize = false;
    Send(Peer::Ours, std::move(Message));
    // What the client sent meanwhile (initialized, ...) follows it.
    for (Value &Held : HeldForOurs)
      Send(Peer::Ours, std::move(Held));
    HeldForOurs.clear();
    return;
  }
  toOurs(std::move(Message));
}

void ProxyRouter::advance(const std::string &Key) {
  auto It = Joints.find(Key);
  if (It == Joints.end())
    return;
  Joint &J = It->second;
  if (J.K == Joint::Initialize && !J.OursId && J.FromClangd) {
    std::optional<std::string> Encoding;
    if (const Value *R = resultOf(J.FromClangd))
      Encoding = clangdEncoding(*R);
    else if (ClangdRunning)
      // clangd refused initialize (a clangd that ended is told of in
      // clangdEnded); our Server gets the client's own offer.
      showError("transformers-tidy-lsp: clangd did not initialize (" +
                errorText(J.FromClangd) +
                "); only the transformers-tidy diagnostics are available");
    sendOursRequest(J, "initialize",
                    oursInitializeParams(J.Params, std::move(Encoding)));
  }
  if (!J.FromClangd || !J.FromOurs)
    return;
  Value Answer = jointAnswer(J);
  if (J.OursId)
    OursIds.erase(*J.OursId);
  Joints.erase(It);
  Send(Peer::Client, std::move(Answer));
}

Value ProxyRouter::jointAnswer(Joint &J) {
  const Value *Theirs = resultOf(J.FromClangd);
  const Value *Ours = resultOf(J.FromOurs);
  // With no answer at all, clangd's error says most (ours only when clangd
  // is gone).
  auto Failed = [&] {
    const Value *E = errorOf(ClangdRunning ? J.FromClangd : J.FromOurs);
    if (!E)
      E = errorOf(J.FromClangd);
    return Object{
        {"jsonrpc", "2.0"},
        {"id", J.ClientId},
        {"error", E ? *E : Value(errorObject(InternalError, "no answer"))}};
  };
  switch (J.K) {
  case Joint::Initialize: {
    if (!Theirs || !Theirs->getAsObject())
      return Ours ? response(J.ClientId, *Ours) : Value(Failed());
    Value Result = *Theirs;
    Object &Caps = objectMember(*Result.getAsObject(), "capabilities");
    const Object *OursCaps =
        Ours && Ours->getAsObject()
            ? Ours->getAsObject()->getObject("capabilities")
            : nullptr;
    mergeCodeActionProvider(Caps, OursCaps ? OursCaps->get("codeActionProvider")
                                           : nullptr);
    return response(J.ClientId, std::move(Result));
  }
  case Joint::Shutdown:
    if (!Theirs && !Ours)
      return Failed();
    return response(J.ClientId, nullptr);
  case Joint::CodeAction: {
    if (!Theirs && !Ours)
      return Failed();
    Array All;
    for (const Value *Side : {Theirs, Ours})
      if (const Array *A = Side ? Side->getAsArray() : nullptr)
        All.insert(All.end(), A->begin(), A->end());
    return response(J.ClientId, std::move(All));
  }
  }
  llvm_unreachable("unknown joint request");
}

void ProxyRouter::cancel(const Value *Id) {
  if (!Id)
    return;
  auto It = Joints.find(idKey(*Id));
  if (It == Joints.end() || !It->second.OursId)
    return;
  toOurs(notification("$/cancelRequest", Object{{"id", *It->second.OursId}}));
}

void ProxyRouter::fromClangd(Value Message) {
  Object *O = Message.getAsObject();
  if (!O)
    return;
  const Value *Id = O->get("id");
  std::optional<llvm::StringRef> Method = O->getString("method");
  if (Method && !Id && *Method == "textDocument/publishDiagnostics") {
    if (const Object *P = O->getObject("params"))
      return publish(Peer::Clangd, *P);
  }
  if (!Method && Id) {
    std::string Key = idKey(*Id);
    auto It = Joints.find(Key);
    if (It != Joints.end() && !It->second.FromClangd) {
      It->second.FromClangd = std::move(Message);
      return advance(Key);
    }
    ClangdPending.erase(Key);
  }
  // Its other notifications, its requests (ids unchanged: the client's
  // responses come back to clangd by default) and its other responses.
  Send(Peer::Client, std::move(Message));
}

void ProxyRouter::fromOurs(Value Message) {
  Object *O = Message.getAsObject();
  if (!O)
    return;
  const Value *Id = O->get("id");
  std::optional<llvm::StringRef> Method = O->getString("method");
  if (!Method) {
    // Only the requests the router sent it are answered.
    std::optional<int64_t> N = Id ? Id->getAsInteger() : std::nullopt;
    auto It = N ? OursIds.find(*N) : OursIds.end();
    if (It == OursIds.end())
      return;
    std::string Key = It->second;
    auto J = Joints.find(Key);
    if (J != Joints.end() && !J->second.FromOurs) {
      J->second.FromOurs = std::move(Message);
      advance(Key);
    }
    return;
  }
  if (!Id && *Method == "textDocument/publishDiagnostics") {
    if (const Object *P = O->getObject("params"))
      return publish(Peer::Ours, *P);
  }
  if (Id) {
    std::string Renamed =
        (OursRequestPrefix + llvm::Twine(NextOursRequest++)).str();
    OursRequests.insert_or_assign(idKey(Value(Renamed)), *Id);
    Send(Peer::Client, withId(*O, Renamed));
    return;
  }
  Send(Peer::Client, std::move(Message));
}

void ProxyRouter::publish(Peer From, const Object &Params) {
  std::optional<llvm::StringRef> Uri = Params.getString("uri");
  if (!Uri) {
    Send(Peer::Client,
         notification("textDocument/publishDiagnostics", Object(Params)));
    return;
  }
  auto &Sides = Diagnostics[Uri->str()];
  Published &Side = From == Peer::Clangd ? Sides.first : Sides.second;
  Side.Version = Params.getInteger("version");
  const Array *Diags = Params.getArray("diagnostics");
  Side.Diagnostics = Diags ? *Diags : Array{};
  publishUnion(Uri->str());
}

void ProxyRouter::publishUnion(const std::string &Uri) {
  auto It = Diagnostics.find(Uri);
  if (It == Diagnostics.end())
    return;
  const Published &Theirs = It->second.first, &Ours = It->second.second;
  Object Params{{"uri", Uri}};
  std::optional<int64_t> Version = Theirs.Version;
  if (Ours.Version && (!Version || *Ours.Version > *Version))
    Version = Ours.Version;
  if (Version)
    Params["version"] = *Version;
  Array All = Theirs.Diagnostics;
  All.insert(All.end(), Ours.Diagnostics.begin(), Ours.Diagnostics.end());
  // A document both sides have cleared is forgotten (closed, or clean).
  if (All.empty())
    Diagnostics.erase(It);
  Params["diagnostics"] = std::move(All);
  Send(Peer::Client,
       notification("textDocument/publishDiagnostics", std::move(Params)));
}

void ProxyRouter::clientEnded() {
  if (ExitRequested)
    return;
  fromClient(notification("exit", nullptr));
}

void ProxyRouter::clangdEnded(llvm::StringRef How) {
  if (!ClangdRunning)
    return;
  ClangdRunning = false;
  ClangdEndedHow = How.str();
  if (ExitRequested)
    return; // it was told to
  std::string Told = "transformers-tidy-lsp: clangd " + ClangdEndedHow +
                     "; clangd's diagnostics and features are gone until the "
                     "server is restarted, the transformers-tidy diagnostics "
                     "go on";
  if (InitializeSeen)
    showError(Told);
  else
    UntoldCrash = Told;
  for (auto &[Key, Id] : ClangdPending)
    Send(Peer::Client,
         errorResponse(Id, ClangdGone, "clangd " + ClangdEndedHow));
  ClangdPending.clear();
  std::vector<std::string> Waiting;
  for (auto &[Key, J] : Joints)
    if (!J.FromClangd) {
      J.FromClangd =
          errorResponse(J.ClientId, ClangdGone, "clangd " + ClangdEndedHow);
      Waiting.push_back(Key);
    }
  for (const std::string &Key : Waiting)
    advance(Key);
  // clangd's diagnostics will never be updated again: withdraw them.
  std::vector<std::string> Uris;
  for (auto &[Uri, Sides] : Diagnostics)
    if (!Sides.first.Diagnostics.empty()) {
      Sides.first = Published{};
      Uris.push_back(Uri);
    }
  for (const std::string &Uri : Uris)
    publishUnion(Uri);
}

} // namespace tlsp
