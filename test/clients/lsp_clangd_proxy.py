"""transformers-tidy-lsp --clangd=PATH: clangd and our server as one server.

  lsp_clangd_proxy.py --server S --clangd CLANGD --include-dir I
                      --inputs DIR --work W

LSP sessions over pipes (lspclient.py) against the server wrapping
  * Inputs/lsp-clangd/fake_clangd.py (run as `--clangd=<python> -- fake
    ...`, which also shows that clangd's arguments follow `--`), a clangd
    stand-in that records what it reads and answers deterministically:
      - capabilities: clangd's result (its textDocumentSync, hoverProvider,
        serverInfo) with our code action kinds added to its
        codeActionProvider object, `true` kept, ours when it has none; the
        client's encoding offer reaches clangd, and clangd's choice
        (`offsetEncoding: utf-32`, although the client also offers LSP
        3.17's positionEncodings with UTF-8, which we alone would take) is
        ours too: our diagnostic's column on a line with non-ASCII text is
        in code points;
      - diagnostics: every publishDiagnostics the client gets for the
        document is the union of clangd's latest and ours, with the newer
        version (clangd's v2 beside our v1, then both v2);
      - code actions: clangd's list then ours; ours alone when clangd fails;
      - clangd's request to the client (workspace/configuration, its id
        unchanged) is answered by the client and the answer reaches clangd;
      - didOpen/didChange/didSave/didClose reach clangd; shutdown is
        answered when both servers have, and exit ends the server with 0;
      - a clangd that ignores exit (and the end of its input) is killed;
        one whose server is killed ends (the end of its input);
      - a clangd that exits with status 3 is reported (window/showMessage,
        Error, "clangd exited with status 3"), its diagnostics withdrawn,
        a request only it answers gets an error, and our diagnostics and
        code actions go on;
  * the real clangd (Debian's clangd-19): its capabilities with our kinds,
    its -Wunused-variable warning and our finding in one publishDiagnostics
    for the same document; offered positionEncodings [utf-8, utf-16], which
    clangd 19 ignores, our columns are UTF-16 as clangd's; no clangd
    process left after exit.
Exits 77 after the stand-in's parts when clangd-19 is missing.
"""
import argparse
import atexit
import json
import os
import shutil
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "package"))
from lspclient import LspClient  # noqa: E402
from testlib import (SKIP, check, copy_tree, fresh_dir, read,  # noqa: E402
                     write)

OURS = "transformers-tidy"
FIX_ALL = "source.fixAll.transformers-tidy"
GONE = -32803  # RequestFailed: what clangd can no longer answer


# Processes of the test (servers, clangds): whatever is still running when
# the test ends, a failure included, is killed.
STARTED = []


@atexit.register
def kill_started():
    for pid in STARTED:
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as fh:
                mine = b"clangd" in fh.read()  # not a reused pid
        except OSError:
            continue
        if mine and alive(pid):
            os.kill(pid, 9)


def started(client):
    STARTED.append(client.proc.pid)
    return client


def uri_of(path):
    return "file://" + path


def alive(pid):
    """Whether process pid exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children(pid):
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def wait_gone(pid, seconds):
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)


def column(text, line, word, encoding):
    """The column of the last `word` on `line` of text, in code units."""
    before = text.split("\n")[line]
    before = before[:before.rindex(word)]
    return {"utf-8": len(before.encode("utf-8")),
            "utf-16": len(before.encode("utf-16-le")) // 2,
            "utf-32": len(before)}[encoding]


def sources(params):
    return [d.get("source") for d in params["diagnostics"]]


class Fake:
    """A session of the server wrapping fake_clangd.py."""

    def __init__(self, args, project, name, *fake_args):
        self.log = os.path.join(args.work, name + ".log")
        fake = os.path.join(args.inputs, "lsp-clangd", "fake_clangd.py")
        self.c = started(LspClient([args.server, "--debounce=100",
                                    "--clangd=" + sys.executable, "--", fake,
                                    "--log", self.log] + list(fake_args),
                                   cwd=project))

    def initialize(self, caps):
        r = self.c.request("initialize", {"processId": None,
                                          "rootUri": None,
                                          "capabilities": caps})
        check("result" in r, "initialize failed: %r" % r)
        self.c.notify("initialized", {})
        return r["result"]

    def received(self):
        """What the stand-in read, in order (methods or responses)."""
        out = []
        for line in read(self.log).splitlines():
            if not line.startswith("PID "):
                out.append(json.loads(line))
        return out

    def pid(self):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if os.path.exists(self.log):
                for line in read(self.log).splitlines():
                    if line.startswith("PID "):
                        STARTED.append(int(line[4:]))
                        return int(line[4:])
            time.sleep(0.05)
        raise AssertionError("the stand-in clangd never started")

    def open(self, path, version=1):
        text = read(path)
        self.c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri_of(path), "languageId": "cpp", "version": version,
            "text": text}})
        return text

    def union(self, path, version=None, fake=True, timeout=30):
        """The first publishDiagnostics of path with both sides (or ours
        and not the stand-in's when fake is False)."""
        def both(p):
            s = sources(p)
            return (p["uri"] == uri_of(path) and OURS in s and
                    ("fake-clangd" in s) == fake and
                    (version is None or p.get("version") == version))
        return self.c.notification("textDocument/publishDiagnostics", both,
                                   timeout)

    def actions(self, path, rng, diagnostics=()):
        return self.c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri_of(path)}, "range": rng,
            "context": {"diagnostics": list(diagnostics)}})

    def end(self, expect=0):
        r = self.c.request("shutdown", None)
        check(r.get("result", "missing") is None, "shutdown: %r" % r)
        self.c.notify("exit", None)
        status = self.c.proc.wait(15)
        check(status == expect, "exit status %d, expected %d" % (status, expect))


