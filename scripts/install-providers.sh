#!/usr/bin/env bash
# Builds the Terraform providers the tests use from the Go module proxy and lays them out as a
# filesystem mirror that both Terraform and OpenTofu read:
#
#   $TFKIT_PROVIDER_MIRROR/registry.terraform.io/hashicorp/random/3.9.0/linux_amd64/terraform-provider-random_v3.9.0
#   $TFKIT_PROVIDER_MIRROR/registry.opentofu.org/hashicorp/random/3.9.0/linux_amd64/...  (a copy)
#
# Why build: the machines reach no provider registry, only the Go module proxy. Why a mirror
# rather than dev_overrides: with a mirror, init, lock files and version constraints behave as
# they do for users.
#
# Usage: scripts/install-providers.sh [--docker] [--aws] [--all]
#   default: null 2.1.2, random 3.9.0, local 2.9.0, time 0.14.2 (about 1.5 min cold)
#   --docker adds kreuzwerker/docker 4.6.0 (about 3 min, 1.4 GB peak)
#   --aws    adds hashicorp/aws 3.3.0      (about 4 min, 3.1 GB peak, 196 MB binary)
#
# Always (a few seconds with a warm build cache): tfkit/docstore, the example provider of this
# repository (examples/provider-docstore), built from the working tree so that it is current.
#
# Idempotent: a provider already in the mirror is skipped (the local example is rebuilt and
# replaced when it changed). Prints the mirror path on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

want_docker=0
want_aws=0
for arg in "$@"; do
  case $arg in
  --docker) want_docker=1 ;;
  --aws) want_aws=1 ;;
  --all) want_docker=1 want_aws=1 ;;
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *) die "unknown argument $arg (try --help)" ;;
  esac
done

# One line per provider: namespace name version how module@version.
# how is "install" (go install MODULE@VERSION), "wrapper" (a throw-away module that requires
# MODULE and builds it; needed when the provider's own go.mod cannot be used by go install) or
# "local" (a package of this repository, ./PATH, rebuilt on every run).
# The module versions are the ones the proxy serves that match each release (ENVIRONMENT.md).
providers=(
  "hashicorp null 2.1.2 install github.com/terraform-providers/terraform-provider-null@v1.0.1-0.20190430203517-8d3d85a60e20"
  "hashicorp random 3.9.0 install github.com/terraform-providers/terraform-provider-random@v1.3.2-0.20260513075824-f8d869dc98d9"
  "hashicorp local 2.9.0 install github.com/terraform-providers/terraform-provider-local@v1.4.1-0.20260513075820-3561e410f9fe"
  "hashicorp time 0.14.2 install github.com/hashicorp/terraform-provider-time@v0.14.2"
)
# Keep the version equal to docstore.Version in examples/provider-docstore/docstore.
providers+=("tfkit docstore 0.1.0 local ./examples/provider-docstore")
if [ "$want_docker" = 1 ]; then
  # kreuzwerker's repository still declares the old module path, hence the replace.
  providers+=("kreuzwerker docker 4.6.0 wrapper github.com/terraform-providers/terraform-provider-docker@v0.0.0-00010101000000-000000000000")
fi
if [ "$want_aws" = 1 ]; then
  providers+=("hashicorp aws 3.3.0 wrapper github.com/terraform-providers/terraform-provider-aws@v1.60.1-0.20200820211857-51f8bae0d4ee")
fi

wrapper_extra() { # name -> extra go.mod lines for its wrapper module
  case $1 in
  docker) echo "replace github.com/terraform-providers/terraform-provider-docker => github.com/kreuzwerker/terraform-provider-docker v0.0.0-20260916201441-96d331c98ff4" ;;
  esac
}

plat=$(platform)
build_root=$TFKIT_CACHE/providers
mkdir -p "$build_root" "$TFKIT_PROVIDER_MIRROR"
# -trimpath makes the binaries byte-identical across builds and machines.
goflags="${GOFLAGS:-} -trimpath"

# build NAME VERSION HOW MODULE@VERSION OUTFILE: leaves the provider binary at OUTFILE.
build() {
  local name=$1 version=$2 how=$3 modver=$4 out=$5
  local module=${modver%@*} modversion=${modver#*@}
  case $how in
  install)
    local gobin=$build_root/gobin/$name-$version
    mkdir -p "$gobin"
    GOBIN=$gobin GOFLAGS=$goflags go install "$modver"
    mv "$gobin/terraform-provider-$name" "$out"
    ;;
  wrapper)
    local dir=$build_root/wrapper/$name-$version
    rm -rf "$dir"
    mkdir -p "$dir"
    {
      echo "module tfkit.invalid/build/terraform-provider-$name"
      echo
      echo "go $(go env GOVERSION | sed 's/^go//')"
      echo
      echo "require $module $modversion"
      echo
      echo "tool $module"
      wrapper_extra "$name"
    } >"$dir/go.mod"
    (cd "$dir" && GOFLAGS=$goflags go mod tidy && GOFLAGS=$goflags go build -o "$out" "$module")
    ;;
  local)
    GOFLAGS=$goflags go build -o "$out" "$modver"
    ;;
  *) die "unknown build kind $how" ;;
  esac
}

start=$(date +%s)
built=0
for line in "${providers[@]}"; do
  read -r ns name version how modver <<<"$line"
  file=terraform-provider-${name}_v$version
  rel=$ns/$name/$version/$plat/$file
  tf=$TFKIT_PROVIDER_MIRROR/registry.terraform.io/$rel
  tofu=$TFKIT_PROVIDER_MIRROR/registry.opentofu.org/$rel
  if [ "$how" = local ]; then
    mkdir -p "$(dirname "$tf")"
    build "$name" "$version" "$how" "$modver" "$tf.tmp"
    chmod 0755 "$tf.tmp"
    if cmp -s "$tf.tmp" "$tf"; then
      rm "$tf.tmp"
    else
      mv "$tf.tmp" "$tf"
      built=$((built + 1))
      log "built $ns/$name $version from $modver"
    fi
  elif [ ! -x "$tf" ]; then
    log "building $ns/$name $version from $modver"
    t0=$(date +%s)
    mkdir -p "$(dirname "$tf")"
    # Build to a temporary name and rename, so an interrupted run never leaves half a binary
    # that a later run would take as done.
    build "$name" "$version" "$how" "$modver" "$tf.tmp"
    chmod 0755 "$tf.tmp"
    mv "$tf.tmp" "$tf"
    built=$((built + 1))
    log "built $ns/$name $version in $(seconds_since "$t0")s"
  fi
  # OpenTofu looks under its own registry host; it must be a real copy, not a symlink.
  if [ ! -x "$tofu" ] || ! cmp -s "$tf" "$tofu"; then
    mkdir -p "$(dirname "$tofu")"
    cp "$tf" "$tofu.tmp"
    mv "$tofu.tmp" "$tofu"
  fi
done

if [ "$built" = 0 ]; then
  log "all ${#providers[@]} providers already in $TFKIT_PROVIDER_MIRROR"
else
  log "built $built provider(s) in $(seconds_since "$start")s into $TFKIT_PROVIDER_MIRROR"
fi
echo "$TFKIT_PROVIDER_MIRROR"
