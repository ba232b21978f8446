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
