#!/usr/bin/env bash
# Compares the docstore provider written with tfkit's provider package (examples/provider-docstore)
# with the same docstore_collection written on terraform-plugin-framework
# (bench/testdata/provider-framework, a module of its own), on one configuration, one engine, one machine,
# in one run; and both with the engine's built-in terraform_data holding the same objects.
#
# Usage: bench/provider-compare.sh [N] [RUNS] [WHAT...]
#   N items (default 10000), RUNS plans each (default 3), WHAT among tfkit framework terraform_data
#   (default all three, in that order). The engine's own terraform_data is slow on 10,000
#   objects: several minutes a plan on a busy machine.
#
# For each provider: init, apply of a docstore_collection with N item blocks, then RUNS times
# `plan` with nothing to change (a refresh and a plan), timed whole; inside the provider the
# time of ReadResource + PlanResourceChange and the peak resident memory are recorded through
# TFKIT_PROVIDER_TIMINGS. Then go test -bench Start ./internal/plugin for start-to-serving.
# Everything is built into $TFKIT_CACHE/bench/provider-compare; results are printed as a
# Markdown table and kept in results.md there.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

n=${1:-10000}
runs=${2:-3}
shift $(($# < 2 ? $# : 2))
what=("$@")
[ ${#what[@]} -gt 0 ] || what=(tfkit framework terraform_data)
engine=${TFKIT_TERRAFORM:-$(command -v terraform || command -v tofu || true)}
[ -n "$engine" ] || die "no engine: set TFKIT_TERRAFORM or put terraform or tofu on PATH (scripts/install-engine.sh)"
work=$TFKIT_CACHE/bench/provider-compare
rm -rf "$work"
mkdir -p "$work/mirror"
plat=$(platform)
version=0.0.1

log "building both providers"
tfkit_bin=$work/mirror/registry.terraform.io/tfkit/docstore/$version/$plat/terraform-provider-docstore_v$version
fw_bin=$work/mirror/registry.terraform.io/tfkit/docstorefw/$version/$plat/terraform-provider-docstorefw_v$version
GOFLAGS=-trimpath go build -o "$tfkit_bin" ./examples/provider-docstore
(cd bench/testdata/provider-framework && GOFLAGS=-trimpath go build -o "$fw_bin" .)
for host in registry.opentofu.org; do
  mkdir -p "$work/mirror/$host"
  cp -r "$work/mirror/registry.terraform.io/tfkit" "$work/mirror/$host/"
done

cat >"$work/terraformrc" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$work/mirror"
    include = ["registry.terraform.io/tfkit/*", "registry.opentofu.org/tfkit/*"]
  }
  direct {
    exclude = ["registry.terraform.io/tfkit/*", "registry.opentofu.org/tfkit/*"]
  }
}
RC
export TF_CLI_CONFIG_FILE=$work/terraformrc CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1

# items N: N item blocks, the same objects as the terraform_data input.
items() {
  awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "  item {\n    key   = \"key-%05d\"\n    value = \"value %d\"\n  }\n", i, i }'
}
objects() {
  awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "    { key = \"key-%05d\", value = \"value %d\" },\n", i, i }'
}

ms_now() { date +%s%3N; }

# measure NAME: init, apply, RUNS plans in $work/NAME; prints "apply_ms plan_ms... | provider_ms... | rss"
measure() {
  local name=$1 dir=$work/$1
  (
    cd "$dir"
    "$engine" init -input=false -no-color >/dev/null
    local t0 t1
    t0=$(ms_now)
    # -json everywhere: the human plan renderer is not what is measured (it takes minutes to
    # render 10,000 new set elements).
    TFKIT_PROVIDER_TIMINGS=$dir/apply.timings "$engine" apply -auto-approve -input=false -json >/dev/null
    t1=$(ms_now)
    echo "apply $((t1 - t0))"
    for i in $(seq "$runs"); do
      t0=$(ms_now)
      TFKIT_PROVIDER_TIMINGS=$dir/plan$i.timings "$engine" plan -input=false -json -detailed-exitcode >/dev/null || {
        code=$?
        [ "$code" = 2 ] && die "$name: plan $i after apply has changes"
        die "$name: plan $i failed"
      }
      t1=$(ms_now)
      local inside=""
      if [ -f "$dir/plan$i.timings" ]; then
        inside=$(awk '{ sub("ms", "", $3); s += $3 } END { printf "%.1f", s }' "$dir/plan$i.timings")
        rss=$(awk '{ sub("peak_rss=", "", $4); r = $4 } END { print r }' "$dir/plan$i.timings")
      fi
      echo "plan $((t1 - t0)) ${inside:-} ${rss:-}"
    done
  )
}

for name in tfkit framework; do
  src=tfkit/docstore
  [ "$name" = framework ] && src=tfkit/docstorefw
  mkdir -p "$work/$name"
  {
    printf 'terraform {\n  required_providers {\n    docstore = {\n      source  = "%s"\n      version = "%s"\n    }\n  }\n}\n\n' "$src" "$version"
    printf 'provider "docstore" {\n  root = "%s"\n}\n\n' "$work/$name/store"
    printf 'resource "docstore_collection" "c" {\n  name = "big"\n'
    items "$n"
    printf '}\n'
  } >"$work/$name/main.tf"
done
mkdir -p "$work/terraform_data"
{
  printf 'resource "terraform_data" "d" {\n  input = [\n'
  objects "$n"
  printf '  ]\n}\n'
} >"$work/terraform_data/main.tf"

load_before=$(uptime)
declare -A out
for name in "${what[@]}"; do
  log "measuring $name ($n items, $runs plans)"
  out[$name]=$(measure "$name")
  log "$name: $(echo "${out[$name]}" | tr '\n' ' ')"
done
load_after=$(uptime)

log "measuring start to serving"
starts=$(TFKIT_BENCH_PLUGINS="$tfkit_bin:$fw_bin" go test -run '^$' -bench 'Start' -benchtime 20x ./internal/plugin/ | grep '^BenchmarkStart')

{
  echo "Engine: $("$engine" version | head -1); N = $n; $(go env GOVERSION); $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "Load before: ${load_before#*load}"
  echo "Load after:  ${load_after#*load}"
  echo
  echo "| provider | apply (whole) | plan (whole), each run | provider share of plan (Read + Plan), each run | provider peak RSS |"
  echo "|---|---:|---|---|---:|"
  for name in "${what[@]}"; do
    apply=$(echo "${out[$name]}" | awk '$1 == "apply" { print $2 " ms" }')
    plans=$(echo "${out[$name]}" | awk '$1 == "plan" { printf "%s%s ms", sep, $2; sep = ", " }')
    inside=$(echo "${out[$name]}" | awk '$1 == "plan" && $3 != "" { printf "%s%s ms", sep, $3; sep = ", " }')
    rss=$(echo "${out[$name]}" | awk '$1 == "plan" && $4 != "" { r = $4 } END { print r }')
    echo "| $name | $apply | $plans | ${inside:-n/a} | ${rss:-n/a} |"
  done
  echo
  echo "Start to serving (handshake and GetProviderSchema, go test -bench Start ./internal/plugin):"
  echo
  echo '```'
  echo "$starts"
  echo '```'
} | tee "$work/results.md"
