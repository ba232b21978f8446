#!/usr/bin/env bash
# Writes plan.txt (the plan as the engine shows it) and plan.json (show -json
# of the saved plan) for each case here: before.tf is applied, then after.tf
# is planned. Needs the engine and the provider mirror (random):
#
#   TF_CLI_CONFIG_FILE=~/.cache/tfkit/terraformrc runner/testdata/plan/generate.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
engine=${TFKIT_TERRAFORM:-$(command -v terraform || command -v tofu)}
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
for dir in "$here"/*/; do
  case=$(basename "$dir")
  work=$(mktemp -d)
  cp "$dir/before.tf" "$work/main.tf"
  (
    cd "$work"
    "$engine" init -input=false -no-color >/dev/null
    "$engine" apply -input=false -no-color -auto-approve >/dev/null
    cp "$dir/after.tf" main.tf
    "$engine" init -input=false -no-color >/dev/null
    code=0
    "$engine" plan -input=false -no-color -detailed-exitcode -out=tfplan >"$dir/plan.txt" || code=$?
    [ "$code" = 2 ] || { echo "$case: plan exited $code, want 2 (changes)" >&2; exit 1; }
    "$engine" show -json tfplan | jq . >"$dir/plan.json"
  )
  rm -rf "$work"
  echo "$case: $(grep '^Plan:' "$dir/plan.txt" || echo 'no Plan: line')"
done
