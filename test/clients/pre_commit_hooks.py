"""The pre-commit configuration of docs/integrations.md works as written.

  pre_commit_hooks.py --doc docs/integrations.md --source PROJECT_SOURCE_DIR
                      --pre-commit pre-commit --bindir PREFIX/bin
                      --include-dir I --inputs DIR --work W

The real pre-commit runs the page's `.pre-commit-config.yaml` block (only
its `repo` replaced by a clone of this repository) and its setup commands
in a scratch project whose compile database lists its sources only, with
the scratch install's transformers-migrate first on PATH. It checks: the
block runs as written; the setup pins `rev` to the clone's commit (its
newest tag once there are tags); a clean commit passes (the hook ran,
not skipped); a commit adding a legacy call in a header, which no compile
command names, is rejected; the fix hook rewrites that header to the
expected text, after which the commit passes.
"""
import argparse
import filecmp
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import (check, fail, fresh_dir, read, run, skip,  # noqa: E402
                     write, write_compile_db)
from scratchlib import commit_all, doc_block, git, git_env, head  # noqa: E402

p = argparse.ArgumentParser()
for opt in ("doc", "source", "pre-commit", "bindir", "include-dir", "inputs",
            "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()
source = os.path.abspath(a.source)

pre_commit = shutil.which(a.pre_commit)
if not pre_commit:
    fail("%s not found: install Debian's pre-commit (scripts/dev.sh does)"
         % a.pre_commit)
config = doc_block(a.doc, ".pre-commit-config.yaml", "yaml")
setup = doc_block(a.doc, "pre-commit setup", "sh")
work = fresh_dir(os.path.abspath(a.work))
env = git_env(work)
env["PRE_COMMIT_HOME"] = os.path.join(work, "pre-commit-home")
env["PATH"] = os.pathsep.join([os.path.abspath(a.bindir),
                               os.path.dirname(pre_commit),
                               os.environ["PATH"]])

# The repository pre-commit clones: this one, as committed. Hooks edited
# but not committed yet are committed in the clone, so that the test checks
# the working tree's hooks (CI's fresh clone has no such edit).
if not os.path.exists(os.path.join(source, ".git")):
    skip("%s is not a git checkout: pre-commit needs a repository to clone"
         % source)
mirror = os.path.join(work, "transformers-tidy")
run(["git", "clone", "-q", source, mirror], env=env, quiet=True)
shutil.copyfile(os.path.join(source, ".pre-commit-hooks.yaml"),
                os.path.join(mirror, ".pre-commit-hooks.yaml"))
if git(mirror, env, "status", "--porcelain").stdout:
    print("NOTE: .pre-commit-hooks.yaml has uncommitted changes; the test "
          "commits them in its clone", flush=True)
    commit_all(mirror, env, "uncommitted .pre-commit-hooks.yaml")
# What the page says autoupdate pins: the newest tag, else the newest commit.
tag = git(mirror, env, "describe", "--tags", "--abbrev=0", "HEAD",
          expect=None)
mirror_rev = tag.stdout.strip() if tag.returncode == 0 else head(mirror, env)

config, n = re.subn(r"^(\s*-\s*repo:\s*)\S+", lambda m: m.group(1) + mirror,
                    config, flags=re.M)
check(n == 1, "the documented config has %d `repo:` entries, not 1" % n)

project = os.path.join(work, "project")
inputs = os.path.join(a.inputs, "project")
os.makedirs(os.path.join(project, "src"))
shutil.copy(os.path.join(inputs, "src", "clean.cpp"),
            os.path.join(project, "src"))
write_compile_db(os.path.join(project, "build"),
                 [os.path.join(project, "src", "clean.cpp")],
                 [os.path.abspath(a.include_dir),
                  os.path.join(project, "include")])
write(os.path.join(project, ".gitignore"), "build/\n")
write(os.path.join(project, ".pre-commit-config.yaml"), config)
git(project, env, "init", "-q", "-b", "main")

CHECK_HOOK = r"transformers-migrate \(legacy KV caches\)\.+"

# The block works as written, before the setup pins its rev.
res = run([pre_commit, "run", "--files", "src/clean.cpp"], cwd=project,
          env=env)
check(re.search(CHECK_HOOK + "Passed", res.stdout),
      "the check hook did not run with the documented rev")

run(["bash", "-euo", "pipefail", "-c", setup], cwd=project, env=env)
pinned = re.search(r"^\s*rev:\s*(\S+)",
                   read(os.path.join(project, ".pre-commit-config.yaml")),
                   re.M)
check(pinned and pinned.group(1) == mirror_rev,
      "the setup pinned rev to %s, not to the clone's %s"
      % (pinned and pinned.group(1), mirror_rev))


def commit(message, expect):
    git(project, env, "add", "-A")
    res = git(project, env, "commit", "-m", message, expect=None)
    out = res.stdout + res.stderr
    print(out, flush=True)
    if (res.returncode == 0) != expect:
        fail("the commit '%s' %s" % (message, "was rejected" if expect
                                     else "was not rejected"))
    check(re.search(CHECK_HOOK + ("Passed" if expect else "Failed"), out),
          "the check hook did not run on '%s'" % message)
    return out


commit("clean source", expect=True)

header = os.path.join(project, "include", "shared.h")
os.makedirs(os.path.dirname(header))
shutil.copy(os.path.join(inputs, "include", "shared.h"), header)
before = head(project, env)
out = commit("legacy call in a header", expect=False)
check(re.search(r"include/shared\.h:9:\d+: warning: .*"
                r"\[transformers-legacy-cache\]", out),
      "the check hook did not report the header's legacy call")
check(head(project, env) == before, "the rejected commit was made")

res = run([pre_commit, "run", "--hook-stage", "manual",
           "transformers-migrate-fix", "--files", "include/shared.h"],
          cwd=project, env=env, expect=1)
check("files were modified by this hook" in res.stdout,
      "the fix hook did not say it modified files")
expected = os.path.join(a.inputs, "expected", "include", "shared.h")
check(filecmp.cmp(header, expected, shallow=False),
      "the fix hook's header differs from Inputs/expected/include/shared.h")
commit("fixed header", expect=True)
print("PASS: the documented pre-commit configuration works as written")
