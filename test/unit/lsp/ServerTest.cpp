//===- ServerTest.cpp - The protocol's handling, without analyses ---------===//
//
// The server with a queue of the test's own: the test decides when an
// analysis ends and with what, so that the ordering rules (no stale
// result published, code actions that wait) are checked deterministically.
//
//===----------------------------------------------------------------------===//

#include "server/Server.h"
#include "gtest/gtest.h"
#include <fcntl.h>
#include <unistd.h>

using namespace tlsp;
using llvm::json::Object;
using llvm::json::Value;

namespace {

class RecordingQueue : public AnalysisQueue {
public:
  std::vector<Snapshot> Scheduled;
  std::vector<std::string> Cancelled;
  void schedule(Snapshot S) override { Scheduled.push_back(std::move(S)); }
  void cancel(const std::string &Uri) override { Cancelled.push_back(Uri); }
};

class ServerTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(pipe2(Fds, O_NONBLOCK), 0);
    Out = std::make_unique<MessageWriter>(Fds[1]);
    S = std::make_unique<Server>(*Out, ServerOptions());
    S->setQueue(Queue);
    send(Object{{"jsonrpc", "2.0"},
                {"id", 1},
                {"method", "initialize"},
                {"params", Object{{"capabilities", Object{}}}}});
    ASSERT_EQ(received().size(), 1u);
  }
  void TearDown() override {
    close(Fds[0]);
    close(Fds[1]);
  }

  void send(Value Message) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << Message;
    S->handle(OS.str());
  }
  void notify(llvm::StringRef Method, Value Params) {
    send(Object{
        {"jsonrpc", "2.0"}, {"method", Method.str()}, {"params", Params}});
  }
  /// Every message the server wrote since the last call.
  std::vector<Value> received() {
    char Buf[65536];
    ssize_t N;
    while ((N = read(Fds[0], Buf, sizeof(Buf))) > 0)
      Decoder.feed(llvm::StringRef(Buf, N));
    std::vector<Value> Out;
    std::string Content, Error;
    while (Decoder.next(Content, Error) == FrameDecoder::Kind::Message)
      Out.push_back(cantFail(llvm::json::parse(Content)));
    return Out;
  }
  void open(llvm::StringRef Uri, int64_t Version, llvm::StringRef Text) {
    notify("textDocument/didOpen",
           Object{{"textDocument", Object{{"uri", Uri.str()},
                                          {"version", Version},
                                          {"text", Text.str()}}}});
  }
  void change(llvm::StringRef Uri, int64_t Version, llvm::StringRef Text) {
    notify("textDocument/didChange",
           Object{{"textDocument",
                   Object{{"uri", Uri.str()}, {"version", Version}}},
                  {"contentChanges",
                   llvm::json::Array{Object{{"text", Text.str()}}}}});
  }
  AnalysisResult done(const Snapshot &Sn) {
    AnalysisResult R;
    R.Uri = Sn.Uri;
    R.Path = Sn.Path;
    R.Version = Sn.Version;
    R.Texts[Sn.Path] = Sn.Unsaved.front().Contents;
    return R;
  }

  int Fds[2];
  FrameDecoder Decoder;
  std::unique_ptr<MessageWriter> Out;
  RecordingQueue Queue;
  std::unique_ptr<Server> S;
};

std::optional<int64_t> publishedVersion(const Value &M) {
  const Object *O = M.getAsObject();
  if (O->getString("method") != "textDocument/publishDiagnostics")
    return std::nullopt;
  return O->getObject("params")->getInteger("version");
}

TEST_F(ServerTest, AResultForAnOlderVersionIsNeverPublished) {
  open("file:///x/a.cpp", 1, "a");
  change("file:///x/a.cpp", 2, "b");
  ASSERT_EQ(Queue.Scheduled.size(), 2u);
  EXPECT_EQ(Queue.Scheduled[1].Unsaved.front().Contents, "b");
  // Version 2's analysis ends first, then version 1's.
  S->onResult(done(Queue.Scheduled[1]));
  S->onResult(done(Queue.Scheduled[0]));
  std::vector<Value> Got = received();
  ASSERT_EQ(Got.size(), 1u);
  EXPECT_EQ(publishedVersion(Got[0]), 2);
}

TEST_F(ServerTest, AResultAfterCloseIsNotPublished) {
  open("file:///x/a.cpp", 1, "a");
  notify("textDocument/didClose",
         Object{{"textDocument", Object{{"uri", "file:///x/a.cpp"}}}});
  EXPECT_EQ(Queue.Cancelled, std::vector<std::string>{"file:///x/a.cpp"});
  std::vector<Value> Got = received();
  ASSERT_EQ(Got.size(), 1u); // the empty publish of didClose
  EXPECT_FALSE(publishedVersion(Got[0]));
  S->onResult(done(Queue.Scheduled[0]));
  EXPECT_TRUE(received().empty());
}

TEST_F(ServerTest, EverySnapshotCarriesEveryOpenBuffer) {
  open("file:///x/a.cpp", 1, "a");
  open("file:///x/b.h", 4, "b");
  notify("textDocument/didSave",
         Object{{"textDocument", Object{{"uri", "file:///x/b.h"}}}});
  // The save asks for both documents again.
  ASSERT_EQ(Queue.Scheduled.size(), 4u);
  for (size_t I = 1; I < 4; ++I)
    EXPECT_EQ(Queue.Scheduled[I].Unsaved.size(), 2u);
  EXPECT_FALSE(Queue.Scheduled[0].MatchesDisk); // /x/a.cpp is not on disk
}

TEST_F(ServerTest, ACodeActionWaitsForItsVersionsAnalysis) {
  open("file:///x/a.cpp", 1, "a");
  auto Zero = [] { return Object{{"line", 0}, {"character", 0}}; };
  Object Params{{"textDocument", Object{{"uri", "file:///x/a.cpp"}}},
                {"range", Object{{"start", Zero()}, {"end", Zero()}}},
                {"context", Object{}}};
  send(Object{{"jsonrpc", "2.0"},
              {"id", "q"},
              {"method", "textDocument/codeAction"},
              {"params", std::move(Params)}});
  EXPECT_TRUE(received().empty());
  S->onResult(done(Queue.Scheduled[0]));
  std::vector<Value> Got = received();
  ASSERT_EQ(Got.size(), 2u); // the publish, then the answer
  EXPECT_EQ(Got[1].getAsObject()->getString("id"), "q");
  EXPECT_EQ(Got[1].getAsObject()->getArray("result")->size(), 0u);
}

TEST_F(ServerTest, NotificationsWithBadParamsAreLoggedNotAnswered) {
  notify("textDocument/didOpen", Object{{"textDocument", 3}});
  std::vector<Value> Got = received();
  ASSERT_EQ(Got.size(), 1u);
  EXPECT_EQ(Got[0].getAsObject()->getString("method"), "window/logMessage");
  EXPECT_TRUE(Queue.Scheduled.empty());
}

TEST_F(ServerTest, ExitEndsHandling) {
  std::string Exit = R"({"jsonrpc":"2.0","method":"exit"})";
  EXPECT_FALSE(S->handle(Exit));
}

} // namespace
