package controller

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/config"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// testScheme is client-go's scheme with the kinds of adds.
func testScheme(t *testing.T, adds ...func(*runtime.Scheme) error) *runtime.Scheme {
	t.Helper()
	scheme := runtime.NewScheme()
	for _, add := range append([]func(*runtime.Scheme) error{clientgoscheme.AddToScheme}, adds...) {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	return scheme
}

// testManager is a manager of o serving no metrics or health endpoints;
// its controllers may have the names other tests of this process give
// theirs (the example's).
func testManager(t *testing.T, cfg *rest.Config, o ctrl.Options) ctrl.Manager {
	t.Helper()
	skip := true
	o.Metrics = metricsserver.Options{BindAddress: "0"}
	o.HealthProbeBindAddress = "0"
	o.Controller = ctrlconfig.Controller{SkipNameValidation: &skip}
	mgr, err := ctrl.NewManager(cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	return mgr
}

// runManager runs mgr until the test ends, when cancel stops it; an error
// it returns fails the test.
func runManager(t *testing.T, ctx context.Context, cancel context.CancelFunc, mgr ctrl.Manager) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("manager: %v", err)
		}
	})
}

// testClient is a client of the API server at cfg that reads and writes
// the types of scheme directly, without a cache.
func testClient(t *testing.T, cfg *rest.Config, scheme *runtime.Scheme) client.Client {
	t.Helper()
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
