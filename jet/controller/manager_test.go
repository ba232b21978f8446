package controller

import (
	"context"
	"flag"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/tfkit/tfkit/internal/kubetest"
)

// TestTwoManagersOneHost: two managers in one process, with the endpoints
// of the flags' defaults, both start and run (controller-runtime's own
// default would give both :8080); a manager given its addresses serves
// metrics and probes there, and another manager given the same metrics
// address is refused before it starts, naming the flag.
func TestTwoManagersOneHost(t *testing.T) {
	kubetest.SkipShort(t)
	env := kubetest.Start(t)
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	start := func(e Endpoints) {
		t.Helper()
		if err := e.Check(); err != nil {
			t.Fatal(err)
		}
		mgr, err := ctrl.NewManager(env.Config, e.ManagerOptions(ctrl.Options{Scheme: scheme}))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.AddProbes(mgr); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- mgr.Start(ctx) }()
		t.Cleanup(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("manager: %v", err)
			}
		})
		select {
		case <-mgr.Elected():
		case err := <-done:
			t.Fatalf("manager: %v", err)
		case <-time.After(30 * time.Second):
			t.Fatal("the manager did not start")
		}
		select {
		case err := <-done:
			t.Fatalf("manager: %v", err)
		case <-time.After(500 * time.Millisecond):
		}
	}

	for i := range 2 {
		var e Endpoints
		fs := flag.NewFlagSet("manager", flag.ContinueOnError)
		e.RegisterFlags(fs)
		if err := fs.Parse(nil); err != nil {
			t.Fatal(err)
		}
		if e.ManagerOptions(ctrl.Options{}).Metrics.BindAddress != "0" {
			t.Fatalf("manager %d: metrics on %q by default", i+1, e.Metrics)
		}
		start(e)
	}

	metrics, health := freeAddr(t), freeAddr(t)
	var e Endpoints
	fs := flag.NewFlagSet("manager", flag.ContinueOnError)
	e.RegisterFlags(fs)
	if err := fs.Parse([]string{"--metrics-addr", metrics, "--health-addr", health}); err != nil {
		t.Fatal(err)
	}
	start(e)
	for _, u := range []string{"http://" + metrics + "/metrics", "http://" + health + "/readyz"} {
		rsp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(rsp.Body)
		rsp.Body.Close()
		if rsp.StatusCode != http.StatusOK {
			t.Errorf("%s: %s\n%s", u, rsp.Status, body)
		}
	}
	err := Endpoints{Metrics: metrics}.Check()
	if err == nil || !strings.Contains(err.Error(), "--metrics-addr "+metrics+": ") || !strings.Contains(err.Error(), "give this manager another --metrics-addr, or --metrics-addr 0 to turn it off") {
		t.Errorf("the same metrics address again: %v", err)
	}
}

// freeAddr is a loopback address no one listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
