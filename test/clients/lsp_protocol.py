"""transformers-tidy-lsp speaks LSP 3.17 as the specification says.

  lsp_protocol.py --server S --migrate M --include-dir I --inputs DIR --work W

A real LSP session over pipes (lspclient.py) against a scratch project with
compile_commands.json in its build/ directory (found by the server itself):
  * positions: on a line with non-ASCII text and an emoji before the
    finding, the diagnostic's range is the legacy expression's, in UTF-16
    code units by default and in UTF-8 / UTF-32 when the client offers only
    those; the quick fix, applied in that encoding, gives what
    `transformers-migrate --fix` writes; fix-all too;
  * unsaved buffers and versions: incremental edits that are never saved
    are analysed (a finding only the buffer has), published versions never
    go back, the last one is the last edit's, and the disk is untouched;
  * cancellation: a code action waiting for an analysis is answered with
    RequestCancelled after $/cancelRequest, and with ContentModified when a
    newer edit makes it moot;
  * errors: a frame whose content is not JSON (-32700), a header without
    Content-Length (-32700), a message that is not a request (-32600), an
    unknown method (-32601), bad params (-32602), a request before
    initialize (-32002); the server keeps serving after each;
  * compile commands: a file no database knows is analysed with the
    fallback flags and the client is told once (window/showMessage); a
    header no database lists gets a similar file's command, silently;
    --compile-commands-dir names the database for every file;
  * configuration: a .clang-tidy beside a file applies to it;
  * prefilter: a broken file that cannot reach the library is published
    empty without a parse (no "not analysed" log), and is parsed with
    --no-prefilter;
  * lifecycle: didClose clears the document's diagnostics, shutdown then
    exit ends the server with 0, exit without shutdown with 1; no file of
    the project was written.
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "package"))
from lspclient import LspClient, apply_edits  # noqa: E402
from testlib import (check, copy_tree, fresh_dir, read, run,  # noqa: E402
                     write, write_compile_db)

UNITS = {"utf-8": lambda ch: len(ch.encode("utf-8")),
         "utf-16": lambda ch: 2 if ord(ch) > 0xFFFF else 1,
         "utf-32": lambda ch: 1}


def column(line, index, encoding):
    return sum(UNITS[encoding](ch) for ch in line[:index])


def uri_of(path):
    return "file://" + path


def snapshot(root):
    out = {}
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[p] = fh.read()
    return out


class Session:
    def __init__(self, args, project, encodings=None, extra=()):
        self.c = LspClient([args.server, "--debounce=300"] + list(extra),
                           cwd=project)
        result = self.c.initialize(uri_of(project), encodings)["result"]
        self.encoding = result["capabilities"]["positionEncoding"]
        self.caps = result["capabilities"]

    def open(self, path, text=None, version=1):
        if text is None:
            text = read(path)
        self.c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri_of(path), "languageId": "cpp", "version": version,
            "text": text}})
        return text

    def actions(self, path, rng, only=None, wait=True):
        ctx = {"diagnostics": []}
        if only is not None:
            ctx["only"] = only
        return self.c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri_of(path)}, "range": rng,
            "context": ctx}, wait=wait)


def expected_fix(args, project, work, rel):
    """The file `transformers-migrate --fix` writes, on a copy."""
    copy = fresh_dir(os.path.join(work, "migrate-copy"))
    copy_tree(project, copy)
    db = os.path.join(copy, "build")
    shutil.rmtree(db)
    write_compile_db(db, [os.path.join(copy, rel)], [args.include_dir])
    run([args.migrate, "--fix", "-p", db, os.path.join(copy, rel)],
        expect=0, quiet=True)
    return read(os.path.join(copy, rel))


def positions(args, project, greet, fixed):
    text = read(greet)
    lines = text.split("\n")
    target = 10  # the line of the finding, after "héllo wörld" and an emoji
    at = lines[target].rindex("legacy")
    for offer, chosen in ((None, "utf-16"), (["utf-8", "utf-16"], "utf-8"),
                          (["utf-32"], "utf-32")):
        s = Session(args, project, offer)
        check(s.encoding == chosen, "offered %r, the server chose %r"
              % (offer, s.encoding))
        s.open(greet)
        d = s.c.diagnostics(uri_of(greet))
        check(d.get("version") == 1, "publishDiagnostics without version 1")
        check(len(d["diagnostics"]) == 1,
              "%s: %d diagnostics" % (chosen, len(d["diagnostics"])))
        diag = d["diagnostics"][0]
        want = {"start": {"line": target,
                          "character": column(lines[target], at, chosen)},
                "end": {"line": target,
                        "character": column(lines[target], at + 6, chosen)}}
        check(diag["range"] == want, "%s: range %r, expected %r"
              % (chosen, diag["range"], want))
        check(diag["code"] == "transformers-legacy-cache" and
              diag["source"] == "transformers-tidy" and
              diag["severity"] == 2 and
              diag["codeDescription"]["href"].endswith(
                  "docs/checks/legacy-cache.md"),
              "diagnostic fields: %r" % diag)
        acts = s.actions(greet, diag["range"])["result"]
        kinds = [a["kind"] for a in acts]
        check(kinds == ["quickfix", "source.fixAll.transformers-tidy"],
              "code action kinds %r" % kinds)
        for a in acts:
            changes = a["edit"]["documentChanges"]
            check(len(changes) == 1 and
                  changes[0]["textDocument"] == {"uri": uri_of(greet),
                                                 "version": 1},
                  "%s: versioned documentChanges: %r" % (a["kind"], changes))
            got = apply_edits(text, changes[0]["edits"], chosen)
            check(got == fixed, "%s: %s applied in %s is not what --fix "
                  "writes:\n%s" % (a["kind"], a["title"], chosen, got))
        only = s.actions(greet, diag["range"], ["source.fixAll"])["result"]
        check([a["kind"] for a in only] == ["source.fixAll.transformers-tidy"],
              "context.only=source.fixAll gave %r" % only)
        check(s.c.shutdown() == 0, "shutdown then exit: status not 0")
        print("ok: positions and fixes in %s" % chosen)


def clangd_offset_encoding(args, project):
    """clangd's extension, capabilities.offsetEncoding, is an offer too, and
    is answered in the result's offsetEncoding (nvim-lspconfig reads it)."""
    c = LspClient([args.server])
    r = c.request("initialize", {"processId": None, "rootUri": None,
                                 "capabilities": {"offsetEncoding":
                                                  ["utf-8", "utf-16"]}})
    result = r["result"]
    check(result.get("offsetEncoding") == "utf-8" and
          result["capabilities"]["positionEncoding"] == "utf-8",
          "offsetEncoding offer: %r" % result)
    c.notify("initialized", {})
    check(c.shutdown() == 0, "shutdown then exit: status not 0")
    print("ok: clangd's offsetEncoding offer")


