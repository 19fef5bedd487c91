"""Emacs eglot (Debian's elpa-eglot) with transformers-tidy-lsp wrapping
Debian's clangd-19: one server per buffer, both servers' features.

  lsp_emacs.py --emacs E --server S --clangd C --migrate M --include-dir I
               --inputs DIR --work W

A scratch copy of Inputs/lsp-clangd/project, whose src/demo.cpp has an
unused variable (clangd's own -Wunused-variable warning; the compile
database asks for it) and a legacy cache handed to generate (our finding).
`emacs --batch -Q -l Inputs/lsp-clangd/eglot-session.el` visits demo.cpp
with eglot running `transformers-tidy-lsp --clangd=clangd-19 -- ...` and
asserts that flymake shows both diagnostics, applies our quick fix from
eglot's code actions, saves, and sees the finding gone while clangd's
warning stays. The saved file must equal what `transformers-migrate --fix`
writes on another copy, and no process of the session (clangd included)
may outlive Emacs, which kills the server right after `exit'. Exits 77 when emacs, eglot or clangd-19 is
missing; Emacs is given 90 s (its own timer) and killed at 110 s.
"""
import argparse
import atexit
import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "package"))
from testlib import (SKIP, check, copy_tree, fail, fresh_dir,  # noqa: E402
                     read, require_tool, run, skip)

ap = argparse.ArgumentParser()
for opt in ("emacs", "server", "clangd", "migrate", "include-dir", "inputs",
            "work"):
    ap.add_argument("--" + opt, required=True)
a = ap.parse_args()

emacs = require_tool(a.emacs, "Emacs; Debian: emacs-nox")
clangd = require_tool(a.clangd, "the clangd the server wraps; Debian: "
                      "clangd-19")
work = fresh_dir(os.path.abspath(a.work))
inputs = os.path.join(a.inputs, "lsp-clangd")


def make_project(name):
    proj = copy_tree(os.path.join(inputs, "project"), os.path.join(work, name))
    build = os.path.join(proj, "build")
    os.makedirs(build)
    src = os.path.join(proj, "src", "demo.cpp")
    with open(os.path.join(build, "compile_commands.json"), "w") as fh:
        json.dump([{"directory": build, "file": src,
                    "arguments": ["clang++", "-std=c++20",
                                  "-Wunused-variable", "-I" + a.include_dir,
                                  "-c", src, "-o", "demo.o"]}], fh, indent=2)
    return proj, src


# What transformers-migrate --fix writes.
ref, ref_src = make_project("migrate-copy")
run([a.migrate, "--fix", "-p", os.path.join(ref, "build"), ref_src],
    expect=0, quiet=True)
expected = read(ref_src)
original = read(os.path.join(inputs, "project", "src", "demo.cpp"))
check(expected != original, "transformers-migrate --fix changed nothing")

proj, src = make_project("project")
# Every process of the Emacs session (Emacs, the server, clangd) has
# TT_SOURCE=src in its environment.
marker = ("TT_SOURCE=" + src).encode()


def session_processes():
    """{pid: command line} of the session's processes still running."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/environ" % pid, "rb") as fh:
                if marker in fh.read().split(b"\0"):
                    with open("/proc/%s/cmdline" % pid, "rb") as fh:
                        found[int(pid)] = \
                            fh.read().replace(b"\0", b" ").decode()
        except OSError:
            pass
    return found


@atexit.register
def kill_session():
    for pid in session_processes():
        try:
            os.kill(pid, 9)
        except OSError:
            pass


env = dict(os.environ, TT_LSP_SERVER=a.server, TT_CLANGD=clangd,
           TT_SOURCE=src, TT_TIMEOUT="90")
env.pop("CLANG_TIDY_CONFIG", None)
cmd = [emacs, "--batch", "-Q", "-l",
       os.path.join(inputs, "eglot-session.el")]
print("$ " + " ".join(cmd), flush=True)
started = time.monotonic()
try:
    proc = subprocess.run(cmd, cwd=proj, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=110)
except subprocess.TimeoutExpired as e:
    sys.stdout.write((e.stdout or b"").decode("utf-8", "replace")
                     if isinstance(e.stdout, bytes) else (e.stdout or ""))
    fail("Emacs did not end within 110 s")
sys.stdout.write(proc.stdout)
sys.stdout.write(proc.stderr)
if proc.returncode == SKIP:
    skip("eglot is not available to emacs --batch -Q (Debian: elpa-eglot)")
check(proc.returncode == 0, "Emacs exited with status %d" % proc.returncode)
# eglot kills the server right after `exit'; clangd, whose input then ends,
# must not outlive it.
deadline = time.monotonic() + 5
while session_processes() and time.monotonic() < deadline:
    time.sleep(0.1)
check(not session_processes(), "processes left after Emacs ended: %r"
      % list(session_processes().values()))
got = read(src)
if got != expected:
    fail("the file Emacs saved differs from transformers-migrate --fix:\n"
         "--- saved\n%s--- expected\n%s" % (got, expected))
print("PASS (%.1f s in Emacs)" % (time.monotonic() - started))
