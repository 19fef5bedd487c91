#!/bin/sh
# The gate of transformers_tidy_aspect (output group transformers_tidy_gate):
#
#   check_report.sh REPORT STAMP
#
# Fails, printing the findings, when REPORT (run_tidy.sh's diagnostics) has
# any; otherwise writes STAMP. Only this cheap action reruns while the gate
# fails: the analysis it reads stays cached.
set -u
report=$1 stamp=$2
if [ -s "$report" ]; then
  cat "$report" >&2
  echo "transformers-tidy: findings in $report" >&2
  exit 1
fi
: > "$stamp"
