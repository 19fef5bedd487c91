"""The .deb built by CPack installs working tools (no root, no system install).

  check_deb.py --cpack CPACK --cpack-config B/CPackConfig.cmake --work W
               --package-name transformers-tidy-llvmN --version V
               --llvm-major N --libdir lib --clang-tidy CT

Builds the package with `cpack -G DEB`, checks its control fields, unpacks
it with `dpkg-deb -x` into a scratch root, then from that root only: runs
transformers-migrate --version and a real analysis of a small project
compiled against the packaged headers, and loads the packaged plugin into
clang-tidy on the same project. Both must report the same finding.
"""
import argparse
import glob
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import (check, fresh_dir, require_tool, run,  # noqa: E402
                     write, write_compile_db)

p = argparse.ArgumentParser()
for opt in ("cpack", "cpack-config", "work", "package-name", "version",
            "llvm-major", "libdir", "clang-tidy"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

dpkg_deb = require_tool("dpkg-deb", "needed to inspect and unpack the .deb")
clang_tidy = require_tool(a.clang_tidy, "needed to load the plugin")
work = fresh_dir(os.path.abspath(a.work))

out_dir = os.path.join(work, "out")
run([a.cpack, "-G", "DEB", "--config", a.cpack_config, "-B", out_dir])
debs = glob.glob(os.path.join(out_dir, "*.deb"))
check(len(debs) == 1, "expected one .deb in %s, got %s" % (out_dir, debs))
deb = debs[0]
check(os.path.basename(deb).startswith(a.package_name + "_" + a.version),
      "unexpected package file name " + os.path.basename(deb))

fields = run([dpkg_deb, "-f", deb, "Package", "Version", "Depends"]).stdout
check(re.search(r"^Package: %s$" % re.escape(a.package_name), fields, re.M),
      "Package field is not " + a.package_name)
check(re.search(r"^Version: %s$" % re.escape(a.version), fields, re.M),
      "Version field is not " + a.version)
depends = re.search(r"^Depends: (.*)$", fields, re.M)
check(depends, "no Depends field")
depends = [d.strip() for d in depends.group(1).split(",")]
m = a.llvm_major
for needed in ("libclang-cpp%s" % m, "libllvm%s" % m, "clang-tidy-%s" % m,
               "libclang-common-%s-dev" % m):
    check(needed in depends, "Depends lacks %s: %s" % (needed, depends))

root = os.path.join(work, "root")
run([dpkg_deb, "-x", deb, root])
usr = os.path.join(root, "usr")
migrate = os.path.join(usr, "bin", "transformers-migrate")
plugin = os.path.join(usr, a.libdir, "transformers-tidy", "llvm-" + m,
                      "TransformersTidyModule.so")
check(os.path.isfile(plugin), "no plugin at " + plugin)
check(os.path.isfile(os.path.join(usr, "include", "transformers",
                                  "transformers.h")),
      "no headers in the package")
check(os.path.isfile(os.path.join(usr, a.libdir, "libtransformers.a")),
      "no library archive in the package")
check(os.path.isfile(os.path.join(usr, a.libdir, "cmake", "TransformersTidy",
                                  "TransformersTidyConfig.cmake")),
      "no CMake package in the package")

out = run([migrate, "--version"]).stdout
check(a.version in out, "packaged transformers-migrate is not " + a.version)

# A one-file project compiled against the packaged headers.
proj = os.path.join(work, "proj")
src = os.path.join(proj, "src", "app.cpp")
write(src, """#include <transformers/transformers.h>

transformers::GenerateOutput
resume(const transformers::LlamaForCausalLM &model,
       const transformers::TokenIds &ids,
       const transformers::LegacyCache &legacy) {
  return model.generate(ids, {}, {.past_key_values = legacy});
}
""")
build = os.path.join(proj, "build")
write_compile_db(build, [src], [os.path.join(usr, "include")])
finding = re.compile(r"app\.cpp:7:54: warning: .*\[transformers-legacy-cache\]")

res = run([migrate, "-p", build, "--no-cache", "--quiet"], expect=1)
check(finding.search(res.stdout),
      "packaged transformers-migrate did not report the legacy cache")
res = run([clang_tidy, "-load=" + plugin, "--checks=-*,transformers-*",
           "-p", build, src])
check(finding.search(res.stdout),
      "packaged plugin did not report the legacy cache")
print("PASS: %s installs a working transformers-migrate and plugin"
      % os.path.basename(deb))
