# shellcheck shell=bash
# Shared settings for the scripts in this directory; sourced, never run.
#
# Everything built or downloaded lives under TFKIT_CACHE, outside the repository, so a second
# run is fast and a clean checkout stays clean.

TFKIT_CACHE=${TFKIT_CACHE:-${HOME:?set HOME or TFKIT_CACHE}/.cache/tfkit}
TFKIT_PROVIDER_MIRROR=${TFKIT_PROVIDER_MIRROR:-$TFKIT_CACHE/mirror}

# shellcheck disable=SC2034 # used by the scripts that source this file
# OpenTofu version built when no engine is on PATH (see install-engine.sh).
TFKIT_OPENTOFU_VERSION=1.12.6

# log writes progress to stderr so that stdout stays free for results (install-engine.sh
# prints the engine path there).
log() { printf '[%s] %s\n' "${0##*/}" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# The paths end up in a CLI config file and in the environment of tests that run elsewhere,
# and the scripts change directory first: only absolute paths mean the same everywhere.
for _v in TFKIT_CACHE TFKIT_PROVIDER_MIRROR; do
  case ${!_v} in
  /*) ;;
  *) die "$_v must be an absolute path, not ${!_v}" ;;
  esac
done
unset _v

# platform prints the Go platform of this machine, which is also Terraform's: linux_amd64.
platform() { printf '%s_%s\n' "$(go env GOOS)" "$(go env GOARCH)"; }

# seconds_since START prints whole seconds elapsed since START (from `date +%s`).
seconds_since() { echo $(( $(date +%s) - $1 )); }

# corpus_files DIR lists the files of a fuzz corpus directory, nothing when there is none.
corpus_files() {
  if [ -d "$1" ]; then find "$1" -type f | sort; fi
}

# fuzz_target PKG NAME FUZZTIME fuzzes one target. Each input that widens coverage, and a
# failing one, is minimized for at most $TFKIT_FUZZMINIMIZETIME (default 2s; go test's own
# default is 60s, which on a short run leaves little time for fuzzing itself). Go 1.26's fuzzing coordinator can end a
# duration-limited run with a bare "context deadline exceeded" when a busy machine keeps a
# worker from stopping in time: no input failed, and none is written. Such a run is tried once
# more, and if the same happens again it is reported and passed over. Any other failure, or one
# that wrote an input to PKG's testdata/fuzz/NAME/, fails.
fuzz_target() {
  local pkg=$1 name=$2 time=$3 dir out status try
  dir=$(go list -f '{{.Dir}}' "$pkg")/testdata/fuzz/$name
  out=$(mktemp "${TMPDIR:-/tmp}/tfkit-fuzz.XXXXXX")
  for try in 1 2; do
    local before
    before=$(corpus_files "$dir")
    set +e
    go test -run '^$' -fuzz "^$name\$" -fuzztime "$time" -fuzzminimizetime "${TFKIT_FUZZMINIMIZETIME:-2s}" "$pkg" 2>&1 | tee "$out"
    status=${PIPESTATUS[0]}
    set -e
    if [ "$status" = 0 ]; then
      rm -f "$out"
      return 0
    fi
    if [ "$(corpus_files "$dir")" != "$before" ] || ! grep -q '^    context deadline exceeded$' "$out"; then
      rm -f "$out"
      return "$status"
    fi
    log "$pkg $name: the run ended with \"context deadline exceeded\" and no failing input (a race in Go's fuzzing coordinator on a busy machine); try $try of 2"
  done
  rm -f "$out"
  log "warning: $pkg $name was cut short twice by that race; no input failed"
  return 0
}
