"""The packages of two LLVM majors install together with dpkg, and work.

  check_side_by_side.py --cpack CPACK --cpack-config B/CPackConfig.cmake
                        --work W --llvm-major N --clang-tidy CT --cmake CMAKE

The other major's build tree is named by the environment variable
TT_OTHER_CPACK_CONFIG (its CPackConfig.cmake; scripts/dev.sh sets it to the
LLVM 19 tree's in the llvm22 leg). Without it the test is skipped.

Builds both trees' packages with cpack (exactly one tree must publish
transformers-tidy-common) and runs lintian on every .deb (no error, no
warning). Installs all of them with real dpkg into a scratch root (its own
dpkg database; maintainer scripts run with DPKG_ROOT, so update-alternatives
works inside it; the real system is checked to be untouched): a file in two
packages fails the installation. Then: the transformers-migrate alternative
picks the highest major and can be switched, and its slave
transformers-tidy-lsp (with both man pages) follows it; each transformers-migrate-<N>
and each plugin (in clang-tidy-<N>) reports a legacy cache in a project
compiled against the installed headers; find_package(TransformersTidy) sees
both majors and gives the one asked for; removing a package withdraws its
alternative, and the last removal leaves no plain name behind.
"""
import argparse
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import (check, fresh_dir, llvm_tool, run, skip,  # noqa: E402
                     write)
from debs import (build_debs, dpkg, fields, in_root,  # noqa: E402
                  init_root, legacy_project, need_tool)

COMMON = "transformers-tidy-common"

