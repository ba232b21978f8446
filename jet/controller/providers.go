package controller

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/go-logr/logr"
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
// Plugins are keyed by binary and provider configuration (the provider
// block of main.tf.json, by digest): an SDKv2 provider keeps the client of
// the last ConfigureProvider call for the whole process, so two
// configurations (two ProviderConfigs, or one before and after a change of
// its Secret) must never share a process. A plugin no command attached to
// for idleTimeout stops (the next command that needs it starts it again),
// so configurations that are no longer used do not leave processes behind.
//
// A plugin serves at most maxUses attachments (an observe's plan and show
// attach once), then a new one takes over and the old one stops once its
// last command has ended: plugins grow with the engines they served
// (random 3.9.0 reached 585 MB over the 500 creates of TestScale).
type providers struct {
	dir string   // working directory of the plugins
	env []string // their environment
	// logLevel is the lowest level of the plugins' log entries that is
	// logged (see pluginOutput).
	logLevel int
	spawn    *plugin.Spawner
	maxUses  int

	mu     sync.Mutex
	procs  map[string]*shared // by binary path and configuration key
	closed bool
}

// shared is one plugin process and its use.
type shared struct {
	proc     *plugin.Process
	uses     int // attachments so far
	inflight int // attachments under way
	retired  bool
	lastUsed time.Time
}

// idleTimeout is how long a shared plugin nothing attached to lives on.
const idleTimeout = 10 * time.Minute

// defaultMaxUses is how many attachments a shared plugin serves.
const defaultMaxUses = 200

func newProviders(dir string, env []string, maxUses int) *providers {
	if maxUses <= 0 {
		maxUses = defaultMaxUses
	}
	return &providers{dir: dir, env: env, logLevel: pluginLogLevel(env), spawn: plugin.NewSpawner(), maxUses: maxUses, procs: map[string]*shared{}}
}

// attached is a provider a command attaches to.
type attached struct {
	ps   *providers
	sh   *shared
	proc *plugin.Process
	info tfexec.ReattachInfo
}

// release ends the command's use of the plugin; a retired plugin stops
// after its last command.
func (a *attached) release() {
	a.ps.mu.Lock()
	a.sh.inflight--
	a.sh.lastUsed = time.Now()
	stop := a.sh.retired && a.sh.inflight == 0
	a.ps.mu.Unlock()
	if stop {
		go a.ps.stop(a.sh)
	}
}

