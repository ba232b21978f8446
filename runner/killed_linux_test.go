package runner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestKilledEngineIsNamed: an engine killed mid-apply (the out-of-memory
// killer, kill -9) is reported as killed, with what that means for the
// state, not as an exit status of 137.
func TestKilledEngineIsNamed(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := openEngineStack(t, engine, filepath.Join(t.TempDir(), "s"), enginetest.Environ(t), map[string]string{
			"main.tf": "resource \"terraform_data\" \"slow\" {\n  provisioner \"local-exec\" {\n    command = \"sleep 20\"\n  }\n}\n",
		})
		ctx := context.Background()
		s.must("init", s.w.Init(ctx))
		_, err := s.w.Plan(ctx, false)
		s.must("plan", err)
		done := make(chan error, 1)
		go func() { done <- s.w.Apply(ctx) }()
		deadline := time.Now().Add(30 * time.Second)
		for !strings.Contains(s.out.String(), "Provisioning with 'local-exec'") {
			if time.Now().After(deadline) {
				t.Fatalf("the apply did not start its provisioner:\n%s", s.out)
			}
			time.Sleep(20 * time.Millisecond)
		}
		data, err := os.ReadFile(filepath.Join(s.w.Dir, pidFile))
		if err != nil {
			t.Fatal(err)
		}
		relay, err := strconv.Atoi(strings.Fields(string(data))[0])
		if err != nil {
			t.Fatal(err)
		}
		// The relay leads the engine's session and process group: what
		// the killed engine leaves running (the provisioner) goes too.
		defer syscall.Kill(-relay, syscall.SIGKILL)
		children, err := os.ReadFile("/proc/" + strconv.Itoa(relay) + "/task/" + strconv.Itoa(relay) + "/children")
		if err != nil {
			t.Fatal(err)
		}
		enginePid, err := strconv.Atoi(strings.Fields(string(children))[0])
		if err != nil {
			t.Fatalf("the relay's children: %q", children)
		}
		if err := syscall.Kill(enginePid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		err = <-done
		want := "apply was killed by signal 9 (killed) before it finished; the state may lack what it was creating or changing: run the command again"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("apply: %v\nwant %q", err, want)
		}
	})
}
