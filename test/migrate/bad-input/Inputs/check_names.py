"""check_names.py json|sarif|fixed FILE_OR_DIR: checks that every odd file
name made by odd_names.py survives: in --format=json output (exact path), in
SARIF (the percent-decoded file URI), or, for "fixed", that each file was
rewritten by --fix. Prints one "ok" line per name."""
import json
import os
import sys
import urllib.parse

kind, arg = sys.argv[1], sys.argv[2]
suffixes = ['my "odd" file.cpp', "it's \u00fc \u03c4\u03b1\u03c5.cpp",
            "tab\there.cpp", "new\nline.cpp"]
if kind == "json":
    with open(arg, encoding="utf-8") as fh:
        files = {d["file"] for d in json.load(fh)["diagnostics"]}
elif kind == "sarif":
    with open(arg, encoding="utf-8") as fh:
        doc = json.load(fh)
    files = set()
    run = doc["runs"][0]
    for r in run["results"]:
        loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
        uri = loc["uri"]
        if "uriBaseId" in loc:  # relative to the project's root
            uri = run["originalUriBaseIds"][loc["uriBaseId"]]["uri"] + uri
        assert uri.startswith("file://"), uri
        files.add(urllib.parse.unquote(uri[len("file://"):]))
else:
    files = set()
    for dirpath, _, names in os.walk(arg):
        for n in names:
            with open(os.path.join(dirpath, n), encoding="utf-8") as fh:
                if "from_legacy_cache(legacy)" in fh.read():
                    files.add(os.path.join(dirpath, n))
for s in suffixes:
    hits = [f for f in files if f.endswith("/" + s) and os.path.exists(f)]
    if len(hits) != 1:
        print("check_names: %s: no (existing) file for %r in %r"
              % (kind, s, sorted(files)), file=sys.stderr)
        sys.exit(1)
    print("ok %s %s" % (kind, json.dumps(s)))
