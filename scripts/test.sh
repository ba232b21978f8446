#!/usr/bin/env bash
# Runs every check CI runs, in order, stopping at the first failure:
#
#   install   providers into the mirror, the engines (the first found, and OpenTofu) and the CLI
#             config, the TypeScript compiler for the TSX type checks, kube-apiserver and etcd
#             for the jet CRD tests
#             (scripts/install-*.sh), staticcheck and gotestsum
#   vet       go vet ./...
#   gofmt     gofmt -l on every tracked Go file outside testdata/
#   static    staticcheck ./...
#   test      go test ./... (with -race for packages that use goroutines), engine tests required
#   fuzz      each Fuzz target for $TFKIT_FUZZTIME (default 10s)
#
# Usage: scripts/test.sh
# Environment (see docs/development.md):
#   TFKIT_CACHE      where everything is built and cached (default ~/.cache/tfkit)
#   TFKIT_TERRAFORM  engine to use instead of terraform/tofu on PATH
#   TFKIT_FUZZTIME   time per fuzz target (default 10s; 0 skips the fuzz pass)
#   TFKIT_RACE       auto (default: packages that use goroutines), all, or off

# The step functions are called through step(), which shellcheck cannot follow.
# shellcheck disable=SC2317
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

# Tools pinned to versions the module proxy serves and that work with Go 1.26.
STATICCHECK_VERSION=v0.8.2
GOTESTSUM_VERSION=v1.13.0

fuzztime=${TFKIT_FUZZTIME:-10s}
race=${TFKIT_RACE:-auto}

summary=()
started=$(date +%s)
# Per-run files, so that two runs sharing a cache do not mix their results.
work=$(mktemp -d "${TMPDIR:-/tmp}/tfkit-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
envfile=$work/env.sh
json=$work/test-results.json

# finish prints the summary of the steps run so far. Its last line counts the tests in the plain
# "N passed, N failed" form; go test's and gotestsum's own closing lines come just before it.
finish() {
  local status=$1
  echo
  echo "==> summary ($(seconds_since "$started")s in all)"
  printf '  %s\n' "${summary[@]}"
  if [ "$ran_tests" = 1 ] && [ -f "$json" ]; then
    # test2json lines name the test after the package, so a count of lines with "Test" counts
    # tests (subtests included) rather than packages.
    local action n=()
    for action in pass fail skip; do
      n+=("$(grep -c "\"Action\":\"$action\",\"Package\":\"[^\"]*\",\"Test\":" "$json" || true)")
    done
    echo "tests: ${n[0]} passed, ${n[1]} failed, ${n[2]} skipped"
  fi
  exit "$status"
}

# step NAME COMMAND...: runs COMMAND in a subshell with errexit on (a function called as
# `f || ...` would run with errexit silently off), timing it; on failure prints what failed,
# the summary, and stops.
ran_tests=0
step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  local t0 status
  t0=$(date +%s)
  [ "$name" != test ] || ran_tests=1
  set +e
  (
    set -e
    "$@"
  )
  status=$?
  set -e
  if [ "$status" != 0 ]; then
    summary+=("$(printf '%-8s FAILED (exit %d) after %ss' "$name" "$status" "$(seconds_since "$t0")")")
    echo
    echo "FAILED: step '$name' ($*) exited $status; the output above says why." >&2
    finish 1
  fi
  summary+=("$(printf '%-8s ok %5ss' "$name" "$(seconds_since "$t0")")")
}

# tool NAME MODULE/PATH@VERSION: installs a Go tool once into the cache, prints nothing.
tool() {
  local name=$1 modver=$2
  local dir=$TFKIT_CACHE/tools/$name-${modver##*@}
  if [ ! -x "$dir/$name" ]; then
    log "installing $modver"
    GOBIN=$dir go install "$modver"
  fi
}

# install_all installs what the checks need and writes the settings for the later steps to
# $envfile (steps run in subshells, so they cannot export to this shell).
install_all() {
  command -v go >/dev/null || die "go is not on PATH"
  go version
  local mirror engine opentofu kube kubeout=$work/install-kube.out kubepid tofuout=$work/install-opentofu.out tofupid
  # The API server build (about 10 minutes once, then cached) and the OpenTofu build (about 5,
  # once) run beside the provider builds: on a cold cache much of each is waiting for module
  # downloads, which then overlap, and none of them lengthens the longest chain, the providers.
  scripts/install-kube.sh >"$kubeout" &
  kubepid=$!
  scripts/install-engine.sh --opentofu >"$tofuout" &
  tofupid=$!
  trap 'kill "$kubepid" "$tofupid" 2>/dev/null || true' EXIT
  # docker and aws let the examples that use them be validated too (slow once, then cached).
  mirror=$(scripts/install-providers.sh --docker --aws)
  # The first engine only: OpenTofu is the background job's.
  engine=$(scripts/install-engine.sh --no-opentofu)
  scripts/install-typescript.sh >/dev/null
  wait "$tofupid" || die "scripts/install-engine.sh --opentofu failed; its output is above"
  wait "$kubepid" || die "scripts/install-kube.sh failed; its output is above"
  trap - EXIT
  kube=$(cat "$kubeout")
  opentofu=$(cat "$tofuout")
  tool staticcheck "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION"
  tool gotestsum "gotest.tools/gotestsum@$GOTESTSUM_VERSION"
  {
    printf 'export TFKIT_CACHE=%q\n' "$TFKIT_CACHE"
    printf 'export TFKIT_PROVIDER_MIRROR=%q\n' "$mirror"
    printf 'export TFKIT_TERRAFORM=%q\n' "$engine"
    printf 'export TFKIT_OPENTOFU=%q\n' "$opentofu"
    printf 'export TF_CLI_CONFIG_FILE=%q\n' "$TFKIT_CACHE/terraformrc"
    printf 'export TFKIT_KUBE_ASSETS=%q\n' "$kube"
    # Engine and API server tests fail instead of skipping when something above did not install.
    # and engine tests run under both engines: OpenTofu's absence fails them too.
    echo 'export TFKIT_REQUIRE_ENGINE=1'
    echo 'export TFKIT_REQUIRE_KUBE=1'
  } >"$envfile"
}

gofiles() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard -- '*.go'
  else
    find . -name '*.go' -not -path './.git/*'
  fi | grep -v -e '/testdata/' -e '^testdata/' || true
}

