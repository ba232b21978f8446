#!/usr/bin/env bash
# Runs cdktf's binding generator on the aws 3.3.0 schema for the comparison
# in docs/benchmarks.md ("Bindings"). Installs @cdktf/provider-generator from
# the npm registry into a cache directory outside the repository.
#
# Usage: bench/cdktf/bindings.sh [SCHEMA.json]   (default ../shared/schemas/aws-3.3.0.json)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
schema=$(realpath "${1:-$here/../../../shared/schemas/aws-3.3.0.json}")
cache=${TFKIT_CACHE:-$HOME/.cache/tfkit}/bench-cdktf
mkdir -p "$cache"
cp "$here/package.json" "$here/synth.js" "$here/bindings.js" "$cache/"
cd "$cache"
[ -d node_modules/@cdktf/provider-generator ] && [ -d node_modules/jsii-pacmak ] ||
  npm install --no-audit --no-fund --silent
rm -rf bindings-out
/usr/bin/time -f "peak RSS: %M KiB, wall: %e s, user: %U s" node bindings.js "$schema" bindings-out
echo "files: $(find bindings-out -type f | wc -l), size: $(du -sh bindings-out | cut -f1)"
