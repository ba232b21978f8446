#!/usr/bin/env bash
# Provides the Terraform engines the tests run: the engine tfkit finds first (terraform or
# OpenTofu) and OpenTofu besides it, built from the Go module proxy and cached when the machine
# has none, so that the engine tests run under both. Writes a CLI config file that points the
# engines at the provider mirror of install-providers.sh. Prints the first engine's path on
# stdout (with --opentofu, OpenTofu's).
#
# First engine: $TFKIT_TERRAFORM, `terraform` on PATH, `tofu` on PATH, else OpenTofu.
# OpenTofu: `tofu` on PATH, else OpenTofu $TFKIT_OPENTOFU_VERSION built into the cache (about
# 5 min and 2.2 GB peak on two quiet cores, once; a lock keeps two runs from building it twice).
#
# Usage: scripts/install-engine.sh [--opentofu | --no-opentofu]
#   --opentofu     OpenTofu only: ignore TFKIT_TERRAFORM and PATH, use (building if needed) the
#                  cached build; scripts/test.sh runs this beside the other installs.
#   --no-opentofu  the first engine only, building OpenTofu only when there is no other.
#
# Writes $TFKIT_CACHE/terraformrc (use it as TF_CLI_CONFIG_FILE). Terraform itself cannot be
# built from the module proxy; OpenTofu can, through a throw-away wrapper module, because its
# go.mod has a replace directive that `go install` refuses.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

only_opentofu=0
want_opentofu=1
for arg in "$@"; do
  case $arg in
  --opentofu) only_opentofu=1 ;;
  --no-opentofu) want_opentofu=0 ;;
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
    # -mod=mod resolves the requirements the build needs while building, instead of a
    # `go mod tidy` first: tidy also fetches the modules of OpenTofu's dependencies' tests and
    # of other platforms (306 modules against the 252 the build needs), and the binary is the
    # same byte for byte.
    # version.dev=no is what OpenTofu's release builds set: without it the binary calls itself
    # a prerelease (v1.12.6-dev).
    GOFLAGS="${GOFLAGS:-} -mod=mod -trimpath" go build -o "$tofu_bin.tmp" \
      -ldflags "-X github.com/opentofu/opentofu/version.dev=no" github.com/opentofu/opentofu/cmd/tofu
  )
  mv "$tofu_bin.tmp" "$tofu_bin"
  rm -rf "$src"
  log "built OpenTofu in $(seconds_since "$t0")s"
}

# ensure_opentofu builds OpenTofu into the cache unless it is there. Two runs sharing a cache
# (scripts/test.sh runs this script twice, once in the background) build it once: the second
# waits on the lock and finds the binary.
ensure_opentofu() {
  [ -x "$tofu_bin" ] && return 0
  mkdir -p "$tofu_dir"
  if command -v flock >/dev/null; then
    exec 9>"$tofu_dir.lock"
    flock 9
  fi
  [ -x "$tofu_bin" ] || build_opentofu
  exec 9>&-
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
# OpenTofu besides the first engine: tofu on PATH, else the cached build.
opentofu=
if [ "$only_opentofu" = 1 ] || [ "$want_opentofu" = 1 ] || [ -z "$engine" ]; then
  if [ "$only_opentofu" = 0 ] && opentofu=$(command -v tofu); then
    :
  else
    ensure_opentofu
    opentofu=$tofu_bin
  fi
fi
[ -n "$engine" ] || engine=$opentofu
[ "$only_opentofu" = 0 ] || engine=$opentofu
# The CLI config: providers from the mirror, anything else from the network as usual. Both
# registry hosts are listed because OpenTofu resolves "hashicorp/null" on registry.opentofu.org.
# tfkit/* is the repository's own example provider (tfkit/docstore).
rc=$TFKIT_CACHE/terraformrc
mkdir -p "$TFKIT_CACHE"
rc_tmp=$(mktemp "$rc.XXXXXX")
cat >"$rc_tmp" <<EOF
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
chmod 0644 "$rc_tmp"
mv "$rc_tmp" "$rc"

# An engine that cannot report its version is no engine (a broken download, a wrong platform).
# It runs with the config just written: the machine's TF_CLI_CONFIG_FILE may name a missing file.
check() { # LABEL PATH
  local out
  out=$(TF_CLI_CONFIG_FILE=$rc CHECKPOINT_DISABLE=1 "$2" version 2>&1) || die "$2 version failed: $out"
  log "$1: $2 (${out%%$'\n'*})"
}
check engine "$engine"
if [ -n "$opentofu" ] && [ "$opentofu" != "$engine" ]; then
  check OpenTofu "$opentofu"
fi
log "CLI config: $rc"
echo "$engine"
