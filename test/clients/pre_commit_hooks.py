"""The hooks of .pre-commit-hooks.yaml work as pre-commit runs them.

  pre_commit_hooks.py --hooks .pre-commit-hooks.yaml --bindir PREFIX/bin
                      --include-dir I --inputs DIR --work W

pre-commit runs a `language: system` hook as `entry + args + files`, from
the repository root, with the staged files that match `files`, and fails the
hook on a non-zero exit status (or when the hook modified files). This test
builds those command lines from the YAML, finds transformers-migrate on PATH
(the scratch install's bin/ first), and checks: the check hook fails on a
legacy file and passes on a clean one; the fix hook rewrites the legacy file,
after which the check hook passes.
"""
import argparse
import os
import re
import shlex
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import (check, copy_tree, fresh_dir, read, run,  # noqa: E402
                     skip, write_compile_db)

try:
    import yaml
except ImportError:
    skip("the Python package yaml is not installed "
         "(apt-get install python3-yaml)")

p = argparse.ArgumentParser()
for opt in ("hooks", "bindir", "include-dir", "inputs", "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

with open(a.hooks, encoding="utf-8") as fh:
    hooks = {h["id"]: h for h in yaml.safe_load(fh)}
check(set(hooks) == {"transformers-migrate", "transformers-migrate-fix"},
      "unexpected hook ids: %s" % sorted(hooks))
for h in hooks.values():
    for key in ("id", "name", "entry", "language"):
        check(key in h, "hook %s has no %s" % (h.get("id"), key))
    check(h["language"] == "system", h["id"] + ": language is not system")

work = fresh_dir(os.path.abspath(a.work))
repo = copy_tree(os.path.join(a.inputs, "project"),
                 os.path.join(work, "repo"))
# The hooks' default `-p build`: the database in the repository's build/.
write_compile_db(os.path.join(repo, "build"),
                 [os.path.join(repo, "src", s)
                  for s in ("generate.cpp", "kwargs.cpp", "clean.cpp")],
                 [a.include_dir, os.path.join(repo, "include")])
env = {"PATH": os.path.abspath(a.bindir) + os.pathsep + os.environ["PATH"],
       "XDG_CACHE_HOME": os.path.join(work, "xdg-cache")}


def run_hook(hook_id, staged):
    hook = hooks[hook_id]
    pattern = re.compile(hook.get("files", ""))
    files = [f for f in staged if pattern.search(f)]
    cmd = shlex.split(hook["entry"]) + list(hook.get("args", [])) + files
    return run(cmd, cwd=repo, env=env, expect=None), files


staged = ["src/generate.cpp", "include/shared.h", "README.md"]
res, files = run_hook("transformers-migrate", staged)
check(files == ["src/generate.cpp"],
      "the files pattern selected %s from %s" % (files, staged))
check(res.returncode == 1, "the check hook exited %d on a legacy file"
      % res.returncode)
check(re.search(r"generate\.cpp:8:\d+: warning: .*\[transformers-legacy-cache\]",
                res.stdout), "the check hook did not report the finding")

res, _ = run_hook("transformers-migrate", ["src/clean.cpp"])
check(res.returncode == 0, "the check hook failed on a clean file")

before = read(os.path.join(repo, "src", "generate.cpp"))
res, _ = run_hook("transformers-migrate-fix", ["src/generate.cpp"])
check(res.returncode == 0, "the fix hook exited %d" % res.returncode)
after = read(os.path.join(repo, "src", "generate.cpp"))
check(after != before and "from_legacy_cache(legacy)" in after,
      "the fix hook did not rewrite generate.cpp")
res, _ = run_hook("transformers-migrate", ["src/generate.cpp"])
check(res.returncode == 0, "the check hook still fails after the fix hook")
print("PASS: both pre-commit hooks behave as documented")
