"""Neovim's built-in LSP client (Debian's 0.7) with transformers-tidy-lsp.

  lsp_neovim.py --nvim NVIM --server S --migrate M --include-dir I
                --inputs DIR --doc docs/editors.md --cmake CMAKE
                --generator G --make-program MP --cxx CXX --work W

A CMake project (Inputs/lsp/project: one source with one legacy hand-off
after non-ASCII text on its line, one with two) is configured with
-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; the server finds
build/compile_commands.json by itself. `transformers-migrate --fix` on it
gives the expected files and its findings the expected positions. Then
`nvim --headless --clean` runs Inputs/lsp/neovim.lua twice on the pristine
sources, with `transformers-tidy-lsp` on PATH being the server under test:
  1. with the Neovim 0.7 set-up of docs/editors.md (the block marked
     `<!-- tested: neovim-0.7 -->`, read from the page): the client offers
     UTF-8 and versioned edits and takes the encoding the server chose;
  2. with Neovim's defaults (Inputs/lsp/neovim-defaults.lua): UTF-16 and
     unversioned `changes`.
Each run: the diagnostics arrive at the findings' lines and byte columns
(Neovim converts from the negotiated encoding) covering the legacy
expression; the quick fix of resume.cpp, asked for with
vim.lsp.buf_request_sync and applied with
vim.lsp.util.apply_workspace_edit, and :TransformersTidyFixAll
(source.fixAll.transformers-tidy through vim.lsp.buf.code_action) on
batch.cpp leave no diagnostic; the written files equal --fix's byte for
byte, and nothing else in the project changed. Skipped (77) without nvim.
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "package"))
from testlib import (check, copy_tree, fail, fresh_dir, read,  # noqa: E402
                     require_tool, run, skip, write)
from scratchlib import doc_block  # noqa: E402

p = argparse.ArgumentParser()
for opt in ("nvim", "server", "migrate", "include-dir", "inputs", "doc",
            "cmake", "generator", "make-program", "cxx", "work"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

nvim = require_tool(a.nvim, "Neovim's built-in LSP client; Debian: neovim")
version = run([nvim, "--version"], quiet=True).stdout
m = re.match(r"NVIM v(\d+)\.(\d+)", version)
if not m or (int(m.group(1)), int(m.group(2))) < (0, 7):
    skip("%s is not Neovim 0.7 or newer (nvim_create_autocmd, "
         "vim.lsp.start_client): %s" % (nvim, version.splitlines()[:1]))
work = fresh_dir(os.path.abspath(a.work))
TIMEOUT_MS = 30000
SOURCES = ("src/resume.cpp", "src/batch.cpp")

# --- The project, configured by CMake, and what --fix makes of it.
proj = copy_tree(os.path.join(a.inputs, "lsp", "project"),
                 os.path.join(work, "project"))
build = os.path.join(proj, "build")
configure = [a.cmake, "-S", proj, "-B", build, "-G", a.generator,
             "-DCMAKE_CXX_COMPILER=" + a.cxx,
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
             "-DTT_INCLUDE_DIR=" + a.include_dir]
if a.make_program:
    configure.append("-DCMAKE_MAKE_PROGRAM=" + a.make_program)
run(configure, quiet=True)
check(os.path.isfile(os.path.join(build, "compile_commands.json")),
      "CMake wrote no build/compile_commands.json")


def snapshot():
    """{relative path: bytes} of the project's files outside build/."""
    out = {}
    for root, dirs, files in os.walk(proj):
        dirs[:] = [d for d in dirs if os.path.join(root, d) != build]
        for f in files:
            path = os.path.join(root, f)
            with open(path, "rb") as fh:
                out[os.path.relpath(path, proj)] = fh.read()
    return out


def restore(files):
    for rel, data in files.items():
        with open(os.path.join(proj, rel), "wb") as fh:
            fh.write(data)


pristine = snapshot()
# --fix reports each finding (at its place in the pristine text), then
# writes the fixes.
res = run([a.migrate, "-p", build, "--no-cache", "--quiet", "--fix"],
          quiet=True)
