#!/usr/bin/env bash
# Finds a Terraform engine (terraform or OpenTofu) for the tests, building OpenTofu from the Go
# module proxy when the machine has none, and writes a CLI config file that points the engine at
# the provider mirror of install-providers.sh. Prints the engine's path on stdout.
#
# Search order: $TFKIT_TERRAFORM, `terraform` on PATH, `tofu` on PATH, a cached OpenTofu build,
# else build OpenTofu $TFKIT_OPENTOFU_VERSION (about 5 min and 2.2 GB peak, once; then cached).
#
# Usage: scripts/install-engine.sh [--opentofu]
#   --opentofu  ignore TFKIT_TERRAFORM and PATH: use (building if needed) the cached OpenTofu.
#
# Writes $TFKIT_CACHE/terraformrc (use it as TF_CLI_CONFIG_FILE). Terraform itself cannot be
# built from the module proxy; OpenTofu can, through a throw-away wrapper module, because its
# go.mod has a replace directive that `go install` refuses.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

only_opentofu=0
for arg in "$@"; do
  case $arg in
  --opentofu) only_opentofu=1 ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *) die "unknown argument $arg (try --help)" ;;
  esac
done

tofu_dir=$TFKIT_CACHE/engine/opentofu-$TFKIT_OPENTOFU_VERSION
tofu_bin=$tofu_dir/tofu

build_opentofu() {
  local src=$tofu_dir/src
  log "building OpenTofu $TFKIT_OPENTOFU_VERSION into $tofu_dir (about 5 min, once)"
  local t0
  t0=$(date +%s)
  rm -rf "$src"
  mkdir -p "$src"
  # The replace and godebug lines are copied from OpenTofu's own go.mod at this version: the
  # replace because OpenTofu builds against its fork of HCL, the godebug block because the
  # release binaries are built with those settings.
  cat >"$src/go.mod" <<EOF
module tfkit.invalid/build/opentofu

go $(go env GOVERSION | sed 's/^go//')

godebug (
	tlsmlkem=0
	winsymlink=0
)

require github.com/opentofu/opentofu v$TFKIT_OPENTOFU_VERSION

tool github.com/opentofu/opentofu/cmd/tofu

replace github.com/hashicorp/hcl/v2 v2.20.1 => github.com/opentofu/hcl/v2 v2.20.2-0.20251021132045-587d123c2828
EOF
  (
    cd "$src"
    go mod tidy
    # version.dev=no is what OpenTofu's release builds set: without it the binary calls itself
    # a prerelease (v1.12.6-dev).
    GOFLAGS="${GOFLAGS:-} -trimpath" go build -o "$tofu_bin.tmp" \
      -ldflags "-X github.com/opentofu/opentofu/version.dev=no" github.com/opentofu/opentofu/cmd/tofu
  )
  mv "$tofu_bin.tmp" "$tofu_bin"
  log "built OpenTofu in $(seconds_since "$t0")s"
}

engine=
if [ "$only_opentofu" = 0 ]; then
  if [ -n "${TFKIT_TERRAFORM:-}" ]; then
    [ -x "$TFKIT_TERRAFORM" ] || die "TFKIT_TERRAFORM=$TFKIT_TERRAFORM is not an executable file"
    engine=$TFKIT_TERRAFORM
  elif engine=$(command -v terraform); then
    :
  elif engine=$(command -v tofu); then
    :
  fi
fi
if [ -z "$engine" ]; then
  [ -x "$tofu_bin" ] || build_opentofu
  engine=$tofu_bin
fi
# The CLI config: providers from the mirror, anything else from the network as usual. Both
# registry hosts are listed because OpenTofu resolves "hashicorp/null" on registry.opentofu.org.
# tfkit/* is the repository's own example provider (tfkit/docstore).
rc=$TFKIT_CACHE/terraformrc
mkdir -p "$TFKIT_CACHE"
cat >"$rc.tmp" <<EOF
# Written by tfkit's scripts/install-engine.sh; use as TF_CLI_CONFIG_FILE.
provider_installation {
  filesystem_mirror {
    path    = "$TFKIT_PROVIDER_MIRROR"
    include = [
      "registry.terraform.io/hashicorp/*",
      "registry.terraform.io/kreuzwerker/*",
      "registry.terraform.io/tfkit/*",
      "registry.opentofu.org/hashicorp/*",
      "registry.opentofu.org/kreuzwerker/*",
      "registry.opentofu.org/tfkit/*",
    ]
  }
  direct {
    exclude = [
      "registry.terraform.io/hashicorp/*",
      "registry.terraform.io/kreuzwerker/*",
      "registry.terraform.io/tfkit/*",
      "registry.opentofu.org/hashicorp/*",
      "registry.opentofu.org/kreuzwerker/*",
      "registry.opentofu.org/tfkit/*",
    ]
  }
}
EOF
mv "$rc.tmp" "$rc"

# An engine that cannot report its version is no engine (a broken download, a wrong platform).
# It runs with the config just written: the machine's TF_CLI_CONFIG_FILE may name a missing file.
out=$(TF_CLI_CONFIG_FILE=$rc CHECKPOINT_DISABLE=1 "$engine" version 2>&1) || die "$engine version failed: $out"
log "engine: $engine (${out%%$'\n'*})"
log "CLI config: $rc"
echo "$engine"
