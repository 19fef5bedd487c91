//===- ProxyRouterTest.cpp - One client, clangd and our server ------------===//
//
// The router of --clangd alone: the test plays the client, clangd and our
// server, and checks where each message goes and what the client gets,
// including the orders the Python session (clients.lsp-clangd-proxy)
// cannot force: messages that wait for our server's initialize, cancelled
// joint requests, a crash while requests wait, our own server's requests.
//
//===----------------------------------------------------------------------===//

#include "proxy/ProxyRouter.h"
#include "gtest/gtest.h"

using namespace tlsp;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

class ProxyRouterTest : public ::testing::Test {
protected:
  ProxyRouter R{[this](Peer To, Value M) {
    (To == Peer::Client   ? Client
     : To == Peer::Clangd ? Clangd
                          : Ours)
        .push_back(std::move(M));
  }};
  std::vector<Value> Client, Clangd, Ours;

  static Value request(Value Id, llvm::StringRef Method, Value Params) {
    return Object{{"jsonrpc", "2.0"},
                  {"id", std::move(Id)},
                  {"method", Method.str()},
                  {"params", std::move(Params)}};
  }
  static Value notification(llvm::StringRef Method, Value Params) {
    return Object{
        {"jsonrpc", "2.0"}, {"method", Method.str()}, {"params", Params}};
  }
  static Value result(Value Id, Value Result) {
    return Object{
        {"jsonrpc", "2.0"}, {"id", std::move(Id)}, {"result", Result}};
  }
  static Value error(Value Id, int Code) {
    return Object{{"jsonrpc", "2.0"},
                  {"id", std::move(Id)},
                  {"error", Object{{"code", Code}, {"message", "no"}}}};
  }
  static const Object &obj(const Value &V) {
    static const Object None;
    const Object *O = V.getAsObject();
    return O ? *O : None;
  }
  static std::string method(const Value &V) {
    return obj(V).getString("method").value_or("").str();
  }
  // Accessors that a missing message or member fails without a crash.
  static Value id(const Value &V) {
    const Value *I = obj(V).get("id");
    return I ? *I : Value(nullptr);
  }
  static Value resultOf(const Value &V) {
    const Value *R = obj(V).get("result");
    return R ? *R : Value(nullptr);
  }
  /// capabilities.Key of an initialize answer (null when absent).
  static Value capability(const Value &Answer, llvm::StringRef Key) {
    Value Result = resultOf(Answer);
    const Object *Caps = obj(Result).getObject("capabilities");
    const Value *C = Caps ? Caps->get(Key) : nullptr;
    return C ? *C : Value(nullptr);
  }
  static Value param(const Value &V, llvm::StringRef Key) {
    const Object *P = obj(V).getObject("params");
    const Value *M = P ? P->get(Key) : nullptr;
    return M ? *M : Value(nullptr);
  }
  static std::optional<int64_t> errorCode(const Value &V) {
    const Object *E = obj(V).getObject("error");
    return E ? E->getInteger("code") : std::nullopt;
  }
  static Value take(std::vector<Value> &Box) {
    EXPECT_FALSE(Box.empty());
    if (Box.empty())
      return Object{};
    Value V = std::move(Box.front());
    Box.erase(Box.begin());
    return V;
  }
  static Value codeActionProvider(Value Provider) {
    Object Caps{{"hoverProvider", true}};
    if (Provider.getAsNull() == std::nullopt)
      Caps["codeActionProvider"] = std::move(Provider);
    return Object{{"capabilities", std::move(Caps)}};
  }
  static Value oursInitializeResult() {
    return Object{
        {"capabilities",
         Object{{"positionEncoding", "utf-16"},
                {"codeActionProvider",
                 Object{{"codeActionKinds",
                         Array{"quickfix",
                               "source.fixAll.transformers-tidy"}}}}}}};
  }

