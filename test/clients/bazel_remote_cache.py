"""The Bazel aspect with a real HTTP remote cache (docs/integrations.md,
"Remote cache and remote execution").

  bazel_remote_cache.py --bazel BAZEL --doc docs/integrations.md
                        --prefix INSTALL_PREFIX --datadir share --llvm-major N
                        --clang-tidy CT --include-dir I --lib-dir L
                        --inputs Inputs/bazel-workspace --work W

Serves Bazel's HTTP cache protocol (GET, HEAD and PUT of /ac/<sha256> and
/cas/<sha256> over HTTP/1.1) on 127.0.0.1, from a directory, counting what
it is asked, and builds the report of the workspace of clients.bazel-aspect
(bazel_workspace.py: the page's WORKSPACE, .bazelrc and report command) with
the page's remote cache block, its URL made
`http://127.0.0.1:PORT/transformers-tidy`, and no disk cache:
  1. CI's first build (--config=ci) runs every tidy action and uploads its
     result (one ActionResult per action, naming its report and fix file);
     no tidy action's command line, environment or input names an absolute
     path;
  2. after `bazel clean` (the same Bazel server), CI's build takes every
     tidy result from the cache: Bazel's summary line says so, the execution
     log too, the server answered a GET of each action's /ac entry and was
     sent nothing;
  3. so does a developer's build (the block's read-only default) in a copy
     of the workspace at another path with its own output root (another
     checkout, another machine as far as the cache keys go): the same /ac
     entries;
and the reports and fix files are byte-identical in the three builds.
Skipped (77) without Bazel.
"""
import hashlib
import http.server
import os
import re
import shutil
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import check, run, skip  # noqa: E402
from scratchlib import doc_block  # noqa: E402
import bazel_workspace  # noqa: E402
from bazel_workspace import tidy_spawns  # noqa: E402

SUMMARY = re.compile(r"^INFO: (\d+) process(?:es)?: (.*)\.$", re.M)
DOC_URL = "https://bazel-cache.example.com/transformers-tidy"
KEY = re.compile(r"^/transformers-tidy/(ac|cas)/([0-9a-f]{64})$")
TIDY_REPORT = re.compile(r"\.transformers_tidy/.*\.txt$")


# --- Bazel's HTTP cache protocol, from a directory.
def varint(buf, i):
    value, shift = 0, 0
    while True:
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def proto_fields(buf):
    """(field number, value) of a protocol buffer message; enough of the
    wire format for an ActionResult."""
    i = 0
    while i < len(buf):
        key, i = varint(buf, i)
        number, wire_type = key >> 3, key & 7
        if wire_type == 0:
            value, i = varint(buf, i)
        elif wire_type == 2:
            size, i = varint(buf, i)
            value, i = buf[i:i + size], i + size
        elif wire_type in (1, 5):
            size = 8 if wire_type == 1 else 4
            value, i = buf[i:i + size], i + size
        else:
            raise ValueError("wire type %d" % wire_type)
        yield number, value


def output_paths(action_result):
    """The output files of a remote-execution ActionResult (field 2,
    OutputFile, whose field 1 is the path)."""
    return [value.decode() for number, out in proto_fields(action_result)
            if number == 2
            for number2, value in proto_fields(out) if number2 == 1]


