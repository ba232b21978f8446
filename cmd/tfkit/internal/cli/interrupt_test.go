package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// watchWriter records what is written and closes seen once text appears.
type watchWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	text string
	seen chan struct{}
	once sync.Once
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.text) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestDeployLockedAndInterrupted: while one deploy is applying, a second
// one finds the stack in use by the first and says so; Ctrl-C (a cancelled
// context) interrupts the first, which exits 130 with consistent state, and
// a re-run converges. A state lock held by another program is reported as
// such.
func TestDeployLockedAndInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Terraform engine")
	}
	forEachEngine(t, testDeployLockedAndInterrupted)
}

func testDeployLockedAndInterrupted(t *testing.T, engine string) {
	p := newStackProjectWith(t, engine)
	p.write(
		testStack{name: "slow", tf: `resource "null_resource" "first" {}

resource "time_sleep" "wait" {
  create_duration = "4s"
  depends_on      = [null_resource.first]
}

resource "terraform_data" "after" {
  input      = "done"
  depends_on = [time_sleep.wait]
}
`},
		testStack{name: "next", deps: []string{"slow"}, tf: "resource \"terraform_data\" \"next\" {}\n"},
	)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := &watchWriter{text: "slow | time_sleep.wait: Creating...", seen: make(chan struct{})}
	var stderr bytes.Buffer
	codes := make(chan int, 1)
	go func() {
		codes <- Main(ctx, []string{"deploy", "--auto-approve"}, Env{
			Stdout: stdout, Stderr: &stderr, Dir: p.dir,
			Environ: append(os.Environ(), p.env...), Version: "v0.0.0-test",
		})
	}()
	select {
	case <-stdout.seen:
	case code := <-codes:
		t.Fatalf("deploy ended (exit %d) before the sleep started:\n%s\n%s", code, stdout, stderr.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("the sleep did not start:\n%s", stdout)
	}

	res := p.tfkit("", "deploy", "--auto-approve", "--skip-synth", "--lock-timeout", "1s", "slow")
	busy := regexp.MustCompile(`\n  slow  failed: the stack is still in use by tfkit deploy \(pid \d+\) since [-0-9]+ [:0-9]+ after 1s\n`)
	if res.code != ExitFailure || !busy.MatchString(res.stdout) {
		t.Errorf("deploy while another deploy runs: %s", res)
	}

	cancel()
	var code int
	select {
	case code = <-codes:
	case <-time.After(60 * time.Second):
		t.Fatal("the interrupted deploy did not end")
	}
	out := stdout.String()
	if code != ExitInterrupted || !regexp.MustCompile(`\n  slow  interrupted \((terraform|tofu) apply interrupted\); run the command again to continue\n  next  skipped: interrupted\n`).MatchString(out) {
		t.Errorf("interrupted deploy: exit %d\n%s\n%s", code, out, stderr.String())
	}
	if strings.Contains(out, "terraform_data.after: Creating") {
		t.Errorf("the engine went on after the interrupt:\n%s", out)
	}

	res = p.tfkit("", "deploy", "--auto-approve")
	// What the interrupted apply still needs: terraform_data.after, and
	// time_sleep.wait too when the provider cut the sleep short.
	want := regexp.MustCompile(`^  slow  deployed \([12] added, 0 changed, 0 destroyed\)\n  next  deployed \(1 added, 0 changed, 0 destroyed\)\n$`)
	if res.code != ExitOK || !want.MatchString(summary(res.stdout, "Deploy")) {
		t.Errorf("re-run: want\n%s\ngot %s", want, res)
	}
	res = p.tfkit("", "diff", "--detailed-exitcode", "--skip-synth")
	if res.code != ExitOK {
		t.Errorf("diff after the re-run: %s", res)
	}

	// A state lock held by another process than tfkit (terraform console
	// holds it while it runs) fails the stack with the engine's reason.
	console := exec.Command(engine, "console")
	console.Dir = filepath.Join(p.dir, ".tfkit", "tfkit.out", "stacks", "slow")
	console.Env = append(os.Environ(), p.env...)
	stdin, err := console.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := console.Start(); err != nil {
		t.Fatal(err)
	}
	defer console.Wait()
	defer stdin.Close()
	for i := 0; ; i++ {
		if _, err := os.Stat(filepath.Join(console.Dir, ".terraform.tfstate.lock.info")); err == nil {
			break
		}
		if i == 300 {
			t.Fatal("the console did not lock the state")
		}
		time.Sleep(100 * time.Millisecond)
	}
	res = p.tfkit("", "diff", "--skip-synth", "--lock-timeout", "1s", "slow")
	locked := regexp.MustCompile(`\n  slow  failed: (terraform|tofu) plan: the state is locked by another process \(another terraform, tofu or tfkit is running on this stack; wait for it, or if none is, see 'force-unlock' in the engine's documentation\)\n`)
	if res.code != ExitFailure || !locked.MatchString(res.stdout) {
		t.Errorf("diff while the state is locked: %s", res)
	}
}
