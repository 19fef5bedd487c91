"""odd_names.py LEGACY_CPP DIR: copies LEGACY_CPP under file names with a
space, double and single quotes, a tab, a newline and non-ASCII
letters (in a directory with a space and a non-ASCII name), adds them to
DIR/build/compile_commands.json (a make_project.py database), and prints the
paths, one per line, JSON-encoded."""
import json
import os
import shutil
import sys

legacy, root = sys.argv[1], os.path.abspath(sys.argv[2])
sub = os.path.join(root, "src", "dir with space", "\u00fcnic\u00f8de")
os.makedirs(sub, exist_ok=True)
names = ['my "odd" file.cpp', "it's \u00fc \u03c4\u03b1\u03c5.cpp",
         "tab\there.cpp", "new\nline.cpp"]
db_path = os.path.join(root, "build", "compile_commands.json")
with open(db_path, encoding="utf-8") as fh:
    db = json.load(fh)
first = db[0]
for n in names:
    p = os.path.join(sub, n)
    shutil.copyfile(legacy, p)
    args = [p if a == first["file"] else a for a in first["arguments"]]
    db.append({"directory": first["directory"], "file": p, "arguments": args})
    print(json.dumps(p))
with open(db_path, "w", encoding="utf-8") as fh:
    json.dump(db, fh, indent=2, ensure_ascii=False)
