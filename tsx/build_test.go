package tsx

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/render"
)

var update = flag.Bool("update", false, "rewrite golden files")

// A build case is a directory under testdata/build holding main.tsx (and
// whatever it imports), an optional case.json with options, and exactly one
// golden file: want.tf when the build succeeds, want.errors when it fails;
// a build that succeeds with warnings has them in want.warnings too.
const (
	goldenTF       = "want.tf"
	goldenErrors   = "want.errors"
	goldenWarnings = "want.warnings"
	caseOptions    = "case.json"
)

type caseConfig struct {
	Env     map[string]string `json:"env"`
	Timeout string            `json:"timeout"`
	Entry   string            `json:"entry"`
}

func readCase(t *testing.T, dir string) (string, Options) {
	t.Helper()
	cc := caseConfig{Entry: "main.tsx"}
	if data, err := os.ReadFile(filepath.Join(dir, caseOptions)); err == nil {
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cc); err != nil {
			t.Fatalf("%s: %v", caseOptions, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	opts := Options{Dir: dir, Env: cc.Env}
	if cc.Timeout != "" {
		d, err := time.ParseDuration(cc.Timeout)
		if err != nil {
			t.Fatalf("%s: %v", caseOptions, err)
		}
		opts.Timeout = d
	}
	return cc.Entry, opts
}

// formatDiags renders diagnostics as a golden file shows them.
func formatDiags(ds diag.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Error())
		b.WriteString("\n\n")
	}
	return b.String()
}

func buildCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("testdata", "build"))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	sort.Strings(dirs)
	return dirs
}

func TestBuildGolden(t *testing.T) {
	for _, name := range buildCases(t) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("testdata", "build", name)
			entry, opts := readCase(t, dir)
			cfg, diags := Build(entry, opts)
			var got, golden, other string
			if diags.HasErrors() {
				got, golden, other = formatDiags(diags), goldenErrors, goldenTF
			} else {
				out, err := render.HCL(cfg)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				got, golden, other = string(out), goldenTF, goldenErrors
				if len(diags) > 0 {
					checkGolden(t, dir, goldenWarnings, formatDiags(diags))
				} else if _, err := os.Stat(filepath.Join(dir, goldenWarnings)); err == nil {
					if *update {
						os.Remove(filepath.Join(dir, goldenWarnings))
					} else {
						t.Errorf("%s is stale: the case gave no warnings (run with -update)", goldenWarnings)
					}
				}
			}
			checkGolden(t, dir, golden, got)
			if _, err := os.Stat(filepath.Join(dir, other)); err == nil {
				if *update {
					os.Remove(filepath.Join(dir, other))
				} else {
					t.Errorf("%s is stale: the case produced %s (run with -update)", other, golden)
				}
			}
		})
	}
}

func checkGolden(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it); got:\n%s", err, got)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update to accept):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// TestBuildCasesAreComplete fails on case directories that lack an entry or
// hold files no test reads.
func TestBuildCasesAreComplete(t *testing.T) {
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		goldens := 0
		for _, e := range entries {
			switch e.Name() {
			case goldenTF, goldenErrors:
				goldens++
			}
		}
		if goldens != 1 && !*update {
			t.Errorf("%s: want exactly one of %s and %s, found %d", dir, goldenTF, goldenErrors, goldens)
		}
	}
}

// TestBuildDeterministic builds every successful case twice and compares
// the output byte for byte.
func TestBuildDeterministic(t *testing.T) {
	for _, name := range buildCases(t) {
		dir := filepath.Join("testdata", "build", name)
		if _, err := os.Stat(filepath.Join(dir, goldenTF)); err != nil {
			continue
		}
		entry, opts := readCase(t, dir)
		var outs [2]string
		for i := range outs {
			cfg, diags := Build(entry, opts)
			if diags.HasErrors() {
				t.Fatalf("%s: %v", name, diags)
			}
			out, err := render.HCL(cfg)
			if err != nil {
				t.Fatal(err)
			}
			outs[i] = string(out)
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: two builds differ:\n%s\n---\n%s", name, outs[0], outs[1])
		}
	}
}
