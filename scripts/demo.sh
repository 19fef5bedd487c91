#!/usr/bin/env bash
# The README demo, on an already built tree: shows the legacy example app
# failing with the upstream transformers error.
#
#   scripts/demo.sh [build-dir]
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
app="$build/examples/legacy-app/legacy-app"

if [ ! -x "$app" ]; then
  echo "demo: $app is not built; run scripts/dev.sh demo" >&2
  exit 2
fi

echo "== 1. The legacy app, as written (hands a tuple-shaped cache to generate)"
"$app"
status=$?
if [ "$status" -eq 0 ]; then
  echo "demo: the legacy app was expected to fail with the upstream ValueError" >&2
  exit 1
fi
echo "== legacy app exited with status $status, as the Python library would fail"
