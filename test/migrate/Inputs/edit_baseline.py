"""edit_baseline.py IN -- OUT EDIT... [-- OUT EDIT...]: writes the JSON
document IN, edited, to each OUT. Each EDIT is KEY=VALUE (VALUE is JSON) or
-KEY (removes it); KEY is a dotted path whose numbers index arrays:
version=2, findings.0.check="x", -findings.2.line."""
import copy
import json
import sys

with open(sys.argv[1]) as fh:
    original = json.load(fh)
outputs = []
for a in sys.argv[2:]:
    if a == "--":
        outputs.append([])
    else:
        outputs[-1].append(a)
for out, *edits in outputs:
    doc = copy.deepcopy(original)
    for edit in edits:
        remove = edit.startswith("-")
        key, _, value = edit.lstrip("-").partition("=")
        *parents, last = [int(k) if k.isdigit() else k
                          for k in key.split(".")]
        node = doc
        for k in parents:
            node = node[k]
        if remove:
            del node[last]
        else:
            node[last] = json.loads(value)
    with open(out, "w") as fh:
        json.dump(doc, fh, indent=2)
