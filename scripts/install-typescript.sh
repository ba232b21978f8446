#!/usr/bin/env bash
# Installs the TypeScript compiler that the TSX tests type-check with (npm/ and tsx/), from the
# npm registry into $TFKIT_CACHE/typescript-<version>, the place the tests look for it, and
# prints the path of tsc. Idempotent: an existing install is reused.
#
# Usage: scripts/install-typescript.sh [VERSION]   (default: the version npm/npm_test.go pins)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

version=${1:-$(sed -n 's/^const typescriptVersion = "\(.*\)"$/\1/p' npm/npm_test.go)}
[ -n "$version" ] || die "cannot read typescriptVersion from npm/npm_test.go"
dir=$TFKIT_CACHE/typescript-$version
tsc=$dir/node_modules/.bin/tsc
if [ ! -x "$tsc" ]; then
  command -v npm >/dev/null || die "npm is not on PATH (install Node.js and npm)"
  log "installing typescript@$version into $dir"
  mkdir -p "$TFKIT_CACHE"
  tmp=$(mktemp -d "$TFKIT_CACHE/.typescript-XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  printf '{"private": true}\n' >"$tmp/package.json"
  (cd "$tmp" && npm install --no-audit --no-fund --ignore-scripts --silent "typescript@$version" >&2)
  mv "$tmp" "$dir"
  trap - EXIT
fi
echo "$tsc"