def ours_of(params):
    return [d for d in params["diagnostics"] if d.get("source") == OURS]


def stand_in(args, project, wide, demo):
    # --- Capabilities and one encoding; merged diagnostics, code actions,
    # a request of clangd to the client, the lifecycle.
    s = Fake(args, project, "object")
    # Our server alone would take UTF-8 from positionEncodings; clangd 19
    # ignores those and answers the offsetEncoding offer: UTF-32 here.
    offer = ["utf-32", "utf-16"]
    result = s.initialize({
        "offsetEncoding": offer,
        "general": {"positionEncodings": ["utf-8", "utf-16"]},
        "workspace": {"workspaceEdit": {"documentChanges": True}}})
    caps = result["capabilities"]
    check(caps.get("codeActionProvider") ==
          {"codeActionKinds": ["quickfix", "refactor", FIX_ALL]},
          "codeActionProvider: %r" % caps.get("codeActionProvider"))
    check(caps.get("hoverProvider") is True, "clangd's hoverProvider lost")
    check(caps.get("textDocumentSync") == {"openClose": True, "change": 1,
                                           "save": {"includeText": False}},
          "textDocumentSync is not clangd's: %r" % caps.get("textDocumentSync"))
    check(result.get("serverInfo", {}).get("name") == "fake-clangd",
          "serverInfo: %r" % result.get("serverInfo"))
    check(result.get("offsetEncoding") == "utf-32" and
          "positionEncoding" not in caps,
          "clangd's offsetEncoding answer, and no other: %r" % result)
    init = s.received()[0]
    check(init["method"] == "initialize" and
          init["params"]["capabilities"].get("offsetEncoding") == offer,
          "the client's offer did not reach clangd: %r" % init)
    print("ok: capabilities unioned, the encoding clangd chose")

    text = s.open(wide)
    first = s.c.diagnostics(uri_of(wide))
    check(first.get("version") == 1 and first["diagnostics"],
          "first publish: %r" % first)
    d = s.union(wide, 1)
    check(sources(d) == ["fake-clangd", OURS],
          "the union is clangd's then ours: %r" % sources(d))
    want = column(text, 9, "legacy", "utf-32")
    got = ours_of(d)[0]["range"]["start"]
    check(got == {"line": 9, "character": want},
          "our diagnostic at %r, expected UTF-32 column %d (UTF-8: %d)"
          % (got, want, column(text, 9, "legacy", "utf-8")))
    print("ok: one publishDiagnostics with both, ours in clangd's UTF-32")

    acts = s.actions(wide, ours_of(d)[0]["range"], d["diagnostics"])
    titles = [a["title"] for a in acts["result"]]
    check(len(titles) >= 2 and titles[0] == "fake clangd action",
          "code actions: %r" % titles)
    check(any(a.get("kind") == "quickfix" and
              "DynamicCache::from_legacy_cache" in json.dumps(a)
              for a in acts["result"][1:]), "our quick fix is missing")
    print("ok: code actions are clangd's then ours")

    rid = s.c.request("textDocument/hover", {
        "textDocument": {"uri": uri_of(wide)},
        "position": {"line": 9, "character": 4}}, wait=False)
    ask = s.c.wait_for(lambda m: m.get("method") == "workspace/configuration",
                       30, "clangd's workspace/configuration")
    check(ask.get("id") == 7001, "clangd's request id changed: %r" % ask)
    s.c.send({"jsonrpc": "2.0", "id": 7001, "result": [{"answer": 42}]})
    hover = s.c.response(rid)
    check('"answer": 42' in
          hover.get("result", {}).get("contents", {}).get("value", ""),
          "the client's answer did not reach clangd: %r" % hover)
    print("ok: clangd's request and the client's answer")

    s.c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri_of(wide), "version": 2},
        "contentChanges": [{"text": text + "// edited\n"}]})
    d = s.c.diagnostics(uri_of(wide), 2)
    check(sorted(sources(d)) == ["fake-clangd", OURS] and
          "fake warning v2" in json.dumps(d),
          "clangd's v2 beside our v1, as version 2: %r" % d)
    s.union(wide, 2)  # and then ours of version 2
    s.c.notify("textDocument/didSave", {"textDocument": {"uri": uri_of(wide)}})
    s.c.notify("textDocument/didClose", {"textDocument": {"uri": uri_of(wide)}})
    s.end()
    got = [m.get("method") for m in s.received()]
    for method in ("initialized", "textDocument/didOpen",
                   "textDocument/didChange", "textDocument/didSave",
                   "textDocument/didClose", "shutdown", "exit"):
        check(method in got, "clangd never got %s: %r" % (method, got))
    check(wait_gone(s.pid(), 5), "the stand-in still runs after exit")
    print("ok: notifications reach clangd, shutdown and exit end both")

    # --- `true` stays; clangd's failed codeAction leaves ours; a clangd
    # that ignores exit is killed.
    s = Fake(args, project, "stubborn", "--provider", "true",
             "--code-action-error", "--ignore-exit")
    caps = s.initialize({})["capabilities"]
    check(caps.get("codeActionProvider") is True,
          "codeActionProvider true (every kind) must stay: %r"
          % caps.get("codeActionProvider"))
    s.open(demo)
    d = s.union(demo)
    acts = s.actions(demo, ours_of(d)[0]["range"])
    check("result" in acts and len(acts["result"]) >= 1 and
          "fake clangd action" not in json.dumps(acts),
          "clangd failed, ours must be answered: %r" % acts)
    pid = s.pid()
    started = time.monotonic()
    s.end()
    check(wait_gone(pid, 2), "a clangd that ignores exit is still running")
    took = time.monotonic() - started
    check(took < 8, "ending took %.1f s" % took)
    print("ok: true kept, ours when clangd fails, a stubborn clangd killed "
          "(%.1f s)" % took)

    # --- The server killed (as eglot kills it right after exit): clangd's
    # input ends, and so does clangd; nothing else holds its stdin open.
    s = Fake(args, project, "orphan")
    s.initialize({})
    pid = s.pid()
    s.c.kill()
    check(wait_gone(pid, 5), "clangd outlived the server killed")
    print("ok: clangd ends with the server killed")

    # --- clangd crashes: told, withdrawn, ours go on.
    s = Fake(args, project, "crash", "--provider", "none",
             "--crash-on-open", "3")
    caps = s.initialize({})["capabilities"]
    check(caps.get("codeActionProvider") ==
          {"codeActionKinds": ["quickfix", FIX_ALL]},
          "without clangd's, our codeActionProvider: %r"
          % caps.get("codeActionProvider"))
    text = s.open(demo)
    msg = s.c.notification("window/showMessage")
    check(msg["type"] == 1 and "clangd exited with status 3" in
          msg["message"], "showMessage: %r" % msg)
    d = s.union(demo, fake=False)
    check(d.get("version") == 1, "ours after the crash: %r" % d)
    s.c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri_of(demo), "version": 2},
        "contentChanges": [{"text": text + "// edited\n"}]})
    d = s.union(demo, 2, fake=False)
    r = s.c.request("textDocument/hover", {
        "textDocument": {"uri": uri_of(demo)},
        "position": {"line": 9, "character": 4}}, timeout=10)
    check(r.get("error", {}).get("code") == GONE and "status 3" in
          r["error"]["message"], "hover without clangd: %r" % r)
    acts = s.actions(demo, ours_of(d)[0]["range"])
    check(len(acts.get("result", [])) >= 1, "code actions: %r" % acts)
    s.end()
    print("ok: a crash is reported, our diagnostics and fixes go on")


