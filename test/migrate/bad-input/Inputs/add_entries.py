"""add_entries.py COMPILE_COMMANDS FILE...: appends one entry per FILE to a
make_project.py database, cloned from its first entry (same flags and
directory), so a test can list files that are missing, unreadable, binary or
oddly named."""
import json
import sys

path = sys.argv[1]
with open(path, encoding="utf-8") as fh:
    db = json.load(fh)
first = db[0]
for f in sys.argv[2:]:
    args = [f if a == first["file"] else a for a in first["arguments"]]
    db.append({"directory": first["directory"], "file": f, "arguments": args})
with open(path, "w", encoding="utf-8") as fh:
    json.dump(db, fh, indent=2, ensure_ascii=False)
