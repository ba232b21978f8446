package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/runner"
)

func TestStateDir(t *testing.T) {
	project := t.TempDir()
	for _, c := range []struct{ out, want string }{
		{filepath.Join(project, "tfkit.out"), filepath.Join(project, ".tfkit", "tfkit.out", "stacks")},
		{filepath.Join(project, "tfkit.out", "prod"), filepath.Join(project, ".tfkit", "tfkit.out", "prod", "stacks")},
	} {
		if got := stateDir(project, c.out); got != c.want {
			t.Errorf("stateDir(%s) = %s, want %s", c.out, got, c.want)
		}
	}
	// Outside the project: a directory named by a hash of the path, the
	// same each time and different for another path.
	a, b := stateDir(project, "/elsewhere/out"), stateDir(project, "/elsewhere/out2")
	if a != stateDir(project, "/elsewhere/out") || a == b || !strings.HasPrefix(a, filepath.Join(project, ".tfkit", "abs-")) {
		t.Errorf("outside the project: %s %s", a, b)
	}
}

func TestPrompter(t *testing.T) {
	var buf strings.Builder
	out := runner.NewOutput(&buf)
	p := &prompter{in: strings.NewReader("yes\nno\n")}
	for _, want := range []bool{true, false} {
		if ok, err := p.ask(context.Background(), out, "Deploy?"); ok != want || err != nil {
			t.Errorf("got %v %v, want %v", ok, err, want)
		}
	}
	if ok, err := p.ask(context.Background(), out, "Deploy?"); ok || !errors.Is(err, errNoAnswer) {
		t.Errorf("at the end of input: %v %v", ok, err)
	}
	if buf.String() != "Deploy?\nDeploy?\nDeploy?\n" {
		t.Errorf("questions: %q", buf.String())
	}
	if _, err := (&prompter{}).ask(context.Background(), out, "?"); err == nil {
		t.Error("no stdin: no error")
	}
	// Ctrl-C while waiting: an interruption, not a refusal.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	blocked := &prompter{in: blockingReader{}}
	if ok, err := blocked.ask(ctx, out, "Deploy?"); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted: %v %v", ok, err)
	}
}

func TestStackNamesMustBeDirectoryNames(t *testing.T) {
	for _, name := range []string{"..", "a/b", ""} {
		dir := t.TempDir()
		out := filepath.Join(dir, "tfkit.out")
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		m := `{"version":1,"format":"hcl","stacks":[{"name":` + strconv.Quote(name) + `,"directory":"stacks/x","files":[],"dependencies":[]}]}`
		if err := os.WriteFile(filepath.Join(out, "manifest.json"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		res := runCLI(t, dir, nil, "list", "--out", "tfkit.out")
		if res.code != ExitFailure || !strings.Contains(res.stderr, "is empty, repeated or not usable as a directory name") {
			t.Errorf("stack name %q: %s", name, res)
		}
	}
}

// blockingReader never delivers a line, as a terminal nobody types into.
type blockingReader struct{}

func (blockingReader) Read([]byte) (int, error) { select {} }