class Cache:
    """The store and what was asked of it: events[(kind, what)] lists the
    keys, what being get-hit, get-miss, head-hit, head-miss or put."""

    def __init__(self, root):
        self.root = root
        self.lock = threading.Lock()
        self.events = {}
        self.errors = []
        for kind in ("ac", "cas"):
            os.makedirs(os.path.join(root, kind))

    def note(self, kind, what, key):
        with self.lock:
            self.events.setdefault((kind, what), []).append(key)

    def snapshot(self):
        with self.lock:
            return {k: list(v) for k, v in self.events.items()}

    def tidy_actions(self):
        """The /ac keys whose ActionResult holds a tidy report."""
        found = set()
        for key in os.listdir(os.path.join(self.root, "ac")):
            paths = output_paths(read_bytes(os.path.join(self.root, "ac", key)))
            if any(TIDY_REPORT.search(p) for p in paths):
                found.add(key)
        return found


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    cache = None  # set on the subclass the server uses

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", send_body=True):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def key(self):
        m = KEY.match(self.path)
        if not m:
            self.cache.errors.append("%s %s" % (self.command, self.path))
            self.reply(400)
            return None
        return m.group(1), m.group(2)

    def do_GET(self, send_body=True):
        key = self.key()
        if key is None:
            return
        kind, digest = key
        what = "get" if send_body else "head"
        path = os.path.join(self.cache.root, kind, digest)
        if os.path.isfile(path):
            self.cache.note(kind, what + "-hit", digest)
            self.reply(200, read_bytes(path), send_body)
        else:
            self.cache.note(kind, what + "-miss", digest)
            self.reply(404, send_body=send_body)

    def do_HEAD(self):
        self.do_GET(send_body=False)

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                chunk = self.rfile.read(size)
                self.rfile.readline()
                if not size:
                    return data
                data += chunk
        return self.rfile.read(int(self.headers.get("Content-Length", 0)))

    def do_PUT(self):
        data = self.body()
        key = self.key()
        if key is None:
            return
        kind, digest = key
        if kind == "cas" and hashlib.sha256(data).hexdigest() != digest:
            self.cache.errors.append("PUT %s: not its content" % self.path)
            self.reply(400)
            return
        fd, tmp = tempfile.mkstemp(dir=self.cache.root)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, os.path.join(self.cache.root, kind, digest))
        self.cache.note(kind, "put", digest)
        self.reply(200)


# --- The workspace, with the remote cache.
a = bazel_workspace.parse_args()
if not shutil.which(a.bazel):
    skip("%s not found: scripts/dev.sh installs Debian's bazel-bootstrap"
         % a.bazel)
started = time.monotonic()
work = os.path.abspath(a.work)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
port = server.server_address[1]
remote_rc = doc_block(a.doc, "bazel remote cache", "sh")
check(DOC_URL in remote_rc and "build:ci --remote_upload_local_results"
      in remote_rc, "the page's remote cache block no longer has the URL and "
      "the ci config this test uses")
scratch = bazel_workspace.setup(a, work, [
    "# docs/integrations.md, the remote cache:",
    remote_rc.replace(DOC_URL, "http://127.0.0.1:%d/transformers-tidy" % port)])
cache = Cache(os.path.join(work, "http-cache"))  # setup() emptied WORK
Handler.cache = cache
threading.Thread(target=server.serve_forever, daemon=True).start()
report_cmd = scratch.report_cmd
check(report_cmd[:2] == ["bazel", "build"],
      "the page's report command is not a bazel build: %s" % report_cmd)


def build(ws, env, log, *options):
    """The page's report command in WS with OPTIONS and an execution log:
    the counts of Bazel's summary line ({"remote cache hit": 3, "internal":
    1, ...}), the tidy spawns, the reports and fix files, and what the server
    was asked."""
    before = cache.snapshot()
    done = run(report_cmd + list(options)
               + ["--execution_log_json_file=" + log], cwd=ws, env=env)
    lines = SUMMARY.findall(done.stderr)
    check(len(lines) == 1, "not one summary line of processes: %s" % lines)
    counts = {}
    for part in lines[0][1].split(", "):
        n, kind = part.split(" ", 1)
        counts[kind] = int(n)
    check(sum(counts.values()) == int(lines[0][0]),
          "the summary line does not add up: %s" % (lines,))
    after = cache.snapshot()
    asked = {k: v[len(before.get(k, [])):] for k, v in after.items()}
    print("summary: INFO: %s processes: %s." % lines[0], flush=True)
    print("server: " + ", ".join("/%s %s %d" % (kind, what, len(keys))
                                 for (kind, what), keys in sorted(asked.items())
                                 if keys), flush=True)
    return counts, tidy_spawns(log), bazel_workspace.outputs(ws), asked


