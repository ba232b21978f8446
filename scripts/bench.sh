#!/usr/bin/env bash
# Go benchmarks with allocation counts, not part of CI. Results are saved so that two runs can
# be compared with benchstat.
#
# Usage: scripts/bench.sh [-count N] [-bench REGEX] [-base FILE] [PACKAGES...]
#        scripts/bench.sh --compare REV [-runs N] [-only NAMES]
#   -count N      runs of each benchmark (default 6, enough for benchstat's statistics)
#   -bench REGEX  which benchmarks (default .)
#   -base FILE    compare with an earlier result file using benchstat
#   PACKAGES      go package patterns (default ./...)
#   --compare REV builds the tfkit command at REV (any git revision) and from the working tree,
#                 then times both alternately on the commands users run, on the workloads of
#                 ../shared/bench (TSX with references, eval, validate against the aws schema,
#                 get of the aws bindings), and prints the median wall time, CPU time (user +
#                 system, which a busy machine stretches less than wall time), peak memory and
#                 the ratios working tree / REV for each; for tsx also the peer, node running
#                 the same objects as plain JavaScript (plain.cjs), when node is installed
#   -runs N       rounds of the comparison (default 5); each round runs REV then the working tree
#   -only NAMES   comma-separated workloads of the comparison: tsx,eval,validate,get (default all)
#
# Results go to $TFKIT_CACHE/bench/<commit>[-dirty]-<time>.txt; the path is printed at the end.
# Typical use: bench main, save the file name, change the code, run again with -base FILE; or
# scripts/bench.sh --compare main after a change to a command's path.
# Comparisons with the peers (CDK for Terraform and others) live under bench/, not here.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

BENCHSTAT=golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da

count=6
bench=.
base=
compare=
runs=5
only=tsx,eval,validate,get
while [ $# -gt 0 ]; do
  case $1 in
  -count) count=$2; shift 2 ;;
  -bench) bench=$2; shift 2 ;;
  -base) base=$2; shift 2 ;;
  --compare | -compare) compare=${2:?--compare needs a revision}; shift 2 ;;
  -runs) runs=$2; shift 2 ;;
  -only) only=$2; shift 2 ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  -*) die "unknown flag $1 (try --help)" ;;
  *) break ;;
  esac
done

# build_at REV OUT builds cmd/tfkit as it is at REV into OUT, from a checkout of REV in the cache.
build_at() {
  local rev=$1 out=$2 sha src
  sha=$(git rev-parse --verify "$rev^{commit}") || die "not a revision: $rev"
  src=$TFKIT_CACHE/bench/src-$sha
  if [ ! -x "$out" ]; then
    rm -rf "$src"
    mkdir -p "$src"
    git archive "$sha" | tar -x -C "$src"
    (cd "$src" && go build -o "$out" ./cmd/tfkit)
    rm -rf "$src"
  fi
}

# timed DIR OUTFILE CMD...: runs CMD in DIR and appends "seconds kilobytes status cpu-seconds"
# to OUTFILE.
# A command that fails is still timed (an older revision may refuse a workload that a newer one
# accepts), but its status is shown beside the figures and its first error lines are printed.
timed() {
  local dir=$1 file=$2 log status
  shift 2
  log=$(mktemp)
  set +e
  (cd "$dir" && /usr/bin/time -f '%e %M %U %S' -o "$log.time" "$@" >"$log" 2>&1)
  status=$?
  set -e
  if [ "$status" != 0 ] && [ "$file" = /dev/null ]; then
    log "exit $status in $dir: $*"
    grep -m 3 -E '(^|: )Error' "$log" >&2 || true
  fi
  tail -1 "$log.time" | awk -v s="$status" '{printf "%s %s %s %.2f\n", $1, $2, s, $3 + $4}' >>"$file"
  rm -f "$log" "$log.time"
}

