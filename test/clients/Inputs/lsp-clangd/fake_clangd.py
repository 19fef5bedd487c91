#!/usr/bin/env python3
"""A stand-in for clangd that speaks a little LSP, for lsp_clangd_proxy.py.

  fake_clangd.py --log FILE [--provider true|object|none] [--crash-on-open N]
                 [--ignore-exit] [--code-action-error]

Deterministic where the real clangd is not: it records every message it
reads (one JSON per line in FILE, then "PID <pid>" first), and
  * initialize: answers with hoverProvider, its own textDocumentSync and a
    codeActionProvider that is `true`, an object with kinds, or absent; with
    the client's first offered `offsetEncoding` as clangd does;
  * didOpen / didChange: publishes one warning "fake warning v<version>" on
    line 0 with that version; with --crash-on-open N, then exits N;
  * codeAction: one quickfix "fake clangd action" (an error with
    --code-action-error);
  * hover: first asks the client workspace/configuration (id 7001), then
    answers with what the client answered;
  * shutdown: null; exit: exits 0, unless --ignore-exit (then it never ends
    by itself, not even at the end of its input).
"""
import argparse
import json
import os
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("--log", required=True)
ap.add_argument("--provider", default="object")
ap.add_argument("--crash-on-open", type=int)
ap.add_argument("--ignore-exit", action="store_true")
ap.add_argument("--code-action-error", action="store_true")
args = ap.parse_args()

log = open(args.log, "a", buffering=1)
log.write("PID %d\n" % os.getpid())
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer


def read():
    headers = {}
    while True:
        line = stdin.readline()
        if not line:
            return None
        line = line.decode("ascii").strip()
        if not line:
            break
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return json.loads(stdin.read(int(headers["content-length"])))


def send(message):
    body = json.dumps(message).encode("utf-8")
    stdout.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stdout.flush()


def respond(rid, result):
    send({"jsonrpc": "2.0", "id": rid, "result": result})


def publish(uri, version):
    send({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
          "params": {"uri": uri, "version": version, "diagnostics": [{
              "range": {"start": {"line": 0, "character": 0},
                        "end": {"line": 0, "character": 2}},
              "severity": 2, "source": "fake-clangd",
              "message": "fake warning v%d" % version}]}})


def stay():
    while True:
        time.sleep(3600)


waiting_hover = None
while True:
    m = read()
    if m is None:
        if args.ignore_exit:
            stay()
        sys.exit(0)
    log.write(json.dumps(m) + "\n")
    method, rid, params = m.get("method"), m.get("id"), m.get("params") or {}
    if method is None:
        # The client's answer to our workspace/configuration.
        if rid == 7001 and waiting_hover is not None:
            respond(waiting_hover, {"contents": {
                "kind": "plaintext",
                "value": "configuration: " + json.dumps(m.get("result"))}})
            waiting_hover = None
        continue
    if method == "initialize":
        caps = {"hoverProvider": True,
                "textDocumentSync": {"openClose": True, "change": 1,
                                     "save": {"includeText": False}}}
        if args.provider == "true":
            caps["codeActionProvider"] = True
        elif args.provider == "object":
            caps["codeActionProvider"] = {
                "codeActionKinds": ["quickfix", "refactor"]}
        result = {"capabilities": caps,
                  "serverInfo": {"name": "fake-clangd", "version": "1"}}
        offered = params.get("capabilities", {}).get("offsetEncoding")
        if offered:
            result["offsetEncoding"] = offered[0]
        respond(rid, result)
    elif method in ("textDocument/didOpen", "textDocument/didChange"):
        td = params["textDocument"]
        publish(td["uri"], td["version"])
        if method == "textDocument/didOpen" and args.crash_on_open is not None:
            log.close()
            os._exit(args.crash_on_open)
    elif method == "textDocument/codeAction":
        if args.code_action_error:
            send({"jsonrpc": "2.0", "id": rid,
                  "error": {"code": -32603, "message": "fake failure"}})
        else:
            respond(rid, [{"title": "fake clangd action",
                           "kind": "quickfix"}])
    elif method == "textDocument/hover":
        waiting_hover = rid
        send({"jsonrpc": "2.0", "id": 7001, "method": "workspace/configuration",
              "params": {"items": [{"section": "fake"}]}})
    elif method == "shutdown":
        respond(rid, None)
    elif method == "exit":
        if args.ignore_exit:
            stay()
        sys.exit(0)
    elif rid is not None:
        send({"jsonrpc": "2.0", "id": rid,
              "error": {"code": -32601, "message": "unknown: " + method}})
