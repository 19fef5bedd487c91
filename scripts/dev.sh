#!/usr/bin/env bash
# One entry point for a fresh Debian/Ubuntu machine: installs what is missing,
# configures and builds, then runs the demo or the tests.
#
#   scripts/dev.sh demo           build (LLVM 19), then run the demo on the
#                                 legacy example app
#   scripts/dev.sh test           every test suite, the CI matrix:
#                                 llvm19 llvm22 sanitized fuzz
#   scripts/dev.sh test LEG...    only some legs, e.g. `test llvm19`
#
# Legs: llvm19 builds the project against LLVM 19 (build/) and runs every
# test there, ctest -j2 (unit, lit, end-to-end, package, clients, stress);
# llvm22 builds only what depends on the LLVM major (build-22/,
# TT_ONLY_LLVM_TESTS) and runs the tests labelled `llvm`; sanitized runs the
# unit and tool suites under ASan+UBSan+LSan (build-asan/); fuzz runs every
# libFuzzer target, time-boxed (build-fuzz/). Each test runs once where the
# LLVM major does not matter.
#
# Environment: BUILD_DIR (default build, the LLVM 19 tree), CMAKE_BUILD_TYPE
# (default RelWithDebInfo; Release for build-22), CXX (default
# clang++-<LLVM> of each leg),
# FUZZ_SECONDS (default 110, the fuzz leg's total budget).
# Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail

usage() {
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
}

mode=${1:-}
case "$mode" in
  demo|test) shift ;;
  -h|--help|help) usage; exit 0 ;;
  *) usage >&2; exit 2 ;;
esac

