"""The clang-tidy-diff gates of docs/integrations.md judge changed lines.

  diff_gate.py --doc docs/integrations.md --gate plugin|migrate
               --clang-tidy CT --plugin P --migrate M
               --include-dir I --inputs DIR --work W

The block after `<!-- tested: clang-tidy-diff <gate> -->` runs as written
(bash, in a scratch git repository with a compile database); only the
variables the page says to set are set: BASE, and CLANG_TIDY + TT_PLUGIN
(plugin) or MIGRATE (migrate) to the build's binaries. It must:
  1. pass a commit that changes only other lines of a file whose unchanged
     lines have a finding (the checker is shown to find it first);
  2. fail a commit that adds a legacy hand-off on a changed line, in a
     source file and in a header (which is not in the compile database);
  3. fail, instead of passing silently, when its checker does not exist.
The plugin gate runs with the page's documented .clang-tidy, whose
WarningsAsErrors is what makes clang-tidy fail on a finding.
"""
import argparse
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import (check, copy_tree, fail, fresh_dir, read,  # noqa: E402
                     run, write, write_compile_db)
from scratchlib import commit_all, doc_block, git, git_env  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--gate", choices=("plugin", "migrate"), required=True)
for opt in ("doc", "clang-tidy", "plugin", "migrate", "include-dir", "inputs",
            "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()
plugin, migrate = os.path.abspath(a.plugin), os.path.abspath(a.migrate)
include_dir = os.path.abspath(a.include_dir)

recipe = doc_block(a.doc, "clang-tidy-diff " + a.gate, "sh")
work = fresh_dir(os.path.abspath(a.work))
script = os.path.join(work, "gate.sh")
write(script, recipe)

repo = copy_tree(os.path.join(a.inputs, "project"),
                 os.path.join(work, "repo"))
write_compile_db(os.path.join(repo, "build"),
                 [os.path.join(repo, "src", s)
                  for s in ("generate.cpp", "kwargs.cpp", "clean.cpp")],
                 [include_dir, os.path.join(repo, "include")])
write(os.path.join(repo, ".gitignore"), "build/\n")
env = git_env(work)
if a.gate == "plugin":
    write(os.path.join(repo, ".clang-tidy"),
          doc_block(a.doc, ".clang-tidy", "yaml"))
    clang_tidy = shutil.which(a.clang_tidy)
    check(clang_tidy, "%s not found (the clang-tidy that loads the plugin)"
          % a.clang_tidy)
    clang_tidy = os.path.abspath(clang_tidy)
    checker = {"CLANG_TIDY": clang_tidy, "TT_PLUGIN": plugin}
    whole_file = [clang_tidy, "-load=" + plugin, "-p", "build",
                  "src/generate.cpp"]
else:
    checker = {"MIGRATE": migrate}
    whole_file = [migrate, "-p", "build", "--quiet", "src/generate.cpp"]
git(repo, env, "init", "-q", "-b", "main")
base = commit_all(repo, env, "base")


def edit(path, old, new):
    full = os.path.join(repo, path)
    text = read(full)
    check(old in text, "%s does not contain %r" % (path, old))
    write(full, text.replace(old, new, 1))


def gate(since, expect_fail, what, **overrides):
    """Runs the recipe on the commits after `since`; its output."""
    gate_env = dict(env, BASE=since, **checker)
    gate_env.update(overrides)
    res = run(["bash", script], cwd=repo, env=gate_env, expect=None)
    if (res.returncode != 0) != expect_fail:
        fail("the %s gate exited %d on %s" % (a.gate, res.returncode, what))
    return res.stdout + res.stderr


FINDING = r"%s:%d:\d+: (warning|error): .*\[transformers-legacy-cache"

# 1. Only other lines: generate.cpp:8 has a finding, line 7 changes.
res = run(whole_file, cwd=repo, env=env, expect=None)
check(res.returncode != 0 and re.search(FINDING % ("generate.cpp", 8),
                                        res.stdout),
      "the checker does not find the legacy hand-off on generate.cpp:8")
edit("src/generate.cpp", "(void)resume_step(model, legacy);",
     "(void)resume_step(model, legacy); // warm the cache up")
since = base
base = commit_all(repo, env, "other lines")
out = gate(since, expect_fail=False, what="a change of other lines")
check("No relevant changes found" not in out,
      "the gate did not check the changed file")

# 2. A legacy hand-off on a changed line: in a source, then in a header.
edit("src/clean.cpp", "transformers::DynamicCache::from_legacy_cache(legacy)",
     "legacy")
since = base
base = commit_all(repo, env, "a legacy hand-off in a source")
out = gate(since, expect_fail=True, what="a legacy hand-off in a source")
check(re.search(FINDING % ("clean.cpp", 12), out),
      "the gate did not report the finding on clean.cpp:12")

edit("include/shared.h", "return model.forward({{1, 2, 3}}, legacy);\n}\n",
     "return model.forward({{1, 2, 3}}, legacy);\n}\n\n"
     "inline transformers::CausalLMOutput\n"
     "next_step(const transformers::LlamaForCausalLM &model,\n"
     "          const transformers::LegacyCache &legacy) {\n"
     "  return model.forward({{4}}, legacy);\n"
     "}\n")
since = base
base = commit_all(repo, env, "a legacy hand-off in a header")
out = gate(since, expect_fail=True, what="a legacy hand-off in a header")
check(re.search(FINDING % ("shared.h", 15), out),
      "the gate did not report the finding on shared.h:15")
check(not re.search(FINDING % ("shared.h", 9), out),
      "the gate reported the unchanged line shared.h:9")

# 3. No checker: the same change must fail for that reason, not pass.
missing = os.path.join(work, "missing", "checker")
variable = "CLANG_TIDY" if a.gate == "plugin" else "MIGRATE"
out = gate(since, expect_fail=True, what="a missing checker",
           **{variable: missing})
check(missing in out and not re.search(FINDING % ("shared.h", 15), out),
      "the gate did not fail for the missing checker")
print("PASS: the documented clang-tidy-diff gate (%s) judges changed lines"
      % a.gate)
