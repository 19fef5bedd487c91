"""write_db.py BUILD_DIR -std=c++NN SOURCE...

Writes BUILD_DIR/compile_commands.json with one entry per SOURCE, compiled
as the e2e tests build it: clang++ -std=c++NN -I <include> -I <Inputs>.
"""
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
include = os.path.join(here, "..", "..", "..", "include")
build, std, sources = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
if not std.startswith("-std=") or not sources:
    sys.exit(__doc__)
os.makedirs(build, exist_ok=True)
entries = [{
    "directory": build,
    "file": os.path.abspath(src),
    "arguments": ["clang++", std, "-O1", "-I" + os.path.normpath(include),
                  "-I" + here, "-c", os.path.abspath(src),
                  "-o", os.path.basename(src) + ".o"],
} for src in sources]
with open(os.path.join(build, "compile_commands.json"), "w") as fh:
    json.dump(entries, fh, indent=2)
