"""tree_sum.py DIR [--except REL...]: prints "sha256  "relative/path"" (the
path JSON-encoded, so odd names stay on one line) for every
file below DIR (sorted, symlinks not followed, unreadable files hashed as
their mode), skipping the paths given after --except. Two runs compared with
diff show every file a command created, deleted or modified.

tree_sum.py --changed BEFORE AFTER: prints the paths whose line differs
between two outputs (created, deleted or modified files), one per line."""
import hashlib
import json
import os
import stat
import sys

if sys.argv[1] == "--changed":
    def entries(path):
        with open(path) as fh:
            return {line.split("  ", 1)[1]: line for line in fh.read().splitlines()}
    before, after = entries(sys.argv[2]), entries(sys.argv[3])
    for p in sorted(set(before) | set(after)):
        if before.get(p) != after.get(p):
            print(p)
    sys.exit(0)

root = os.path.abspath(sys.argv[1])
skip = set(sys.argv[sys.argv.index("--except") + 1:]) \
    if "--except" in sys.argv else set()
out = []
for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
    dirnames.sort()
    for name in sorted(filenames + [d for d in dirnames
                                    if os.path.islink(os.path.join(dirpath, d))]):
        path = os.path.join(dirpath, name)
        rel = os.path.relpath(path, root)
        if rel in skip:
            continue
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            digest = "link:" + os.readlink(path)
        elif not stat.S_ISREG(st.st_mode):
            digest = "special:%o" % st.st_mode
        else:
            try:
                with open(path, "rb") as fh:
                    digest = hashlib.sha256(fh.read()).hexdigest()
            except OSError:
                digest = "unreadable"
            digest += " mode:%o" % stat.S_IMODE(st.st_mode)
        out.append("%s  %s" % (digest, json.dumps(rel)))
print("\n".join(out))
