#!/usr/bin/env bash
# Reruns the "Running Terraform" measurement of docs/benchmarks.md: the wall
# time of `tfkit deploy --auto-approve` of a one-stack app against the engine
# run directly for the same work (plan -out, then apply of that plan), each
# repeated RUNS times (default 30), alternating, then the median and the
# fastest run of each in milliseconds.
#
#   bench/deploy-overhead.sh [RUNS]
#   TFKIT_TERRAFORM=tofu bench/deploy-overhead.sh     # with OpenTofu
#
# The engine is $TFKIT_TERRAFORM, else terraform, else tofu on PATH. The
# stack is one terraform_data with triggers_replace = timestamp(), so every
# run plans and applies one replacement and no provider is needed. Both
# directories are initialised before the runs, so no run includes init.
# tfkit is built from this checkout; the project's app copies the stack
# (cp -R), so the difference is tfkit's own work.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-30}
case $runs in '' | *[!0-9]*) echo "usage: $0 [RUNS]" >&2; exit 2 ;; esac
engine=${TFKIT_TERRAFORM:-$(command -v terraform || command -v tofu || true)}
[ -n "$engine" ] || { echo "$0: no terraform or tofu on PATH (or set TFKIT_TERRAFORM)" >&2; exit 1; }
engine=$(command -v "$engine")
export TFKIT_TERRAFORM=$engine CHECKPOINT_DISABLE=1
(( BASH_VERSINFO[0] >= 5 )) || { echo "$0: needs bash 5 (EPOCHREALTIME)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/tfkit" ./cmd/tfkit)

stack='resource "terraform_data" "bench" {
  triggers_replace = timestamp()
}'
mkdir -p "$work/direct" "$work/project/src/stacks/bench"
printf '%s\n' "$stack" >"$work/direct/main.tf"
printf '%s\n' "$stack" >"$work/project/src/stacks/bench/main.tf"
if command -v sha256sum >/dev/null; then
  sum=$(sha256sum "$work/project/src/stacks/bench/main.tf")
else
  sum=$(shasum -a 256 "$work/project/src/stacks/bench/main.tf")
fi
printf '{"version": 1, "format": "hcl", "stacks": [{"name": "bench", "directory": "stacks/bench", "files": [{"path": "stacks/bench/main.tf", "sha256": "%s"}], "dependencies": []}]}\n' \
  "${sum%% *}" >"$work/project/src/manifest.json"
printf '{"app": "cp -R src/. \\"$TFKIT_OUTDIR\\""}\n' >"$work/project/tfkit.json"

# Each command, its output thrown away unless it fails.
direct() {
  "$engine" -chdir="$work/direct" plan -input=false -no-color -out=tfplan &&
    "$engine" -chdir="$work/direct" apply -input=false -no-color tfplan
}
skip_synth() { "$work/tfkit" --chdir "$work/project" deploy --auto-approve --skip-synth; }
with_synth() { "$work/tfkit" --chdir "$work/project" deploy --auto-approve; }
names=(direct skip_synth with_synth)
labels=("$(basename "$engine") plan -out + apply, directly" "tfkit deploy --auto-approve --skip-synth" "tfkit deploy --auto-approve (with synth)")

run() {
  if ! "$1" >"$work/out.txt" 2>&1; then
    cat "$work/out.txt" >&2
    echo "$0: $1 failed" >&2
    exit 1
  fi
}
now_us() { echo "${EPOCHREALTIME/[.,]/}"; }

init_direct() { "$engine" -chdir="$work/direct" init -input=false -no-color; }
run init_direct
run with_synth # init, and the engine's version cached in .tfkit/engine.json
for ((i = 1; i <= runs; i++)); do
  for name in "${names[@]}"; do
    start=$(now_us)
    run "$name"
    echo $((($(now_us) - start) / 1000)) >>"$work/$name.ms"
  done
done

echo "$("$engine" version 2>/dev/null | head -1), $runs runs each, alternating; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average[s]*: //')"
printf '%-50s %8s %8s\n' command median fastest
for i in "${!names[@]}"; do
  sort -n "$work/${names[$i]}.ms" | awk -v label="${labels[$i]}" '
    { t[NR] = $1 }
    END { m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2; printf "%-50s %5d ms %5d ms\n", label, m, t[1] }'
done
