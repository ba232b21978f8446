#!/usr/bin/env bash
# Regenerates load/testdata/functions/cases.json by asking a Terraform
# engine what every case of load/testdata/functions/inputs.txt evaluates
# to (see docs/development.md).
#
#   scripts/gen-function-cases.sh [ENGINE [SECOND_ENGINE]]
#
# ENGINE defaults to $TFKIT_TERRAFORM, else terraform on PATH. With
# SECOND_ENGINE (such as tofu), the cases are asked of it too and where
# the two answer differently is written to
# load/testdata/functions/engine-differences.json.
set -euo pipefail
cd "$(dirname "$0")/.."
engine=${1:-${TFKIT_TERRAFORM:-terraform}}
args=(-engine "$engine")
if [[ $# -ge 2 ]]; then
	args+=(-compare "$2")
fi
exec go run ./load/internal/funcgen "${args[@]}"
