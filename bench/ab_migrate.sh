#!/usr/bin/env bash
# bench/ab_migrate.sh: two builds of transformers-migrate, A and B, on the
# same corpus, measured in alternation -- to tell a change of the tool from
# a change of the machine.
#
#   bench/ab_migrate.sh --a BINARY --b BINARY --corpus DIR [--rounds R] [-j J]
#                       [--runs cold,warm,full]
#
# run.sh compares contestants minutes apart; comparing its tables from two
# days compares two machines as much as two tools. Here each round runs, for
# A and then B (B then A in odd rounds), the default cold run (prefilter on,
# an empty cache), the warm run on that cache, and the full run
# (--no-prefilter --no-cache), with run.sh's options; --runs picks some of
# them (warm needs cold). CORPUS is a directory
# written by gen_corpus.py (run.sh leaves one in its --out). Prints one
# markdown row per run kind: the summed wall and CPU seconds of A and B over
# all rounds and B / A.
set -euo pipefail

a="" b="" corpus="" rounds=2 jobs=2 runs=cold,warm,full
usage() {
  echo "usage: $0 --a BINARY --b BINARY --corpus DIR [--rounds R] [-j J]" \
    "[--runs cold,warm,full]" >&2
  exit 2
}
while [[ $# -gt 0 ]]; do
  case "$1" in
  --a) a=$2; shift 2 ;;
  --b) b=$2; shift 2 ;;
  --corpus) corpus=$(cd "$2" && pwd); shift 2 ;;
  --rounds) rounds=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  --runs) runs=$2; shift 2 ;;
  *) usage ;;
  esac
done
[[ -x $a && -x $b && -n $corpus ]] || usage
IFS=, read -r -a kinds <<< "$runs"
wants() { [[ ",$runs," == *",$1,"* ]]; }
for kind in "${kinds[@]}"; do
  [[ $kind == cold || $kind == warm || $kind == full ]] || usage
done
if wants warm && ! wants cold; then usage; fi
[[ -f $corpus/build/compile_commands.json ]] || {
  echo "$0: no $corpus/build/compile_commands.json (gen_corpus.py writes it)" >&2
  exit 2
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A wall cpu

# run KIND SIDE BINARY ARGS...: adds the run's wall and CPU time to KIND/SIDE.
run() {
  local kind=$1 side=$2 bin=$3
  shift 3
  /usr/bin/time -f "%e %U %S" -o "$work/time" \
    "$bin" -p "$corpus/build" -j "$jobs" --quiet --header-filter='.*' "$@" \
    > "$work/$kind.$side.out" 2> "$work/$kind.$side.err" || [[ $? -eq 1 ]]
  # GNU time puts "Command exited with non-zero status 1" (findings) first.
  read -r w u s < <(tail -n 1 "$work/time")
  wall[$kind.$side]=$(python3 -c "print(${wall[$kind.$side]:-0} + $w)")
  cpu[$kind.$side]=$(python3 -c "print(${cpu[$kind.$side]:-0} + $u + $s)")
}

one_side() {
  local side=$1 bin=$2
  rm -rf "$work/cache.$side"
  if wants cold; then run cold "$side" "$bin" --cache-dir="$work/cache.$side"; fi
  if wants warm; then run warm "$side" "$bin" --cache-dir="$work/cache.$side"; fi
  if wants full; then run full "$side" "$bin" --no-prefilter --no-cache; fi
}

for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then
    one_side A "$a"
    one_side B "$b"
  else
    one_side B "$b"
    one_side A "$a"
  fi
  echo "round $((r + 1)) of $rounds done" >&2
done

# Same findings, or the comparison means nothing.
for kind in "${kinds[@]}"; do
  cmp -s "$work/$kind.A.out" "$work/$kind.B.out" || {
    echo "$0: A and B report differently ($kind run)" >&2
    exit 1
  }
done

echo "| run ($rounds rounds, -j$jobs) | A wall s | B wall s | B / A wall | A CPU s | B CPU s | B / A CPU |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for kind in "${kinds[@]}"; do
  python3 - "$kind" "${wall[$kind.A]}" "${wall[$kind.B]}" \
    "${cpu[$kind.A]}" "${cpu[$kind.B]}" <<'EOF'
import sys
kind, wa, wb, ca, cb = sys.argv[1], *map(float, sys.argv[2:])
print("| %s | %.2f | %.2f | %.3f | %.2f | %.2f | %.3f |"
      % (kind, wa, wb, wb / wa if wa else 0, ca, cb, cb / ca if ca else 0))
EOF
done
