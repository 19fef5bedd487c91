"""The documented .clang-tidy (docs/integrations.md) is complete and valid.

  docs_config.py --doc docs/integrations.md --clang-tidy CT --plugin P
                 --migrate M --work W [--option-doc FILE...]

1. The YAML block after `<!-- tested: .clang-tidy -->` is written as a
   project's .clang-tidy; clang-tidy --dump-config with the plugin must list
   exactly the transformers-* options the plugin has (its defaults dump is
   the reference: no option missing, none invented) with the documented
   values.
2. Every value is changed (lists extended, names renamed, enums and
   booleans flipped) and must come back changed: the round trip cannot pass
   by the defaults alone.
3. transformers-migrate accepts the same file.
4. Every --option of transformers-migrate used in the documentation
   (--option-doc files) exists in its --help.
"""
import argparse
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import check, fail, fresh_dir, read, run, write  # noqa: E402

p = argparse.ArgumentParser()
for opt in ("doc", "clang-tidy", "plugin", "migrate", "work"):
    p.add_argument("--" + opt, required=True)
p.add_argument("--option-doc", action="append", default=[])
a = p.parse_args()

doc = read(a.doc)
m = re.search(r"<!-- tested: \.clang-tidy -->\s*```yaml\n(.*?)```", doc,
              re.S)
check(m, "no ```yaml block after <!-- tested: .clang-tidy --> in " + a.doc)
snippet = m.group(1)

OPTION = re.compile(r"^\s+(transformers-[\w-]+\.\w+):\s*(.*?)\s*$", re.M)


def unquote(v):
    return v[1:-1] if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"" else v


def options(text):
    return {k: unquote(v) for k, v in OPTION.findall(text)}


def dump_config(project):
    src = os.path.join(project, "src", "empty.cpp")
    res = run([a.clang_tidy, "-load=" + a.plugin, "--dump-config", src, "--"],
              cwd=project, quiet=True)
    return options(res.stdout)


work = fresh_dir(os.path.abspath(a.work))
# The plugin's own list of options: every option of both checks, defaults.
defaults = options(run(
    [a.clang_tidy, "-load=" + a.plugin, "--config={}",
     "--checks=-*,transformers-*", "--dump-config"], quiet=True).stdout)
check(len(defaults) >= 10, "the plugin dumped too few options: %s"
      % sorted(defaults))

documented = options(snippet)
check(set(documented) == set(defaults),
      "the documented .clang-tidy does not list exactly the plugin's "
      "options:\n  missing: %s\n  unknown: %s"
      % (sorted(set(defaults) - set(documented)),
         sorted(set(documented) - set(defaults))))

project = os.path.join(work, "documented")
write(os.path.join(project, ".clang-tidy"), snippet)
write(os.path.join(project, "src", "empty.cpp"), "")
dumped = dump_config(project)
for key, value in sorted(documented.items()):
    check(dumped.get(key) == value,
          "%s: documented %r, clang-tidy read %r" % (key, value,
                                                     dumped.get(key)))
print("documented .clang-tidy: %d options round-trip" % len(documented))


def changed(key, value):
    name = key.split(".", 1)[1]
    if name in ("TensorTypes", "SinkTypes"):
        return value + ";::changed::Type"
    if name == "IncludeStyle":
        return "google" if value == "llvm" else "llvm"
    if name == "IgnoreMacros":
        return "true" if value == "false" else "false"
    if name == "IncludeHeader":
        return '"changed/cache_utils.h"'
    return "changed::" + value


mutated_values = {k: changed(k, v) for k, v in documented.items()}
lines = []
for line in snippet.splitlines():
    mo = OPTION.match(line)
    if mo:
        key = mo.group(1)
        line = "  %s: '%s'" % (key, mutated_values[key].replace("'", "''"))
    lines.append(line)
project = os.path.join(work, "changed")
write(os.path.join(project, ".clang-tidy"), "\n".join(lines) + "\n")
write(os.path.join(project, "src", "empty.cpp"), "")
dumped = dump_config(project)
for key, value in sorted(mutated_values.items()):
    check(dumped.get(key) == value,
          "%s: set to %r, clang-tidy read %r" % (key, value, dumped.get(key)))
print("changed .clang-tidy: every option round-trips a changed value")

# transformers-migrate reads the same configuration.
res = run([a.migrate, "--config-file=" +
           os.path.join(work, "documented", ".clang-tidy"), "--list-checks"])
for name in ("transformers-legacy-cache",
             "transformers-cache-implementation-conflict"):
    check(name in res.stdout, "transformers-migrate did not enable " + name)

# Options of transformers-migrate used in the documentation exist.
help_text = run([a.migrate, "--help"], quiet=True).stdout
known = set(re.findall(r"^\s+(--?[\w-]+)", help_text, re.M))
used = set()
for path in a.option_doc:
    for line in read(path).splitlines():
        at = line.find("transformers-migrate ")
        if at < 0:
            continue
        for opt in re.findall(r"(?<![\w/-])(--[a-z][\w-]*)", line[at:]):
            used.add((opt, os.path.basename(path)))
check(used, "no transformers-migrate options found in the documentation")
unknown = sorted(u for u in used if u[0] not in known)
if unknown:
    fail("documented transformers-migrate options that do not exist: %s"
         % unknown)
print("PASS: documented configuration and options are valid (%d option "
      "uses checked)" % len(used))