def edits_versions_cancel(args, project, greet):
    before = read(greet)
    s = Session(args, project)
    s.open(greet)
    s.c.diagnostics(uri_of(greet), 1)
    # Unsaved incremental edits: a second legacy call in a new function at
    # the end (v2), then a comment inserted before it (v3), sent at once.
    end = len(before.split("\n")) - 1
    added = ("transformers::GenerateOutput again(const transformers::"
             "LlamaForCausalLM &m, const transformers::TokenIds &i, const "
             "transformers::LegacyCache &l) { return m.generate(i, {}, "
             "{.past_key_values = l}); }\n")
    at_end = {"start": {"line": end, "character": 0},
              "end": {"line": end, "character": 0}}
    s.c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri_of(greet), "version": 2},
        "contentChanges": [{"range": at_end, "text": added}]})
    s.c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri_of(greet), "version": 3},
        "contentChanges": [{"range": at_end, "text": "// é\n"}]})
    d = s.c.diagnostics(uri_of(greet), 3)
    check(len(d["diagnostics"]) == 2,
          "v3: %d diagnostics, expected 2 (one only the buffer has)"
          % len(d["diagnostics"]))
    check(d["diagnostics"][1]["range"]["start"]["line"] == end + 1,
          "v3: the new finding is not on line %d: %r"
          % (end + 1, d["diagnostics"][1]))
    published = [m["params"].get("version") for m in s.c.seen
                 if m.get("method") == "textDocument/publishDiagnostics"]
    check(published in ([], [2]), "published after v1: %r, then 3" % published)
    check(read(greet) == before, "the unsaved edits reached the disk")
    print("ok: unsaved incremental edits, versions %r then 3" % published)

    # A code action for a version not analysed yet waits; cancelled, it is
    # answered with RequestCancelled.
    rng = d["diagnostics"][0]["range"]
    s.c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri_of(greet), "version": 4},
        "contentChanges": [{"range": at_end, "text": "\n"}]})
    rid = s.actions(greet, rng, wait=False)
    s.c.notify("$/cancelRequest", {"id": rid})
    r = s.c.response(rid)
    check(r.get("error", {}).get("code") == -32800,
          "cancelled code action: %r" % r)
    # One that a newer edit makes moot: ContentModified.
    rid = s.actions(greet, rng, wait=False)
    s.c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri_of(greet), "version": 5},
        "contentChanges": [{"range": at_end, "text": "\n"}]})
    r = s.c.response(rid)
    check(r.get("error", {}).get("code") == -32801,
          "code action overtaken by an edit: %r" % r)
    # And one for the current version is answered once it is analysed.
    r = s.actions(greet, rng)
    check(len(r.get("result", [])) == 2, "code actions of v5: %r" % r)
    print("ok: cancellation, content modified, deferred answer")
    s.c.notify("textDocument/didClose", {"textDocument": {
        "uri": uri_of(greet)}})
    d = s.c.notification("textDocument/publishDiagnostics",
                         lambda p: p["uri"] == uri_of(greet) and
                         not p["diagnostics"])
    check(s.c.shutdown() == 0, "shutdown then exit: status not 0")


