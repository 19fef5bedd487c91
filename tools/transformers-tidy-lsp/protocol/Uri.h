//===- Uri.h - file:// URIs and paths --------------------------*- C++ -*-===//
//
// Documents are named by URIs (RFC 3986); the analysis reads paths. Only
// the "file" scheme names something the server can analyse.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_URI_H
#define TRANSFORMERS_TIDY_LSP_URI_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace tlsp {

/// The absolute path of a "file:" URI (percent-decoded, without an
/// authority other than empty or "localhost"); an error for any other.
llvm::Expected<std::string> uriToPath(llvm::StringRef Uri);
/// "file://" and \p Path (absolute), percent-encoded as clients expect.
std::string pathToUri(llvm::StringRef Path);

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_URI_H
