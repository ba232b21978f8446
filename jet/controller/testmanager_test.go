package controller

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
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