def bad_input(args, project, greet):
    c = LspClient([args.server])
    r = c.request("textDocument/codeAction", {})
    check(r.get("error", {}).get("code") == -32002,
          "a request before initialize: %r" % r)
    c.initialize(uri_of(project))

    def error_of(m):
        return m.get("error", {}).get("code")

    c.send_raw(b"Content-Length: 5\r\n\r\nhello")
    m = c.wait_for(lambda m: error_of(m) == -32700 and m["id"] is None,
                   what="-32700 for a content that is not JSON")
    c.send_raw(b"Content-Type: x\r\n\r\n")
    c.wait_for(lambda m: error_of(m) == -32700 and
               "Content-Length" in m["error"]["message"],
               what="-32700 for a header without Content-Length")
    c.send({"jsonrpc": "2.0", "id": 90, "result": None, "method": 7})
    c.send([1, 2])
    c.wait_for(lambda m: error_of(m) == -32600, what="-32600 for an array")
    r = c.request("no/such/method", {})
    check(error_of(r) == -32601, "an unknown method: %r" % r)
    c.notify("no/such/notification", {})  # no answer at all
    r = c.request("textDocument/codeAction", {"textDocument": {"uri": 3}})
    check(error_of(r) == -32602, "bad params: %r" % r)
    r = c.request("initialize", {"capabilities": {}})
    check(error_of(r) == -32600, "a second initialize: %r" % r)
    # Still serving.
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri_of(greet), "languageId": "cpp", "version": 1,
        "text": read(greet)}})
    d = c.diagnostics(uri_of(greet), 1)
    check(len(d["diagnostics"]) == 1, "after bad input: %r" % d)
    stray = [m for m in c.seen if "id" in m and m.get("id") not in (None,)]
    check(not stray, "answers nobody asked for: %r" % stray)
    # exit without shutdown: status 1.
    c.notify("exit", None)
    check(c.proc.wait(30) == 1, "exit without shutdown: status not 1")
    print("ok: errors by the specification, the server kept serving")