  /// Initialize with clangd's result \p Theirs; what the client got.
  Value initialize(Value Theirs, Value ClientCaps = Object{}) {
    R.fromClient(request(1, "initialize",
                         Object{{"capabilities", std::move(ClientCaps)}}));
    EXPECT_EQ(method(take(Clangd)), "initialize");
    EXPECT_TRUE(Ours.empty()) << "our server waits for clangd's encoding";
    R.fromClangd(result(1, std::move(Theirs)));
    Value Init = take(Ours);
    EXPECT_EQ(method(Init), "initialize");
    LastOursInitialize = Init;
    R.fromOurs(result(id(Init), oursInitializeResult()));
    return take(Client);
  }
  Value LastOursInitialize = nullptr;

  Value diagnostics(llvm::StringRef Uri, std::optional<int64_t> Version,
                    llvm::StringRef Source) {
    Object P{
        {"uri", Uri},
        {"diagnostics", Array{Object{{"source", Source}, {"message", "m"}}}}};
    if (Version)
      P["version"] = *Version;
    return notification("textDocument/publishDiagnostics", std::move(P));
  }
  static std::vector<std::string> sources(const Value &Publish) {
    std::vector<std::string> Out;
    Value Diags = param(Publish, "diagnostics");
    if (const Array *A = Diags.getAsArray())
      for (const Value &D : *A)
        Out.push_back(obj(D).getString("source").value_or("").str());
    return Out;
  }
};

TEST_F(ProxyRouterTest, OurKindsJoinClangdsCodeActionProvider) {
  Value Got = initialize(codeActionProvider(
      Object{{"codeActionKinds", Array{"quickfix", "refactor"}}}));
  EXPECT_EQ(capability(Got, "codeActionProvider"),
            Value(Object{{"codeActionKinds",
                          Array{"quickfix", "refactor",
                                "source.fixAll.transformers-tidy"}}}));
  EXPECT_EQ(capability(Got, "hoverProvider"), Value(true));
  EXPECT_EQ(capability(Got, "positionEncoding"), Value(nullptr))
      << "clangd chose none: the client must not be told ours";
}

TEST_F(ProxyRouterTest, TrueStays) {
  Value Got = initialize(codeActionProvider(true));
  EXPECT_EQ(capability(Got, "codeActionProvider"), Value(true));
}

TEST_F(ProxyRouterTest, AnObjectWithoutKindsStays) {
  Value Got = initialize(codeActionProvider(Object{{"resolveProvider", true}}));
  EXPECT_EQ(capability(Got, "codeActionProvider"),
            Value(Object{{"resolveProvider", true}}));
}

TEST_F(ProxyRouterTest, OursWhenClangdHasNone) {
  Value Got = initialize(codeActionProvider(nullptr));
  EXPECT_EQ(
      capability(Got, "codeActionProvider"),
      Value(Object{{"codeActionKinds",
                    Array{"quickfix", "source.fixAll.transformers-tidy"}}}));
}

TEST_F(ProxyRouterTest, OurServerIsOfferedClangdsEncodingAlone) {
  Object Theirs{{"capabilities", Object{}}, {"offsetEncoding", "utf-32"}};
  initialize(std::move(Theirs),
             Object{{"offsetEncoding", Array{"utf-32", "utf-16"}},
                    {"general",
                     Object{{"positionEncodings", Array{"utf-8", "utf-16"}}}}});
  Value Caps = param(LastOursInitialize, "capabilities");
  const Object *General = obj(Caps).getObject("general");
  ASSERT_NE(General, nullptr);
  EXPECT_EQ(General->get("positionEncodings")
                ? *General->get("positionEncodings")
                : Value(nullptr),
            Value(Array{"utf-32"}));
}

TEST_F(ProxyRouterTest, WhatComesBeforeOurInitializeWaitsForIt) {
  R.fromClient(request(1, "initialize", Object{}));
  R.fromClient(notification("$/setTrace", Object{{"value", "off"}}));
  EXPECT_TRUE(Ours.empty());
  R.fromClangd(result(1, codeActionProvider(nullptr)));
  ASSERT_EQ(Ours.size(), 2u);
  EXPECT_EQ(method(Ours[0]), "initialize");
  EXPECT_EQ(method(Ours[1]), "$/setTrace");
}

