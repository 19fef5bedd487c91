"""transformers-tidy-lsp reports what transformers-migrate reports.

  lsp_parity.py --server S --migrate M --include-dir I --sources DIR --work W

Both front ends host the same checks through the same driver library; this
checks that nothing is lost or changed on the way to the editor. Over a set
of the checks' lit sources (templates, forwarding and stored arguments, a
macro body's no-fix note, NOLINT, the include variants, the kwargs and
encoder-decoder forms, the second check), copied into a project with a
compile_commands.json, every finding of `transformers-migrate
--format=json` in each source is one diagnostic of the server (opened with
the file's text, UTF-8 positions) with the same check, message, severity,
line and byte column, the same notes where they are, and a quick fix whose
edits are byte for byte the fix's; a finding without a fix has no quick
fix. And the server reports nothing else.
"""
import argparse
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "package"))
from lspclient import LspClient  # noqa: E402
from testlib import check, fresh_dir, read, run, write_compile_db  # noqa

SOURCES = [
    "cache-implementation-conflict-positive.cpp",
    "checks-together.cpp",
    "legacy-cache-decay-copied.cpp",
    "legacy-cache-encoder-decoder.cpp",
    "legacy-cache-forwarded-user.cpp",
    "legacy-cache-generate-kwargs-brace.cpp",
    "legacy-cache-include-missing.cpp",
    "legacy-cache-macro-body.cpp",
    "legacy-cache-nolint.cpp",
    "legacy-cache-template-dependent-call.cpp",
    "legacy-cache-to-legacy-flow.cpp",
]


def byte_offsets(text):
    data = text.encode("utf-8")
    starts = [0]
    for i, b in enumerate(data):
        if b == 0x0A:
            starts.append(i + 1)
    return lambda pos: starts[pos["line"]] + pos["character"]


def from_migrate(report, path):
    out = []
    for d in report["diagnostics"]:
        if d["file"] != path:
            continue
        out.append({
            "check": d["check"], "message": d["message"],
            "severity": d["severity"], "line": d["line"],
            "column": d["column"],
            "notes": [(n["message"], n["line"], n["column"])
                      for n in d["notes"] if n["file"] == path],
            "fix": sorted((f["offset"], f["length"], f["replacement"])
                          for f in d["fix"])})
    return out


def from_server(client, path, text):
    uri = "file://" + path
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cpp", "version": 1, "text": text}})
    published = client.diagnostics(uri, 1, timeout=120)["diagnostics"]
    offset = byte_offsets(text)
    out = []
    for d in published:
        acts = client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": d["range"],
            "context": {"diagnostics": [d], "only": ["quickfix"]}})["result"]
        mine = [a for a in acts if a["diagnostics"][0]["range"] == d["range"]
                and a["diagnostics"][0]["message"] == d["message"]]
        check(len(mine) <= 1, "%s: two quick fixes for one diagnostic"
              % path)
        fix = []
        for a in mine:
            for change in a["edit"]["documentChanges"]:
                check(change["textDocument"]["uri"] == uri,
                      "%s: an edit of another file: %r" % (path, change))
                for e in change["edits"]:
                    b = offset(e["range"]["start"])
                    fix.append((b, offset(e["range"]["end"]) - b,
                                e["newText"]))
        notes = []
        for r in d.get("relatedInformation", []):
            if r["location"]["uri"] == uri:
                s = r["location"]["range"]["start"]
                notes.append((r["message"], s["line"] + 1,
                              s["character"] + 1))
        out.append({
            "check": d["code"], "message": d["message"],
            "severity": {1: "error", 2: "warning"}[d["severity"]],
            "line": d["range"]["start"]["line"] + 1,
            "column": d["range"]["start"]["character"] + 1,
            "notes": notes, "fix": sorted(fix)})
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    return out


def main():
    ap = argparse.ArgumentParser()
    for a in ("server", "migrate", "include-dir", "sources", "work"):
        ap.add_argument("--" + a, required=True)
    args = ap.parse_args()
    work = fresh_dir(args.work)
    src = os.path.join(work, "src")
    os.makedirs(src)
    paths = []
    for name in SOURCES:
        shutil.copy(os.path.join(args.sources, name), src)
        paths.append(os.path.join(src, name))
    build = os.path.join(work, "build")
    write_compile_db(build, paths, [args.include_dir])
    report = json.loads(run([args.migrate, "--format=json", "--no-cache",
                             "-p", build] + paths, expect=1,
                            quiet=True).stdout)
    client = LspClient([args.server, "--debounce=0"], cwd=work)
    client.initialize("file://" + work, ["utf-8"])
    total = 0
    for path in paths:
        text = read(path)
        want = from_migrate(report, path)
        got = from_server(client, path, text)
        check(got == want, "%s: the server and transformers-migrate "
              "differ:\nserver:  %s\nmigrate: %s"
              % (os.path.basename(path), json.dumps(got, indent=1),
                 json.dumps(want, indent=1)))
        total += len(want)
        print("ok: %s, %d findings" % (os.path.basename(path), len(want)))
    check(total > 20, "only %d findings in all: the sources did not parse?"
          % total)
    check(client.shutdown() == 0, "shutdown then exit: status not 0")
    print("PASS: %d findings alike" % total)


if __name__ == "__main__":
    main()
