"""`cmake --install` lays out exactly the documented tree, and it works.

  check_install.py --cmake CMAKE --build-dir B --prefix P --source-dir S
                   --bindir bin --libdir lib --includedir include --datadir share
                   --plugindir lib/transformers-tidy/llvm-N --cmakedir ...
                   --man1dir share/man/man1 --llvm-major N
                   --plugin-file NAME [--plugin-file NAME...]
                   --version V --clang-tidy CT

Installs the build tree into a fresh prefix P (the fixture the client tests
use), then checks: every expected file is there and nothing else, the
versioned and plain names being relative symlinks (a tree for another
major adds its own files beside these); the installed transformers-migrate
and transformers-tidy-lsp run and report the project version, the server
answers an LSP initialize and shutdown, and its installed man page
documents exactly the options of its --help; the installed plugin (and
whatever it loads next to it) loads into clang-tidy and registers both
checks.
"""
import argparse
import gzip
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import (bazel_rules_files, check, fail, fresh_dir,  # noqa: E402
                     require_tool, run, write)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "clients"))
from lspclient import LspClient  # noqa: E402

p = argparse.ArgumentParser()
for opt in ("cmake", "build-dir", "prefix", "source-dir", "bindir", "libdir",
            "includedir", "datadir", "plugindir", "cmakedir", "man1dir",
            "llvm-major",
            "version", "clang-tidy"):
    p.add_argument("--" + opt, required=True)
p.add_argument("--plugin-file", action="append", required=True)
a = p.parse_args()

prefix = fresh_dir(os.path.abspath(a.prefix))
run([a.cmake, "--install", a.build_dir, "--prefix", prefix])

headers_src = os.path.join(a.source_dir, "include", "transformers")
EXECUTABLES = ("transformers-migrate", "transformers-tidy-lsp")
tools_cmakedir = os.path.join(a.cmakedir, "llvm-" + a.llvm_major)
# Symlinks: path -> target; each program is in the plugin directory, with a
# versioned name and a plain one in bin/, and a man page of each name.
links, expected = {}, set()
for exe in EXECUTABLES:
    versioned = "%s-%s" % (exe, a.llvm_major)
    links.update({
        os.path.join(a.bindir, versioned): os.path.relpath(
            os.path.join(a.plugindir, exe), a.bindir),
        os.path.join(a.bindir, exe): versioned,
        os.path.join(a.man1dir, exe + ".1.gz"): versioned + ".1.gz"})
    expected |= {os.path.join(a.plugindir, exe),
                 os.path.join(a.man1dir, versioned + ".1.gz")}
expected |= set(links) | {
    os.path.join(a.libdir, "libtransformers.a"),
    os.path.join(tools_cmakedir, "TransformersTidyTools.cmake"),
    os.path.join(tools_cmakedir, "TransformersTidyToolsTargets.cmake")}
for root, _, files in os.walk(headers_src):
    for f in files:
        if f.endswith(".h"):
            rel = os.path.relpath(os.path.join(root, f), headers_src)
            expected.add(os.path.join(a.includedir, "transformers", rel))
check(any(e.endswith("transformers.h") for e in expected),
      "no header found under " + headers_src)
expected |= bazel_rules_files(a.source_dir, a.datadir)
for f in a.plugin_file:
    expected.add(os.path.join(a.plugindir, f))
for f in ("TransformersTidyConfig.cmake",
          "TransformersTidyConfigVersion.cmake",
          "TransformersTidyTargets.cmake"):
    expected.add(os.path.join(a.cmakedir, f))

installed = set()
for root, _, files in os.walk(prefix):
    for f in files:
        installed.add(os.path.relpath(os.path.join(root, f), prefix))
# The per-configuration part of the exported targets is named after the
# build type (TransformersTidyTargets-relwithdebinfo.cmake, ...).
for d, prefix_name in ((a.cmakedir, "TransformersTidyTargets-"),
                       (tools_cmakedir, "TransformersTidyToolsTargets-")):
    per_config = [f for f in installed if os.path.dirname(f) == d and
                  os.path.basename(f).startswith(prefix_name)]
    check(len(per_config) == 1, "expected one %s<config>.cmake in %s, got %s"
          % (prefix_name, d, per_config))
    expected.update(per_config)

missing = sorted(expected - installed)
extra = sorted(installed - expected)
if missing or extra:
    fail("install layout differs:\n  missing: %s\n  unexpected: %s"
         % (missing, extra))
for link, target in links.items():
    path = os.path.join(prefix, link)
    check(os.path.islink(path) and os.readlink(path) == target,
          "%s is not a symlink to %s" % (link, target))
print("layout: %d files as documented" % len(installed))

for exe in EXECUTABLES:
    for name in (exe, "%s-%s" % (exe, a.llvm_major)):
        path = os.path.join(prefix, a.bindir, name)
        check(os.access(path, os.X_OK), path + " is not executable")
        out = run([path, "--version"]).stdout
        check(a.version in out and "LLVM %s." % a.llvm_major in out,
              "%s --version does not name %s and LLVM %s"
              % (name, a.version, a.llvm_major))

# The installed language server speaks LSP, and its man page documents
# exactly its options (as test/migrate/man-page.test checks the tool's).
lsp = os.path.join(prefix, a.bindir, "transformers-tidy-lsp")
client = LspClient([lsp])
try:
    info = client.initialize(None)["result"].get("serverInfo", {})
    check(info == {"name": "transformers-tidy-lsp", "version": a.version},
          "the installed server's serverInfo is %s" % info)
    check(client.shutdown() == 0, "the installed server did not exit 0 "
          "after shutdown and exit")
finally:
    client.kill()
work = fresh_dir(os.path.abspath(a.prefix) + "-work")
with gzip.open(os.path.join(prefix, a.man1dir, "transformers-tidy-lsp.1.gz"),
               "rt", encoding="utf-8") as fh:
    write(os.path.join(work, "transformers-tidy-lsp.1"), fh.read())
write(os.path.join(work, "help.txt"), run([lsp, "--help"], quiet=True).stdout)
run([sys.executable, os.path.join(a.source_dir, "test", "migrate", "Inputs",
                                  "check_man_page.py"),
     os.path.join(work, "help.txt"),
     os.path.join(work, "transformers-tidy-lsp.1")])

# The plugin that users -load must work from its installed directory.
clang_tidy = require_tool(a.clang_tidy, "needed to load the plugin")
plugin = os.path.join(prefix, a.plugindir, "TransformersTidyModule.so")
out = run([clang_tidy, "-load=" + plugin, "--checks=-*,transformers-*",
           "--list-checks"]).stdout
for name in ("transformers-legacy-cache",
             "transformers-cache-implementation-conflict"):
    check(name in out, "the installed plugin does not register " + name)
print("PASS: install layout, installed transformers-migrate, "
      "transformers-tidy-lsp and plugin")
