//===- Uri.cpp ------------------------------------------------------------===//

#include "protocol/Uri.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace tlsp {

static llvm::Error uriError(llvm::StringRef Uri, llvm::StringRef Why) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(), "cannot analyse '%s': %s",
      Uri.take_front(200).str().c_str(), Why.str().c_str());
}

llvm::Expected<std::string> uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front_insensitive("file:"))
    return uriError(Uri, "not a file: URI");
  if (Uri.consume_front("//")) {
    size_t Slash = Uri.find('/');
    llvm::StringRef Authority = Uri.take_front(Slash);
    if (!Authority.empty() && !Authority.equals_insensitive("localhost"))
      return uriError(Uri, "a file on another host");
    Uri = Uri.drop_front(Authority.size());
  }
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    char C = Uri[I];
    if (C == '%') {
      if (I + 2 >= Uri.size())
        return uriError(Uri, "a truncated percent-escape");
      unsigned V;
      if (Uri.substr(I + 1, 2).getAsInteger(16, V))
        return uriError(Uri, "an invalid percent-escape");
      C = static_cast<char>(V);
      I += 2;
    }
    if (C == '\0')
      return uriError(Uri, "a NUL in the path");
    Path += C;
  }
  if (Path.empty() || !llvm::sys::path::is_absolute(Path))
    return uriError(Uri, "not an absolute path");
  return Path;
}

std::string pathToUri(llvm::StringRef Path) {
  std::string Out = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C)) {
      Out += C;
    } else {
      Out += '%';
      Out += llvm::hexdigit(C >> 4);
      Out += llvm::hexdigit(C & 15);
    }
  }
  return Out;
}

} // namespace tlsp