all_legs=(llvm19 llvm22 sanitized fuzz)
legs=("$@")
if ((${#legs[@]} == 0)); then
  if [ "$mode" = test ]; then legs=("${all_legs[@]}"); else legs=(llvm19); fi
fi
for leg in "${legs[@]}"; do
  case " ${all_legs[*]} " in
    *" $leg "*) ;;
    *) echo "dev.sh: unknown leg '$leg' (legs: ${all_legs[*]})" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_type=${CMAKE_BUILD_TYPE:-RelWithDebInfo}

llvm_packages() {
  echo "llvm-$1-dev libclang-$1-dev clang-$1 clang-tidy-$1 clang-tools-$1" \
    "llvm-$1-tools libclang-rt-$1-dev"
}
# llvm-19-tools is always needed: it ships lit.py, which every leg's lit run
# uses (from LLVM 20 on Debian no longer packages lit.py).
# strace, acl and attr: the fault battery (test/migrate/faults) traces what
# the tool writes and gives fixed files ACLs and extended attributes. git and pre-commit: the pre-commit
# and clang-tidy-diff tests (test/clients) run the documented set-ups in
# scratch git repositories. Debian packages (cpack, test/package): their
# Depends are computed by dpkg-dev's dpkg-shlibdeps on the binaries that
# `file` finds, and lintian checks them against policy. bazel-bootstrap:
# Debian's Bazel, which runs the Bazel aspect's test (clients.bazel-aspect).
# neovim, emacs-nox with elpa-eglot, and clangd-19: the real editors the
# language server is tested in (clients.lsp-*), Emacs with the server
# wrapping Debian's clangd.
packages=(cmake ninja-build g++ python3 python3-jsonschema python3-yaml libgtest-dev
  libbenchmark-dev dpkg-dev file lintian strace acl attr git pre-commit
  bazel-bootstrap neovim emacs-nox elpa-eglot clangd-19 $(llvm_packages 19))
for leg in "${legs[@]}"; do
  if [ "$leg" = llvm22 ]; then packages+=($(llvm_packages 22)); fi
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
fi

# The SARIF validator of clients.sarif-multitool: npm @microsoft/sarif-multitool
# (its -linux package is a self-contained native executable; nothing is
# downloaded when it runs), pinned, in the checkout's git-ignored .cache/npm
# (test/clients/CMakeLists.txt looks for it there).
sarif_multitool_version=5.7.0
npm_prefix="$root/.cache/npm"
sarif_multitool="$npm_prefix/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ "$mode" = test ] && ! grep -qs "\"version\": \"$sarif_multitool_version\"" \
    "$npm_prefix/node_modules/@microsoft/sarif-multitool-linux/package.json"; then
  if ! command -v npm > /dev/null; then
    echo "dev.sh: npm (Node.js 20) is needed to install the SARIF validator" >&2
    exit 1
  fi
  echo "== installing @microsoft/sarif-multitool@$sarif_multitool_version"
  mkdir -p "$npm_prefix"
  # Both packages named: the first only asks for ^version of the second.
  npm install --prefix "$npm_prefix" --no-audit --no-fund --save-exact \
    "@microsoft/sarif-multitool@$sarif_multitool_version" \
    "@microsoft/sarif-multitool-linux@$sarif_multitool_version"
  # Its postinstall only does this, and npm may hold install scripts back.
  chmod u+x "$sarif_multitool"
fi

# build_llvm MAJOR DIR [CMAKE ARGS...]: configure and build the project
# against LLVM MAJOR in DIR (configuring an existing tree again only applies
# the arguments; it takes seconds).
build_llvm() {
  local llvm=$1 build=$2
  shift 2
  local cxx=${CXX:-}
  if [ ! -f "$build/CMakeCache.txt" ]; then
    # The plugin is loaded into clang-tidy-$llvm, which Debian builds with
    # clang-$llvm: building with the same compiler keeps every template the
    # plugin shares with clang-tidy mangled identically. CXX overrides it.
    cxx=${CXX:-clang++-$llvm}
    echo "== configuring $build (LLVM $llvm, $cxx)"
  fi
  cmake -S "$root" -B "$build" -G Ninja -DLLVM_VERSION="$llvm" \
    ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"} -DCMAKE_BUILD_TYPE="$build_type" \
    "$@" >/dev/null || return
  echo "== building $build"
  cmake --build "$build" || return
}

build19=${BUILD_DIR:-$root/build}
if [ "$mode" = demo ]; then
  build_llvm 19 "$build19"
  exec "$root/scripts/demo.sh" "$build19"
fi

failed=()
run_leg() {
  local leg=$1 start=$SECONDS status=0
  echo "== leg $leg"
  case "$leg" in
    llvm19)
      # Every test, once: those labelled `llvm` and those that are the same
      # under any major (test/CMakeLists.txt).
      build_llvm 19 "$build19" &&
        ctest --test-dir "$build19" -j2 --output-on-failure || status=$?
      ;;
    llvm22)
      # Only what depends on the LLVM major is built and run again. With the
      # LLVM 19 plugin at hand, the 22 suite also checks that it is refused
      # by clang-tidy-22 (test/clang-tidy/plugin-version-*.test); with the
      # LLVM 19 tree's packages, that both majors' packages install side by
      # side (package.deb-side-by-side).
      local other="$build19/lib/TidyModule/TransformersTidyModule.so"
      local other_cpack="$build19/CPackConfig.cmake"
      # Without debug information unless asked (CMAKE_BUILD_TYPE): this
      # tree only runs tests; build/ is the one developers debug.
      build_llvm 22 "$root/build-22" -DTT_ONLY_LLVM_TESTS=ON \
        -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" &&
        TT_OTHER_PLUGIN=$([ -f "$other" ] && echo "$other") \
        TT_OTHER_CPACK_CONFIG=$([ -f "$other_cpack" ] && echo "$other_cpack") \
          ctest --test-dir "$root/build-22" -j2 -L llvm --output-on-failure ||
        status=$?
      ;;
    sanitized) "$root/scripts/sanitized.sh" || status=$? ;;
    fuzz) "$root/scripts/fuzz.sh" "${FUZZ_SECONDS:-110}" || status=$? ;;
  esac
  echo "== leg $leg: $([ $status -eq 0 ] && echo passed || echo FAILED)" \
    "in $((SECONDS - start)) s"
  if [ $status -ne 0 ]; then failed+=("$leg"); fi
}
# Every leg runs even after a failure, so one run reports everything.
for leg in "${legs[@]}"; do run_leg "$leg"; done

if ((${#failed[@]})); then
  echo "== FAILED legs: ${failed[*]}" >&2
  exit 1
fi
echo "== all legs passed: ${legs[*]}"
