package controller

import (
	"flag"
	"fmt"
	"net"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
)

// Endpoints are the addresses a manager listens on: its Prometheus metrics
// and its /healthz and /readyz probes. "" or "0" is off, which is the
// default: controller-runtime's own default serves metrics on :8080, so
// that a second manager on the host could not start ("address already in
// use").
type Endpoints struct {
	// Metrics is the address of the metrics endpoint, such as ":8080".
	Metrics string
	// Health is the address of the probes, such as ":8081".
	Health string
}

// RegisterFlags adds --metrics-addr and --health-addr to fs, both off
// unless given.
func (e *Endpoints) RegisterFlags(fs *flag.FlagSet) {
	fs.StringVar(&e.Metrics, "metrics-addr", "0", "address of the Prometheus metrics endpoint, such as :8080 (0 turns it off)")
	fs.StringVar(&e.Health, "health-addr", "0", "address of the /healthz and /readyz probes, such as :8081 (0 turns them off)")
}

// ManagerOptions returns o with the addresses of e: metrics and probes
// only where e says.
func (e Endpoints) ManagerOptions(o ctrl.Options) ctrl.Options {
	o.Metrics.BindAddress = off(e.Metrics)
	o.HealthProbeBindAddress = off(e.Health)
	return o
}

// Check says, before the manager starts anything, whether each address
// that is on can be listened on, naming the flag to change when it cannot.
func (e Endpoints) Check() error {
	for _, a := range []struct{ flag, addr string }{{"metrics-addr", e.Metrics}, {"health-addr", e.Health}} {
		if off(a.addr) == "0" {
			continue
		}
		l, err := net.Listen("tcp", a.addr)
		if err != nil {
			return fmt.Errorf("--%s %s: %w; another process (another manager?) listens there: give this manager another --%s, or --%s 0 to turn it off", a.flag, a.addr, err, a.flag, a.flag)
		}
		l.Close()
	}
	return nil
}

// AddProbes adds the ping checks of /healthz and /readyz to mgr when the
// probes are on.
func (e Endpoints) AddProbes(mgr ctrl.Manager) error {
	if off(e.Health) == "0" {
		return nil
	}
	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return err
	}
	return mgr.AddReadyzCheck("ping", healthz.Ping)
}

// off is addr, "0" (off) when empty.
func off(addr string) string {
	if addr == "" {
		return "0"
	}
	return addr
}
