package cli

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// collectorSettings reads the collector's target (GOGC) and memory limit.
func collectorSettings() (percent, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// TestCollectFirstAt: the collector is off with the limit set until the
// first collection, then back to the settings it had.
func TestCollectFirstAt(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv(env, "") // restored after the test
		os.Unsetenv(env)
	}
	// An earlier test's build restores the settings it found when its
	// first collection comes, so this test sets its own only after that.
	waitReleased(t)
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	collectFirstAt(1 << 40) // never reached here
	collectFirstAt(1 << 20) // while held: changes nothing
	if p, l := collectorSettings(); p == 100 || l != 1<<40 {
		t.Fatalf("after collectFirstAt: GOGC %d, limit %d; want off, 1 TiB", p, l)
	}
	runtime.GC()
	deadline := time.Now().Add(10 * time.Second)
	for {
		p, l := collectorSettings()
		if p == 100 && l == math.MaxInt64 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the first collection: GOGC %d, limit %d; want 100 and no limit", p, l)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

// waitReleased collects until no collectFirstAt holds the collector.
func waitReleased(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); collectorHeld.Load(); {
		if time.Now().After(deadline) {
			t.Fatal("the collector is still held after 10 s of collections")
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

// TestCollectFirstAtKeepsTheUsers: GOGC or GOMEMLIMIT in the environment
// leave the collector as the user set it.
func TestCollectFirstAtKeepsTheUsers(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv(env, "200")
			waitReleased(t)
			collectFirstAt(1 << 30)
			if p, l := collectorSettings(); p != 100 || l != math.MaxInt64 {
				t.Fatalf("with %s set: GOGC %d, limit %d; want them unchanged", env, p, l)
			}
		})
	}
}
