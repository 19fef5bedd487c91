#!/usr/bin/env bash
# The README demo, on an already built tree (scripts/dev.sh demo builds it):
#   1. the legacy example app fails with the upstream transformers ValueError;
#   2. transformers-migrate reports the legacy cache hand-offs;
#   3. transformers-migrate --diff shows the fix (dry run, nothing written);
#   4. a copy of the app is configured on its own, fixed with --fix;
#   5. the copy is rebuilt against the library and run: it now generates the
#      same tokens as examples/legacy-app/reference.cpp (caches from the start).
# The repository's example is never modified; the copy is left in
# <build-dir>/demo for inspection. Exits non-zero if any step misbehaves.
#
#   scripts/demo.sh [build-dir]
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || {
  echo "demo: build directory '${1:-$root/build}' does not exist; run scripts/dev.sh demo" >&2
  exit 2
}
app="$build/examples/legacy-app/legacy-app"
migrate="$build/tools/transformers-migrate/transformers-migrate"
library="$build/lib/transformers/libtransformers.a"
source_app="$root/examples/legacy-app"
scratch="$build/demo"
upstream_error='Passing a tuple of `past_key_values` is not supported anymore. Please use a `Cache` instance.'

fail() {
  echo "demo: FAILED: $*" >&2
  exit 1
}
section() {
  printf '\n== %s\n' "$*"
}
cache_value() { # a value of the main build's CMakeCache.txt
  sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt" | head -n 1
}

for f in "$app" "$migrate" "$library" "$build/CMakeCache.txt"; do
  if [ ! -e "$f" ]; then
    echo "demo: $f is not built; run scripts/dev.sh demo" >&2
    exit 2
  fi
done

# ---------------------------------------------------------------------------
section "1. The legacy app, as written: it hands a tuple-shaped cache to generate()"
echo "\$ $app"
"$app" 2> "$build/demo-legacy.err"
status=$?
cat "$build/demo-legacy.err" >&2
[ "$status" -ne 0 ] || fail "the legacy app was expected to fail"
grep -qF "$upstream_error" "$build/demo-legacy.err" ||
  fail "the legacy app did not fail with the upstream ValueError"
echo "-> exit status $status: the upstream ValueError, exactly as Python transformers v5 raises it"

# ---------------------------------------------------------------------------
section "2. transformers-migrate finds the legacy cache hand-offs (compile database: $build)"
before=$(cksum < "$source_app/main.cpp")
echo "\$ transformers-migrate -p $build examples/legacy-app/main.cpp"
"$migrate" -p "$build" "$source_app/main.cpp"
status=$?
[ "$status" -eq 1 ] || fail "expected exit status 1 (findings), got $status"
echo "-> exit status 1: findings (0 would mean clean; usable as a CI gate)"

# ---------------------------------------------------------------------------
section "3. What --fix would change: --diff (dry run, unified diff on stdout)"
echo "\$ transformers-migrate -p $build --diff --quiet examples/legacy-app/main.cpp"
"$migrate" -p "$build" --diff --quiet "$source_app/main.cpp" > "$build/demo.diff" 2> /dev/null
status=$?
cat "$build/demo.diff"
[ "$status" -eq 1 ] || fail "expected exit status 1 from --diff, got $status"
grep -q '^+.*from_legacy_cache' "$build/demo.diff" || fail "--diff shows no fix"
[ "$(cksum < "$source_app/main.cpp")" = "$before" ] ||
  fail "--diff modified examples/legacy-app/main.cpp"
echo "-> examples/legacy-app/main.cpp is unchanged"

# ---------------------------------------------------------------------------
section "4. Migrate a copy: configure it on its own, then transformers-migrate --fix -p"
rm -rf "$scratch" || fail "cannot remove $scratch"
mkdir -p "$scratch" && cp -R "$source_app" "$scratch/legacy-app" ||
  fail "cannot copy the app to $scratch"
cxx=$(cache_value CMAKE_CXX_COMPILER)
generator=$(cache_value CMAKE_GENERATOR)
echo "\$ cmake -S $scratch/legacy-app -B $scratch/build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \\"
echo "    -DTRANSFORMERS_LIBRARY=$library"
cmake -S "$scratch/legacy-app" -B "$scratch/build" -G "${generator:-Ninja}" \
  ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"} -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DTRANSFORMERS_SOURCE_DIR="$root" -DTRANSFORMERS_LIBRARY="$library" \
  > "$scratch/configure.log" 2>&1 ||
  { cat "$scratch/configure.log" >&2; fail "configuring the copy"; }
echo "\$ transformers-migrate --fix -p $scratch/build"
"$migrate" --fix -p "$scratch/build"
status=$?
[ "$status" -eq 0 ] || fail "expected exit status 0 (every finding fixed), got $status"
grep -q 'DynamicCache::from_legacy_cache(prefix_kv)' "$scratch/legacy-app/main.cpp" ||
  fail "the copy was not rewritten"
"$migrate" --fix --quiet -p "$scratch/build" > /dev/null 2>&1 ||
  fail "a second --fix did not exit 0"
echo "-> every finding fixed in $scratch/legacy-app/main.cpp; a second --fix has nothing to do"

# ---------------------------------------------------------------------------
section "5. Rebuild the migrated copy against the library and run it"
echo "\$ cmake --build $scratch/build"
cmake --build "$scratch/build" > "$scratch/build.log" 2>&1 ||
  { cat "$scratch/build.log" >&2; fail "the migrated app does not build"; }
echo "\$ $scratch/build/legacy-app"
"$scratch/build/legacy-app" > "$scratch/migrated.out"
status=$?
cat "$scratch/migrated.out"
[ "$status" -eq 0 ] || fail "the migrated app exited with status $status"
"$scratch/build/legacy-app-reference" > "$scratch/reference.out" ||
  fail "the reference program failed"
diff -u "$scratch/reference.out" "$scratch/migrated.out" ||
  fail "the migrated app's tokens differ from the reference program's"
echo "-> exit status 0, and the same tokens as examples/legacy-app/reference.cpp"
echo "   (the same program written with Cache objects from the start)."

section "Demo OK: the legacy app failed, transformers-migrate fixed a copy, and the copy now runs."
echo "   Repository example untouched; migrated copy in $scratch/legacy-app"
