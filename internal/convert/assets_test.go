package convert

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/load"
	"github.com/tfkit/tfkit/tsx"
)

// outsideCase is testdata/outside: module/ reads files of templates/,
// beside it, by constant paths (as terraform-aws-eks's modules/_user_data
// reads "${path.module}/../../templates/*.tpl").
const outsideCase = "testdata/outside"

// TestOutsideFilesOutput: each file outside the directory read by a
// constant path is declared once as an asset, named after the file, and
// its path is read in the path's place; a file of the directory and a
// path that names nothing stay as written.
func TestOutsideFilesOutput(t *testing.T) {
	for _, target := range []Target{Go, TSX} {
		out, ds := Dir(filepath.Join(outsideCase, "module"), Options{Target: target})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", target, ds)
		}
		checkParses(t, target, out)
		golden.Check(t, filepath.Join(outsideCase, "want."+string(target)), out)
	}
}

// outsideTree copies testdata/outside and returns the module's directory
// in the copy, where the program runs.
func outsideTree(t *testing.T) string {
	t.Helper()
	tree := filepath.Join(t.TempDir(), "outside")
	copyTree(t, outsideCase, tree, nil)
	return filepath.Join(tree, "module")
}

// compareOutsideViews compares the views of the original module and of
// the stack the program wrote (with its assets), and checks that the
// stack reads every file the original reads.
func compareOutsideViews(t *testing.T, orig, stack string, warnings string) {
	t.Helper()
	if strings.Contains(warnings, "File outside the project not copied") {
		t.Errorf("synth warns of a file outside the project:\n%s", warnings)
	}
	want, wantDiags := viewOf(t, orig, load.Options{})
	got, gotDiags := viewOf(t, stack, load.Options{})
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("view of the stack differs\n--- got\n%s\n--- want\n%s", g, w)
	}
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("diagnostics differ\n--- got\n%s\n--- want\n%s", strings.Join(gotDiags, "\n"), strings.Join(wantDiags, "\n"))
	}
	outs := want.(map[string]any)["outputs"].(map[string]any)
	if v := outs["exists"].(map[string]any)["value"]; v != true {
		t.Errorf("the original's fileexists = %v: the case does not read its files", v)
	}
}

// TestOutsideFilesTSX: the TSX synthesized in the module's directory
// writes a stack that evaluates as the module, its assets included.
func TestOutsideFilesTSX(t *testing.T) {
	dir := outsideTree(t)
	out, ds := Dir(dir, Options{Target: TSX})
	if ds.HasErrors() {
		t.Fatalf("convert: %v", ds)
	}
	writeFile(t, filepath.Join(dir, "main.tsx"), out)
	outDir := t.TempDir()
	ds, err := tsx.Synth(context.Background(), "main.tsx", outDir, "hcl", tsx.Options{Dir: dir})
	if err != nil {
		t.Fatalf("synth: %v\n--- main.tsx\n%s", err, out)
	}
	compareOutsideViews(t, dir, outDir, ds.Error())
}

// TestOutsideFilesGo: the Go program run in the module's directory
// writes a stack that evaluates as the module, its assets included.
func TestOutsideFilesGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	dir := outsideTree(t)
	out, ds := Dir(dir, Options{Target: Go})
	if ds.HasErrors() {
		t.Fatalf("convert: %v", ds)
	}
	mod := programModule(t)
	writeFile(t, filepath.Join(mod, "cases", "outside", "main.go"), out)
	bin := buildPrograms(t, mod)
	outDir := filepath.Join(t.TempDir(), "tfkit.out")
	run := exec.Command(filepath.Join(bin, "outside"))
	run.Dir = dir
	run.Env = append(os.Environ(), "TFKIT_OUTDIR="+outDir, "TFKIT_FORMAT=hcl")
	output, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("program: %v\n%s\n--- main.go\n%s", err, output, out)
	}
	compareOutsideViews(t, dir, filepath.Join(outDir, "stacks", "module"), string(output))
}

// TestOutsideFilesNotConstant: a path the engine completes, or one that
// names a directory, stays as written (synth reports it), and no asset is
// declared for it.
func TestOutsideFilesNotConstant(t *testing.T) {
	tree := t.TempDir()
	writeFile(t, filepath.Join(tree, "templates", "linux.tpl"), []byte("x\n"))
	writeFile(t, filepath.Join(tree, "module", "main.tf"), []byte(`variable "os" {
  default = "linux"
}

output "motd" {
  value = templatefile("${path.module}/../templates/${var.os}.tpl", {})
}

output "all" {
  value = fileset("${path.module}/../templates", "*.tpl")
}
`))
	for target, want := range map[Target][]string{
		Go:  {`tfkit.Fn("templatefile", "${path.module}/../templates/${var.os}.tpl"`, `tfkit.Fn("fileset", "${path.module}/../templates", "*.tpl")`},
		TSX: {`tf.fn("templatefile", "${path.module}/../templates/${var.os}.tpl"`, `tf.fn("fileset", "${path.module}/../templates", "*.tpl")`},
	} {
		out, ds := Dir(filepath.Join(tree, "module"), Options{Target: target})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", target, ds)
		}
		for _, w := range want {
			if !strings.Contains(string(out), w) {
				t.Errorf("%s: the output does not hold %s:\n%s", target, w, out)
			}
		}
		if strings.Contains(string(out), "NewAsset") || strings.Contains(string(out), "tf.asset") {
			t.Errorf("%s: an asset for a path that is not a constant file:\n%s", target, out)
		}
	}
}

// TestAssetNames: asset names are valid (they become directory names)
// and distinct for distinct files of one name.
func TestAssetNames(t *testing.T) {
	fa := newFileAssets("")
	for in, want := range map[string]string{"user data.tpl": "user_data.tpl", ".hidden": "hidden", "___": "file"} {
		if got := fa.uniqueName(in); got != want {
			t.Errorf("uniqueName(%q) = %q, want %q", in, got, want)
		}
	}
	if a, b := fa.uniqueName("x.tpl"), fa.uniqueName("x.tpl"); a != "x.tpl" || b != "x.tpl-2" {
		t.Errorf("names of two files x.tpl: %q, %q", a, b)
	}
}
