package cli

import (
	"context"
	"errors"
	"path/filepath"
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
}
