"""A CMake project consumes the installed package (test/consumer).

  consumer.py --mode legacy|fixed|other-llvm --cmake CMAKE --generator G
              --make-program M --cxx CXX --source test/consumer
              --prefix INSTALL_PREFIX --work W --llvm-major N

legacy      the build fails on the clang-tidy finding, reported as an error
            by CMAKE_CXX_CLANG_TIDY (--warnings-as-errors), and no program
            is linked
fixed       the build succeeds and the program runs: two cached generate
            calls equal one uncached call
other-llvm  find_package refuses the package when the consumer asks for a
            plugin of another LLVM major (the version file's check)
"""
import argparse
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "package"))
from testlib import check, fresh_dir, run  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--mode", required=True,
               choices=("legacy", "fixed", "other-llvm"))
for opt in ("cmake", "generator", "make-program", "cxx", "source", "prefix",
            "work", "llvm-major"):
    p.add_argument("--" + opt, required=True)
a = p.parse_args()

build = fresh_dir(os.path.abspath(a.work))
configure = [a.cmake, "-S", a.source, "-B", build, "-G", a.generator,
             "-DCMAKE_PREFIX_PATH=" + os.path.abspath(a.prefix),
             "-DCMAKE_CXX_COMPILER=" + a.cxx,
             "-DCMAKE_BUILD_TYPE=Release"]
if a.make_program:
    configure.append("-DCMAKE_MAKE_PROGRAM=" + a.make_program)
# Only the installed package may be found (not a build tree registered in
# the user package registry).
configure.append("-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF")

if a.mode == "other-llvm":
    other = str(int(a.llvm_major) + 1)
    res = run(configure + ["-DTransformersTidy_REQUIRED_LLVM_MAJOR=" + other],
              expect=None)
    check(res.returncode != 0,
          "find_package accepted a package built for LLVM %s when LLVM %s "
          "was required" % (a.llvm_major, other))
    text = res.stdout + res.stderr
    check("has no tools for LLVM %s (it has: %s)" % (other, a.llvm_major)
          in text,
          "configure failed without saying which LLVM the package is for")
    # And the matching major is accepted.
    run(configure + ["-DTransformersTidy_REQUIRED_LLVM_MAJOR=" + a.llvm_major])
    print("PASS: the package is selected by its LLVM major")
    sys.exit(0)

source = "legacy.cpp" if a.mode == "legacy" else "fixed.cpp"
run(configure + ["-DCONSUMER_SOURCE=" + source])
cache = open(os.path.join(build, "CMakeCache.txt")).read()
check(re.search(r"^TransformersTidy_DIR:PATH=%s"
                % re.escape(os.path.abspath(a.prefix)), cache, re.M),
      "find_package(TransformersTidy) did not use the scratch install")

build_cmd = [a.cmake, "--build", build, "-j", "1"]
program = os.path.join(build, "consumer")
if a.mode == "legacy":
    res = run(build_cmd, expect=None)
    check(res.returncode != 0,
          "the build of legacy.cpp succeeded despite the legacy cache")
    text = res.stdout + res.stderr
    check(re.search(r"legacy\.cpp:15:\d+: error: .*legacy.*"
                    r"\[transformers-legacy-cache,-warnings-as-errors\]",
                    text),
          "the build did not fail on transformers-legacy-cache as an error")
    check(not os.path.exists(program),
          "a program was linked although clang-tidy failed")
    print("PASS: CMAKE_CXX_CLANG_TIDY with the installed plugin fails the "
          "build of legacy code")
else:
    res = run(build_cmd)
    check("transformers-" not in res.stdout + res.stderr,
          "the fixed program has transformers-* findings")
    res = run([program])
    check("cached == uncached: yes" in res.stdout,
          "the fixed program's output is wrong")
    print("PASS: the fixed program builds with the plugin and runs")
