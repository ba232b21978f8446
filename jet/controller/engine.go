package controller

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/metrics"

	"github.com/tfkit/tfkit/runner"
)

var (
	metricEngines = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "tfkit_jet_engine_processes",
		Help: "Engine (terraform or tofu) processes running now.",
	})
	metricEngineRuns = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "tfkit_jet_engine_runs_total",
		Help: "Engine commands run.",
	})
	metricEngineWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "tfkit_jet_engine_wait_seconds",
		Help:    "Time a reconcile waited for a free engine slot.",
		Buckets: prometheus.ExponentialBuckets(0.01, 4, 8),
	})
	metricWorkspaces = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "tfkit_jet_workspaces",
		Help: "Workspace directories the manager created and has not removed, since it started.",
	})
)

func init() {
	metrics.Registry.MustRegister(metricEngines, metricEngineRuns, metricEngineWait, metricWorkspaces, metricProviders, metricProviderStarts, metricOperations)
}

// engines runs engine commands, at most cap of them at once.
type engines struct {
	path   string
	flavor runner.Flavor
	env    map[string]string
	slots  chan struct{}
	// prov are the shared provider plugins; nil when every command starts
	// its own.
	prov *providers
	// installing is held by an init that may install a provider into the
	// plugin cache, which Terraform does not make safe for concurrent
	// installs of one provider (the second fails with "failed to create
	// directory ...: file exists"): the first of each provider
	// configuration, until one succeeded (installed holds their keys).
	// Inits after it link from the cache, in parallel.
	installing sync.Mutex
	installed  sync.Map
}

func newEngines(ctx context.Context, explicit, root string, max int, shared bool) (*engines, error) {
	path, err := runner.Find(explicit, os.Environ())
	if err != nil {
		return nil, err
	}
	e, err := runner.Probe(ctx, path, os.Environ())
	if err != nil {
		return nil, err
	}
	log.FromContext(ctx).Info("engine found", "path", path, "flavor", string(e.Flavor), "version", e.Version.String())
	all := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			all[k] = v
		}
	}
	env := tfexec.CleanEnv(all)
	// One copy of each provider for every workspace: init links from here.
	cache := filepath.Join(root, ".plugin-cache")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		return nil, err
	}
	env["TF_PLUGIN_CACHE_DIR"] = cache
	env["TF_PLUGIN_CACHE_MAY_BREAK_DEPENDENCY_LOCK_FILE"] = "true"
	env["CHECKPOINT_DISABLE"] = "1"
	if max < 1 {
		max = 1
	}
	eng := &engines{path: path, flavor: e.Flavor, env: env, slots: make(chan struct{}, max)}
	if shared {
		var penv []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "TF_REATTACH_PROVIDERS=") {
				penv = append(penv, kv)
			}
		}
		eng.prov = newProviders(root, penv, 0)
	}
	return eng, nil
}

// run runs f, which runs engine commands, once a slot is free.
func (e *engines) run(ctx context.Context, f func(context.Context) error) error {
	t := prometheus.NewTimer(metricEngineWait)
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	t.ObserveDuration()
	metricEngines.Inc()
	metricEngineRuns.Inc()
	defer func() {
		metricEngines.Dec()
		<-e.slots
	}()
	return f(ctx)
}
