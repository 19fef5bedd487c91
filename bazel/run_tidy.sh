#!/bin/sh
# One transformers_tidy_aspect action (defs.bzl):
#
#   run_tidy.sh REPORT FIXES CLANG_TIDY [CLANG-TIDY ARGUMENTS...]
#
# Runs clang-tidy with --export-fixes and writes its diagnostics to REPORT and
# the fixes to FIXES (both always written, empty when there is no finding).
# Both are made relative to the execution root, the action's working
# directory: every path under it loses that prefix (the YAML's BuildDirectory
# becomes "."), so that the outputs do not depend on the sandbox or machine
# that ran the action. A translation unit clang-tidy cannot analyse (a
# compile error, a plugin that does not load) fails the action with
# clang-tidy's messages: no report is better than one that hides it.
set -u

report=$1 fixes=$2 clang_tidy=$3
shift 3

scratch=$(mktemp -d "${TMPDIR:-/tmp}/transformers-tidy.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT

# The execution root as a sed pattern, once as the shell sees it and once
# with symbolic links resolved (clang reports whichever getcwd gave it).
escape() {
  printf '%s\n' "$1" | sed 's/[]\[\\.*^$|]/\\&/g'
}
logical=$(escape "$PWD")
physical=$(escape "$(pwd -P)")
relative() {
  sed -e "s|$physical/||g" -e "s|$logical/||g" \
      -e "s|'$physical'|'.'|g" -e "s|'$logical'|'.'|g" \
      -e "s| $physical\$| .|" -e "s| $logical\$| .|" \
      -e "s|^\\./||" -e "s|'\\./|'|g" "$1"
}

status=0
"$clang_tidy" --export-fixes="$scratch/fixes.yaml" "$@" \
  > "$scratch/report.txt" 2> "$scratch/stderr.txt" || status=$?
if [ "$status" -ne 0 ]; then
  relative "$scratch/report.txt" >&2
  relative "$scratch/stderr.txt" >&2
  echo "transformers-tidy: clang-tidy failed (exit status $status)" >&2
  exit 1
fi

relative "$scratch/report.txt" > "$report" || exit 1
if [ -s "$scratch/fixes.yaml" ]; then
  relative "$scratch/fixes.yaml" > "$fixes" || exit 1
else
  : > "$fixes"
fi
