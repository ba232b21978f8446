#!/usr/bin/env bash
# Runs the CDK for Terraform side of the synthesis comparison in
# docs/benchmarks.md. Installs cdktf from the npm registry into a cache
# directory outside the repository, then times 10,000 and 50,000 elements.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${TFKIT_CACHE:-$HOME/.cache/tfkit}/bench-cdktf
mkdir -p "$cache"
cp "$here/package.json" "$here/synth.js" "$cache/"
cd "$cache"
[ -d node_modules/cdktf ] || npm install --no-audit --no-fund --silent
for n in ${@:-10000 50000}; do
  rm -rf out
  /usr/bin/time -f "peak RSS: %M KiB, wall: %e s" node synth.js "$n" out
done
