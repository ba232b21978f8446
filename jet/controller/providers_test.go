package controller

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-logr/logr"
	"github.com/go-logr/logr/funcr"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/tfkit/tfkit/internal/enginetest"
)

func init() { log.SetLogger(logr.Discard()) }

// engineSetup points the engine at the test mirror and returns an engines
// with shared providers or not.
func engineSetup(t testing.TB, shared bool) (*engines, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs terraform")
	}
	engine := enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/random", "3.9.0")
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	root := t.TempDir()
	eng, err := newEngines(context.Background(), engine, root, 2, shared)
	if err != nil {
		t.Fatal(err)
	}
	if eng.prov != nil {
		t.Cleanup(eng.prov.close)
	}
	return eng, root
}

// pet prepares a workspace holding one random_pet.
func pet(t testing.TB, eng *engines, root, name string) *workspace {
	t.Helper()
	ws, err := eng.workspace(filepath.Join(root, name), "random_pet")
	if err != nil {
		t.Fatal(err)
	}
	src, err := renderConfig("random_pet", map[string]any{"length": 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.writeConfig(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	return ws
}

// TestSharedProvider: plans of two workspaces attach to one random plugin,
// started once; the apply
// (which starts its own, to outlive the manager) and the show after it
// work with it; a plugin that dies is started again and the plan that
// needed it succeeds; close stops it.
func TestSharedProvider(t *testing.T) {
	eng, root := engineSetup(t, true)
	ctx := context.Background()
	a, b := pet(t, eng, root, "a"), pet(t, eng, root, "b")
	for _, ws := range []*workspace{a, b, a} {
		obs, err := ws.plan(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if obs.exists {
			t.Fatal("exists before apply")
		}
	}
	pids := eng.prov.running()
	if len(pids) != 1 {
		t.Fatalf("shared plugins running: %v, want one", pids)
	}
	first := pids[0]
	if err := a.apply(ctx); err != nil {
		t.Fatal(err)
	}
	attrs, err := a.attributes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := attrs["id"].(string)
	if strings.Count(id, "-") != 1 {
		t.Fatalf("pet id %q", id)
	}
	obs, err := a.plan(ctx)
	if err != nil || !obs.exists || !obs.upToDate || obs.attrs["id"] != id {
		t.Fatalf("plan after apply: %+v %v", obs, err)
	}
	if got := eng.prov.running(); len(got) != 1 || got[0] != first {
		t.Fatalf("plugins %v, want still [%d]", got, first)
	}

	// The plugin dies: the next plan starts another.
	if err := syscall.Kill(first, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for processAlive(first) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	obs, err = a.plan(ctx)
	if err != nil || !obs.exists || !obs.upToDate {
		t.Fatalf("plan after the plugin died: %+v %v", obs, err)
	}
	second := eng.prov.running()
	if len(second) != 1 || second[0] == first {
		t.Fatalf("plugins after restart %v (first was %d)", second, first)
	}
	eng.prov.close()
	if processAlive(second[0]) {
		t.Errorf("plugin %d still running after close", second[0])
	}
	if _, err := b.plan(ctx); err == nil || !strings.Contains(err.Error(), "shutting down") {
		t.Errorf("plan after close: %v", err)
	}
}

// childCPU is the CPU time of the engine commands run so far (and of the
// plugins they started) plus that of the shared plugins running now.
func childCPU(eng *engines) time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	d := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	if eng.prov != nil {
		for _, pid := range eng.prov.running() {
			stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
			s := string(stat)
			f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
			if len(f) > 12 {
				u, _ := strconv.ParseInt(f[11], 10, 64)
				k, _ := strconv.ParseInt(f[12], 10, 64)
				d += time.Duration(u+k) * (time.Second / 100) // clock ticks
			}
		}
	}
	return d
}

// processAlive says whether pid runs and is not a zombie.
func processAlive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// TestSharedProviderReplaced: a plugin that served its share of engine
// runs is replaced, and stops once its last command has ended.
func TestSharedProviderReplaced(t *testing.T) {
	eng, root := engineSetup(t, true)
	eng.prov.maxUses = 1 // one observe (its plan and show attach once)
	ctx := context.Background()
	ws := pet(t, eng, root, "a")
	if _, err := ws.plan(ctx); err != nil {
		t.Fatal(err)
	}
	first := eng.prov.running()
	if _, err := ws.plan(ctx); err != nil {
		t.Fatal(err)
	}
	second := eng.prov.running()
	if len(first) != 1 || len(second) != 1 || first[0] == second[0] {
		t.Fatalf("plugins %v then %v, want one replaced by another", first, second)
	}
	deadline := time.Now().Add(10 * time.Second)
	for processAlive(first[0]) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if processAlive(first[0]) {
		t.Errorf("replaced plugin %d still runs", first[0])
	}
}

// BenchmarkObserve is the steady-state cost of a reconcile of an object
// that is up to date: the observe, a plan and a show of it, with every
// command starting its own plugin (separate) or attaching to the shared one
// (shared). docs/benchmarks.md quotes it.
func BenchmarkObserve(b *testing.B) {
	for _, c := range []struct {
		name   string
		shared bool
	}{{"separate", false}, {"shared", true}} {
		b.Run(c.name, func(b *testing.B) {
			eng, root := engineSetup(b, c.shared)
			ws := pet(b, eng, root, "bench")
			ctx := context.Background()
			if _, err := ws.plan(ctx); err != nil {
				b.Fatal(err)
			}
			if err := ws.apply(ctx); err != nil {
				b.Fatal(err)
			}
			before := childCPU(eng)
			b.ResetTimer()
			for range b.N {
				obs, err := ws.plan(ctx)
				if err != nil || !obs.upToDate {
					b.Fatalf("%+v %v", obs, err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64((childCPU(eng)-before).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// TestPluginOutput: a shared plugin's standard error is logged line by
// line, whatever the writes' cut, blank lines left out, an endless line cut.
func TestPluginOutput(t *testing.T) {
	var lines []string
	w := &pluginOutput{log: funcr.New(func(prefix, args string) { lines = append(lines, args) }, funcr.Options{})}
	for _, chunk := range []string{"panic: boom\r\n\ngorout", "ine 1 [running]:\n", "main.f()\n", "no newline yet"} {
		if n, err := w.Write([]byte(chunk)); n != len(chunk) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	want := []string{`"line"="panic: boom"`, `"line"="goroutine 1 [running]:"`, `"line"="main.f()"`}
	if len(lines) != len(want) {
		t.Fatalf("logged %q", lines)
	}
	for i, l := range lines {
		if !strings.Contains(l, want[i]) || !strings.Contains(l, `"msg"="provider plugin output"`) {
			t.Errorf("line %d logged as %s, want %s", i, l, want[i])
		}
	}
	lines = nil
	if _, err := w.Write(bytes.Repeat([]byte("x"), maxPluginLine+10)); err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1 || len(w.buf) != 0 {
		t.Errorf("a line longer than %d bytes: %d logged, %d bytes kept", maxPluginLine, len(lines), len(w.buf))
	}
}

// TestPluginOutputLevels: a plugin's JSON log entries below the level
// TF_LOG_PROVIDER or TF_LOG asks for (errors only without either) are not
// logged; other lines always are.
func TestPluginOutputLevels(t *testing.T) {
	out := strings.Join([]string{
		`{"@level":"trace","@message":"Served request","tf_rpc":"PlanResourceChange"}`,
		`{"@level":"debug","@message":"Calling downstream"}`,
		`{"@level":"error","@message":"Error: boom"}`,
		`panic: boom`,
	}, "\n") + "\n"
	for _, c := range []struct {
		env  []string
		want int
	}{
		{nil, 2},
		{[]string{"TF_LOG=off"}, 2},
		{[]string{"TF_LOG=DEBUG"}, 3},
		{[]string{"TF_LOG=json"}, 4},
		{[]string{"TF_LOG=trace", "TF_LOG_PROVIDER=error"}, 2},
	} {
		var lines []string
		w := &pluginOutput{level: pluginLogLevel(c.env), log: funcr.New(func(_, args string) { lines = append(lines, args) }, funcr.Options{})}
		if _, err := w.Write([]byte(out)); err != nil {
			t.Fatal(err)
		}
		if len(lines) != c.want || !strings.Contains(lines[len(lines)-1], "panic: boom") {
			t.Errorf("environment %v: logged %q, want %d lines", c.env, lines, c.want)
		}
	}
}

// TestPluginOutputStandardLog: SDKv2 providers (docker) log with Go's
// standard log package, "[LEVEL]" after the date, some entries over
// several lines (a network read, as indented JSON, on every observe).
// Those below the level are dropped with their continuation lines; a crash
// in the middle of a dropped entry still passes.
func TestPluginOutputStandardLog(t *testing.T) {
	out := strings.Join([]string{
		`2026/11/28 11:50:49 [INFO] Waiting for network: 'net1' to expose all fields: max '30s seconds'`,
		`2026/11/28 11:52:14 [DEBUG] Docker network inspect from readFunc: {`,
		`	"Name": "net1",`,
		`	"IPAM": {`,
		`		"Driver": "default"`,
		`	}`,
		`}`,
		`{"@level":"debug","@message":"Calling downstream"}`,
		`[ERROR] failed to read network`,
		`	at line 2`,
		`2026/11/28 11:52:15 [TRACE] about to crash: {`,
		`panic: runtime error: invalid memory address or nil pointer dereference`,
		`goroutine 12 [running]:`,
		`main.f()`,
	}, "\n") + "\n"
	for _, c := range []struct {
		env   []string
		want  []string
		count int
	}{
		{nil, []string{"[ERROR] failed to read network", "at line 2", "panic: runtime error", "goroutine 12", "main.f()"}, 5},
		{[]string{"TF_LOG=info"}, []string{"Waiting for network", "[ERROR] failed", "panic: runtime error"}, 6},
		{[]string{"TF_LOG=trace"}, []string{"Docker network inspect", `\"Driver\": \"default\"`, "about to crash"}, 14},
	} {
		var lines []string
		w := &pluginOutput{level: pluginLogLevel(c.env), log: funcr.New(func(_, args string) { lines = append(lines, args) }, funcr.Options{})}
		if _, err := w.Write([]byte(out)); err != nil {
			t.Fatal(err)
		}
		all := strings.Join(lines, "\n")
		for _, want := range c.want {
			if !strings.Contains(all, want) {
				t.Errorf("environment %v: %q not logged", c.env, want)
			}
		}
		if len(lines) != c.count {
			t.Errorf("environment %v: logged %d lines, want %d:\n%s", c.env, len(lines), c.count, all)
		}
	}
}

// TestSharedProviderPerConfiguration: workspaces whose provider blocks
// differ get a plugin each (an SDKv2 provider keeps one configured client
// per process); the same block shares one.
func TestSharedProviderPerConfiguration(t *testing.T) {
	eng, root := engineSetup(t, true)
	ctx := context.Background()
	var wss []*workspace
	for i, prov := range []*providerBlock{nil, {args: map[string]any{}}, nil} {
		ws, err := eng.workspace(filepath.Join(root, strconv.Itoa(i)), "random_pet")
		if err != nil {
			t.Fatal(err)
		}
		src, err := renderConfig("random_pet", map[string]any{"length": 2}, prov)
		if err != nil {
			t.Fatal(err)
		}
		if err := ws.writeConfig(ctx, src); err != nil {
			t.Fatal(err)
		}
		wss = append(wss, ws)
	}
	// A block with arguments: random takes none, so a second pet with
	// the same (empty) block keyed apart by hand.
	wss[1].provKey = "other-configuration"
	for _, ws := range wss {
		if _, err := ws.plan(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if pids := eng.prov.running(); len(pids) != 2 {
		t.Fatalf("shared plugins %v, want two: one per configuration", pids)
	}
}

// TestRenderProviderBlock: a provider from outside hashicorp gets its
// source in required_providers, and its arguments a provider block; its
// key changes with them.
func TestRenderProviderBlock(t *testing.T) {
	prov := &providerBlock{source: "registry.terraform.io/kreuzwerker/docker", args: map[string]any{"host": "unix:///a.sock", "registry_auth": []any{map[string]any{"address": "r"}}}}
	rc, err := renderConfig("docker_volume", map[string]any{"name": "v"}, prov)
	if err != nil {
		t.Fatal(err)
	}
	src := rc.src
	var got map[string]any
	if err := json.Unmarshal(src, &got); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	want := `{"provider":{"docker":{"host":"unix:///a.sock","registry_auth":[{"address":"r"}]}},"resource":{"docker_volume":{"this":{"name":"v"}}},"terraform":{"required_providers":{"docker":{"source":"registry.terraform.io/kreuzwerker/docker"}}}}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Errorf("main.tf.json\n%s\nwant %s", b, want)
	}
	k1 := rc.provKey
	if rc.req != (providerRequirement{local: "docker", source: "registry.terraform.io/kreuzwerker/docker", named: true}) {
		t.Errorf("requirement %+v", rc.req)
	}
	prov.args["host"] = "unix:///b.sock"
	rc2, _ := renderConfig("docker_volume", map[string]any{"name": "v"}, prov)
	if k1 == "" || rc2.provKey == k1 {
		t.Errorf("keys %q and %q", k1, rc2.provKey)
	}
	prov.args["host"] = "unix:///a.sock"
	if again, _ := renderConfig("docker_volume", map[string]any{"name": "w"}, prov); again.provKey != k1 {
		t.Errorf("the same provider block keyed %q and %q", k1, again.provKey)
	}
	if strings.Contains(k1, "a.sock") {
		t.Errorf("key holds the configuration: %s", k1)
	}
	plain, _ := renderConfig("random_pet", nil, &providerBlock{})
	if plain.provKey != "" || strings.Contains(string(plain.src), "provider") {
		t.Errorf("no provider block expected: %s", plain.src)
	}
	pinned, _ := renderConfig("random_pet", nil, &providerBlock{version: "3.9.0"})
	if pinned.req != (providerRequirement{local: "random", source: "hashicorp/random", version: "3.9.0", named: true}) || !strings.Contains(string(pinned.src), `"version": "3.9.0"`) {
		t.Errorf("requirement %+v of\n%s", pinned.req, pinned.src)
	}
}

// TestDockerHostReachesProvider: the provider block of main.tf.json
// configures the docker provider: a host that does not exist is in the
// apply's error; the block changed to a (fake) daemon's socket plans
// and applies against it, in a plugin of its own.
func TestDockerHostReachesProvider(t *testing.T) {
	eng, root := engineSetup(t, true)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	ctx := context.Background()
	sockDir, err := os.MkdirTemp("", "jetdocker")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(sockDir)
	missing := "unix://" + filepath.Join(sockDir, "missing.sock")
	ws, err := eng.workspace(filepath.Join(root, "vol"), "docker_volume")
	if err != nil {
		t.Fatal(err)
	}
	write := func(host string) {
		t.Helper()
		src, err := renderConfig("docker_volume", map[string]any{"name": "v1"}, &providerBlock{source: "registry.terraform.io/kreuzwerker/docker", args: map[string]any{"host": host}})
		if err != nil {
			t.Fatal(err)
		}
		if err := ws.writeConfig(ctx, src); err != nil {
			t.Fatal(err)
		}
	}
	write(missing)
	// docker 4.6.0 connects lazily: the plan of a new volume works, its
	// apply does not.
	if _, err := ws.plan(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ws.apply(ctx); err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("apply against %s: %v", missing, err)
	}
	daemon := filepath.Join(sockDir, "docker.sock")
	fake := startFakeDocker(t, daemon)
	write("unix://" + daemon)
	obs, err := ws.plan(ctx)
	if err != nil || obs.exists {
		t.Fatalf("plan against the fake daemon: %+v %v", obs, err)
	}
	if err := ws.apply(ctx); err != nil {
		t.Fatal(err)
	}
	if fake.volumes() != 1 {
		t.Fatalf("fake daemon holds %d volumes", fake.volumes())
	}
	if obs, err := ws.plan(ctx); err != nil || !obs.exists || !obs.upToDate {
		t.Fatalf("plan after apply: %+v %v", obs, err)
	}
	if n := len(eng.prov.running()); n != 2 {
		t.Errorf("%d shared plugins, want 2 (one per host)", n)
	}
}