def check_hits(where, result, tidy_keys):
    counts, spawns, outputs, asked = result
    check(counts.get("remote cache hit") == len(tidy_keys)
          and set(counts) <= {"remote cache hit", "internal"},
          "%s, not every tidy action was a remote cache hit: %s"
          % (where, counts))
    check(len(spawns) == len(tidy_keys)
          and all(s.get("remoteCacheHit") for s in spawns),
          "%s, the execution log has tidy spawns that are no remote cache "
          "hit: %s" % (where, [(s.get("runner"), s.get("remoteCacheHit"))
                               for s in spawns]))
    check(set(asked.get(("ac", "get-hit"), [])) == tidy_keys,
          "%s, the server's /ac hits are not the tidy actions' entries: "
          "%s, want %s" % (where, asked.get(("ac", "get-hit")), tidy_keys))
    check(not asked.get(("ac", "put")) and not asked.get(("cas", "put")),
          "%s, Bazel uploaded again: %s" % (where, asked))
    check(outputs == first_outputs, "%s, the reports or fix files differ "
          "from the first build's" % where)


ws = scratch.ws
env = scratch.env
second = os.path.join(work, "elsewhere", "checkout")
env2 = dict(env, PATH=os.path.join(work, "bin2") + os.pathsep
            + os.environ["PATH"])
try:
    # 1. CI's first build: every tidy action runs, and is uploaded.
    counts, spawns, first_outputs, asked = build(
        ws, env, os.path.join(work, "exec-1.json"), "--config=ci")
    reports, fixes = first_outputs
    check(len(reports) == 3 and len(fixes) == 3 and any(reports.values()),
          "one report and fix file per source expected, with findings: %s"
          % sorted(reports))
    check(len(spawns) == 3 and not any(s.get("remoteCacheHit") for s in spawns)
          and not counts.get("remote cache hit"),
          "the first build took results from the empty cache: %s" % counts)
    tidy_keys = cache.tidy_actions()
    check(len(tidy_keys) == 3 and tidy_keys <= set(asked.get(("ac", "put"), []))
          and tidy_keys <= set(asked.get(("ac", "get-miss"), [])),
          "the server did not get one /ac entry per tidy action (a miss, "
          "then its result): %s" % tidy_keys)
    uploaded = set(asked.get(("cas", "put"), []))
    for text in list(reports.values()) + list(fixes.values()):
        digest = hashlib.sha256(text.encode()).hexdigest()
        check(not text or digest in uploaded,
              "an output was not uploaded to /cas: %s" % digest)
    # The cache key: no path of the checkout or the machine in what the
    # action runs with (its inputs are named relative to the execution root).
    for s in spawns:
        for word in s["commandArgs"] + [v.get("value", "") for v in
                                        s.get("environmentVariables", [])]:
            check(not word.startswith("/") and work not in word,
                  "a tidy action's command line or environment holds an "
                  "absolute path: %s" % word)
        for i in s.get("inputs", []):
            check(not i["path"].startswith("/"),
                  "a tidy action's input is named by absolute path: %s" % i)

    # 2. After `bazel clean`, CI's build (uploads on): every tidy action a
    # hit, nothing sent.
    run(["bazel", "clean"], cwd=ws, env=env)
    check_hits("after bazel clean",
               build(ws, env, os.path.join(work, "exec-2.json"), "--config=ci"),
               tidy_keys)

    # 3. A developer's build (read only) in another checkout, at another
    # path, with its own output root.
    shutil.copytree(ws, second, ignore=shutil.ignore_patterns("bazel-*"))
    bazel_workspace.bazel_wrapper(os.path.join(work, "bin2", "bazel"),
                                  scratch.bazel_real,
                                  os.path.join(work, "root2"))
    check_hits("in a checkout at another path",
               build(second, env2, os.path.join(work, "exec-3.json")),
               tidy_keys)
    check(not cache.errors, "the server got requests outside the protocol: "
          "%s" % cache.errors)
finally:
    for checkout, e in ((ws, env), (second, env2)):
        if os.path.isdir(checkout):
            run(["bazel", "shutdown"], cwd=checkout, env=e, expect=None,
                quiet=True)
    server.shutdown()

print("bazel remote cache: every tidy action a remote cache hit after bazel "
      "clean and in another checkout, the same outputs (%.1f s)"
      % (time.monotonic() - started))
