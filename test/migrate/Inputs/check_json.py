"""Validates transformers-migrate's --format=json / --format=sarif output and
prints one canonical line per diagnostic, for FileCheck.

  check_json.py json|sarif FILE
"""
import json
import os
import sys


def fail(msg):
    print("check_json: " + msg, file=sys.stderr)
    sys.exit(1)


def need(obj, key, typ, where):
    if key not in obj:
        fail("%s: missing '%s'" % (where, key))
    if not isinstance(obj[key], typ):
        fail("%s: '%s' is not %s" % (where, key, typ.__name__))
    return obj[key]


def artifact_uri(run, location, where):
    """The absolute file URI of an artifactLocation: a relative URI is
    resolved against its uriBaseId's originalUriBaseIds entry."""
    uri = need(location, "uri", str, where)
    if "uriBaseId" not in location:
        if not uri.startswith("file:///"):
            fail(where + ": uri is not an absolute file URI: " + uri)
        return uri
    base = run.get("originalUriBaseIds", {}).get(location["uriBaseId"])
    if not base:
        fail(where + ": uriBaseId without an originalUriBaseIds entry")
    if not base["uri"].startswith("file:///") or \
            not base["uri"].endswith("/"):
        fail(where + ": base URI is not an absolute directory URI")
    if uri.startswith("/") or ":" in uri.split("/")[0]:
        fail(where + ": uri with a uriBaseId is not relative: " + uri)
    return base["uri"] + uri


kind, path = sys.argv[1], sys.argv[2]
with open(path) as fh:
    doc = json.load(fh)

if kind == "json":
    need(doc, "version", int, "root")
    tool = need(doc, "tool", dict, "root")
    need(tool, "name", str, "tool")
    summary = need(doc, "summary", dict, "root")
    for k in ("files", "warnings", "errors"):
        need(summary, k, int, "summary")
    need(summary, "failedFiles", list, "summary")
    diags = need(doc, "diagnostics", list, "root")
    for i, d in enumerate(diags):
        w = "diagnostics[%d]" % i
        for k in ("check", "severity", "message", "file", "mainFile"):
            need(d, k, str, w)
        for k in ("line", "column", "offset"):
            need(d, k, int, w)
        for k in ("ranges", "notes", "fix"):
            need(d, k, list, w)
        for e in d["fix"]:
            for k in ("file", "replacement"):
                need(e, k, str, w + ".fix")
            for k in ("offset", "length"):
                need(e, k, int, w + ".fix")
        print("diag %s %s %s:%d:%d fix=%d notes=%d" % (
            d["severity"], d["check"], os.path.basename(d["file"]), d["line"],
            d["column"], len(d["fix"]), len(d["notes"])))
    print("summary files=%d warnings=%d errors=%d failed=%d" % (
        summary["files"], summary["warnings"], summary["errors"],
        len(summary["failedFiles"])))
elif kind == "sarif":
    if doc.get("version") != "2.1.0":
        fail("version is not 2.1.0")
    need(doc, "$schema", str, "root")
    runs = need(doc, "runs", list, "root")
    if len(runs) != 1:
        fail("expected one run")
    run = runs[0]
    driver = need(need(run, "tool", dict, "run"), "driver", dict, "tool")
    need(driver, "name", str, "driver")
    need(driver, "version", str, "driver")
    rules = need(driver, "rules", list, "driver")
    ids = []
    for r in rules:
        ids.append(need(r, "id", str, "rule"))
        need(need(r, "shortDescription", dict, "rule"), "text", str, "rule")
        need(need(r, "fullDescription", dict, "rule"), "text", str, "rule")
        lvl = need(need(r, "defaultConfiguration", dict, "rule"), "level",
                   str, "rule")
        if lvl not in ("warning", "error", "note", "none"):
            fail("bad default level " + lvl)
    print("rules " + " ".join(ids))
    need(run, "invocations", list, "run")
    for i, res in enumerate(need(run, "results", list, "run")):
        w = "results[%d]" % i
        rule = need(res, "ruleId", str, w)
        idx = need(res, "ruleIndex", int, w)
        if ids[idx] != rule:
            fail(w + ": ruleIndex does not point at ruleId")
        level = need(res, "level", str, w)
        need(need(res, "message", dict, w), "text", str, w)
        loc = need(res, "locations", list, w)[0]["physicalLocation"]
        uri = artifact_uri(run, loc["artifactLocation"], w)
        region = loc["region"]
        nfix = 0
        for fx in res.get("fixes", []):
            need(need(fx, "description", dict, w), "text", str, w)
            for ch in need(fx, "artifactChanges", list, w):
                artifact_uri(run, ch["artifactLocation"], w + ".fixes")
                for rp in need(ch, "replacements", list, w):
                    dr = need(rp, "deletedRegion", dict, w)
                    need(dr, "charOffset", int, w)
                    need(dr, "charLength", int, w)
                    need(need(rp, "insertedContent", dict, w), "text", str, w)
                    nfix += 1
        print("result %s %s %s:%d:%d replacements=%d related=%d" % (
            level, rule, os.path.basename(uri), region["startLine"],
            region["startColumn"], nfix, len(res.get("relatedLocations", []))))
else:
    fail("unknown kind " + kind)
