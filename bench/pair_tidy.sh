#!/usr/bin/env bash
# bench/pair_tidy.sh: issue 5's matcher overhead (clang-tidy with our checks
# vs clang-tidy with one cheap built-in check), measured in pairs.
#
#   bench/pair_tidy.sh --build DIR --corpus DIR [--tus K] [-j J]
#
# run.sh times the two clang-tidy contestants one after the other, minutes
# apart; on a shared VM the CPU time of the same work drifts by more than
# the 3% being measured. Here both commands run on each TU back to back, in
# an order that alternates from TU to TU, so a slow phase of the machine
# hits both alike. The ratio is that of the summed user+sys times. CORPUS is
# a directory written by gen_corpus.py (run.sh leaves one in its --out).
# Prints one row of run.sh's ratio table; run.sh calls it (--pair-tus).
set -euo pipefail

build=""
corpus=""
tus=0
jobs=2
while [[ $# -gt 0 ]]; do
  case "$1" in
  --build) build=$(cd "$2" && pwd); shift 2 ;;
  --corpus) corpus=$(cd "$2" && pwd); shift 2 ;;
  --tus) tus=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  *) echo "usage: $0 --build DIR --corpus DIR [--tus K] [-j J]" >&2; exit 2 ;;
  esac
done
if [[ -z $build || -z $corpus ]]; then
  echo "usage: $0 --build DIR --corpus DIR [--tus K] [-j J]" >&2
  exit 2
fi

export TT_PAIR_TIDY=/usr/lib/llvm-19/bin/clang-tidy
export TT_PAIR_PLUGIN=$build/lib/TidyModule/TransformersTidyModule.so
export TT_PAIR_DB=$corpus/build
export TT_PAIR_OUT
TT_PAIR_OUT=$(mktemp -d)
trap 'rm -rf "$TT_PAIR_OUT"' EXIT
[[ -x $TT_PAIR_TIDY && -f $TT_PAIR_PLUGIN ]] || {
  echo "$0: need $TT_PAIR_TIDY and $TT_PAIR_PLUGIN" >&2
  exit 2
}

# One TU: both contestants, cheap first on even indices, ours first on odd.
pair() {
  local index=$1 file=$2 order=(cheap ours)
  ((index % 2)) && order=(ours cheap)
  for who in "${order[@]}"; do
    local args=(-checks='-*,misc-unused-alias-decls')
    [[ $who == ours ]] && args=(-load "$TT_PAIR_PLUGIN" -checks='-*,transformers-*')
    /usr/bin/time -f "%U %S" -o "$TT_PAIR_OUT/$index.$who" \
      "$TT_PAIR_TIDY" "${args[@]}" -p "$TT_PAIR_DB" "$file" \
      > "$TT_PAIR_OUT/$index.$who.out" 2>&1
  done
}
export -f pair

python3 - "$TT_PAIR_DB/compile_commands.json" "$tus" > "$TT_PAIR_OUT/list" <<'EOF'
import json, sys
entries = json.load(open(sys.argv[1]))
limit = int(sys.argv[2]) or len(entries)
for i, e in enumerate(entries[:limit]):
    print(i, e["file"])
EOF
n=$(wc -l < "$TT_PAIR_OUT/list")
xargs -P "$jobs" -n 2 bash -c 'pair "$@"' _ < "$TT_PAIR_OUT/list"

sum() { cat "$TT_PAIR_OUT"/*."$1" | awk '{ s += $1 + $2 } END { printf "%.2f", s }'; }
cheap=$(sum cheap)
ours=$(sum ours)
# Every TU of a run.sh corpus that uses the library has one finding.
found=$(cat "$TT_PAIR_OUT"/*.ours.out | grep -c "warning: .*\[transformers-" || true)
ratio=$(awk -v a="$ours" -v b="$cheap" 'BEGIN { printf "%.3f", a / b }')
verdict=PASS
awk -v r="$ratio" 'BEGIN { exit !(r > 1.03) }' && verdict="**FAIL**"
# A row of run.sh's ratio table: ratio | goal | wall | CPU | verdict (the
# verdict of this row is on CPU: the pairs have no wall time of their own).
echo "| tidy-ours / tidy-cheap, paired per TU (matcher overhead; $n TUs, $found findings, CPU $ours s vs $cheap s) | <= 1.03 | | $ratio | $verdict (CPU) |"
