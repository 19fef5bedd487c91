//===- Transport.cpp ------------------------------------------------------===//

#include "protocol/Transport.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <unistd.h>

namespace tlsp {

MessageReader::Kind MessageReader::read(std::string &Content,
                                        std::string &Error) {
  while (true) {
    switch (Decoder.next(Content, Error)) {
    case FrameDecoder::Kind::Message:
      return Kind::Message;
    case FrameDecoder::Kind::BadFrame:
      return Kind::BadFrame;
    case FrameDecoder::Kind::NeedMore:
      break;
    }
    if (Ended)
      return Kind::EndOfInput;
    char Buf[65536];
    ssize_t N = ::read(FD, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Ended = true;
      continue; // what was decoded before the end is still delivered
    }
    Decoder.feed(llvm::StringRef(Buf, N));
  }
}

static bool writeAll(int FD, llvm::StringRef Bytes) {
  while (!Bytes.empty()) {
    ssize_t N = ::write(FD, Bytes.data(), Bytes.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Bytes = Bytes.drop_front(N);
  }
  return true;
}

bool MessageWriter::sendContent(llvm::StringRef Content) {
  std::string Framed = frame(Content);
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Broken)
    return false;
  Broken = !writeAll(FD, Framed);
  return !Broken;
}

bool MessageWriter::send(const llvm::json::Value &Message) {
  std::string Content;
  llvm::raw_string_ostream OS(Content);
  OS << Message;
  OS.flush();
  return sendContent(Content);
}

llvm::json::Object errorObject(int Code, llvm::StringRef Message) {
  return llvm::json::Object{{"code", Code}, {"message", Message.str()}};
}

llvm::json::Value response(llvm::json::Value Id, llvm::json::Value Result) {
  return llvm::json::Object{
      {"jsonrpc", "2.0"}, {"id", std::move(Id)}, {"result", std::move(Result)}};
}

llvm::json::Value errorResponse(llvm::json::Value Id, int Code,
                                llvm::StringRef Message) {
  return llvm::json::Object{{"jsonrpc", "2.0"},
                            {"id", std::move(Id)},
                            {"error", errorObject(Code, Message)}};
}

llvm::json::Value notification(llvm::StringRef Method,
                               llvm::json::Value Params) {
  return llvm::json::Object{{"jsonrpc", "2.0"},
                            {"method", Method.str()},
                            {"params", std::move(Params)}};
}

} // namespace tlsp
