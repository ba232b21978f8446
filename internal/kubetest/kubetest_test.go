package kubetest

import (
	"net"
	"testing"

	"k8s.io/client-go/discovery"
	"k8s.io/client-go/tools/clientcmd"
)

// TestStart starts the server and reaches it both through Config and
// through the kubeconfig file, which reports the version the install
// script builds.
func TestStart(t *testing.T) {
	env := Start(t)
	dc, err := discovery.NewDiscoveryClientForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	v, err := dc.ServerVersion()
	if err != nil {
		t.Fatal(err)
	}
	if v.GitVersion != KubeVersion {
		t.Errorf("server version %s, want %s", v.GitVersion, KubeVersion)
	}
	cfg, err := clientcmd.BuildConfigFromFlags("", env.Kubeconfig)
	if err != nil {
		t.Fatal(err)
	}
	dc2, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dc2.ServerGroups(); err != nil {
		t.Errorf("through the kubeconfig: %v", err)
	}
}

// TestAssetsMissing: without binaries the test is skipped (failed under
// TFKIT_REQUIRE_KUBE=1, which this test cannot show without failing).
func TestAssetsMissing(t *testing.T) {
	t.Setenv(EnvAssets, t.TempDir())
	t.Setenv(EnvKubebuilder, "")
	t.Setenv(EnvCache, t.TempDir())
	t.Setenv(EnvRequireKube, "")
	skipped := true
	t.Run("inner", func(t *testing.T) {
		Assets(t)
		skipped = false
	})
	if !skipped {
		t.Error("Assets returned without binaries")
	}
}

// TestStartAgainWhenAPortIsTaken: a port chosen free that another process
// takes before etcd binds it makes the servers start again on other ports.
func TestStartAgainWhenAPortIsTaken(t *testing.T) {
	Assets(t)
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	first := true
	pickPort = func() (int, error) {
		if first {
			first = false
			return taken.Addr().(*net.TCPAddr).Port, nil
		}
		return freePort()
	}
	defer func() { pickPort = freePort }()
	env := Start(t)
	dc, err := discovery.NewDiscoveryClientForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dc.ServerVersion(); err != nil {
		t.Fatal(err)
	}
	if first {
		t.Error("the taken port was never given")
	}
}