findings = {rel: [] for rel in SOURCES}
for path, line, col in re.findall(
        r"^(\S+?):(\d+):(\d+): warning: .*\[transformers-legacy-cache\]$",
        res.stdout, re.M):
    rel = os.path.relpath(path, proj)
    check(rel in findings, "a finding in %s" % rel)
    text = pristine[rel].split(b"\n")[int(line) - 1]
    # The expression is an identifier here: what the range must cover.
    expr = re.match(rb"[A-Za-z_]\w*", text[int(col) - 1:]).group(0)
    findings[rel].append([int(line) - 1, int(col) - 1, expr.decode()])
check([len(findings[r]) for r in SOURCES] == [1, 2],
      "transformers-migrate found %s, expected one finding in %s and two "
      "in %s" % (findings, SOURCES[0], SOURCES[1]))
expected = snapshot()
for rel in SOURCES:
    check(expected[rel] != pristine[rel], "--fix did not change " + rel)

# --- The server under test as `transformers-tidy-lsp` on PATH, as the
# documented set-up names it.
bindir = fresh_dir(os.path.join(work, "bin"))
os.symlink(os.path.abspath(a.server),
           os.path.join(bindir, "transformers-tidy-lsp"))
home = os.path.join(work, "home")
env = dict(os.environ)
env.pop("CLANG_TIDY_CONFIG", None)
env.update({"PATH": bindir + os.pathsep + env.get("PATH", ""),
            "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "data"),
            "XDG_STATE_HOME": os.path.join(home, "state"),
            "XDG_CACHE_HOME": os.path.join(home, "cache")})
documented = os.path.join(work, "init-documented.lua")
write(documented, doc_block(a.doc, "neovim-0.7", "lua"))
driver = os.path.join(a.inputs, "lsp", "neovim.lua")


def neovim(name, init, encoding, versioned):
    restore(pristine)
    params = os.path.join(work, "params-%s.json" % name)
    write(params, json.dumps({
        "init": init, "encoding": encoding, "versioned": versioned,
        "timeout_ms": TIMEOUT_MS,
        "quickfix": {"file": os.path.join(proj, SOURCES[0]),
                     "findings": findings[SOURCES[0]]},
        "fixall": {"file": os.path.join(proj, SOURCES[1]),
                   "findings": findings[SOURCES[1]]}}))
    cmd = [nvim, "--headless", "--clean", "-c",
           "luafile " + driver.replace(" ", "\\ ")]
    print("$ (%s) TT_NVIM_PARAMS=%s %s" % (name, params, " ".join(cmd)),
          flush=True)
    try:
        proc = subprocess.run(cmd, cwd=proj, env=dict(
            env, TT_NVIM_PARAMS=params), stdin=subprocess.DEVNULL,
            capture_output=True, text=True, timeout=TIMEOUT_MS / 1000 + 30)
        out, status = proc.stdout + proc.stderr, proc.returncode
    except subprocess.TimeoutExpired as e:
        out = "".join(s.decode("utf-8", "replace") if isinstance(s, bytes)
                      else (s or "") for s in (e.stdout, e.stderr))
        status = "killed after %ds" % e.timeout
    sys.stdout.write(out)
    if status != 0:
        log = os.path.join(home, "cache", "nvim", "lsp.log")
        if os.path.exists(log):
            print("--- %s:\n%s" % (log, read(log)[-6000:]))
        fail("%s: nvim exited with %s" % (name, status))
    after = snapshot()
    for rel in sorted(set(after) | set(expected)):
        if after.get(rel) != expected.get(rel):
            fail("%s: %s differs from what transformers-migrate --fix "
                 "writes:\n%s\n--- expected:\n%s"
                 % (name, rel, after.get(rel, b"(missing)").decode(),
                    expected.get(rel, b"(none)").decode()))
    print("%s: the files Neovim wrote equal --fix's" % name)


neovim("documented", documented, "utf-8", True)
neovim("defaults", os.path.join(a.inputs, "lsp", "neovim-defaults.lua"),
       "utf-16", False)
print("PASS: Neovim's LSP client shows the findings and applies the quick "
      "fix and the fix-all as transformers-migrate --fix")
