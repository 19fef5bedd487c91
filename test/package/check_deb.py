"""The .debs built by CPack hold the documented files and working tools.

  check_deb.py --cpack CPACK --cpack-config B/CPackConfig.cmake --work W
               --deb-version V-R --version V --llvm-major N [--common]
               --libdir lib --source-dir S --plugin-file NAME...
               --build-type CONFIG --clang-tidy CT

Builds this tree's packages with `cpack -G DEB` (transformers-tidy-llvmN,
plus transformers-tidy-common with --common) and checks, without installing
anything: the control fields (versions, the common package's exact-version
dependency, computed shared-library dependencies, Breaks/Replaces), the
exact file list of each package (no file in both; no plain
transformers-migrate or transformers-tidy-lsp, which are an alternative and
its slave), the maintainer scripts. Then it unpacks them with `dpkg-deb -x`
into a scratch root and, from there only, runs transformers-migrate-N on a
small project (compiled against the packaged headers, or the source tree's
when this tree does not build the common package) and loads the packaged
plugin into clang-tidy-N: both must report the same finding; the packaged
transformers-tidy-lsp-N runs. check_side_by_side.py installs the packages of two
majors together with dpkg.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import (bazel_rules_files, check, fail, fresh_dir, require_tool,  # noqa: E402
                     run)
from debs import (build_debs, contents, control_members,  # noqa: E402
                  fields, legacy_project, need_tool, relations)

COMMON = "transformers-tidy-common"

p = argparse.ArgumentParser()
for opt in ("cpack", "cpack-config", "work", "deb-version", "version",
            "llvm-major", "libdir", "source-dir", "build-type",
            "clang-tidy"):
    p.add_argument("--" + opt, required=True)
p.add_argument("--common", action="store_true")
p.add_argument("--plugin-file", action="append", required=True)
a = p.parse_args()

need_tool("dpkg-deb", "inspects and unpacks the .debs")
need_tool("dpkg-shlibdeps", "cpack computes the dependencies with it")
clang_tidy = require_tool(a.clang_tidy, "needed to load the plugin")
work = fresh_dir(os.path.abspath(a.work))
m = a.llvm_major
tools_pkg = "transformers-tidy-llvm" + m

debs = build_debs(a.cpack, a.cpack_config, os.path.join(work, "out"))
expected = {tools_pkg} | ({COMMON} if a.common else set())
check(set(debs) == expected, "cpack made %s, expected %s"
      % (sorted(debs), sorted(expected)))
for name, deb in debs.items():
    check(os.path.basename(deb).startswith(
        "%s_%s_" % (name, a.deb_version)),
        "unexpected package file name " + os.path.basename(deb))
    f = fields(deb)
    check(f.get("Version") == a.deb_version,
          "%s: Version %s, expected %s" % (name, f.get("Version"),
                                           a.deb_version))
    check("localhost" not in f.get("Maintainer", "localhost"),
          "%s: Maintainer %r" % (name, f.get("Maintainer")))

# --- Control fields.
tools = fields(debs[tools_pkg])
depends = relations(tools.get("Depends", ""))
check(depends.get(COMMON) == "(= %s)" % a.deb_version,
      "%s must depend on %s (= %s): %s"
      % (tools_pkg, COMMON, a.deb_version, tools.get("Depends")))
for needed in ("libclang-cpp" + m, "libllvm" + m, "clang-tidy-" + m,
               "libclang-common-%s-dev" % m):
    check(needed in depends, "Depends lacks %s: %s" % (needed, depends))
# dpkg-shlibdeps wrote these, with the versions the binary needs.
for lib in ("libc6", "libstdc++6", "libclang-cpp" + m):
    check(depends.get(lib, "").startswith("(>= "),
          "Depends has no computed minimum version of %s: %s"
          % (lib, tools.get("Depends")))
if a.common:
    common = fields(debs[COMMON])
    for rel in ("Breaks", "Replaces"):
        old = relations(common.get(rel, ""))
        check(old.get(tools_pkg) == "(<< 0.1.0-1)",
              "%s must take over the files of %s 0.1.0 (%s: %s)"
              % (COMMON, tools_pkg, rel, common.get(rel)))

# --- Files.
usr = "usr"
libdir = os.path.join(usr, a.libdir)
plugindir = os.path.join(libdir, "transformers-tidy", "llvm-" + m)
cmakedir = os.path.join(libdir, "cmake", "TransformersTidy")
config = a.build_type.lower()


def docs(package):
    d = os.path.join(usr, "share", "doc", package)
    return {os.path.join(d, f) for f in ("copyright", "changelog.Debian.gz")}


EXECUTABLES = ("transformers-migrate", "transformers-tidy-lsp")
want_tools = docs(tools_pkg) | {
    os.path.join(cmakedir, "llvm-" + m, "TransformersTidyTools.cmake"),
    os.path.join(cmakedir, "llvm-" + m, "TransformersTidyToolsTargets.cmake"),
    os.path.join(cmakedir, "llvm-" + m,
                 "TransformersTidyToolsTargets-%s.cmake" % config),
} | {os.path.join(plugindir, f) for f in a.plugin_file}
for exe in EXECUTABLES:
    want_tools |= {os.path.join(usr, "bin", "%s-%s" % (exe, m)),
                   os.path.join(plugindir, exe),
                   os.path.join(usr, "share", "man", "man1",
                                "%s-%s.1.gz" % (exe, m))}
headers_src = os.path.join(a.source_dir, "include", "transformers")
want_common = docs(COMMON) | {
    os.path.join(libdir, "libtransformers.a"),
    os.path.join(cmakedir, "TransformersTidyConfig.cmake"),
    os.path.join(cmakedir, "TransformersTidyConfigVersion.cmake"),
    os.path.join(cmakedir, "TransformersTidyTargets.cmake"),
    os.path.join(cmakedir, "TransformersTidyTargets-%s.cmake" % config),
}
want_common |= {os.path.join(usr, f)
                for f in bazel_rules_files(a.source_dir, "share")}
for root, _, files in os.walk(headers_src):
    for f in files:
        if f.endswith(".h"):
            want_common.add(os.path.join(
                usr, "include", "transformers",
                os.path.relpath(os.path.join(root, f), headers_src)))

listed = {name: contents(deb) for name, deb in debs.items()}
for name, want in ((tools_pkg, want_tools), (COMMON, want_common)):
    if name not in listed:
        continue
    have = set(listed[name])
    if have != want:
        fail("%s holds other files than documented:\n  missing: %s\n"
             "  unexpected: %s" % (name, sorted(want - have),
                                   sorted(have - want)))
for exe in EXECUTABLES:
    link = listed[tools_pkg][os.path.join(usr, "bin", "%s-%s" % (exe, m))]
    check(link == "../%s/transformers-tidy/llvm-%s/%s" % (a.libdir, m, exe),
          "bin/%s-%s is not a relative link to the program: %s"
          % (exe, m, link))

scripts = control_members(debs[tools_pkg], work)
for script in ("postinst", "prerm"):
    check(scripts.get(script) == 0o755,
          "%s has no executable %s (update-alternatives): %s"
          % (tools_pkg, script, scripts))

# --- The unpacked tool and plugin work.
root = fresh_dir(os.path.join(work, "root"))
for deb in debs.values():
    run(["dpkg-deb", "-x", deb, root])
migrate = os.path.join(root, usr, "bin", "transformers-migrate-" + m)
for exe in EXECUTABLES:
    out = run([os.path.join(root, usr, "bin", "%s-%s" % (exe, m)),
               "--version"]).stdout
    check(a.version in out and "LLVM %s." % m in out,
          "packaged %s-%s is not %s for LLVM %s" % (exe, m, a.version, m))

include_dir = os.path.join(root, usr, "include") if a.common else \
    os.path.join(a.source_dir, "include")
proj = os.path.join(work, "proj")
src, build, finding = legacy_project(proj, include_dir)

res = run([migrate, "-p", build, "--no-cache", "--quiet"], expect=1)
check(finding.search(res.stdout),
      "packaged transformers-migrate did not report the legacy cache")
plugin = os.path.join(root, plugindir, "TransformersTidyModule.so")
res = run([clang_tidy, "-load=" + plugin, "--checks=-*,transformers-*",
           "-p", build, src])
check(finding.search(res.stdout),
      "packaged plugin did not report the legacy cache")
print("PASS: %s hold the documented files, a working "
      "transformers-migrate-%s, transformers-tidy-lsp-%s and plugin"
      % (", ".join(sorted(debs)), m, m))
