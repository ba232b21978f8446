#!/usr/bin/env bash
# Installs the TypeScript compilers that the TSX tests type-check with (npm/ and tsx/), from the
# npm registry into $TFKIT_CACHE/typescript-<version>, the place the tests look for them, and
# prints the path of each tsc. Idempotent: an existing install is reused.
#
# Usage: scripts/install-typescript.sh [VERSION...]
#   (default: the versions npm/npm_test.go pins, TypeScript 5 and TypeScript 7; TypeScript 7
#   is the native compiler: npm installs only the platform package of this machine, about 30 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

if [ $# -eq 0 ]; then
  # shellcheck disable=SC2046
  set -- $(sed -n 's/^[[:space:]]*typescript7\{0,1\}Version[[:space:]]*=[[:space:]]*"\(.*\)"$/\1/p' npm/npm_test.go)
  [ $# -gt 0 ] || die "cannot read the TypeScript versions from npm/npm_test.go"
fi
for version in "$@"; do
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
done
