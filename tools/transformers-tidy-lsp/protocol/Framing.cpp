//===- Framing.cpp --------------------------------------------------------===//

#include "protocol/Framing.h"
#include "llvm/ADT/StringExtras.h"

namespace tlsp {

void FrameDecoder::compact() {
  // Keep the buffer from growing with everything ever read.
  if (Start > 4096 && Start * 2 > Buffer.size()) {
    Buffer.erase(0, Start);
    Start = 0;
  }
}

FrameDecoder::Kind FrameDecoder::next(std::string &Content,
                                      std::string &Error) {
  if (Skip > 0) {
    size_t N = std::min(Skip, Buffer.size() - Start);
    Start += N;
    Skip -= N;
    compact();
    if (Skip > 0)
      return Kind::NeedMore;
  }
  llvm::StringRef Rest = llvm::StringRef(Buffer).drop_front(Start);
  size_t HeaderEnd = Rest.find("\r\n\r\n");
  if (HeaderEnd == llvm::StringRef::npos) {
    if (Rest.size() <= MaxHeaderLength)
      return Kind::NeedMore;
    // No end of header in sight: drop what was read, up to a last "\r" that
    // may begin the terminator.
    size_t Keep = std::min<size_t>(3, Rest.size());
    Start += Rest.size() - Keep;
    compact();
    Error = "a header part longer than " + std::to_string(MaxHeaderLength) +
            " bytes";
    return Kind::BadFrame;
  }
  llvm::StringRef Header = Rest.take_front(HeaderEnd);
  Start += HeaderEnd + 4;
  std::optional<size_t> Length;
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Header.split(Lines, "\r\n");
  for (llvm::StringRef Line : Lines) {
    auto [Name, Value] = Line.split(':');
    if (Name.size() == Line.size()) {
      Error = "a header line without ':': '" + Line.take_front(80).str() + "'";
      compact();
      return Kind::BadFrame;
    }
    Value = Value.trim(" \t");
    if (Name.trim().equals_insensitive("Content-Length")) {
      unsigned long long N;
      if (Value.getAsInteger(10, N)) {
        Error = "Content-Length is not a number: '" +
                Value.take_front(40).str() + "'";
        compact();
        return Kind::BadFrame;
      }
      Length = N;
    }
    // Content-Type and any other field are allowed and ignored (the
    // specification's only type is utf-8 JSON).
  }
  if (!Length) {
    Error = "a header part without Content-Length";
    compact();
    return Kind::BadFrame;
  }
  if (*Length > MaxContentLength) {
    Skip = *Length;
    Error = "a content of " + std::to_string(*Length) + " bytes (at most " +
            std::to_string(MaxContentLength) + ")";
    return Kind::BadFrame;
  }
  if (Buffer.size() - Start < *Length) {
    // Wait for the content; the header is parsed again then (cheap, and
    // keeps a single state).
    Start -= HeaderEnd + 4;
    return Kind::NeedMore;
  }
  Content.assign(Buffer, Start, *Length);
  Start += *Length;
  compact();
  return Kind::Message;
}

std::string frame(llvm::StringRef Content) {
  return "Content-Length: " + std::to_string(Content.size()) + "\r\n\r\n" +
         Content.str();
}

} // namespace tlsp
