"""The plugin under run-clang-tidy, and both tools' fixes through
clang-apply-replacements, over one compile database (Inputs/project).

  run_clang_tidy.py --run-clang-tidy R --clang-tidy CT
                    --clang-apply-replacements CAR --plugin P --migrate M
                    --include-dir I --inputs DIR --work W

test/migrate/export-fixes.test already shows that transformers-migrate's
--export-fixes applied by clang-apply-replacements equals its --fix. This
test covers what users of clang-tidy's own driver do:
  1. run-clang-tidy -load reports every finding of the database (a header
     shared by two translation units included), none in the clean file;
     -warnings-as-errors turns them into a failing exit status;
  2. run-clang-tidy -fix gives exactly the expected files (Inputs/expected);
  3. run-clang-tidy -export-fixes=DIR + clang-apply-replacements DIR gives
     the same files;
  4. transformers-migrate --export-fixes + clang-apply-replacements gives
     the same files (the two front ends agree through the standard tools).
"""
import argparse
import filecmp
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import (check, copy_tree, fail, fresh_dir, read,  # noqa: E402
                     require_tool, run, write_compile_db)

p = argparse.ArgumentParser()
for opt in ("run-clang-tidy", "clang-tidy", "clang-apply-replacements",
            "plugin", "migrate", "include-dir", "inputs", "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

rct = require_tool(a.run_clang_tidy, "clang-tidy's parallel driver")
car = require_tool(a.clang_apply_replacements, "applies exported fixes")
clang_tidy = require_tool(a.clang_tidy, "loads the plugin")
work = fresh_dir(os.path.abspath(a.work))
project = os.path.join(a.inputs, "project")
expected = os.path.join(a.inputs, "expected")
SOURCES = ("generate.cpp", "kwargs.cpp", "clean.cpp")
CHANGED = ("include/shared.h", "src/generate.cpp", "src/kwargs.cpp")


def make_copy(name):
    dest = copy_tree(project, os.path.join(work, name))
    write_compile_db(os.path.join(dest, "build"),
                     [os.path.join(dest, "src", s) for s in SOURCES],
                     [a.include_dir, os.path.join(dest, "include")])
    return dest


def rct_cmd(dest, *extra):
    return [sys.executable, rct, "-clang-tidy-binary", clang_tidy,
            "-clang-apply-replacements-binary", car,
            "-load", a.plugin, "-checks=-*,transformers-*",
            "-header-filter=.*/include/shared\\.h", "-j", "1", "-quiet",
            "-p", os.path.join(dest, "build")] + list(extra)


def assert_fixed(dest, how):
    for rel in CHANGED:
        if not filecmp.cmp(os.path.join(dest, rel),
                           os.path.join(expected, rel), shallow=False):
            fail("%s: %s differs from Inputs/expected/%s:\n%s"
                 % (how, rel, rel, read(os.path.join(dest, rel))))
    check(filecmp.cmp(os.path.join(dest, "src", "clean.cpp"),
                      os.path.join(project, "src", "clean.cpp"),
                      shallow=False),
          how + ": clean.cpp was changed")
    print("%s: the expected files" % how)


# 1. Findings, as errors so that the exit status gates (the shared header's
#    finding is reported by both translation units that include it).
dest = make_copy("report")
res = run(rct_cmd(dest, "-warnings-as-errors=transformers-*"), expect=None)
check(res.returncode != 0,
      "run-clang-tidy -warnings-as-errors exited 0 despite findings")
text = res.stdout + res.stderr
found = sorted(set(re.findall(
    r"(\w+\.(?:cpp|h)):(\d+):\d+: error: [^\n]*"
    r"\[(transformers-[\w-]+),-warnings-as-errors\]", text)))
want = [("generate.cpp", "8", "transformers-legacy-cache"),
        ("kwargs.cpp", "8", "transformers-legacy-cache"),
        ("shared.h", "9", "transformers-legacy-cache")]
check(found == want, "run-clang-tidy findings %s, expected %s"
      % (found, want))

# 2. run-clang-tidy -fix.
dest = make_copy("rct-fix")
run(rct_cmd(dest, "-fix"))
assert_fixed(dest, "run-clang-tidy -fix")

# 3. run-clang-tidy -export-fixes=DIR, then clang-apply-replacements DIR.
dest = make_copy("rct-export")
fixes = os.path.join(dest, "fixes")
os.makedirs(fixes)
run(rct_cmd(dest, "-export-fixes", fixes + os.sep))
check(any(f.endswith(".yaml") for f in os.listdir(fixes)),
      "run-clang-tidy -export-fixes wrote no YAML")
run([car, fixes])
assert_fixed(dest, "run-clang-tidy -export-fixes + clang-apply-replacements")

# 4. transformers-migrate --export-fixes, then clang-apply-replacements.
dest = make_copy("migrate-export")
fixes = os.path.join(dest, "fixes")
os.makedirs(fixes)
run([a.migrate, "-p", os.path.join(dest, "build"),
     "--header-filter=.*/include/shared\\.h", "--no-cache", "--quiet",
     "--export-fixes=" + os.path.join(fixes, "migrate.yaml")], expect=1)
run([car, fixes])
assert_fixed(dest, "transformers-migrate --export-fixes + "
                   "clang-apply-replacements")
print("PASS: run-clang-tidy and transformers-migrate agree, findings and "
      "fixes")
