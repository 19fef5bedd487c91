#!/usr/bin/env bash
# bench/run.sh: the contestants of issue 5, side by side on one corpus and -j.
#
#   bench/run.sh [--build DIR] [--tus N] [--share P] [-j J] [--out DIR]
#                [--j1-tus K] [--pair-tus L] [--ml]
#
# --ml generates an ML-style corpus (gen_corpus.py --ml: "Tensor" in every
# TU's headers, in comments, strings and classes of the project's own) and
# adds issue 14's prefilter goals: >= 99% of the TUs that do not use the
# library skipped, and tidy-ours / mig-cold >= 8 at P <= 10%.
#
# Generates a corpus (bench/gen_corpus.py), then runs, each with -j J:
#   syntax       clang++-19 -fsyntax-only over every TU (the parse limit)
#   tidy-ours    run-clang-tidy-19 -load <plugin> -checks=-*,transformers-*
#   tidy-cheap   run-clang-tidy-19 -checks=-*,misc-unused-alias-decls
#   mig-full     transformers-migrate --no-prefilter --no-cache (lean full
#                analysis: every TU parsed)
#   mig-cold     transformers-migrate, prefilter on, empty cache
#   mig-warm     transformers-migrate again on the unchanged tree
#   mig-j1       mig-full at -j1 over the first K TUs (default: all): the
#                peak RSS of one worker, and the -jJ speed-up
#   pairs        bench/pair_tidy.sh over the first L TUs (--pair-tus,
#                default 100; 0 skips it): tidy-ours vs tidy-cheap back to
#                back per TU, the matcher overhead without the drift of
#                the machine between the sequential contestants
# and prints, as markdown, wall time, CPU time (user+sys), peak RSS (GNU
# time %M: the largest single process of a process tree), the ratios of
# issue 5 with their goals and PASS/FAIL, and checks that every transformers
# contestant reports the same findings. Not part of the tests.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build="$root/build"
tus=60
share=100
jobs=$(nproc)
j1tus=
pairtus=100
ml=
out=$(mktemp -d /tmp/tt-bench.XXXXXX)
while [ $# -gt 0 ]; do
  case "$1" in
  --build) build=$(cd "$2" && pwd); shift 2 ;;
  --tus) tus=$2; shift 2 ;;
  --share) share=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  --out) out=$2; mkdir -p "$out"; shift 2 ;;
  --j1-tus) j1tus=$2; shift 2 ;;
  --pair-tus) pairtus=$2; shift 2 ;;
  --ml) ml=--ml; shift ;;
  *) echo "usage: $0 [--build DIR] [--tus N] [--share P] [-j J] [--out DIR] [--j1-tus K] [--pair-tus L] [--ml]" >&2; exit 2 ;;
  esac
done
j1tus=${j1tus:-$tus}

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
  --include "$root/include" $ml >&2
db="$corpus/build"
cache="$out/cache"
rm -rf "$cache"

# One clang++ command per TU, compile flags from the database; the first
# K files for the -j1 run.
python3 - "$db/compile_commands.json" "$j1tus" "$out/j1.files" \
  > "$out/syntax.cmds" <<'PY'
import json, shlex, sys
entries = json.load(open(sys.argv[1]))
for e in entries:
    a = e["arguments"][1:]
    i = a.index("-c"); del a[i]          # -c FILE -> FILE
    i = a.index("-o"); del a[i:i + 2]    # drop -o OBJ
    print(shlex.join(["clang++-19", "-fsyntax-only"] + a))
with open(sys.argv[3], "w") as fh:
    for e in entries[:int(sys.argv[2])]:
        print(e["file"], file=fh)
PY

