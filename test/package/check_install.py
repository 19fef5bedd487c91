"""`cmake --install` lays out exactly the documented tree, and it works.

  check_install.py --cmake CMAKE --build-dir B --prefix P --source-dir S
                   --bindir bin --libdir lib --includedir include
                   --plugindir lib/transformers-tidy/llvm-N --cmakedir ...
                   --plugin-file NAME [--plugin-file NAME...]
                   --version V --clang-tidy CT

Installs the build tree into a fresh prefix P (the fixture the client tests
use), then checks: every expected file is there and nothing else; the
installed transformers-migrate runs and reports the project version; the
installed plugin (and whatever it loads next to it) loads into clang-tidy
and registers both checks.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, fail, fresh_dir, require_tool, run  # noqa: E402

p = argparse.ArgumentParser()
for opt in ("cmake", "build-dir", "prefix", "source-dir", "bindir", "libdir",
            "includedir", "plugindir", "cmakedir", "version", "clang-tidy"):
    p.add_argument("--" + opt, required=True)
p.add_argument("--plugin-file", action="append", required=True)
a = p.parse_args()

prefix = fresh_dir(os.path.abspath(a.prefix))
run([a.cmake, "--install", a.build_dir, "--prefix", prefix])

headers_src = os.path.join(a.source_dir, "include", "transformers")
expected = {os.path.join(a.bindir, "transformers-migrate"),
            os.path.join(a.libdir, "libtransformers.a")}
for root, _, files in os.walk(headers_src):
    for f in files:
        if f.endswith(".h"):
            rel = os.path.relpath(os.path.join(root, f), headers_src)
            expected.add(os.path.join(a.includedir, "transformers", rel))
check(any(e.endswith("transformers.h") for e in expected),
      "no header found under " + headers_src)
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
per_config = [f for f in installed
              if os.path.dirname(f) == a.cmakedir and
              os.path.basename(f).startswith("TransformersTidyTargets-")]
check(len(per_config) == 1,
      "expected one TransformersTidyTargets-<config>.cmake, got %s"
      % per_config)
expected.update(per_config)

missing = sorted(expected - installed)
extra = sorted(installed - expected)
if missing or extra:
    fail("install layout differs:\n  missing: %s\n  unexpected: %s"
         % (missing, extra))
print("layout: %d files as documented" % len(installed))

migrate = os.path.join(prefix, a.bindir, "transformers-migrate")
check(os.access(migrate, os.X_OK), migrate + " is not executable")
out = run([migrate, "--version"]).stdout
check(a.version in out,
      "transformers-migrate --version does not name %s" % a.version)

# The plugin that users -load must work from its installed directory.
clang_tidy = require_tool(a.clang_tidy, "needed to load the plugin")
plugin = os.path.join(prefix, a.plugindir, "TransformersTidyModule.so")
out = run([clang_tidy, "-load=" + plugin, "--checks=-*,transformers-*",
           "--list-checks"]).stdout
for name in ("transformers-legacy-cache",
             "transformers-cache-implementation-conflict"):
    check(name in out, "the installed plugin does not register " + name)
print("PASS: install layout, installed transformers-migrate and plugin")
