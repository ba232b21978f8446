package runner

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestBackendChangeNamesTheMigration: a backend block added to or removed
// from a deployed stack fails init, which cannot ask to move the state
// without a terminal, with a BackendChangedError that gives the
// init -migrate-state command; once the state is moved with it, the stack
// plans without changes, its resources kept.
func TestBackendChangeNamesTheMigration(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		res := "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\n"
		backend := "terraform {\n  backend \"local\" {\n    path = \"" + filepath.ToSlash(filepath.Join(t.TempDir(), "a.tfstate")) + "\"\n  }\n}\n"
		dir := filepath.Join(t.TempDir(), "s")
		environ := enginetest.Environ(t)
		s := openEngineStack(t, engine, dir, environ, map[string]string{"main.tf": res})
		_, err := s.deploy()
		s.must("first deploy", err)

		migrate := func() {
			t.Helper()
			cmd := exec.Command(engine, "-chdir="+dir, "init", "-migrate-state", "-force-copy", "-input=false")
			cmd.Env = environ
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("init -migrate-state: %v\n%s", err, out)
			}
		}
		for _, step := range []struct {
			name  string
			files map[string]string
		}{
			{"backend added", map[string]string{"main.tf": backend + res}},
			{"backend removed", map[string]string{"main.tf": res}},
		} {
			s.sync(step.files)
			err := s.w.Init(context.Background())
			var be *BackendChangedError
			if !errors.As(err, &be) {
				t.Fatalf("%s: want a BackendChangedError, got %v\n%s", step.name, err, s.out)
			}
			want := filepath.Base(engine) + " -chdir=" + dir + " init -migrate-state"
			if msg := err.Error(); !strings.Contains(msg, want) || !strings.Contains(msg, "state is still in the old one") || strings.Contains(msg, "\n") {
				t.Errorf("%s: the error should be one line giving %q: %s", step.name, want, msg)
			}
			migrate()
			sum, err := s.deploy()
			s.must(step.name+": deploy after the migration", err)
			if sum.Changes() {
				t.Errorf("%s: after the migration the plan has changes (%s); the state was not found\n%s", step.name, sum, s.out)
			}
		}
	})
}

// TestNewerStateIsNamed: a state written by a newer engine (another
// format version) fails plan and output saying which engine wrote it and
// which cannot read it, not that the state is locked, which is how the
// engine words it and would send the user to force-unlock.
func TestNewerStateIsNamed(t *testing.T) {
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := openEngineStack(t, engine, filepath.Join(t.TempDir(), "s"), enginetest.Environ(t), map[string]string{
			"main.tf": "resource \"terraform_data\" \"a\" {\n  input = \"a\"\n}\noutput \"a\" {\n  value = terraform_data.a.output\n}\n",
		})
		_, err := s.deploy()
		s.must("deploy", err)
		path := filepath.Join(s.w.Dir, "terraform.tfstate")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var state map[string]any
		if err := json.Unmarshal(data, &state); err != nil {
			t.Fatal(err)
		}
		state["version"], state["terraform_version"] = 5, "9.0.0"
		if data, err = json.Marshal(state); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		name := "Terraform"
		if s.w.engine.Flavor == OpenTofu {
			name = "OpenTofu"
		}
		want := "the stack's state was written by " + name + " 9.0.0 (state format version 5), which " + name + " " + s.w.engine.Version.String() +
			" cannot read; run this stack with that engine or a later one (--engine PATH or TFKIT_TERRAFORM)"
		_, err = s.w.Plan(context.Background(), false)
		if err == nil || errors.Is(err, ErrLocked) || !strings.HasSuffix(err.Error(), "plan failed: "+want) {
			t.Errorf("plan: want an error ending in %q, got %v", want, err)
		}
		_, err = s.w.Outputs(context.Background())
		if err == nil || !strings.HasSuffix(err.Error(), "output failed: "+want) {
			t.Errorf("output: want an error ending in %q, got %v", want, err)
		}
	})
}
