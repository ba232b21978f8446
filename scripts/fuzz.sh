#!/usr/bin/env bash
# Long fuzzing, not part of CI (CI runs every target for 10 s in scripts/test.sh).
#
# Usage: scripts/fuzz.sh [-t DURATION] [PACKAGES [TARGET_REGEX]]
#   -t DURATION   time per target, as go test -fuzztime takes it (default 5m; "10000x" for runs)
#   PACKAGES      go package pattern (default ./...)
#   TARGET_REGEX  only targets whose name matches (default: every Fuzz function)
#
# Examples:
#   scripts/fuzz.sh                              # every target, 5 minutes each
#   scripts/fuzz.sh -t 30m ./config FuzzParse    # one package, matching targets, 30 minutes each
#
# Inputs are minimized for at most $TFKIT_FUZZMINIMIZETIME each (default 2s; see scripts/lib.sh).
#
# A failing input is written to PACKAGE/testdata/fuzz/TARGET/ and the script stops; commit that
# file with the fix so it stays in the seed corpus. The generated corpus (inputs that found new
# coverage) stays in Go's cache: $(go env GOCACHE)/fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

fuzztime=5m
if [ "${1:-}" = -t ]; then
  [ $# -ge 2 ] || die "-t needs a duration"
  fuzztime=$2
  shift 2
fi
case ${1:-} in -h | --help)
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
  ;;
esac
packages=${1:-./...}
match=${2:-.}

n=0
pending=()
while IFS= read -r line; do
  case $line in
  Fuzz*) if [[ $line =~ $match ]]; then pending+=("$line"); fi ;;
  ok* | FAIL* | \?*)
    pkg=$(awk '{print $2}' <<<"$line")
    for name in "${pending[@]}"; do
      log "$pkg $name for $fuzztime"
      fuzz_target "$pkg" "$name" "$fuzztime" ||
        die "$pkg $name failed; the failing input is under that package's testdata/fuzz/$name/"
      n=$((n + 1))
    done
    pending=()
    ;;
  esac
done < <(go test -list '^Fuzz' "$packages")
[ "$n" -gt 0 ] || die "no Fuzz target in $packages matches $match"
log "$n target(s) fuzzed for $fuzztime each, no failure"
