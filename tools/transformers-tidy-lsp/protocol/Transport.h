//===- Transport.h - JSON-RPC messages over a pair of streams --*- C++ -*-===//
//
// Reads framed messages from one file descriptor and writes them to
// another (the editor's stdin/stdout, or clangd's pipes when the server
// wraps it). Reading and decoding are the caller's loop; writing is
// thread-safe, since analyses finish on worker threads.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_TRANSPORT_H
#define TRANSFORMERS_TIDY_LSP_TRANSPORT_H

#include "protocol/Framing.h"
#include "llvm/Support/JSON.h"
#include <mutex>
#include <string>

namespace tlsp {

/// JSON-RPC 2.0 and LSP error codes.
enum ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
};

class MessageReader {
public:
  explicit MessageReader(int FD) : FD(FD) {}

  enum class Kind { Message, BadFrame, EndOfInput };
  /// Blocks until a whole content, a bad frame or the end of input (or a
  /// read error, reported as the end).
  Kind read(std::string &Content, std::string &Error);

private:
  int FD;
  FrameDecoder Decoder;
  bool Ended = false;
};

class MessageWriter {
public:
  explicit MessageWriter(int FD) : FD(FD) {}
  /// Frames and writes \p Message whole; false once the peer is gone.
  bool send(const llvm::json::Value &Message);
  /// Writes an already serialised content.
  bool sendContent(llvm::StringRef Content);

private:
  int FD;
  std::mutex Mutex;
  bool Broken = false;
};

/// A JSON-RPC error object.
llvm::json::Object errorObject(int Code, llvm::StringRef Message);
/// A response to request \p Id (null when the id could not be read).
llvm::json::Value response(llvm::json::Value Id, llvm::json::Value Result);
llvm::json::Value errorResponse(llvm::json::Value Id, int Code,
                                llvm::StringRef Message);
llvm::json::Value notification(llvm::StringRef Method,
                               llvm::json::Value Params);

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_TRANSPORT_H
