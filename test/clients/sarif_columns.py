"""SARIF positions are in code points, counted against the file's text.

  sarif_columns.py --migrate M --include-dir I --inputs DIR --work W

transformers-migrate --format=sarif declares "columnKind":
"unicodeCodePoints". Over Inputs/unicode (a string literal "héllo wörld"
and comments with an emoji or other non-ASCII text before a finding and
before a note, on the same line), this checks with Python's own string
indices (code points):
  * each region's startLine/startColumn/endLine/endColumn and
    charOffset/charLength name the same text, and the finding's and the
    note's regions start at the expected code;
  * artifact URIs are relative to %SRCROOT%, the project's root, which
    originalUriBaseIds gives as an absolute file URI;
  * applying the SARIF fixes (deletedRegion and insertedContent at those
    code-point offsets) gives exactly the file `--fix` writes;
  * with --fix, the report's positions are those of the text it analysed.
"""
import argparse
import json
import os
import sys
import urllib.parse

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from sarif_corpus import make_logs  # noqa: E402
from testlib import (check, copy_tree, fresh_dir, read, run,  # noqa: E402
                     write_compile_db)

p = argparse.ArgumentParser()
for opt in ("migrate", "include-dir", "inputs", "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()
work = fresh_dir(os.path.abspath(a.work))

log = make_logs(a.migrate, a.include_dir, a.inputs, work, {"unicode"})[0]
run0 = log.doc["runs"][0]
check(run0["columnKind"] == "unicodeCodePoints", "columnKind")

# %SRCROOT% is the project copy (the parent of its build directory).
check("%SRCROOT%" in run0.get("originalUriBaseIds", {}),
      "no originalUriBaseIds for %SRCROOT%")
root_uri = run0["originalUriBaseIds"]["%SRCROOT%"]["uri"]
check(root_uri == "file://" + urllib.parse.quote(
    os.path.realpath(log.project)) + "/",
      "%%SRCROOT%% is %s, not the project %s" % (root_uri, log.project))


def file_of(location):
    """The absolute path an artifactLocation names."""
    check(location.get("uriBaseId") == "%SRCROOT%",
          "not relative to %%SRCROOT%%: %s" % location)
    uri = location["uri"]
    check(not uri.startswith(("/", "file:")), "not a relative URI: " + uri)
    return os.path.join(urllib.parse.unquote(root_uri[len("file://"):]),
                        urllib.parse.unquote(uri))


def line_starts(text):
    starts = [0]
    for i, c in enumerate(text):
        if c == "\n":
            starts.append(i + 1)
    return starts


def check_region(text, region, what):
    """Line/column and charOffset/charLength describe the same code
    points; returns the region's text and its start."""
    starts = line_starts(text)
    start = starts[region["startLine"] - 1] + region["startColumn"] - 1
    end = starts[region["endLine"] - 1] + region["endColumn"] - 1
    check(region["charOffset"] == start,
          "%s: charOffset %d, line/column say %d"
          % (what, region["charOffset"], start))
    check(region["charLength"] == end - start,
          "%s: charLength %d, line/column say %d"
          % (what, region["charLength"], end - start))
    return text[start:end], start


def check_anchor(text, region, anchor, what):
    """The region starts where `anchor` is, on a line where bytes and code
    points disagree (so byte columns would fail here)."""
    covered, start = check_region(text, region, what)
    want = text.index(anchor)
    check(start == want, "%s: region starts at code point %d (%r), "
          "expected %d (%r)" % (what, start, text[start:start + 20], want,
                                anchor))
    line = text[text.rindex("\n", 0, want) + 1:want]
    check(len(line.encode("utf-8")) > len(line),
          "%s: the line has no non-ASCII text before the finding" % what)
    return covered


results = {os.path.basename(file_of(
    r["locations"][0]["physicalLocation"]["artifactLocation"])): r
    for r in run0["results"]}
check(sorted(results) == ["conflict.cpp", "greet.cpp"],
      "results in %s" % sorted(results))

greet = results["greet.cpp"]
greet_path = os.path.join(log.project, "src", "greet.cpp")
greet_text = read(greet_path)
loc = greet["locations"][0]["physicalLocation"]
check(check_anchor(greet_text, loc["region"], "legacy});",
                   "greet.cpp finding") == "legacy",
      "the finding's region is not the argument `legacy`")

conflict = results["conflict.cpp"]
conflict_text = read(os.path.join(log.project, "src", "conflict.cpp"))
check_anchor(conflict_text,
             conflict["locations"][0]["physicalLocation"]["region"],
             "cache});", "conflict.cpp finding")
note = conflict["relatedLocations"][0]["physicalLocation"]
check(file_of(note["artifactLocation"]).endswith("/src/conflict.cpp"),
      "note file")
check_anchor(conflict_text, note["region"], "cfg.cache_implementation =",
             "conflict.cpp note")

# The fix: wrap `legacy` (inserted exactly before and after it) and add the
# include; applied at the code-point offsets, it is --fix's file.
fixed_by_sarif = {}
for fix in greet["fixes"]:
    for change in fix["artifactChanges"]:
        path = file_of(change["artifactLocation"])
        text = read(path)
        repls = change["replacements"]
        for r in repls:
            if r["insertedContent"]["text"].endswith("from_legacy_cache("):
                check(r["deletedRegion"]["charOffset"] ==
                      greet_text.index("legacy});"), "wrap opens elsewhere")
            if r["insertedContent"]["text"] == ")":
                check(r["deletedRegion"]["charOffset"] ==
                      greet_text.index("});"), "wrap closes elsewhere")
        for r in sorted(repls, key=lambda r: -r["deletedRegion"]["charOffset"]):
            d = r["deletedRegion"]
            text = (text[:d["charOffset"]] + r["insertedContent"]["text"] +
                    text[d["charOffset"] + d["charLength"]:])
        fixed_by_sarif[os.path.realpath(path)] = text
check(list(fixed_by_sarif) == [os.path.realpath(greet_path)],
      "the fix edits %s" % sorted(fixed_by_sarif))

# --fix, on a second copy; its SARIF report describes the text it analysed.
fixed = copy_tree(log.project, os.path.join(work, "fixed"))
write_compile_db(os.path.join(fixed, "build"),
                 [os.path.join(fixed, "src", s)
                  for s in ("greet.cpp", "conflict.cpp")],
                 [a.include_dir])
res = run([a.migrate, "-p", os.path.join(fixed, "build"), "--fix",
           "--format=sarif", "--no-cache", "--quiet"], expect=1, quiet=True)
fixed_text = read(os.path.join(fixed, "src", "greet.cpp"))
check(fixed_text != greet_text, "--fix did not rewrite greet.cpp")
check(fixed_by_sarif[os.path.realpath(greet_path)] == fixed_text,
      "the SARIF fix applied at its code-point offsets differs from --fix:\n"
      "%s\n--- --fix:\n%s" % (fixed_by_sarif[os.path.realpath(greet_path)],
                               fixed_text))
after = json.loads(res.stdout)["runs"][0]["results"]
for r in after:
    check(r.pop("properties")["fixApplied"] == ("fixes" in r), "fixApplied")
check(json.dumps(after, sort_keys=True) ==
      json.dumps(run0["results"], sort_keys=True),
      "with --fix, the SARIF positions are not those of the analysed text")
print("PASS: SARIF regions and fixes are in code points of the file text")
