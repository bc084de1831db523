#!/usr/bin/env bash
# The whole suite N times in a row (default 3) beside a CPU hog on every core at the same priority, on a clean clone
# of this repository's HEAD (CONTRIBUTING.md, "Tests ... must pass on a loaded machine"). Run 1 is the CI script
# (.ci/run: setup, typecheck, lint, build, tests); the others are `npm test` in the same clone. Results, the load
# average each minute and every log go to $OUT (default /tmp/suite-under-load): `summary` says each run's exit code.
set -u
runs=${1:-3}
out=${OUT:-/tmp/suite-under-load}
repo=$(cd "$(dirname "$0")/.." && pwd)
clone=$out/clone
rm -rf "$out" && mkdir -p "$out"
git clone -q "$repo" "$clone" && cd "$clone" || exit 1
git log --oneline -1 > "$out/commit"
hogs=()
for _ in $(seq "$(nproc)"); do ( while :; do :; done ) & hogs+=($!); done
( while sleep 60; do uptime >> "$out/load"; done ) & logger=$!
trap 'kill "${hogs[@]}" "$logger" 2>/dev/null' EXIT
for n in $(seq "$runs"); do
  start=$(date +%s)
  if [ "$n" = 1 ]; then CI=true bash .ci/run > "$out/run$n.log" 2>&1; else npm test > "$out/run$n.log" 2>&1; fi
  echo "run$n rc=$? $(( $(date +%s) - start ))s" >> "$out/summary"
done
