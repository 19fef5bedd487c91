//===- FramingTest.cpp - The LSP base protocol's frames -------------------===//

#include "protocol/Framing.h"
#include "gtest/gtest.h"
#include <vector>

using namespace tlsp;

namespace {

/// Every event the decoder gives for \p Input fed in pieces of \p Piece
/// bytes: "M:<content>" or "E:<error>".
std::vector<std::string> decode(llvm::StringRef Input, size_t Piece) {
  FrameDecoder D;
  std::vector<std::string> Events;
  auto Drain = [&] {
    std::string Content, Error;
    while (true) {
      FrameDecoder::Kind K = D.next(Content, Error);
      if (K == FrameDecoder::Kind::NeedMore)
        return;
      Events.push_back(K == FrameDecoder::Kind::Message ? "M:" + Content
                                                        : "E:" + Error);
    }
  };
  for (size_t I = 0; I < Input.size(); I += Piece) {
    D.feed(Input.substr(I, Piece));
    Drain();
  }
  Drain();
  return Events;
}

TEST(Framing, MessagesWholeOrBytewiseDecodeTheSame) {
  std::string Input = frame("{\"a\":1}") + frame("") + frame("é{}");
  std::vector<std::string> Want = {"M:{\"a\":1}", "M:", "M:é{}"};
  EXPECT_EQ(decode(Input, Input.size()), Want);
  EXPECT_EQ(decode(Input, 1), Want);
  EXPECT_EQ(decode(Input, 7), Want);
}

TEST(Framing, OtherFieldsAndCaseAreAccepted) {
  std::string Input = "content-length:  2\r\nContent-Type: application/"
                      "vscode-jsonrpc; charset=utf-8\r\n\r\n{}";
  EXPECT_EQ(decode(Input, 3), std::vector<std::string>{"M:{}"});
}

TEST(Framing, BadHeadersAreReportedAndTheNextFrameStillDecodes) {
  std::string Input = "Content-Type: x\r\n\r\n" + frame("1") +
                      "Content-Length: twelve\r\n\r\n" + frame("2") +
                      "no colon here\r\n\r\n" + frame("3");
  std::vector<std::string> Events = decode(Input, 5);
  ASSERT_EQ(Events.size(), 6u);
  EXPECT_EQ(Events[0], "E:a header part without Content-Length");
  EXPECT_EQ(Events[1], "M:1");
  EXPECT_EQ(Events[2], "E:Content-Length is not a number: 'twelve'");
  EXPECT_EQ(Events[3], "M:2");
  EXPECT_EQ(Events[4], "E:a header line without ':': 'no colon here'");
  EXPECT_EQ(Events[5], "M:3");
}

TEST(Framing, AnEndlessHeaderIsABadFrame) {
  std::string Input(FrameDecoder::MaxHeaderLength + 100, 'x');
  std::vector<std::string> Events = decode(Input, 1000);
  ASSERT_FALSE(Events.empty());
  EXPECT_EQ(Events[0].substr(0, 2), "E:");
}

TEST(Framing, AnOversizedContentIsSkippedWithoutBeingKept) {
  size_t Huge = FrameDecoder::MaxContentLength + 1;
  FrameDecoder D;
  D.feed("Content-Length: " + std::to_string(Huge) + "\r\n\r\n");
  std::string Content, Error;
  EXPECT_EQ(D.next(Content, Error), FrameDecoder::Kind::BadFrame);
  std::string Chunk(1 << 20, 'x');
  size_t Fed = 0;
  while (Fed + Chunk.size() <= Huge) {
    D.feed(Chunk);
    Fed += Chunk.size();
    ASSERT_EQ(D.next(Content, Error), FrameDecoder::Kind::NeedMore);
  }
  D.feed(std::string(Huge - Fed, 'x') + frame("ok"));
  ASSERT_EQ(D.next(Content, Error), FrameDecoder::Kind::Message);
  EXPECT_EQ(Content, "ok");
  EXPECT_FALSE(D.hasPartialFrame());
}

TEST(Framing, APartialFrameIsKnown) {
  FrameDecoder D;
  D.feed("Content-Length: 4\r\n\r\n{}");
  std::string Content, Error;
  EXPECT_EQ(D.next(Content, Error), FrameDecoder::Kind::NeedMore);
  EXPECT_TRUE(D.hasPartialFrame());
}

} // namespace
