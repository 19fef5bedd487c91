"""A small LSP client over a child process's stdin/stdout, for the tests.

Frames messages as the LSP base protocol says, reads the server's output on
a thread, and lets a test wait for a response or for a notification that
matches a predicate. Raw bytes can be sent too (bad frames).
"""
import json
import queue
import subprocess
import threading
import time


class LspClient:
    def __init__(self, argv, cwd=None, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd, env=env)
        self.next_id = 1
        self.inbox = queue.Queue()
        self.seen = []  # every message received, in order
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    # -- sending
    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params, wait=True, timeout=60):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        return self.response(rid, timeout) if wait else rid

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    # -- receiving
    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.decode("ascii").rstrip("\r\n")
                if not line:
                    break
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            self.inbox.put(json.loads(body.decode("utf-8")))

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def wait_for(self, predicate, timeout=60, what="a message"):
        """The first message, seen before or arriving now, that matches."""
        for m in self.seen:
            if predicate(m):
                self.seen.remove(m)
                return m
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("timed out waiting for %s; stderr:\n%s"
                                     % (what, "".join(self.stderr)))
            try:
                m = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if m is None:
                raise AssertionError("the server closed its output while "
                                     "waiting for %s; stderr:\n%s"
                                     % (what, "".join(self.stderr)))
            if predicate(m):
                return m
            self.seen.append(m)

    def response(self, rid, timeout=60):
        return self.wait_for(lambda m: m.get("id") == rid and
                             "method" not in m, timeout,
                             "the response to request %r" % rid)

    def notification(self, method, predicate=lambda p: True, timeout=60):
        return self.wait_for(lambda m: m.get("method") == method and
                             "id" not in m and predicate(m.get("params")),
                             timeout, "a %s notification" % method)["params"]

    def diagnostics(self, uri, version=None, timeout=60):
        return self.notification(
            "textDocument/publishDiagnostics",
            lambda p: p["uri"] == uri and (version is None or
                                           p.get("version") == version),
            timeout)

    def initialize(self, root_uri, encodings=None, document_changes=True):
        caps = {"workspace": {"workspaceEdit":
                              {"documentChanges": document_changes}},
                "textDocument": {"publishDiagnostics":
                                 {"relatedInformation": True,
                                  "versionSupport": True}}}
        if encodings is not None:
            caps["general"] = {"positionEncodings": encodings}
        result = self.request("initialize", {"processId": None,
                                             "rootUri": root_uri,
                                             "capabilities": caps})
        self.notify("initialized", {})
        return result

    def shutdown(self, timeout=30):
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def apply_edits(text, edits, encoding="utf-16"):
    """\p text with LSP TextEdits applied (positions in \p encoding)."""
    data = text.encode("utf-8")
    lines = [0]
    i = 0
    while i < len(data):
        if data[i:i + 2] == b"\r\n":
            i += 2
            lines.append(i)
            continue
        if data[i:i + 1] in (b"\n", b"\r"):
            lines.append(i + 1)
        i += 1

    def offset(pos):
        if pos["line"] >= len(lines):
            return len(data)
        start = lines[pos["line"]]
        end = lines[pos["line"] + 1] if pos["line"] + 1 < len(lines) \
            else len(data)
        line = data[start:end].decode("utf-8")
        units = 0
        for k, ch in enumerate(line):
            if units >= pos["character"] or ch in "\r\n":
                return start + len(line[:k].encode("utf-8"))
            units += {"utf-8": len(ch.encode("utf-8")),
                      "utf-16": 2 if ord(ch) > 0xFFFF else 1,
                      "utf-32": 1}[encoding]
        return end

    spans = sorted(((offset(e["range"]["start"]), offset(e["range"]["end"]),
                     n, e["newText"]) for n, e in enumerate(edits)))
    out = data
    for begin, end, _, new in reversed(spans):
        out = out[:begin] + new.encode("utf-8") + out[end:]
    return out.decode("utf-8")
