#!/usr/bin/env bash
# bench/fix_scaling.sh: does the cost of --fix grow linearly with the number
# of findings? (issue 26, item 8). Not part of the tests.
#
#   bench/fix_scaling.sh [--build DIR] [--migrate BINARY] [--findings N,M,...]
#                        [--rounds R] [--out DIR] [--held-back]
#
# For each N (default 4000 and 24000) gen_fix_tu.py writes one translation
# unit with N findings, each with a fix, against the reference library
# (include/transformers). Each round then times, for every N in turn:
#   syntax   clang++-19 -std=c++20 -fsyntax-only on the TU (the parse alone)
#   report   transformers-migrate --no-cache -j1 (findings only)
#   fix      transformers-migrate --no-cache -j1 --fix, on a fresh copy of
#            the TU
# and prints, as markdown, the median wall and CPU (user+sys) seconds over
# the rounds, then each one's growth from the smallest N to the largest
# against the growth of the findings. Goal: --fix grows at most 7/6 as much
# as the findings (x7 for x6). The report, the --fix output and the fixed TU
# of the last round stay in OUT/n<N>/ (default: a temporary directory that
# is removed), to compare two builds byte for byte. --held-back adds to each
# TU one finding whose fix does not compile: the verification then holds
# back every fix of the file (N+1 findings, none fixed, a note at each).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build="$root/build"
migrate=
findings=4000,24000
rounds=3
out=
held_back=
usage() {
  sed -n '5,6p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
  --build) build=$(cd "$2" && pwd); shift 2 ;;
  --migrate) migrate=$2; shift 2 ;;
  --findings) findings=$2; shift 2 ;;
  --rounds) rounds=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --held-back) held_back=--held-back; shift ;;
  *) usage ;;
  esac
done
migrate=${migrate:-$build/tools/transformers-migrate/transformers-migrate}
[ -x "$migrate" ] || { echo "$0: no $migrate (build it first)" >&2; exit 2; }
[ -x /usr/bin/time ] || {
  echo "$0: needs GNU time (apt-get install time)" >&2
  exit 2
}
if [ -z "$out" ]; then
  out=$(mktemp -d /tmp/tt-fix-scaling.XXXXXX)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
IFS=, read -r -a sizes <<< "$findings"

for n in "${sizes[@]}"; do
  python3 "$here/gen_fix_tu.py" "$out/n$n" --findings "$n" \
    --include "$root/include" $held_back
done

# timed KIND N CMD...: runs CMD (exit 0 or 1: findings remain), appending
# "wall cpu" to OUT/n<N>/KIND.times.
timed() {
  local kind=$1 n=$2
  shift 2
  local dir="$out/n$n"
  /usr/bin/time -f "%e %U %S" -o "$dir/time" "$@" \
    > "$dir/$kind.out" 2> "$dir/$kind.err" || [ $? -eq 1 ] || {
    echo "$0: $kind failed for N=$n, see $dir/$kind.err" >&2
    exit 1
  }
  # GNU time puts "Command exited with non-zero status 1" first.
  tail -n 1 "$dir/time" | awk '{ print $1, $2 + $3 }' >> "$dir/$kind.times"
}

for ((r = 1; r <= rounds; r++)); do
  for n in "${sizes[@]}"; do
    dir="$out/n$n"
    timed syntax "$n" clang++-19 -std=c++20 -I"$root/include" -fsyntax-only \
      "$dir/src/handoffs.cpp"
    timed report "$n" "$migrate" -p "$dir/build" -j 1 --no-cache
    cp "$dir/handoffs.cpp.orig" "$dir/src/handoffs.cpp"
    timed fix "$n" "$migrate" -p "$dir/build" -j 1 --no-cache --fix
    cp "$dir/src/handoffs.cpp" "$dir/fixed.cpp"
    cp "$dir/handoffs.cpp.orig" "$dir/src/handoffs.cpp"
  done
  echo "round $r of $rounds done" >&2
done

# Every finding reported and fixed (--held-back: held back), or the timings
# mean nothing.
for n in "${sizes[@]}"; do
  dir="$out/n$n" findings=$n fixed=$n files="1 file"
  if [ -n "$held_back" ]; then
    findings=$((n + 1)) fixed=0 files="0 files"
  fi
  found=$(grep -c 'warning: .*\[transformers-' "$dir/report.out" || true)
  [ "$found" -eq "$findings" ] || {
    echo "$0: N=$n: the report has $found findings, not $findings" >&2
    exit 1
  }
  summary="applied $fixed of $findings suggested fixes in $files."
  grep -qF "$summary" "$dir/fix.err" || {
    echo "$0: N=$n: --fix did not say '$summary':" >&2
    tail -n 3 "$dir/fix.err" >&2
    exit 1
  }
done

python3 - "$out" "$rounds" "${sizes[@]}" <<'EOF'
import statistics
import sys

out, rounds, sizes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
kinds = ["syntax", "report", "fix"]


def medians(n, kind):
    with open("%s/n%s/%s.times" % (out, n, kind)) as fh:
        rows = [list(map(float, line.split())) for line in fh]
    return (statistics.median(r[0] for r in rows),
            statistics.median(r[1] for r in rows))


t = {(n, k): medians(n, k) for n in sizes for k in kinds}
print("| findings (median of %d) | syntax wall s | report wall s "
      "| --fix wall s | syntax CPU s | report CPU s | --fix CPU s |" % rounds)
print("|---:|---:|---:|---:|---:|---:|---:|")
for n in sizes:
    print("| %s | %s | %s |" % (
        n, " | ".join("%.2f" % t[n, k][0] for k in kinds),
        " | ".join("%.2f" % t[n, k][1] for k in kinds)))
lo, hi = sizes[0], sizes[-1]
if lo != hi:
    grow = int(hi) / int(lo)
    goal = grow * 7 / 6
    print()
    print("x%.3g findings (%s -> %s): growth of wall (CPU) time" %
          (grow, lo, hi))
    for k in kinds:
        w = t[hi, k][0] / t[lo, k][0]
        c = t[hi, k][1] / t[lo, k][1]
        verdict = ""
        if k == "fix":
            verdict = "  goal <= x%.3g: %s" % (
                goal, "PASS" if w <= goal else "FAIL")
        print("  %-7s x%.2f (x%.2f)%s" % (k, w, c, verdict))
EOF