def fallback_and_prefilter(args, project, work):
    # Outside the build tree, whose compile_commands.json an ancestor
    # search from the work directory would find.
    nodb = tempfile.mkdtemp(prefix="tt-lsp-nodb-")
    lone = os.path.join(nodb, "lone.cpp")
    write(lone, read(os.path.join(project, "src", "greet.cpp")))
    broken = os.path.join(project, "src", "broken.cpp")
    write(broken, "// No library here, and a semantic error.\n"
                  "int f() { return undeclared_name; }\n")
    flags = "--fallback-flags=-std=c++20,-I" + args.include_dir
    s = Session(args, project, extra=[flags])
    s.open(lone)
    d = s.c.diagnostics(uri_of(lone), 1)
    check(len(d["diagnostics"]) == 1, "fallback command: %r" % d)
    msg = s.c.notification("window/showMessage")
    check(msg["type"] == 2 and lone in msg["message"] and
          "-std=c++20" in msg["message"], "showMessage: %r" % msg)
    s.c.notify("textDocument/didSave", {"textDocument": {"uri": uri_of(lone)}})
    s.c.diagnostics(uri_of(lone), 1)
    again = [m for m in s.c.seen if m.get("method") == "window/showMessage"]
    check(not again, "told twice about one file: %r" % again)
    print("ok: fallback flags, told once")
    check(s.c.shutdown() == 0, "shutdown then exit: status not 0")

    # --compile-commands-dir names the database for every file: the same
    # file, outside the project, gets a command guessed from it (no
    # fallback, so no message) even without --fallback-flags.
    s = Session(args, project, extra=["--compile-commands-dir=" +
                                      os.path.join(project, "build")])
    s.open(lone)
    d = s.c.diagnostics(uri_of(lone), 1)
    check(len(d["diagnostics"]) == 1, "--compile-commands-dir: %r" % d)
    shown = [m for m in s.c.seen if m.get("method") == "window/showMessage"]
    check(not shown, "--compile-commands-dir, yet a fallback: %r" % shown)
    print("ok: --compile-commands-dir")

    # A header no database lists gets the command of a similar file (the
    # interpolating database): its include path, no fallback message.
    header = os.path.join(project, "src", "resume.h")
    write(header, "#pragma once\n#include <transformers/transformers.h>\n"
          "inline transformers::GenerateOutput resume(const transformers::"
          "LlamaForCausalLM &m, const transformers::TokenIds &i, const "
          "transformers::LegacyCache &l) {\n  return m.generate(i, {}, "
          "{.past_key_values = l});\n}\n")
    s.open(header)
    d = s.c.diagnostics(uri_of(header), 1)
    check(len(d["diagnostics"]) == 1 and
          d["diagnostics"][0]["range"]["start"]["line"] == 3,
          "a header, by an interpolated command: %r" % d)
    shown = [m for m in s.c.seen if m.get("method") == "window/showMessage"]
    check(not shown, "a header the database can guess for: %r" % shown)
    print("ok: a header gets an interpolated command")

    # The configuration is clang-tidy's, per directory: a .clang-tidy
    # beside the file makes the finding an error.
    strict = os.path.join(project, "strict")
    write(os.path.join(strict, ".clang-tidy"), "WarningsAsErrors: '*'\n")
    strict_file = os.path.join(strict, "greet.cpp")
    shutil.copy(os.path.join(project, "src", "greet.cpp"), strict_file)
    s.open(strict_file)
    d = s.c.diagnostics(uri_of(strict_file), 1)
    check([x["severity"] for x in d["diagnostics"]] == [1],
          ".clang-tidy with WarningsAsErrors: %r" % d)
    print("ok: .clang-tidy read per directory")

    s.open(broken)
    d = s.c.diagnostics(uri_of(broken), 1)
    check(d["diagnostics"] == [], "broken, no library: %r" % d)
    logs = [m for m in s.c.seen if m.get("method") == "window/logMessage"
            and "not analysed" in m["params"]["message"]]
    check(not logs, "the prefilter should have skipped the parse: %r" % logs)
    check(s.c.shutdown() == 0, "shutdown then exit: status not 0")
    s = Session(args, project, extra=["--no-prefilter"])
    s.open(broken)
    s.c.diagnostics(uri_of(broken), 1)
    log = s.c.notification("window/logMessage",
                           lambda p: "not analysed" in p["message"])
    check("undeclared_name" in log["message"], "log: %r" % log)
    check(s.c.shutdown() == 0, "shutdown then exit: status not 0")
    os.remove(broken)
    os.remove(header)
    shutil.rmtree(strict)
    shutil.rmtree(nodb)
    print("ok: prefilter skips the parse; --no-prefilter parses")


def main():
    ap = argparse.ArgumentParser()
    for a in ("server", "migrate", "include-dir", "inputs", "work"):
        ap.add_argument("--" + a, required=True)
    args = ap.parse_args()
    work = fresh_dir(args.work)
    project = os.path.join(work, "project")
    os.makedirs(os.path.join(project, "src"))
    greet = os.path.join(project, "src", "greet.cpp")
    shutil.copy(os.path.join(args.inputs, "unicode", "src", "greet.cpp"),
                greet)
    write_compile_db(os.path.join(project, "build"),
                     [greet, os.path.join(project, "src", "broken.cpp")],
                     [args.include_dir])
    fixed = expected_fix(args, project, work, "src/greet.cpp")
    check(fixed != read(greet), "--fix changed nothing")
    before = snapshot(project)

    positions(args, project, greet, fixed)
    clangd_offset_encoding(args, project)
    edits_versions_cancel(args, project, greet)
    bad_input(args, project, greet)
    fallback_and_prefilter(args, project, work)
    check(snapshot(project) == before, "the server wrote a file")
    print("PASS")


if __name__ == "__main__":
    main()
