#!/usr/bin/env bash
# Go benchmarks with allocation counts, not part of CI. Results are saved so that two runs can
# be compared with benchstat.
#
# Usage: scripts/bench.sh [-count N] [-bench REGEX] [-base FILE] [PACKAGES...]
#   -count N      runs of each benchmark (default 6, enough for benchstat's statistics)
#   -bench REGEX  which benchmarks (default .)
#   -base FILE    compare with an earlier result file using benchstat
#   PACKAGES      go package patterns (default ./...)
#
# Results go to $TFKIT_CACHE/bench/<commit>[-dirty]-<time>.txt; the path is printed at the end.
# Typical use: bench main, save the file name, change the code, run again with -base FILE.
# Comparisons with the peers (CDK for Terraform and others) live under bench/, not here.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

BENCHSTAT=golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da

count=6
bench=.
base=
while [ $# -gt 0 ]; do
  case $1 in
  -count) count=$2; shift 2 ;;
  -bench) bench=$2; shift 2 ;;
  -base) base=$2; shift 2 ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  -*) die "unknown flag $1 (try --help)" ;;
  *) break ;;
  esac
done
[ $# -gt 0 ] || set -- ./...

rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain 2>/dev/null)" ] || rev=$rev-dirty
# The time keeps every run, so that a -base file is never the run that overwrites it.
out=$TFKIT_CACHE/bench/$rev-$(date -u +%Y%m%dT%H%M%S).txt
mkdir -p "$(dirname "$out")"

log "go test -run '^\$' -bench '$bench' -benchmem -count $count $*"
go test -run '^$' -bench "$bench" -benchmem -count "$count" "$@" | tee "$out.tmp"
mv "$out.tmp" "$out"

if [ -n "$base" ]; then
  dir=$TFKIT_CACHE/tools/benchstat-${BENCHSTAT##*@}
  [ -x "$dir/benchstat" ] || GOBIN=$dir go install "$BENCHSTAT"
  echo
  "$dir/benchstat" "$base" "$out"
fi
log "results: $out"