TEST_F(ProxyRouterTest, DiagnosticsAreTheUnionWithTheNewerVersion) {
  initialize(codeActionProvider(true));
  R.fromOurs(diagnostics("file:///a.cpp", 1, "transformers-tidy"));
  Value P = take(Client);
  EXPECT_EQ(sources(P), std::vector<std::string>{"transformers-tidy"});
  R.fromClangd(diagnostics("file:///a.cpp", 2, "clang"));
  P = take(Client);
  EXPECT_EQ(sources(P),
            (std::vector<std::string>{"clang", "transformers-tidy"}));
  EXPECT_EQ(param(P, "version"), Value(2));
  // Another document is another union.
  R.fromClangd(diagnostics("file:///b.cpp", std::nullopt, "clang"));
  P = take(Client);
  EXPECT_EQ(sources(P), std::vector<std::string>{"clang"});
  EXPECT_EQ(param(P, "version"), Value(nullptr));
}

TEST_F(ProxyRouterTest, CodeActionsAreClangdsThenOurs) {
  initialize(codeActionProvider(true));
  Object Params{{"textDocument", Object{{"uri", "file:///a.cpp"}}}};
  R.fromClient(request("x", "textDocument/codeAction", Object(Params)));
  EXPECT_EQ(id(take(Clangd)), Value("x"));
  Value ToOurs = take(Ours);
  Value OursId = id(ToOurs);
  R.fromOurs(result(OursId, Array{Object{{"title", "ours"}}}));
  EXPECT_TRUE(Client.empty()) << "answered before clangd";
  R.fromClangd(result("x", Array{Object{{"title", "clangd"}}}));
  Value Got = take(Client);
  EXPECT_EQ(id(Got), Value("x"));
  EXPECT_EQ(resultOf(Got), Value(Array{Object{{"title", "clangd"}},
                                       Object{{"title", "ours"}}}));

  // clangd fails: ours alone.
  R.fromClient(request(7, "textDocument/codeAction", Object(Params)));
  take(Clangd);
  OursId = id(take(Ours));
  R.fromClangd(error(7, -32603));
  R.fromOurs(result(OursId, Array{Object{{"title", "ours"}}}));
  EXPECT_EQ(resultOf(take(Client)), Value(Array{Object{{"title", "ours"}}}));
}

TEST_F(ProxyRouterTest, CancellationReachesBothUnderTheirIds) {
  initialize(codeActionProvider(true));
  R.fromClient(request(5, "textDocument/codeAction", Object{}));
  take(Clangd);
  Value OursId = id(take(Ours));
  R.fromClient(notification("$/cancelRequest", Object{{"id", 5}}));
  Value ToClangd = take(Clangd);
  EXPECT_EQ(method(ToClangd), "$/cancelRequest");
  EXPECT_EQ(param(ToClangd, "id"), Value(5));
  Value ToOurs = take(Ours);
  EXPECT_EQ(method(ToOurs), "$/cancelRequest");
  EXPECT_EQ(param(ToOurs, "id"), OursId);
  R.fromClangd(error(5, -32800));
  R.fromOurs(error(OursId, -32800));
  Value Got = take(Client);
  EXPECT_EQ(errorCode(Got), -32800);
}

TEST_F(ProxyRouterTest, ServerRequestsAndClientResponses) {
  initialize(codeActionProvider(true));
  // clangd's: its id unchanged, the answer back to clangd.
  R.fromClangd(request(0, "window/workDoneProgress/create", Object{}));
  EXPECT_EQ(id(take(Client)), Value(0));
  R.fromClient(result(0, nullptr));
  EXPECT_EQ(id(take(Clangd)), Value(0));
  // Ours (none today): renamed on the way out, its own id on the way back.
  R.fromOurs(request(0, "workspace/applyEdit", Object{}));
  Value Out = take(Client);
  Value Renamed = id(Out);
  EXPECT_EQ(Renamed, Value("transformers-tidy-lsp:1"));
  R.fromClient(result(Renamed, Object{{"applied", true}}));
  EXPECT_TRUE(Clangd.empty());
  EXPECT_EQ(id(take(Ours)), Value(0));
}

