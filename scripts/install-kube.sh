#!/usr/bin/env bash
# Builds a real Kubernetes API server and etcd from the Go module proxy for the tests that need
# one (the jet CRD tests), and prints the directory holding both binaries on stdout. That
# directory works as KUBEBUILDER_ASSETS and as TFKIT_KUBE_ASSETS (see internal/kubetest).
#
# Versions: kube-apiserver $TFKIT_KUBE_VERSION (default v1.31.0, matching the k8s.io/* v0.31
# libraries the jet packages use) and etcd $TFKIT_ETCD_VERSION (default 3.5.17). The first run
# takes about 10 minutes on two busy cores; later runs find the binaries in the cache at once.
#
# Usage: scripts/install-kube.sh
#
# kube-apiserver cannot be built with `go install`: k8s.io/kubernetes points its k8s.io/*
# modules at its own staging/ directory with replace lines. A throw-away module requires it and
# turns each of those lines into the published module at the matching v0.x version.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

for arg in "$@"; do
  case $arg in
  -h | --help)
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *) die "unknown argument $arg (try --help)" ;;
  esac
done

kube_version=${TFKIT_KUBE_VERSION:-v1.31.0}
etcd_version=${TFKIT_ETCD_VERSION:-3.5.17}
dir=$TFKIT_CACHE/kube/kube-apiserver-$kube_version-etcd-$etcd_version

# The staging modules are published as v0.<minor>.<patch> for Kubernetes v1.<minor>.<patch>.
staging_version=v0.${kube_version#v1.}

build_apiserver() {
  local src=$dir/src-apiserver t0
  t0=$(date +%s)
  log "building kube-apiserver $kube_version into $dir (about 10 min, once)"
  rm -rf "$src"
  mkdir -p "$src"
  local kmod
  kmod=$(cd "$src" && GOFLAGS=-mod=mod go mod download -json "k8s.io/kubernetes@$kube_version" |
    sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')
  [ -f "$kmod" ] || die "could not download k8s.io/kubernetes@$kube_version from the module proxy"
  {
    echo "module tfkit.invalid/build/kube-apiserver"
    echo
    # The go line of k8s.io/kubernetes itself: newer ones change defaults it was not built for.
    grep -m1 '^go ' "$kmod"
    echo
    echo "require k8s.io/kubernetes $kube_version"
    echo
    echo "replace ("
    sed -n '/^replace (/,/^)/p' "$kmod" |
      sed -n "s|^[[:space:]]*\(k8s.io/[^ ]*\) => ./staging/src/.*|	\1 => \1 $staging_version|p"
    echo ")"
  } >"$src/go.mod"
  cat >"$src/tools.go" <<'GO'
//go:build tools

package tools

import _ "k8s.io/kubernetes/cmd/kube-apiserver"
GO
  (
    cd "$src"
    go mod tidy
    # Without the version stamp the server reports v0.0.0, which clients refuse to trust for
    # feature detection.
    GOFLAGS="${GOFLAGS:-} -trimpath" go build -o "$dir/kube-apiserver.tmp" \
      -ldflags "-X k8s.io/component-base/version.gitVersion=$kube_version" \
      k8s.io/kubernetes/cmd/kube-apiserver
  )
  mv "$dir/kube-apiserver.tmp" "$dir/kube-apiserver"
  rm -rf "$src"
  log "built kube-apiserver in $(seconds_since "$t0")s"
}

build_etcd() {
  local src=$dir/src-etcd t0
  t0=$(date +%s)
  log "building etcd $etcd_version into $dir (a few minutes, once)"
  rm -rf "$src"
  mkdir -p "$src"
  cat >"$src/go.mod" <<GOMOD
module tfkit.invalid/build/etcd

go 1.22

require go.etcd.io/etcd/server/v3 v$etcd_version
GOMOD
  cat >"$src/tools.go" <<'GO'
//go:build tools

package tools

import _ "go.etcd.io/etcd/server/v3"
GO
  (
    cd "$src"
    go mod tidy
    GOFLAGS="${GOFLAGS:-} -trimpath" go build -o "$dir/etcd.tmp" go.etcd.io/etcd/server/v3
  )
  mv "$dir/etcd.tmp" "$dir/etcd"
  rm -rf "$src"
  log "built etcd in $(seconds_since "$t0")s"
}

mkdir -p "$dir"
[ -x "$dir/etcd" ] || build_etcd
[ -x "$dir/kube-apiserver" ] || build_apiserver
"$dir/kube-apiserver" --version >&2
echo "$dir"
