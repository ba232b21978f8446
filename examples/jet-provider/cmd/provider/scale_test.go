package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	randomv1alpha1 "github.com/tfkit/tfkit/examples/jet-provider/apis/random/v1alpha1"
	"github.com/tfkit/tfkit/jet/resource"
)

// TestScale creates $TFKIT_JET_SCALE Pets at once (unset: skipped) and
// reports the time until all are Ready, the manager's peak memory and the
// most engine processes seen at once, which must not exceed --max-engines.
// docs/benchmarks.md quotes it.
func TestScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TFKIT_JET_SCALE"))
	if n <= 0 {
		t.Skip("set TFKIT_JET_SCALE=N to create N Pets")
	}
	const maxEngines = 4
	h := setup(t)
	metrics := freeAddr(t)
	h.m.cmd, h.m.log = h.spawn("--metrics-addr", metrics, "--health-addr", "0", "--poll", "10m",
		"--max-reconcile-rate", "20")
	pid := h.m.cmd.Process.Pid
	time.Sleep(2 * time.Second)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peakEngines, peakProcs int
	wg.Add(1)
	go func() {
		defer wg.Done()
		gauge := regexp.MustCompile(`(?m)^tfkit_jet_engine_processes (\d+)`)
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if body, err := get("http://" + metrics + "/metrics"); err == nil {
				if m := gauge.FindStringSubmatch(body); m != nil {
					v, _ := strconv.Atoi(m[1])
					peakEngines = max(peakEngines, v)
				}
			}
			peakProcs = max(peakProcs, engineProcesses(pid))
		}
	}()

	start := time.Now()
	for i := range n {
		p := &randomv1alpha1.Pet{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("pet-%04d", i)}}
		h.create(p)
	}
	created := time.Since(start)
	deadline := time.Now().Add(30 * time.Minute)
	for {
		var list randomv1alpha1.PetList
		if err := h.c.List(t.Context(), &list); err != nil {
			t.Fatal(err)
		}
		ready := 0
		for i := range list.Items {
			if list.Items[i].Status.Condition(resource.TypeReady).Status == metav1.ConditionTrue {
				ready++
			}
		}
		if ready == n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d Ready after 30 min", ready, n)
		}
		time.Sleep(time.Second)
	}
	allReady := time.Since(start)
	// Steady state: a second pass over every object (an observe each).
	status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	close(stop)
	wg.Wait()
	hwm := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
	for _, p := range sharedPlugins(pid) {
		ps, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", p))
		if m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(ps); m != nil {
			t.Logf("shared provider plugin %d: peak RSS %s kB", p, m[1])
		}
	}
	t.Logf("%d Pets: created in %s, all Ready after %s; manager peak RSS %s kB; engine commands at once: peak %d (cap %d); terraform processes at once: peak %d",
		n, created.Round(time.Millisecond), allReady.Round(time.Second), hwm[1], peakEngines, maxEngines, peakProcs)
	if peakEngines > maxEngines {
		t.Errorf("engine commands above the cap: %d > %d", peakEngines, maxEngines)
	}
	var du int64
	_ = filepath.Walk(h.workdir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			du += fi.Size()
		}
		return nil
	})
	t.Logf("workspaces: %d bytes of regular files in %s", du, h.workdir)
}

// engineProcesses counts the running terraform or tofu processes the
// manager pid started (not their provider plugins).
func engineProcesses(parent int) int {
	ents, _ := os.ReadDir("/proc")
	n := 0
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		arg0, _, _ := strings.Cut(string(b), "\x00")
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(stat), ')')
		fields := strings.Fields(string(stat[i+1:]))
		if len(fields) < 2 || fields[1] != strconv.Itoa(parent) {
			continue
		}
		if base := filepath.Base(arg0); base == "terraform" || base == "tofu" {
			n++
		}
	}
	return n
}
