#!/usr/bin/env bash
# bench/run.sh: the contestants of issue 5, side by side on one corpus and -j.
#
#   bench/run.sh [--build DIR] [--tus N] [--share P] [-j J] [--out DIR]
#
# Generates a corpus (bench/gen_corpus.py), then runs, each with -j J:
#   syntax       clang++-19 -fsyntax-only over every TU (the parse limit)
#   tidy-ours    run-clang-tidy-19 -load <plugin> -checks=-*,transformers-*
#   tidy-cheap   run-clang-tidy-19 -checks=-*,misc-unused-alias-decls
#   mig-full     transformers-migrate --no-prefilter --no-cache (lean full
#                analysis: every TU parsed)
#   mig-cold     transformers-migrate, prefilter on, empty cache
#   mig-warm     transformers-migrate again on the unchanged tree
# and prints wall time, CPU time (user+sys), peak RSS of the largest process
# (/usr/bin/time %M), the ratios of issue 5, and checks that every
# transformers contestant reports the same findings. Not part of the tests.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build="$root/build"
tus=60
share=100
jobs=$(nproc)
out=$(mktemp -d /tmp/tt-bench.XXXXXX)
while [ $# -gt 0 ]; do
  case "$1" in
  --build) build=$(cd "$2" && pwd); shift 2 ;;
  --tus) tus=$2; shift 2 ;;
  --share) share=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  --out) out=$2; mkdir -p "$out"; shift 2 ;;
  *) echo "usage: $0 [--build DIR] [--tus N] [--share P] [-j J] [--out DIR]" >&2; exit 2 ;;
  esac
done

if [ ! -x /usr/bin/time ]; then
  # GNU time for wall/CPU/peak RSS of a whole process tree.
  (apt-get install -y time || sudo apt-get install -y time) >/dev/null
fi

migrate="$build/tools/transformers-migrate/transformers-migrate"
plugin="$build/lib/TidyModule/TransformersTidyModule.so"
for f in "$migrate" "$plugin"; do
  [ -e "$f" ] || { echo "missing $f (build first, or pass --build)" >&2; exit 2; }
done

corpus="$out/corpus"
rm -rf "$corpus"
python3 "$here/gen_corpus.py" "$corpus" --tus "$tus" --share "$share" \
  --include "$root/include" >&2
db="$corpus/build"
cache="$out/cache"
rm -rf "$cache"

# One clang++ command per TU, compile flags from the database.
python3 - "$db/compile_commands.json" > "$out/syntax.cmds" <<'PY'
import json, shlex, sys
for e in json.load(open(sys.argv[1])):
    a = e["arguments"][1:]
    i = a.index("-c"); del a[i]          # -c FILE -> FILE
    i = a.index("-o"); del a[i:i + 2]    # drop -o OBJ
    print(shlex.join(["clang++-19", "-fsyntax-only"] + a))
PY

results="$out/results.txt"
: > "$results"
measure() { # name command...
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" "$@" \
    > "$out/$name.out" 2> "$out/$name.err" || true
  read -r wall user sys rss < <(tail -n1 "$out/$name.time")
  echo "$name $wall $(echo "$user + $sys" | bc) $rss" >> "$results"
}

measure syntax xargs -P "$jobs" -d '\n' -I{} sh -c '{}' < "$out/syntax.cmds"
measure tidy-ours run-clang-tidy-19 -quiet -j "$jobs" -p "$db" \
  -load "$plugin" -checks='-*,transformers-*' -header-filter='.*'
measure tidy-cheap run-clang-tidy-19 -quiet -j "$jobs" -p "$db" \
  -checks='-*,misc-unused-alias-decls' -header-filter='.*'
measure mig-full "$migrate" -p "$db" -j "$jobs" --quiet --header-filter='.*' \
  --no-prefilter --no-cache
measure mig-cold "$migrate" -p "$db" -j "$jobs" --quiet --header-filter='.*' \
  --cache-dir="$cache"
measure mig-warm "$migrate" -p "$db" -j "$jobs" --quiet --header-filter='.*' \
  --cache-dir="$cache"

# Same findings: file:line:col and check, de-duplicated (run-clang-tidy
# repeats a header's finding once per TU).
findings() {
  grep -Eo '^/[^ ]+:[0-9]+:[0-9]+: warning: .*\[transformers-[a-z-]+\]' \
    "$out/$1.out" | sed -E 's/: warning: .*\[/ [/' | sort -u
}
findings tidy-ours > "$out/tidy-ours.findings"
same=yes
for c in mig-full mig-cold mig-warm; do
  findings "$c" > "$out/$c.findings"
  if ! diff -q "$out/tidy-ours.findings" "$out/$c.findings" >/dev/null; then
    echo "MISMATCH: $c differs from tidy-ours (see $out/$c.findings)" >&2
    same=no
  fi
done
nfind=$(wc -l < "$out/tidy-ours.findings")

python3 - "$results" "$tus" "$share" "$jobs" "$nfind" "$same" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    n, w, c, m = line.split()
    rows[n] = (float(w), float(c), int(m))
tus, share, jobs, nfind, same = sys.argv[2:]
print(f"corpus: {tus} TUs, P={share}%, -j{jobs}; {nfind} distinct findings; "
      f"same findings everywhere: {same}")
print(f"{'contestant':<12} {'wall s':>8} {'cpu s':>8} {'peak RSS MB':>12}")
for n, (w, c, m) in rows.items():
    print(f"{n:<12} {w:8.2f} {c:8.2f} {m / 1024:12.1f}")
def r(a, b, i=0):
    return rows[a][i] / rows[b][i] if rows[b][i] else float("inf")
print("ratios (wall):")
print(f"  mig-full / syntax      {r('mig-full', 'syntax'):6.2f}  (goal <= 1.10 at P=100%)")
print(f"  mig-full / tidy-ours   {r('mig-full', 'tidy-ours'):6.2f}  (goal <= 0.90)")
print(f"  tidy-ours / tidy-cheap {r('tidy-ours', 'tidy-cheap'):6.2f}  (goal <= 1.03)")
print(f"  tidy-ours / mig-cold   {r('tidy-ours', 'mig-cold'):6.2f}  (goal >= 5 at P=10%)")
print(f"  mig-cold / mig-warm    {r('mig-cold', 'mig-warm'):6.2f}  (goal >= 20)")
print(f"  peak RSS mig-full / syntax {r('mig-full', 'syntax', 2):6.2f}  "
      "(whole tool process, all workers, vs one clang)")
PY
echo "raw outputs: $out" >&2
