package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEnginePathRelativeToProject: a relative --engine path is taken from
// the directory the command works in (the project, --chdir's), as every
// other path of the command line is; messages name it as given.
func TestEnginePathRelativeToProject(t *testing.T) {
	p := newStackProject(t)
	p.write(testStack{name: "app", tf: "resource \"terraform_data\" \"d\" {\n  input = \"v1\"\n}\n"})
	engine := ""
	for _, kv := range p.env {
		if v, ok := strings.CutPrefix(kv, "TFKIT_TERRAFORM="); ok {
			engine = v
		}
	}
	bin := filepath.Join(p.dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(engine, filepath.Join(bin, filepath.Base(engine))); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join("bin", filepath.Base(engine))
	want := "(" + filepath.Join(p.dir, rel) + ")\n"
	if res := p.tfkit("", "diff", "--engine", rel); res.code != ExitOK || !strings.Contains(res.stderr, want) {
		t.Errorf("diff --engine %s in the project: want %q\n%s", rel, want, res)
	}
	// From the directory above, with --chdir.
	tfkitFrom := func(args ...string) result {
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), args, Env{
			Stdout: &stdout, Stderr: &stderr, Dir: filepath.Dir(p.dir),
			Environ: append(os.Environ(), p.env...), Version: "v0.0.0-test",
		})
		return result{code, stdout.String(), stderr.String()}
	}
	chdir := filepath.Base(p.dir)
	if res := tfkitFrom("--chdir", chdir, "diff", "--engine", rel); res.code != ExitOK || !strings.Contains(res.stderr, want) {
		t.Errorf("--chdir %s diff --engine %s: want %q\n%s", chdir, rel, want, res)
	}
	if res := tfkitFrom("--chdir", chdir, "output", "--engine", rel); res.code != ExitOK {
		t.Errorf("--chdir %s output --engine %s: %s", chdir, rel, res)
	}
	// A path that is not there is named as given.
	wantErr := "Error: --engine bin/nosuch: not an executable file\n"
	if res := tfkitFrom("--chdir", chdir, "diff", "--engine", "bin/nosuch"); res.code != ExitFailure || !strings.Contains(res.stderr, wantErr) {
		t.Errorf("--engine bin/nosuch: want %q\n%s", wantErr, res)
	}
}