check_gofmt() {
  local bad
  bad=$(gofiles | xargs -r gofmt -l)
  if [ -n "$bad" ]; then
    echo "gofmt would change these files (run gofmt -w on them):"
    while IFS= read -r f; do echo "  $f"; done <<<"$bad"
    return 1
  fi
  echo "$(gofiles | wc -l) files formatted"
}

# race_packages prints the packages whose code or tests start goroutines, use sync or run tests
# in parallel: those are tested under the race detector. The rest run without it, which keeps
# CPU-heavy packages fast.
race_packages() {
  go list -f '{{.ImportPath}}{{range .GoFiles}} {{$.Dir}}/{{.}}{{end}}{{range .TestGoFiles}} {{$.Dir}}/{{.}}{{end}}{{range .XTestGoFiles}} {{$.Dir}}/{{.}}{{end}}' ./... |
    while read -r pkg files; do
      [ -n "$files" ] || continue
      # shellcheck disable=SC2086
      if grep -qE '(^|[^[:alnum:]_.])go (func|[[:alnum:]_.]+\()|"sync"|"golang.org/x/sync/|\.Parallel\(\)' $files; then
        echo "$pkg"
      fi
    done
}

run_tests() {
  local racy=() plain=() pkg all
  all=$(go list ./...)
  case $race in
  all) mapfile -t racy <<<"$all" ;;
  off) mapfile -t plain <<<"$all" ;;
  auto)
    local r
    r=$(race_packages)
    for pkg in $all; do
      if grep -qxF "$pkg" <<<"$r"; then racy+=("$pkg"); else plain+=("$pkg"); fi
    done
    ;;
  *) die "TFKIT_RACE must be auto, all or off, not $race" ;;
  esac
  if [ "${#racy[@]}" -gt 0 ] && [ "$(go env CGO_ENABLED)" != 1 ]; then
    log "warning: cgo is off (no C compiler?), so the race detector cannot run; testing without it"
    plain+=("${racy[@]}")
    racy=()
  fi
  echo "race detector on for ${#racy[@]} package(s): ${racy[*]:-none}"
  # -count=1: the engine tests drive subprocesses whose inputs go test's cache cannot see.
  # gotestsum prints go test's usual lines and a closing count; the JSON feeds the summary.
  # shellcheck disable=SC2016 # the inner script expands its own arguments
  "$TFKIT_CACHE/tools/gotestsum-$GOTESTSUM_VERSION/gotestsum" --format standard-quiet \
    --jsonfile "$json" --raw-command -- bash -c '
      status=0
      if [ -n "$1" ]; then go test -json -count=1 -race $1 || status=1; fi
      if [ -n "$2" ]; then go test -json -count=1 $2 || status=1; fi
      exit $status
    ' tests "${racy[*]:-}" "${plain[*]:-}"
}

# fuzz runs each Fuzz target for $fuzztime. Targets are found with go test -list, so a new
# one joins without editing this script.
fuzz() {
  if [ "$fuzztime" = 0 ]; then
    echo "skipped (TFKIT_FUZZTIME=0)"
    return 0
  fi
  local pkg="" line targets=0
  local -a pending=()
  while IFS= read -r line; do
    case $line in
    Fuzz*) pending+=("$line") ;;
    ok* | FAIL* | \?*)
      pkg=$(awk '{print $2}' <<<"$line")
      for name in "${pending[@]}"; do
        echo "--- $pkg $name ($fuzztime)"
        fuzz_target "$pkg" "$name" "$fuzztime"
        targets=$((targets + 1))
      done
      pending=()
      ;;
    esac
  done < <(go test -list '^Fuzz' ./...)
  echo "$targets fuzz target(s) run for $fuzztime each"
}

step install install_all
# shellcheck source=/dev/null
. "$envfile"
step vet go vet ./...
step gofmt check_gofmt
step static "$TFKIT_CACHE/tools/staticcheck-$STATICCHECK_VERSION/staticcheck" ./...
step test run_tests
step fuzz fuzz
finish 0