// stop stops a plugin no longer in the map.
func (ps *providers) stop(sh *shared) {
	sh.proc.Stop()
	metricProviders.Dec()
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
func (ps *providers) get(ctx context.Context, dir, key string) (*attached, error) {
	addr, bin, ok := installedProvider(dir)
	if !ok {
		return nil, nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.closed {
		return nil, fmt.Errorf("provider plugins: shutting down")
	}
	id := bin + "\x00" + key
	now := time.Now()
	for k, other := range ps.procs {
		if k != id && other.inflight == 0 && now.Sub(other.lastUsed) > idleTimeout {
			delete(ps.procs, k)
			go ps.stop(other)
		}
	}
	sh := ps.procs[id]
	if sh != nil {
		select {
		case <-sh.proc.Done():
			log.FromContext(ctx).Info("shared provider plugin ended; starting it again", "provider", addr, "pid", sh.proc.Pid, "error", fmt.Sprint(sh.proc.Err()))
			metricProviders.Dec()
			delete(ps.procs, id)
			sh = nil
		default:
		}
	}
	if sh != nil && sh.uses >= ps.maxUses {
		// Replaced; stopped after its last command.
		sh.retired = true
		delete(ps.procs, id)
		if sh.inflight == 0 {
			go ps.stop(sh)
		}
		sh = nil
	}
	if sh == nil {
		p, err := ps.spawn.Launch(bin, ps.dir, ps.env, &pluginOutput{log: log.Log.WithValues("provider", addr), level: ps.logLevel})
		if err != nil {
			return nil, err
		}
		sh = &shared{proc: p}
		ps.procs[id] = sh
		metricProviders.Inc()
		metricProviderStarts.Inc()
		log.FromContext(ctx).V(1).Info("shared provider plugin started", "provider", addr, "pid", p.Pid, "protocol", p.Protocol, "took", p.Started.String())
	}
	sh.uses++
	sh.inflight++
	sh.lastUsed = now
	p := sh.proc
	cfg := p.ReattachConfig()
	return &attached{ps: ps, sh: sh, proc: p, info: tfexec.ReattachInfo{addr: tfexec.ReattachConfig{
		Protocol: cfg.Protocol, ProtocolVersion: cfg.ProtocolVersion, Pid: cfg.Pid, Test: cfg.Test,
		Addr: tfexec.ReattachConfigAddr{Network: cfg.Addr.Network, String: cfg.Addr.String},
	}}}, nil
}

// attach runs f, an engine command, with the reattach value of the
// workspace's shared provider (nil when providers are not shared or the
// workspace has none installed). When the command fails because the plugin
// died under it, it runs once more with a new plugin.
func (ps *providers) attach(ctx context.Context, dir, key string, f func(tfexec.ReattachInfo) error) error {
	if ps == nil {
		return f(nil)
	}
	a, err := ps.get(ctx, dir, key)
	if err != nil {
		return err
	}
	if a == nil {
		return f(nil)
	}
	err = f(a.info)
	a.release()
	if err != nil && a.died() && ctx.Err() == nil {
		if a, gerr := ps.get(ctx, dir, key); gerr == nil && a != nil {
			err = f(a.info)
			a.release()
		}
	}
	return err
}

// close stops every plugin and starts no more.
func (ps *providers) close() {
	ps.mu.Lock()
	ps.closed = true
	procs := ps.procs
	ps.procs = map[string]*shared{}
	ps.mu.Unlock()
	var wg sync.WaitGroup
	for _, sh := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ps.stop(sh)
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
	for _, sh := range ps.procs {
		select {
		case <-sh.proc.Done():
		default:
			pids = append(pids, sh.proc.Pid)
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

// pluginOutput logs what a shared plugin writes to its standard error,
// line by line: providers log there, and a plugin that panics writes its
// trace there, of which the engine that lost it says only that the plugin
// exited. Text without a newline is logged as a line once it reaches
// maxPluginLine bytes.
//
// A plugin writes every log entry, down to trace, and leaves filtering to
// its host, as Terraform does: entries below level are dropped, or a few
// objects would write hundreds of lines a second. An entry is a JSON line
// with an "@level" (terraform-plugin-log), or a line of Go's standard log
// package with a level in brackets ("2006/01/02 15:04:05 [DEBUG] ...", as
// SDKv2 providers such as docker write); the lines after a dropped entry of
// the second kind belong to it (a multi-line message: the docker provider
// logs every network it reads as indented JSON) and are dropped with it.
// Other lines (a panic's trace) always pass.
type pluginOutput struct {
	log   logr.Logger
	level int
	mu    sync.Mutex
	buf   []byte
	// dropping: the last entry was dropped, and lines that are no entry
	// continue it.
	dropping bool
}

// Plugin log levels, in hclog's order.
var pluginLevels = map[string]int{"trace": 1, "debug": 2, "info": 3, "warn": 4, "error": 5}

// pluginLogLevel is the lowest plugin log level to log, from the
// environment as Terraform reads it: TF_LOG_PROVIDER, else TF_LOG (JSON
// means trace); errors only when neither is set.
func pluginLogLevel(env []string) int {
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	for _, k := range []string{"TF_LOG_PROVIDER", "TF_LOG"} {
		v := strings.ToLower(vars[k])
		if v == "json" {
			return pluginLevels["trace"]
		}
		if l, ok := pluginLevels[v]; ok {
			return l
		}
	}
	return pluginLevels["error"]
}

// legacyEntry matches a log entry of Go's standard log package with a
// level: an optional date and time, then "[LEVEL]".
var legacyEntry = regexp.MustCompile(`^(?:\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d+)? )?\[(TRACE|DEBUG|INFO|WARN|ERROR)\] `)

// crashStart matches the first line of a Go program's crash, which must
// pass even in the middle of a dropped multi-line entry.
var crashStart = regexp.MustCompile(`^(panic: |fatal error: |SIGSEGV|SIGBUS|goroutine \d+ \[)`)

// logged says whether a line of plugin output is logged.
func (w *pluginOutput) logged(line string) bool {
	level := ""
	if m := legacyEntry.FindStringSubmatch(line); m != nil {
		level = m[1]
	} else if strings.HasPrefix(line, "{") {
		var entry struct {
			Level *string `json:"@level"`
		}
		if json.Unmarshal([]byte(line), &entry) == nil && entry.Level != nil {
			level = *entry.Level
		}
	}
	if level == "" {
		// No entry: the rest of a dropped one, or output of its own.
		if w.dropping && !crashStart.MatchString(line) {
			return false
		}
		w.dropping = false
		return true
	}
	l, ok := pluginLevels[strings.ToLower(level)]
	w.dropping = ok && l < w.level
	return !w.dropping
}

const maxPluginLine = 64 << 10

func (w *pluginOutput) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 && len(w.buf) < maxPluginLine {
			break
		}
		if i < 0 {
			i = len(w.buf)
		}
		if line := strings.TrimRight(string(w.buf[:i]), "\r"); line != "" && w.logged(line) {
			w.log.Info("provider plugin output", "line", line)
		}
		w.buf = w.buf[min(i+1, len(w.buf)):]
	}
	return len(p), nil
}