results="$out/results.txt"
: > "$results"
measure() { # name command...
  local name=$1; shift
  echo "running $name" >&2
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
  --cache-dir="$cache" --run-stats
measure mig-warm "$migrate" -p "$db" -j "$jobs" --quiet --header-filter='.*' \
  --cache-dir="$cache"
if [ "$j1tus" -gt 0 ]; then
  mapfile -t j1files < "$out/j1.files"
  measure mig-j1 "$migrate" -p "$db" -j 1 --quiet --header-filter='.*' \
    --no-prefilter --no-cache "${j1files[@]}"
fi

# Same findings: file:line:col and check, de-duplicated (run-clang-tidy
# repeats a header's finding once per TU).
findings() {
  { grep -Eo '^/[^ ]+:[0-9]+:[0-9]+: warning: .*\[transformers-[a-z-]+\]' \
    "$out/$1.out" || true; } | sed -E 's/: warning: .*\[/ [/' | sort -u
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

pairrow=""
if [ "$pairtus" -gt 0 ]; then
  echo "running pairs" >&2
  pairrow=$("$here/pair_tidy.sh" --build "$build" --corpus "$corpus" \
    --tus "$pairtus" -j "$jobs")
fi

python3 - "$results" "$tus" "$share" "$jobs" "$nfind" "$same" "$j1tus" \
  "$pairrow" "$out/mig-cold.err" "$ml" <<'PY'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    n, w, c, m = line.split()
    rows[n] = (float(w), float(c), int(m))
tus, share, jobs, nfind, same, j1tus, pairrow, coldlog, ml = sys.argv[2:]
share = float(share)
ml = bool(ml)
# The prefilter's skips in the cold run (--run-stats).
m = re.search(r"(\d+) skipped by the prefilter", open(coldlog).read())
skipped = int(m.group(1)) if m else 0
nonusing = int(tus) - round(int(tus) * share / 100.0)
print(f"Corpus: {tus} TUs{' (ML style)' if ml else ''}, P={share:g}%, "
      f"-j{jobs}; {nfind} distinct findings; "
      f"same findings in every transformers contestant: **{same}**.\n")
print("| contestant | wall s | CPU s | peak RSS MB |")
print("|---|---:|---:|---:|")
for n, (w, c, m) in rows.items():
    note = f" (-j1, {j1tus} TUs)" if n == "mig-j1" else ""
    if n.startswith("mig-") and n != "mig-j1":
        note = f" (one process, {jobs} workers)"
    print(f"| {n}{note} | {w:.2f} | {c:.2f} | {m / 1024:.0f} |")

def r(a, b, i):
    return rows[a][i] / rows[b][i] if rows[b][i] else float("inf")

# (label, goal, a, b, compare, applies) -- wall and CPU ratios of a / b.
goals = [
    ("mig-full / syntax (lean full analysis)", "<= 1.10",
     "mig-full", "syntax", lambda x: x <= 1.10, True),
    ("mig-cold / tidy-ours (default cold run)", "<= 0.90",
     "mig-cold", "tidy-ours", lambda x: x <= 0.90, True),
    ("tidy-ours / tidy-cheap (matcher overhead, sequential runs)", "<= 1.03",
     "tidy-ours", "tidy-cheap", lambda x: x <= 1.03, True),
    ("tidy-ours / mig-cold (prefilter)",
     ">= 8 at P<=10% (ML style)" if ml else ">= 5 at P<=10%",
     "tidy-ours", "mig-cold", lambda x: x >= (8 if ml else 5), share <= 10),
    ("mig-cold / mig-warm (result cache)", ">= 20",
     "mig-cold", "mig-warm", lambda x: x >= 20, True),
]
print("\n| ratio | goal | wall | CPU | verdict (wall) |")
print("|---|---|---:|---:|---|")
for label, goal, a, b, ok, applies in goals:
    w, c = r(a, b, 0), r(a, b, 1)
    verdict = ("PASS" if ok(w) else "**FAIL**") if applies else "n/a at this P"
    if b == "tidy-cheap" and pairrow:
        verdict = "drifts with the machine: see the paired row"
    print(f"| {label} | {goal} | {w:.2f} | {c:.2f} | {verdict} |")
    if b == "tidy-cheap" and pairrow:
        print(pairrow)
if nonusing:
    pct = 100.0 * skipped / nonusing
    print(f"| TUs not using the library skipped by the prefilter "
          f"({skipped} of {nonusing}) | >= 99% | {pct:.1f}% | | "
          f"{'PASS' if pct >= 99 else '**FAIL**'} |")
# Peak RSS per worker: the -j1 run is one worker; clang / clang-tidy are one
# process per TU. (The -jJ process holds J workers; its RSS is shown above.)
if "mig-j1" in rows:
    x = r("mig-j1", "syntax", 2)
    print(f"| peak RSS per worker: mig-j1 / syntax | <= 1.20 | {x:.2f} | | "
          f"{'PASS' if x <= 1.20 else '**FAIL**'} |")
    s = rows["mig-j1"][0] * int(tus) / int(j1tus) / rows["mig-full"][0]
    print(f"\nSpeed-up of mig-full at -j{jobs} over -j1 (wall, -j1 scaled "
          f"to {tus} TUs): {s:.2f}x")
PY
echo "raw outputs: $out" >&2
