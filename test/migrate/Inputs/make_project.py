"""Creates a throw-away project for a transformers-migrate test.

  make_project.py DEST INCLUDE_DIR [--std=c++20] [--no-db]
                  [--variant=NAME:FLAG[,FLAG...]]... [--db-only F...] FILE...

Copies each FILE (relative to this Inputs directory) into DEST, keeping its
relative path below the first component ("proj/src/a.cpp" -> DEST/src/a.cpp),
and writes DEST/build/compile_commands.json with one entry per copied .cpp
(or per --db-only file), compiled with -I INCLUDE_DIR -I DEST/include.
Each --variant adds a second entry for every source, with the extra FLAGs and
the object file NAME-<file>.o, as a build of one file in two configurations
writes it (the variants' entries follow each file's plain one).
"""
import json
import os
import shutil
import sys

here = os.path.dirname(os.path.abspath(__file__))
args = sys.argv[1:]
dest, include = os.path.abspath(args[0]), os.path.abspath(args[1])
std, write_db, db_only, files = "-std=c++20", True, None, []
variants = []
for a in args[2:]:
    if a.startswith("--variant="):
        name, flags = a[len("--variant="):].split(":", 1)
        variants.append((name, flags.split(",")))
    elif a.startswith("--std="):
        std = "-std=" + a[len("--std="):]
    elif a == "--no-db":
        write_db = False
    elif a == "--db-only":
        db_only = []
    elif db_only is not None and not files and a.endswith(".cpp") and \
            not os.path.exists(os.path.join(here, a)):
        db_only.append(a)
    else:
        files.append(a)

if os.path.exists(dest):
    shutil.rmtree(dest)
os.makedirs(os.path.join(dest, "build"))
sources = []
for f in files:
    rel = f.split("/", 1)[1] if "/" in f else f
    out = os.path.join(dest, rel)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    shutil.copyfile(os.path.join(here, f), out)
    if out.endswith(".cpp"):
        sources.append(out)
if db_only:
    sources = [os.path.join(dest, f) for f in db_only]
if write_db:
    def entry(src, prefix="", flags=()):
        return {
            "directory": os.path.join(dest, "build"),
            "file": src,
            "arguments": ["clang++", std, "-I" + include,
                          "-I" + os.path.join(dest, "include")] +
                         list(flags) + ["-c", src, "-o",
                                        prefix + os.path.basename(src) + ".o"],
        }
    entries = []
    for src in sources:
        entries.append(entry(src))
        for name, flags in variants:
            entries.append(entry(src, name + "-", flags))
    with open(os.path.join(dest, "build", "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=2)
