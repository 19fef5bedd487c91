"""edit_db.py COMPILE_COMMANDS EDIT...: edits a make_project.py database.

  arg=ARG                 inserts ARG after the compiler (after the ARGs of
                          earlier arg= edits) in every entry
  entry=FILE              appends an entry for FILE (absolute or relative to
                          the first entry's directory), cloned from the first
  entry-dir=FILE@DIR      the same, with "directory" DIR
  rsp=NAME                moves every entry's flags into the response file
                          NAME (in the entry's directory): "clang++ @NAME -c
                          FILE -o OUT", as CMake and Ninja write them"""
import json
import os
import sys

path = sys.argv[1]
with open(path) as fh:
    db = json.load(fh)
first = db[0]
inserted = 0
for edit in sys.argv[2:]:
    kind, _, value = edit.partition("=")
    if kind == "arg":
        inserted += 1
        for e in db:
            e["arguments"].insert(inserted, value)
    elif kind in ("entry", "entry-dir"):
        file, _, directory = value.partition("@")
        args = [file if a == first["file"] else a for a in first["arguments"]]
        db.append({"directory": directory or first["directory"], "file": file,
                   "arguments": args})
    elif kind == "rsp":
        for e in db:
            a = e["arguments"]
            i = a.index("-c")
            with open(os.path.join(e["directory"], value), "w") as fh:
                fh.write(" ".join(a[1:i]) + "\n")
            e["arguments"] = [a[0], "@" + value] + a[i:]
    else:
        sys.exit("edit_db.py: unknown edit " + edit)
with open(path, "w") as fh:
    json.dump(db, fh, indent=2)