p = argparse.ArgumentParser()
for opt in ("cpack", "cpack-config", "work", "llvm-major", "clang-tidy",
            "cmake"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

other_config = os.environ.get("TT_OTHER_CPACK_CONFIG", "")
if not os.path.isfile(other_config):
    skip("TT_OTHER_CPACK_CONFIG names no CPackConfig.cmake of a build for "
         "another LLVM major (scripts/dev.sh sets it in the llvm22 leg)")
for tool in ("dpkg", "dpkg-deb", "update-alternatives"):
    need_tool(tool, "installs the packages into a scratch root")
lintian = need_tool("lintian", "checks the packages against Debian policy")
work = fresh_dir(os.path.abspath(a.work))

# --- Both trees' packages.
debs = {}
for name, config in (("this", a.cpack_config), ("other", other_config)):
    for package, deb in build_debs(a.cpack, config,
                                   os.path.join(work, name)).items():
        check(package not in debs, "both trees made " + package)
        debs[package] = deb
majors = sorted((re.match(r"transformers-tidy-llvm(\d+)$", p).group(1)
                 for p in debs if p != COMMON), key=int)
check(COMMON in debs and len(majors) == 2 and a.llvm_major in majors,
      "expected %s and the packages of two majors, got %s"
      % (COMMON, sorted(debs)))
version = fields(debs[COMMON])["Version"]
for package, deb in debs.items():
    check(fields(deb)["Version"] == version,
          "%s is not version %s: the trees are not of one release"
          % (package, version))

# --- Debian policy: no error, no warning (info-level tags are advice).
# Suppressed: initial-upload-closes-no-bugs, which asks the first changelog
# entry of a package new to the Debian archive to close its ITP bug; these
# packages are not uploaded to Debian, so there is no such bug.
res = run([lintian, "--fail-on", "error,warning", "--tag-display-limit", "0",
           "--suppress-tags", "initial-upload-closes-no-bugs"] +
          [debs[p] for p in sorted(debs)], expect=None)
check(res.returncode == 0, "lintian reports errors or warnings (above)")

# --- Install all of them into a scratch root with dpkg.
real = ["/var/lib/dpkg/status", "/var/lib/dpkg/alternatives"]
before = {f: os.stat(f).st_mtime_ns for f in real if os.path.exists(f)}
root = init_root(os.path.join(work, "root"))
res = dpkg(root, "--install", *[debs[p] for p in sorted(debs)])
for line in (res.stdout + res.stderr).splitlines():
    check(not re.search(r"depends on transformers-tidy|"
                        r"Package transformers-tidy\S* is not", line),
          "dependency between the packages not met: " + line)
after = {f: os.stat(f).st_mtime_ns for f in real if os.path.exists(f)}
check(before == after, "dpkg touched the real system's dpkg database")
status = run(["dpkg-query", "--admindir=" + os.path.join(
    root, "var", "lib", "dpkg"), "-W", "-f=${Package} ${Status}\n"],
    quiet=True).stdout
for package in debs:
    check("%s install ok installed" % package in status,
          "%s is not configured in the scratch root:\n%s" % (package, status))

# --- The alternative: the highest major in automatic mode, switchable.
alt_root = ["update-alternatives", "--root", root]


def alternative_value():
    out = run(alt_root + ["--query", "transformers-migrate"],
              quiet=True).stdout
    value = re.search(r"^Value: (.*)$", out, re.M).group(1)
    alternatives = re.findall(r"^Alternative: (.*)$", out, re.M)
    return value, alternatives


PLAIN = ("transformers-migrate", "transformers-tidy-lsp")


def plain_tool_major():
    """{plain name: (LLVM major of the program, its man page's target)} for
    transformers-migrate and its slave transformers-tidy-lsp, as the
    alternative's links resolve inside the root."""
    result = {}
    for exe in PLAIN:
        man = in_root(root, "/usr/share/man/man1/%s.1.gz" % exe)
        check(os.path.isfile(man), "the %s man page alternative is broken"
              % exe)
        out = run([in_root(root, "/usr/bin/" + exe), "--version"],
                  quiet=True).stdout
        found = re.search(r"built with LLVM (\d+)\.", out)
        result[exe] = (found.group(1) if found else None,
                       "/" + os.path.relpath(man, root))
    return result


def of_major(major):
    return {exe: (major, "/usr/share/man/man1/%s-%s.1.gz" % (exe, major))
            for exe in PLAIN}


value, alternatives = alternative_value()
check(sorted(alternatives) == sorted("/usr/bin/transformers-migrate-" + m
                                     for m in majors),
      "the transformers-migrate alternatives are %s" % alternatives)
high, low = majors[1], majors[0]
check(value == "/usr/bin/transformers-migrate-" + high,
      "automatic mode chose %s, not the highest major %s" % (value, high))
check(plain_tool_major() == of_major(high),
      "transformers-migrate, transformers-tidy-lsp and their man pages are "
      "not LLVM %s's: %s" % (high, plain_tool_major()))
run(alt_root + ["--set", "transformers-migrate",
                "/usr/bin/transformers-migrate-" + low])
check(plain_tool_major() == of_major(low),
      "after --set, transformers-migrate and transformers-tidy-lsp are not "
      "LLVM %s's: %s" % (low, plain_tool_major()))

# --- Each major's tool and plugin on a project built against the
# installed headers.
usr = os.path.join(root, "usr")
proj = os.path.join(work, "proj")
src, build, finding = legacy_project(proj, os.path.join(usr, "include"))
plugins = {}
for m in majors:
    migrate = os.path.join(usr, "bin", "transformers-migrate-" + m)
    out = run([migrate, "--version"]).stdout
    check("built with LLVM %s." % m in out,
          "transformers-migrate-%s is not built with LLVM %s" % (m, m))
    res = run([migrate, "-p", build, "--no-cache", "--quiet"], expect=1)
    check(finding.search(res.stdout),
          "transformers-migrate-%s did not report the legacy cache" % m)
    clang_tidy = a.clang_tidy if m == a.llvm_major else \
        llvm_tool("clang-tidy", m, "/usr/lib/llvm-%s/bin" % m)
    plugin = os.path.join(usr, "lib", "transformers-tidy", "llvm-" + m,
                          "TransformersTidyModule.so")
    plugins[m] = plugin
    res = run([clang_tidy, "-load=" + plugin, "--checks=-*,transformers-*",
               "-p", build, src])
    check(finding.search(res.stdout),
          "the LLVM %s plugin did not report the legacy cache in %s"
          % (m, clang_tidy))

# --- The CMake package sees both majors and gives the one asked for.
cmake_proj = os.path.join(work, "cmake-project")
write(os.path.join(cmake_proj, "CMakeLists.txt"), """\
cmake_minimum_required(VERSION 3.20)
project(side-by-side NONE)
find_package(TransformersTidy 0.1 REQUIRED COMPONENTS tools)
message(STATUS "majors=${TransformersTidy_LLVM_MAJORS}")
message(STATUS "major=${TransformersTidy_LLVM_MAJOR}")
message(STATUS "plugin=${TransformersTidy_PLUGIN}")
message(STATUS "migrate=${TransformersTidy_MIGRATE_EXECUTABLE}")
""")


def find_package(*defs, expect=0):
    res = run([a.cmake, "-S", cmake_proj, "-B", fresh_dir(
        os.path.join(work, "cmake-build")), "-DCMAKE_PREFIX_PATH=" + usr,
        "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"] + list(defs),
        expect=expect)
    return dict(re.findall(r"^-- (majors|major|plugin|migrate)=(.*)$",
                           res.stdout, re.M)), res.stdout + res.stderr


found, _ = find_package()
check(found.get("majors") == "%s;%s" % (high, low) and
      found.get("major") == high,
      "find_package without a major: %s (want the highest, %s)"
      % (found, high))
for m in majors:
    found, _ = find_package("-DTransformersTidy_REQUIRED_LLVM_MAJOR=" + m)
    check(found.get("major") == m and found.get("plugin") == plugins[m] and
          found.get("migrate") == os.path.join(
              usr, "lib", "transformers-tidy", "llvm-" + m,
              "transformers-migrate"),
          "find_package for LLVM %s gave %s" % (m, found))
_, text = find_package("-DTransformersTidy_REQUIRED_LLVM_MAJOR=1", expect=None)
check("has no tools for LLVM 1 (it has: " in text,
      "find_package accepted a major that is not installed")

# --- Removing a package withdraws its alternative; the other stays.
dpkg(root, "--remove", "transformers-tidy-llvm" + low)
value, alternatives = alternative_value()
check(alternatives == ["/usr/bin/transformers-migrate-" + high] and
      value == alternatives[0],
      "after removing LLVM %s the alternatives are %s (value %s)"
      % (low, alternatives, value))
dpkg(root, "--remove", "transformers-tidy-llvm" + high)
for exe in PLAIN:
    for left in (os.path.join(usr, "bin", exe),
                 os.path.join(usr, "share", "man", "man1", exe + ".1.gz")):
        check(not os.path.lexists(left),
              "%s is left behind with no package providing it" % left)
print("PASS: %s install side by side with dpkg, lintian-clean, and work"
      % ", ".join(sorted(debs)))
