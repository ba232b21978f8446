package controller

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-exec/tfexec"
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/tfkit/tfkit/internal/plugin"
)

var (
	metricProviders = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "tfkit_jet_provider_processes",
		Help: "Shared provider plugin processes running now.",
	})
	metricProviderStarts = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "tfkit_jet_provider_starts_total",
		Help: "Shared provider plugin processes started (a restart after a plugin died counts again).",
	})
)

// providers keeps one running plugin process per provider binary, which
// every plan and show attaches to (TF_REATTACH_PROVIDERS) instead of
// starting the plugin itself: a reconcile then costs a plan, not a plugin
// start. A plugin that died is started again by the next command that
// needs it. Applies and destroys do not attach (see applyDetached).
//
// Sharing is sound because every workspace configures the provider alike:
// main.tf.json holds no provider block, so every engine sends the same
// (empty) provider configuration.
type providers struct {
	dir   string   // working directory of the plugins
	env   []string // their environment
	spawn *plugin.Spawner

	mu     sync.Mutex
	procs  map[string]*plugin.Process // by binary path
	closed bool
}

func newProviders(dir string, env []string) *providers {
	return &providers{dir: dir, env: env, spawn: plugin.NewSpawner(), procs: map[string]*plugin.Process{}}
}

// attached is a provider a command attaches to.
type attached struct {
	proc *plugin.Process
	info tfexec.ReattachInfo
}

// died says whether the plugin the command attached to has ended since.
func (a *attached) died() bool {
	select {
	case <-a.proc.Done():
		return true
	default:
		return false
	}
}

// get returns the running plugin of the provider installed in the
// workspace dir (by init, under .terraform/providers), starting it when
// none runs or the last one died. It returns nil and no error when the
// workspace has no installed provider to share.
func (ps *providers) get(ctx context.Context, dir string) (*attached, error) {
	addr, bin, ok := installedProvider(dir)
	if !ok {
		return nil, nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.closed {
		return nil, fmt.Errorf("provider plugins: shutting down")
	}
	p := ps.procs[bin]
	if p != nil {
		select {
		case <-p.Done():
			log.FromContext(ctx).Info("shared provider plugin ended; starting it again", "provider", addr, "pid", p.Pid, "error", fmt.Sprint(p.Err()))
			metricProviders.Dec()
			p = nil
		default:
		}
	}
	if p == nil {
		var err error
		if p, err = ps.spawn.Launch(bin, ps.dir, ps.env); err != nil {
			return nil, err
		}
		ps.procs[bin] = p
		metricProviders.Inc()
		metricProviderStarts.Inc()
		log.FromContext(ctx).V(1).Info("shared provider plugin started", "provider", addr, "pid", p.Pid, "protocol", p.Protocol, "took", p.Started.String())
	}
	cfg := p.ReattachConfig()
	return &attached{proc: p, info: tfexec.ReattachInfo{addr: tfexec.ReattachConfig{
		Protocol: cfg.Protocol, ProtocolVersion: cfg.ProtocolVersion, Pid: cfg.Pid, Test: cfg.Test,
		Addr: tfexec.ReattachConfigAddr{Network: cfg.Addr.Network, String: cfg.Addr.String},
	}}}, nil
}

// attach runs f, an engine command, with the reattach value of the
// workspace's shared provider (nil when providers are not shared or the
// workspace has none installed). When the command fails because the plugin
// died under it, it runs once more with a new plugin.
func (ps *providers) attach(ctx context.Context, dir string, f func(tfexec.ReattachInfo) error) error {
	if ps == nil {
		return f(nil)
	}
	a, err := ps.get(ctx, dir)
	if err != nil {
		return err
	}
	if a == nil {
		return f(nil)
	}
	err = f(a.info)
	if err != nil && a.died() && ctx.Err() == nil {
		if a, gerr := ps.get(ctx, dir); gerr == nil && a != nil {
			err = f(a.info)
		}
	}
	return err
}

// close stops every plugin and starts no more.
func (ps *providers) close() {
	ps.mu.Lock()
	ps.closed = true
	procs := ps.procs
	ps.procs = map[string]*plugin.Process{}
	ps.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Stop()
			metricProviders.Dec()
		}()
	}
	wg.Wait()
	ps.spawn.Close()
}

// running returns the pids of the plugins running now, sorted.
func (ps *providers) running() []int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	var pids []int
	for _, p := range ps.procs {
		select {
		case <-p.Done():
		default:
			pids = append(pids, p.Pid)
		}
	}
	sort.Ints(pids)
	return pids
}

// installedProvider finds the one provider init installed in a workspace:
// .terraform/providers/HOST/NAMESPACE/NAME/VERSION/OS_ARCH/terraform-provider-NAME*.
// It returns the source address and the binary's real path (the plugin
// cache's file the workspace links to), so that every workspace of a
// provider version names the same binary.
func installedProvider(dir string) (addr, bin string, ok bool) {
	matches, _ := filepath.Glob(filepath.Join(dir, ".terraform", "providers", "*", "*", "*", "*", "*", "terraform-provider-*"))
	if len(matches) != 1 {
		return "", "", false
	}
	real, err := filepath.EvalSymlinks(matches[0])
	if err != nil {
		return "", "", false
	}
	if fi, err := os.Stat(real); err != nil || !fi.Mode().IsRegular() || fi.Mode()&0o111 == 0 {
		return "", "", false
	}
	rel, err := filepath.Rel(filepath.Join(dir, ".terraform", "providers"), matches[0])
	if err != nil {
		return "", "", false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	return strings.Join(parts[:3], "/"), real, true
}
