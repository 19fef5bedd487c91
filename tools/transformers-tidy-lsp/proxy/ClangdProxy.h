//===- ClangdProxy.h - The server wrapping clangd (--clangd) ---*- C++ -*-===//
//
// `transformers-tidy-lsp --clangd=PATH [-- clangd args]`: for clients that
// run one language server per buffer (Emacs eglot), the server starts
// clangd as a child and is both servers in one. The routing of messages is
// ProxyRouter.h; this is its plumbing:
//
//  - clangd runs with pipes on its stdin and stdout (ChildProcess.h) and
//    its stderr on ours;
//  - our Server runs unchanged, as it runs alone, on a pair of in-process
//    pipes: the proxy is its client as an editor would be, so that its
//    lifecycle, deferred code actions and cancellations are the standalone
//    ones by construction;
//  - a thread reads each source (client, clangd, our Server) and hands each
//    message to the router under one lock; every destination has a queue
//    written by a thread of its own, so that the router never blocks on a
//    peer that is not reading (clangd writing its output while we would
//    wait to write its input);
//  - on the client's `exit` (or the end of its input) clangd is sent `exit`
//    and given two seconds to end before it is killed; our Server ends, the
//    client's queue is flushed, and run() returns.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSFORMERS_TIDY_LSP_CLANGDPROXY_H
#define TRANSFORMERS_TIDY_LSP_CLANGDPROXY_H

#include "protocol/Transport.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <string>
#include <vector>

namespace tlsp {

struct ClangdCommand {
  /// The clangd executable (a path).
  std::string Program;
  /// Its arguments (what follows `--` on our command line).
  std::vector<std::string> Args;
};

/// Runs our Server on a pair of streams until its `exit` (as main() runs
/// it on stdin/stdout).
using ServeFn = std::function<int(MessageReader &In, MessageWriter &Out)>;

/// Serves the client on \p ClientIn/\p ClientOut with clangd and our
/// Server (run by \p Serve on a thread of its own) until the client's
/// `exit` or the end of its input; the process's exit status (0 after
/// shutdown then exit, 1 otherwise), or an error if clangd cannot be
/// started. Threads blocked on input may remain: the caller ends the
/// process (with _Exit) after it.
llvm::Expected<int> runClangdProxy(const ClangdCommand &Clangd, ServeFn Serve,
                                   int ClientIn, int ClientOut);

} // namespace tlsp

#endif // TRANSFORMERS_TIDY_LSP_CLANGDPROXY_H
