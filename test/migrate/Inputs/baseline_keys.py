"""Prints what identifies each finding of a baseline, one
"check path fingerprint" line per entry, sorted: a baseline without its
lines and messages, to compare baselines whose findings moved.

  baseline_keys.py BASELINE      a file written by --write-baseline
  baseline_keys.py --json=ROOT OUTPUT
                                 the findings of a --format=json output
                                 (paths made relative to ROOT)

Fails when a baseline is not one of version 1, when an entry lacks a field,
has an absolute path or a fingerprint that is not 32 lowercase hex digits,
or when two entries share a fingerprint."""
import json
import os
import re
import sys


def fail(msg):
    print("baseline_keys: %s: %s" % (sys.argv[-1], msg), file=sys.stderr)
    sys.exit(1)


def need(entry, where, fields):
    for key, typ in fields:
        if not isinstance(entry.get(key), typ):
            fail("%s: no %s" % (where, key))


with open(sys.argv[-1]) as fh:
    doc = json.load(fh)
keys = []
if sys.argv[1].startswith("--json="):
    root = os.path.realpath(sys.argv[1][len("--json="):])
    for i, d in enumerate(doc["diagnostics"]):
        if d["check"].startswith("clang-diagnostic-"):
            continue
        need(d, "diagnostics[%d]" % i, (("fingerprint", str),))
        path = os.path.relpath(os.path.realpath(d["file"]), root)
        keys.append((d["check"], path, d["fingerprint"]))
else:
    if (doc.get("version"), doc.get("tool"), doc.get("fingerprint")) != \
            (1, "transformers-migrate", "transformersTidy/v1"):
        fail("not a version 1 transformers-migrate baseline")
    for i, e in enumerate(doc["findings"]):
        need(e, "findings[%d]" % i,
             (("check", str), ("path", str), ("fingerprint", str),
              ("line", int), ("message", str)))
        if os.path.isabs(e["path"]):
            fail("findings[%d]: absolute path %s" % (i, e["path"]))
        keys.append((e["check"], e["path"], e["fingerprint"]))
for check, path, fingerprint in keys:
    if not re.fullmatch(r"[0-9a-f]{32}", fingerprint):
        fail("bad fingerprint %s" % fingerprint)
if len(set(k[2] for k in keys)) != len(keys):
    fail("two findings share a fingerprint")
for k in sorted(keys):
    print(" ".join(k))
