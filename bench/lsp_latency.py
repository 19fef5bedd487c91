#!/usr/bin/env python3
"""bench/lsp_latency.py: how soon transformers-tidy-lsp answers an edit (issue 29, item 5).

  bench/lsp_latency.py [--build DIR] [--file F] [-p BUILD] [--runs N]
                       [--debounce MS] [--clang-tidy EXE] [--markdown]

Starts the language server on one translation unit that includes the
library (default: examples/legacy-app/main.cpp with the build tree's
compile_commands.json), opens it, and times, N times each:

  body      a one-line didChange in a function body (the line's text
            replaced by itself plus a comment naming the version), until
            the publishDiagnostics of that version: the preamble is reused;
  include   the same on an #include line (a comment appended to it): the
            preamble is rebuilt;
  tidy      clang-tidy-19 -load <plugin> --checks=-*,transformers-* -p BUILD
            on the same file, a new process each time ("cold": nothing kept
            between runs but the operating system's file cache).

Prints the medians, the first analysis after didOpen (which builds the
preamble), and body / tidy against issue 29's goal (<= 0.25). Every run's
diagnostics are checked against the first ones (the same checks and
positions); a mismatch fails the run. The server runs with --debounce MS
(default 0): the figure is the analysis, without the wait an editor adds
for a burst of keystrokes (the server's default is 200 ms). Not a test.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, os.path.join(root, "test", "clients"))
from lspclient import LspClient  # noqa: E402


def uri_of(path):
    return "file://" + path


def findings(diags):
    return sorted((d["range"]["start"]["line"], d["range"]["start"]["character"],
                   d.get("code", ""), d["message"]) for d in diags)


def line_edit(lines, index, new_text, version, uri):
    """A didChange replacing line \\p index by \\p new_text."""
    return {"textDocument": {"uri": uri, "version": version},
            "contentChanges": [{
                "range": {"start": {"line": index, "character": 0},
                          "end": {"line": index,
                                  "character": len(lines[index])}},
                "text": new_text}]}


def body_line(lines):
    """A line inside a function body: indented, after the #include lines."""
    last_include = max(i for i, l in enumerate(lines)
                       if l.startswith("#include"))
    for i in range(last_include + 1, len(lines)):
        if lines[i].startswith("  ") and lines[i].strip() and \
                not lines[i].strip().startswith("//"):
            return i
    raise SystemExit("no indented line after the #include lines")


def time_edits(client, uri, lines, index, runs, start_version, expected):
    times = []
    version = start_version
    for n in range(runs):
        version += 1
        text = "%s // edit %d" % (lines[index], version)
        t0 = time.perf_counter()
        client.notify("textDocument/didChange",
                      line_edit(lines, index, text, version, uri))
        p = client.diagnostics(uri, version, timeout=120)
        times.append(time.perf_counter() - t0)
        lines[index] = text
        got = findings(p["diagnostics"])
        if expected is not None and [f[1:] for f in got] != \
                [f[1:] for f in expected]:
            raise SystemExit("version %d: different diagnostics:\n%s\nvs\n%s"
                             % (version, got, expected))
    return times, version


def run_tidy(clang_tidy, plugin, build, path, runs):
    times = []
    out = ""
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([clang_tidy, "-load", plugin,
                            "--checks=-*,transformers-*", "-p", build, path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        times.append(time.perf_counter() - t0)
        out = r.stdout
    return times, len(re.findall(r"warning: .*\[transformers-", out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--file", default=os.path.join(
        root, "examples", "legacy-app", "main.cpp"))
    ap.add_argument("-p", dest="db", default=None,
                    help="directory of compile_commands.json (default: --build)")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--debounce", type=int, default=0)
    ap.add_argument("--clang-tidy", default="clang-tidy-19")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    db = os.path.abspath(args.db or build)
    path = os.path.abspath(args.file)
    server = os.path.join(build, "tools", "transformers-tidy-lsp",
                          "transformers-tidy-lsp")
    plugin = os.path.join(build, "lib", "TidyModule",
                          "TransformersTidyModule.so")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    uri = uri_of(path)

    client = LspClient([server, "--compile-commands-dir=" + db,
                        "--checks=-*,transformers-*",
                        "--debounce=%d" % args.debounce, "-j=1"])
    try:
        client.initialize(uri_of(os.path.dirname(path)))
        t0 = time.perf_counter()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cpp", "version": 1, "text": text}})
        first = client.diagnostics(uri, 1, timeout=120)
        opened = time.perf_counter() - t0
        expected = findings(first["diagnostics"])
        if not expected:
            raise SystemExit("no diagnostics on %s: nothing to compare" % path)

        body, version = time_edits(client, uri, lines, body_line(lines),
                                   args.runs, 1, expected)
        include = max(i for i, l in enumerate(lines)
                      if l.startswith("#include"))
        incl, version = time_edits(client, uri, lines, include, args.runs,
                                   version, expected)
        client.shutdown()
    finally:
        client.kill()

    tidy, tidy_count = run_tidy(args.clang_tidy, plugin, db, path, args.runs)
    if tidy_count != len(expected):
        raise SystemExit("clang-tidy found %d, the server %d"
                         % (tidy_count, len(expected)))

    med = {k: statistics.median(v) for k, v in
           (("body", body), ("include", incl), ("tidy", tidy))}
    ratio = med["body"] / med["tidy"]
    rel = os.path.relpath(path, root)
    if rel.startswith(".."):
        rel = path
    print("| %s, %d runs each, --debounce %d, %d finding(s) | median | min | max |"
          % (rel, args.runs, args.debounce, len(expected)))
    print("|---|---|---|---|")
    print("| didOpen → first publish (preamble built) | %.3f s | | |" % opened)
    for name, label in (("body", "one-line edit in a body (preamble reused)"),
                        ("include", "one-line edit of an #include line "
                                    "(preamble rebuilt)"),
                        ("tidy", "`clang-tidy-19 -load` cold")):
        v = {"body": body, "include": incl, "tidy": tidy}[name]
        print("| %s | %.3f s | %.3f s | %.3f s |"
              % (label, med[name], min(v), max(v)))
    print()
    print("body / tidy = %.3f (goal <= 0.25: %s)"
          % (ratio, "PASS" if ratio <= 0.25 else "FAIL"))
    print("include / tidy = %.3f" % (med["include"] / med["tidy"]))
    print(json.dumps({"body": body, "include": incl, "tidy": tidy,
                      "open": opened}), file=sys.stderr)
    return 0 if ratio <= 0.25 else 1


if __name__ == "__main__":
    sys.exit(main())
