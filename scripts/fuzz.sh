#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ in build-fuzz/ (clang++-19,
# -fsanitize=fuzzer,address,undefined) and runs each one, time-boxed, from its
# committed seed corpus (fuzz/corpus/<target>/). Fails if any target finds a
# crash, a sanitizer report, a violated invariant, a hang (-timeout), a leak
# (LeakSanitizer) or runs out of memory (-rss_limit_mb).
#
# Usage: scripts/fuzz.sh [SECONDS]   total fuzzing time, default 110, split
#                                    analysis 3/6, the two readers and the
#                                    language server's messages 1/6 each
#        scripts/fuzz.sh --build     configure and build only
# Environment: CXX (default clang++-19), BUILD_DIR (default build-fuzz),
#              JOBS (ninja -j, default 2).
#
# Output: per target, the libFuzzer log in $BUILD_DIR/fuzz-logs/<target>.log,
# reproducers in $BUILD_DIR/fuzz-artifacts/<target>/, and one summary table
# (runs = inputs tried, execs/s, corpus, coverage) in
# $BUILD_DIR/fuzz-summary.txt, also printed. New corpus entries go to
# $BUILD_DIR/fuzz-corpus/<target>/, never into the committed seeds.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-fuzz}
cxx=${CXX:-clang++-19}
jobs=${JOBS:-2}
total=110
build_only=0
case "${1:-}" in
  --build) build_only=1 ;;
  "") ;;
  *[!0-9]*) echo "usage: $0 [SECONDS] | --build" >&2; exit 2 ;;
  *) total=$1 ;;
esac

targets=(fuzz-analysis fuzz-compile-db fuzz-clang-tidy-config fuzz-lsp-messages)
declare -A share=([fuzz-analysis]=3 [fuzz-compile-db]=1 [fuzz-clang-tidy-config]=1
  [fuzz-lsp-messages]=1)
shares=6
# Inputs larger than the largest seed are rarely useful and slow down
# mutation; the analysis seeds are lit tests of a few KB.
declare -A max_len=([fuzz-analysis]=12000 [fuzz-compile-db]=4096 [fuzz-clang-tidy-config]=2048
  [fuzz-lsp-messages]=8192)

start=$(date +%s)
stamp() { echo "== [$(($(date +%s) - start))s] $*"; }

stamp "configure $build"
cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DTT_WITH_LLVM=ON -DTT_BUILD_FUZZERS=ON -DTT_BUILD_TESTS=OFF \
  -DTT_BUILD_BENCHMARKS=OFF >/dev/null
stamp "build (ninja -j$jobs)"
ninja -C "$build" -j"$jobs" "${targets[@]}"
[[ $build_only == 1 ]] && exit 0

# - detect_container_overflow=0: libclang-cpp / libLLVM are not instrumented;
#   std::vector objects they update lack ASan's container annotations, so the
#   check fires on valid accesses (false positives of partial instrumentation).
# - Leaks: LeakSanitizer runs at the end of every input (-detect_leaks=1);
#   suppressions only for leaks proven to be inside LLVM/Clang.
export ASAN_OPTIONS="detect_container_overflow=0:detect_leaks=1"
export LSAN_OPTIONS="suppressions=$root/test/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/bin/llvm-symbolizer-19}

logs=$build/fuzz-logs
summary=$build/fuzz-summary.txt
mkdir -p "$logs"
printf '%-24s %-6s %10s %8s %8s %9s %9s %7s\n' target status runs seconds \
  execs/s seeds corpus cov >"$summary"
failed=0
for t in "${targets[@]}"; do
  seconds=$((total * share[$t] / shares))
  ((seconds < 1)) && seconds=1
  corpus=$build/fuzz-corpus/$t
  artifacts=$build/fuzz-artifacts/$t
  mkdir -p "$corpus" "$artifacts"
  dict=()
  [[ -f $root/fuzz/dict/$t.dict ]] && dict=(-dict="$root/fuzz/dict/$t.dict")
  stamp "$t for ${seconds}s"
  status=ok
  # The first corpus directory receives new inputs; the seeds stay untouched.
  if ! "$build/fuzz/$t" -max_total_time="$seconds" -timeout=30 \
      -rss_limit_mb=2560 -malloc_limit_mb=2048 -detect_leaks=1 \
      -max_len="${max_len[$t]}" -print_final_stats=1 \
      -artifact_prefix="$artifacts/" "${dict[@]}" \
      "$corpus" "$root/fuzz/corpus/$t" >"$logs/$t.log" 2>&1; then
    status=FAILED
    failed=1
    echo "---- $t failed; end of $logs/$t.log:" >&2
    tail -n 60 "$logs/$t.log" >&2
    ls -1 "$artifacts" >&2 || true
  fi
  # libFuzzer's last lines: "Done N runs in S second(s)" and the stats
  # (-print_final_stats); the log may hold raw input bytes, hence -a.
  log=$logs/$t.log
  last() { grep -a "$1" "$log" | tail -n1 || true; }
  done_line=$(last '^Done [0-9]* runs in')
  runs=$(cut -d' ' -f2 <<<"$done_line")
  secs=$(cut -d' ' -f5 <<<"$done_line")
  if [[ -z $runs ]]; then
    runs=$(last '^stat::number_of_executed_units:' | awk '{print $2}')
  fi
  rate=$(last '^stat::average_exec_per_sec:' | awk '{print $2}')
  seeds=$(find "$root/fuzz/corpus/$t" -type f | wc -l)
  corp=$( (grep -ao 'corp: [0-9]*' "$log" || true) | tail -n1 | cut -d' ' -f2)
  cov=$( (grep -ao 'cov: [0-9]*' "$log" || true) | tail -n1 | cut -d' ' -f2)
  printf '%-24s %-6s %10s %8s %8s %9s %9s %7s\n' "$t" "$status" \
    "${runs:-?}" "${secs:-?}" "${rate:-?}" "$seeds" "${corp:-?}" \
    "${cov:-?}" >>"$summary"
done

stamp "done"
cat "$summary"
exit $failed
