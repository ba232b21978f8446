// Package kubetest starts a real Kubernetes API server (kube-apiserver
// with its own etcd) for tests, on free loopback ports, and hands back a
// client configuration and a kubeconfig file. The binaries come from
// scripts/install-kube.sh: $TFKIT_KUBE_ASSETS, else $KUBEBUILDER_ASSETS,
// else the directory that script builds into under the cache.
//
// Tests using it are skipped under -short and when the binaries are
// missing, and fail instead when TFKIT_REQUIRE_KUBE=1 (scripts/test.sh
// sets it after installing them), so a broken install step cannot pass as
// a skip. There is no controller-manager: nothing garbage-collects or
// finalizes namespaces.
//
// This package must never be imported by non-test code.
package kubetest