# median FILE COLUMN prints the median of a column of numbers.
median() { sort -g -k"$2","$2" "$1" | awk -v c="$2" '{v[NR]=$c} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

compare_commands() {
  local shared bench_dir old new sha w r
  command -v /usr/bin/time >/dev/null || die "--compare needs /usr/bin/time (GNU time)"
  shared=${TFKIT_SHARED:-$(cd .. && pwd)/shared}
  bench_dir=$shared/bench
  [ -f "$bench_dir/eval-gen.py" ] || die "workload generators not found in $bench_dir (set TFKIT_SHARED to the directory that holds bench/ and schemas/)"
  sha=$(git rev-parse --short=12 --verify "$compare^{commit}") || die "not a revision: $compare"
  # work is global: the EXIT trap that removes it runs after this function has returned.
  work=$(mktemp -d "${TMPDIR:-/tmp}/tfkit-compare.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  old=$TFKIT_CACHE/bench/bin/tfkit-$sha
  new=$work/tfkit-worktree
  mkdir -p "$(dirname "$old")"
  log "building tfkit at $compare ($sha) and from the working tree"
  build_at "$compare" "$old"
  go build -o "$new" ./cmd/tfkit

  mkdir -p "$work"/{tsx,eval,validate,get}
  node "$bench_dir/tsx-refs-gen.js" 10000 "$work/tsx"
  python3 "$bench_dir/eval-gen.py" --n 10000 --out "$work/eval" >/dev/null
  python3 "$bench_dir/validate-gen.py" 10000 >"$work/validate/main.tf"
  local schema=$shared/schemas/aws-3.3.0.json

  run_one() { # NAME BINARY RESULTFILE
    case $1 in
    tsx) timed "$work/tsx" "$3" "$2" synth main.tsx ;;
    eval) timed "$work/eval" "$3" "$2" eval . ;;
    validate) timed "$work/validate" "$3" "$2" validate --schema "$schema" . ;;
    get) rm -rf "$work/get/.gen" && timed "$work/get" "$3" "$2" get --schema "$schema" ;;
    *) die "unknown workload $1 (tsx, eval, validate, get)" ;;
    esac
  }
  local node
  node=$(command -v node || true)
  IFS=, read -r -a names <<<"$only"
  for w in "${names[@]}"; do
    # One run of each first, unrecorded: the page cache and the build of the TSX runtime
    # should favour neither side.
    run_one "$w" "$old" /dev/null
    run_one "$w" "$new" /dev/null
    for ((r = 1; r <= runs; r++)); do
      run_one "$w" "$old" "$work/$w.old"
      run_one "$w" "$new" "$work/$w.new"
      if [ "$w" = tsx ] && [ -n "$node" ]; then
        timed "$work/tsx" "$work/tsx.peer" "$node" plain.cjs
      fi
    done
  done
  echo
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $runs rounds, medians"
  printf '%-10s %12s %12s %6s %12s %12s %6s %10s %10s  %s\n' workload "wall $sha" "wall worktree" ratio "cpu $sha" "cpu worktree" ratio "MB $sha" "MB worktree" "exit status"
  for w in "${names[@]}"; do
    local to tn co cn mo mn
    to=$(median "$work/$w.old" 1)
    tn=$(median "$work/$w.new" 1)
    co=$(median "$work/$w.old" 4)
    cn=$(median "$work/$w.new" 4)
    mo=$(median "$work/$w.old" 2)
    mn=$(median "$work/$w.new" 2)
    local so sn
    so=$(sort -u -k3,3 "$work/$w.old" | awk '{print $3}' | paste -sd/)
    sn=$(sort -u -k3,3 "$work/$w.new" | awk '{print $3}' | paste -sd/)
    awk -v w="$w" -v to="$to" -v tn="$tn" -v co="$co" -v cn="$cn" -v mo="$mo" -v mn="$mn" -v so="$so" -v sn="$sn" \
      'BEGIN {printf "%-10s %11.2fs %12.2fs %6.2f %11.2fs %11.2fs %6.2f %10.0f %10.0f  %s, %s\n", w, to, tn, (to > 0 ? tn / to : 0), co, cn, (co > 0 ? cn / co : 0), mo / 1024, mn / 1024, so, sn}'
    if [ -s "$work/$w.peer" ]; then
      awk -v t="$(median "$work/$w.peer" 1)" -v c="$(median "$work/$w.peer" 4)" -v m="$(median "$work/$w.peer" 2)" -v tn="$tn" \
        'BEGIN {printf "%-10s peer, node plain.cjs: wall %.2fs, cpu %.2fs, %.0f MB; worktree / peer (wall) %.1f\n", "", t, c, m / 1024, (t > 0 ? tn / t : 0)}'
    fi
  done
}

if [ -n "$compare" ]; then
  compare_commands
  exit 0
fi

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
