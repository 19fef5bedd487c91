#!/usr/bin/env bash
# One entry point for a fresh Debian/Ubuntu machine: installs what is missing,
# configures and builds, then runs the demo or every test.
#
#   scripts/dev.sh demo    build, then run the legacy example app (the demo)
#   scripts/dev.sh test    build, then run every test suite through ctest
#
# Environment: LLVM_VERSION (default 19), BUILD_DIR (default build),
# CMAKE_BUILD_TYPE (default RelWithDebInfo), CXX (default clang++-<LLVM>).
# Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail

usage() {
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

mode=${1:-}
case "$mode" in
  demo|test) ;;
  -h|--help|help) usage; exit 0 ;;
  *) usage >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
llvm=${LLVM_VERSION:-19}
build=${BUILD_DIR:-$root/build}
build_type=${CMAKE_BUILD_TYPE:-RelWithDebInfo}

packages=(cmake ninja-build g++ python3 libgtest-dev libbenchmark-dev
  "llvm-$llvm-dev" "libclang-$llvm-dev" "clang-$llvm" "clang-tidy-$llvm"
  "clang-tools-$llvm" "llvm-$llvm-tools")

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

if [ ! -f "$build/CMakeCache.txt" ]; then
  # The plugin is loaded into clang-tidy-$llvm, which Debian builds with
  # clang-$llvm: building with the same compiler keeps every template the
  # plugin shares with clang-tidy mangled identically. CXX overrides it.
  cxx=${CXX:-clang++-$llvm}
  echo "== configuring $build (LLVM $llvm, $cxx)"
  cmake -S "$root" -B "$build" -G Ninja -DLLVM_VERSION="$llvm" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE="$build_type"
fi
echo "== building"
cmake --build "$build"

case "$mode" in
  test)
    echo "== testing"
    ctest --test-dir "$build" --output-on-failure
    ;;
  demo)
    exec "$root/scripts/demo.sh" "$build"
    ;;
esac