def real_clangd(args, project, demo, wide):
    clangd = shutil.which(args.clangd) if not os.path.isabs(args.clangd) \
        else args.clangd
    if not clangd or not os.access(clangd, os.X_OK):
        print("SKIP: %s not found (Debian: clangd-19); the real clangd's "
              "part was not run" % args.clangd)
        sys.exit(SKIP)
    c = started(LspClient([args.server, "--debounce=100", "--clangd=" + clangd,
                           "--", "--log=error", "--background-index=false"],
                          cwd=project))
    # LSP 3.17's offer, which clangd 19 does not take: both stay UTF-16.
    r = c.request("initialize", {"processId": None, "rootUri": None,
                                 "capabilities": {
                                     "general": {"positionEncodings": [
                                         "utf-8", "utf-16"]},
                                     "textDocument": {"codeAction": {
                                         "codeActionLiteralSupport": {
                                             "codeActionKind": {"valueSet": [
                                                 "quickfix", "refactor",
                                                 "source"]}}}}}})
    caps = r["result"]["capabilities"]
    kinds = caps.get("codeActionProvider", {}).get("codeActionKinds", [])
    check("refactor" in kinds and "quickfix" in kinds and FIX_ALL in kinds,
          "clangd's kinds and ours: %r" % kinds)
    check(caps.get("definitionProvider") and caps.get("completionProvider"),
          "clangd's capabilities are missing: %r" % sorted(caps))
    check(caps.get("positionEncoding", "utf-16") == "utf-16" and
          r["result"].get("offsetEncoding", "utf-16") == "utf-16",
          "clangd 19 speaks UTF-16 here: %r" % r["result"])
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri_of(demo), "languageId": "cpp", "version": 1,
        "text": read(demo)}})

    def both(path):
        def match(p):
            codes = [d.get("code") for d in p["diagnostics"]]
            return (p["uri"] == uri_of(path) and
                    "-Wunused-variable" in codes and
                    "transformers-legacy-cache" in codes)
        return match
    d = c.notification("textDocument/publishDiagnostics", both(demo), 30)
    check(d.get("version") == 1, "version: %r" % d)
    text = read(wide)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri_of(wide), "languageId": "cpp", "version": 1,
        "text": text}})
    d = c.notification("textDocument/publishDiagnostics", both(wide), 30)
    got = ours_of(d)[0]["range"]["start"]["character"]
    check(got == column(text, 9, "legacy", "utf-16"),
          "our column %d is not clangd's UTF-16 %d (UTF-8: %d)"
          % (got, column(text, 9, "legacy", "utf-16"),
             column(text, 9, "legacy", "utf-8")))
    kids = [k for k in children(c.proc.pid) if alive(k)]
    STARTED.extend(kids)
    check(len(kids) == 1, "one clangd child expected: %r" % kids)
    r = c.request("shutdown", None)
    check(r.get("result", "missing") is None, "shutdown: %r" % r)
    c.notify("exit", None)
    check(c.proc.wait(15) == 0, "exit status not 0")
    check(wait_gone(kids[0], 2), "clangd still runs after exit")
    print("ok: the real clangd's warning and our finding in one publish, "
          "in clangd's UTF-16; clangd gone after exit")


