#!/usr/bin/env bash
# Builds one side of an A/B for the startup and idle benches: DIR/tree holds COMMIT's files (git archive), then the
# working tree's FILEs copied over it (none: COMMIT as it is), node_modules linked from this checkout, built with
# electron-vite; pass DIR/tree/out to `--builds` (its parent holds the package.json the core reads).
#   bench/startup/ab-tree.sh DIR COMMIT [FILE ...]
set -euo pipefail
dir=$1
commit=$2
shift 2
root=$(git rev-parse --show-toplevel)
rm -rf "$dir/tree"
mkdir -p "$dir/tree"
git -C "$root" archive "$commit" | tar -x -C "$dir/tree"
for f in "$@"; do
  mkdir -p "$dir/tree/$(dirname "$f")"
  cp "$root/$f" "$dir/tree/$f"
done
ln -s "$root/node_modules" "$dir/tree/node_modules"
(cd "$dir/tree" && npx electron-vite build >"$dir/build.log" 2>&1) || {
  tail -20 "$dir/build.log"
  exit 1
}
echo "$dir/tree/out"
