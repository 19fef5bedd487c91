//===- Framing.h - The LSP base protocol's message frames ------*- C++ -*-===//
//
// LSP 3.17 "Base Protocol": a message is a header part (fields
// "Name: value\r\n", ended by an empty "\r\n" line) and a content part of
// exactly Content-Length bytes. The decoder is fed bytes as they arrive and
// yields whole contents; it never trusts the peer: a header without a valid
// Content-Length, an oversized header or content, or a header line without a
// colon is a bad frame, reported once, after which the decoder looks for the
// next header. Pure (no I/O), so that the message-layer fuzzer and the unit
// tests drive it directly.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_FRAMING_H
#define TRANSFORMERS_TIDY_LSP_FRAMING_H

#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <string>

namespace tlsp {

class FrameDecoder {
public:
  /// Contents larger than this are refused (and skipped): 64 MiB is far
  /// beyond any source file an editor sends, and bounds the memory a peer
  /// can make the server take.
  static constexpr size_t MaxContentLength = 64u << 20;
  static constexpr size_t MaxHeaderLength = 8192;

  enum class Kind {
    NeedMore, ///< Feed more bytes.
    Message,  ///< Content holds one message's content.
    BadFrame, ///< Error says why; the decoder resynchronises by itself.
  };

  void feed(llvm::StringRef Bytes) {
    Buffer.append(Bytes.data(), Bytes.size());
  }

  /// The next event of what was fed so far.
  Kind next(std::string &Content, std::string &Error);

  /// Bytes fed and not consumed yet (a partial frame at end of input).
  bool hasPartialFrame() const { return Start < Buffer.size() || Skip > 0; }

private:
  std::string Buffer;
  size_t Start = 0; ///< Where the unconsumed bytes begin.
  /// Content bytes still to be discarded (a refused, oversized content).
  size_t Skip = 0;

  void compact();
};

/// One message, framed: "Content-Length: N\r\n\r\n" and \p Content.
std::string frame(llvm::StringRef Content);

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_FRAMING_H