TEST_F(ProxyRouterTest, ShutdownIsAnsweredWhenBothHave) {
  initialize(codeActionProvider(true));
  R.fromClient(request(9, "shutdown", nullptr));
  take(Clangd);
  Value OursId = id(take(Ours));
  R.fromClangd(result(9, nullptr));
  EXPECT_TRUE(Client.empty());
  R.fromOurs(result(OursId, nullptr));
  EXPECT_EQ(id(take(Client)), Value(9));
  EXPECT_TRUE(R.shutdownRequested());
  R.fromClient(notification("exit", nullptr));
  EXPECT_EQ(method(take(Clangd)), "exit");
  EXPECT_EQ(method(take(Ours)), "exit");
  EXPECT_TRUE(R.exitRequested());
  R.clangdEnded("exited with status 0");
  EXPECT_TRUE(Client.empty()) << "an exit clangd was told is no crash";
}

TEST_F(ProxyRouterTest, ACrashAnswersWhatWaitedAndWithdrawsClangds) {
  initialize(codeActionProvider(true));
  R.fromClangd(diagnostics("file:///a.cpp", 1, "clang"));
  R.fromOurs(diagnostics("file:///a.cpp", 1, "transformers-tidy"));
  Client.clear();
  R.fromClient(request(3, "textDocument/hover", Object{}));
  R.fromClient(request(4, "textDocument/codeAction", Object{}));
  Clangd.clear();
  Value OursId = id(take(Ours));

  R.clangdEnded("exited with status 3");
  Value Told = take(Client);
  EXPECT_EQ(method(Told), "window/showMessage");
  EXPECT_EQ(param(Told, "type"), Value(1));
  EXPECT_NE(param(Told, "message")
                .getAsString()
                .value_or("")
                .find("clangd exited with status 3"),
            llvm::StringRef::npos);
  Value Hover = take(Client);
  EXPECT_EQ(id(Hover), Value(3));
  EXPECT_EQ(errorCode(Hover), ProxyRouter::ClangdGone);
  Value Withdrawn = take(Client);
  EXPECT_EQ(sources(Withdrawn), std::vector<std::string>{"transformers-tidy"});
  // The joint request is answered with ours when ours comes.
  R.fromOurs(result(OursId, Array{Object{{"title", "ours"}}}));
  EXPECT_EQ(resultOf(take(Client)), Value(Array{Object{{"title", "ours"}}}));
  // From now on: clangd's requests fail at once, nothing goes to it.
  R.fromClient(request(8, "textDocument/definition", Object{}));
  EXPECT_EQ(errorCode(take(Client)), ProxyRouter::ClangdGone);
  R.fromClient(notification("textDocument/didSave", Object{}));
  EXPECT_TRUE(Clangd.empty());
  EXPECT_EQ(method(take(Ours)), "textDocument/didSave");
}

TEST_F(ProxyRouterTest, ACrashBeforeInitializeIsToldAtInitialize) {
  R.clangdEnded("exited with status 1");
  EXPECT_TRUE(Client.empty()) << "no message before initialize";
  R.fromClient(request(1, "initialize", Object{}));
  EXPECT_EQ(method(take(Client)), "window/showMessage");
  EXPECT_TRUE(Clangd.empty());
  Value Init = take(Ours);
  EXPECT_EQ(method(Init), "initialize");
  R.fromOurs(result(id(Init), oursInitializeResult()));
  Value Got = take(Client);
  EXPECT_EQ(resultOf(Got), oursInitializeResult());
}

} // namespace
