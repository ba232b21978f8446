// Command provider is the manager of the example's managed resources: it
// reconciles the random, local, time and null kinds by running terraform
// or tofu, one workspace per object.
//
//	provider [--kubeconfig FILE] [--workdir DIR] [--poll 1m] [--max-reconcile-rate 10]
//	         [--max-engines 4] [--timeout 5m] [--leader-elect] [--metrics-addr :8080]
//	         [--health-addr :8081] [--shared-providers=false] [--kube-api-qps 50]
//	         [--kube-api-burst 100]
//
// Without --kubeconfig it uses $KUBECONFIG or the in-cluster configuration.
// The engine is found as the rest of tfkit finds it ($TFKIT_TERRAFORM,
// terraform, tofu on PATH), providers through TF_CLI_CONFIG_FILE.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/go-logr/logr/funcr"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/clientcmd"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/tfkit/tfkit/examples/jet-provider/apis"
	exampleconfig "github.com/tfkit/tfkit/examples/jet-provider/config"
	"github.com/tfkit/tfkit/examples/jet-provider/controller"
	jetcontroller "github.com/tfkit/tfkit/jet/controller"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "provider:", err)
		os.Exit(1)
	}
}

func run() error {
	// A flag set of our own: controller-runtime registers its own
	// --kubeconfig on the global one.
	fs := flag.NewFlagSet("provider", flag.ExitOnError)
	var (
		kubeconfig  = fs.String("kubeconfig", "", "kubeconfig file (default $KUBECONFIG, else in-cluster)")
		workdir     = fs.String("workdir", filepath.Join(os.TempDir(), "tfkit-jet"), "directory of the per-object workspaces (keep it on a volume to keep state across restarts)")
		poll        = fs.Duration("poll", time.Minute, "how often an up-to-date object is observed again")
		rate        = fs.Int("max-reconcile-rate", 10, "reconciles per second, and concurrent reconciles per kind")
		engines     = fs.Int("max-engines", 4, "engine processes running at once")
		timeout     = fs.Duration("timeout", 5*time.Minute, "time limit of one reconcile, and of one background apply or destroy")
		leader      = fs.Bool("leader-elect", false, "elect a leader, so that only one of several replicas is active")
		leaderNS    = fs.String("leader-election-namespace", "", "namespace of the leader-election lease (default: the pod's own)")
		metricsAddr = fs.String("metrics-addr", ":8080", "address of the Prometheus metrics endpoint (0 turns it off)")
		healthAddr  = fs.String("health-addr", ":8081", "address of the /healthz and /readyz probes (0 turns them off)")
		shared      = fs.Bool("shared-providers", true, "run one provider plugin per provider that every plan attaches to, rather than one per engine command")
		qps         = fs.Float64("kube-api-qps", 50, "requests per second to the API server (client-side limit)")
		burst       = fs.Int("kube-api-burst", 100, "requests in a burst to the API server")
		verbose     = fs.Bool("debug", false, "log every reconcile")
	)
	if err := fs.Parse(os.Args[1:]); err != nil {
		return err
	}
	// Before anything starts: a second manager on the host would
	// otherwise run its controllers, and reconcile, before its metrics
	// server fails to listen.
	for _, a := range []struct{ flag, addr string }{{"metrics-addr", *metricsAddr}, {"health-addr", *healthAddr}} {
		if err := listenable(a.flag, a.addr); err != nil {
			return err
		}
	}
	verbosity := 0
	if *verbose {
		verbosity = 1
	}
	log.SetLogger(funcr.New(func(prefix, args string) {
		fmt.Fprintln(os.Stderr, time.Now().UTC().Format(time.RFC3339), prefix, args)
	}, funcr.Options{Verbosity: verbosity}))
	if !*leader {
		log.Log.Info("leader election is off: another manager of this cluster would reconcile the same objects at the same time; give every manager --leader-elect, or run only one")
	}

	var cfgErr error
	restCfg, cfgErr := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if *kubeconfig == "" {
		restCfg, cfgErr = ctrl.GetConfig()
	}
	if cfgErr != nil {
		return cfgErr
	}
	// client-go's default (5 per second) would make API writes, several
	// per create, the bottleneck of many objects.
	restCfg.QPS, restCfg.Burst = float32(*qps), *burst
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return err
	}
	if err := apis.AddToScheme(scheme); err != nil {
		return err
	}
	mgr, err := ctrl.NewManager(restCfg, ctrl.Options{
		Scheme:                  scheme,
		LeaderElection:          *leader,
		LeaderElectionID:        "tfkit-jet-provider-example",
		LeaderElectionNamespace: *leaderNS,
		Metrics:                 metricsserver.Options{BindAddress: *metricsAddr},
		HealthProbeBindAddress:  *healthAddr,
	})
	if err != nil {
		return err
	}
	if *healthAddr != "0" {
		if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
			return err
		}
		if err := mgr.AddReadyzCheck("ping", healthz.Ping); err != nil {
			return err
		}
	}
	p, err := exampleconfig.Provider()
	if err != nil {
		return err
	}
	built, diags := p.Build()
	if diags.HasErrors() {
		return diags
	}
	ctx := ctrl.SetupSignalHandler()
	if err := jetcontroller.Setup(ctx, mgr, controller.Registrations(), jetcontroller.Options{
		WorkDir:           *workdir,
		MaxEngines:        *engines,
		MaxReconcileRate:  *rate,
		Poll:              *poll,
		Timeout:           *timeout,
		Resources:         built,
		SeparateProviders: !*shared,
	}); err != nil {
		return err
	}
	return mgr.Start(context.Context(ctx))
}

// listenable checks that the address of flag can be listened on ("0" is
// off), naming the flag to change when it cannot.
func listenable(flag, addr string) error {
	if addr == "0" {
		return nil
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--%s %s: %w; another process (another manager?) listens there: give this manager another --%s, or --%s 0 to turn it off", flag, addr, err, flag, flag)
	}
	return l.Close()
}