def main():
    ap = argparse.ArgumentParser()
    for a in ("server", "clangd", "include-dir", "inputs", "work"):
        ap.add_argument("--" + a, required=True)
    args = ap.parse_args()
    args.work = fresh_dir(os.path.abspath(args.work))
    project = copy_tree(os.path.join(args.inputs, "lsp-clangd", "project"),
                        os.path.join(args.work, "project"))
    demo = os.path.join(project, "src", "demo.cpp")
    # The finding after non-ASCII text on its line: columns differ by
    # encoding.
    wide = os.path.join(project, "src", "wide.cpp")
    text = read(demo)
    write(wide, text.replace("{.past_key_values",
                             "/* \u00fc\u00df \U0001F600 */ {.past_key_values"))
    build = os.path.join(project, "build")
    os.makedirs(build)
    with open(os.path.join(build, "compile_commands.json"), "w") as fh:
        json.dump([{"directory": build, "file": f,
                    "arguments": ["clang++", "-std=c++20", "-Wunused-variable",
                                  "-I" + args.include_dir, "-c", f,
                                  "-o", os.path.basename(f) + ".o"]}
                   for f in (demo, wide)], fh, indent=2)
    started = time.monotonic()
    stand_in(args, project, wide, demo)
    real_clangd(args, project, demo, wide)
    print("PASS (%.1f s)" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
