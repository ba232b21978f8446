package tsx

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/internal/render"
)

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/build/*/want.*", "testdata/state_blocks/want.*")
}

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
			// Exactly one of want.tf and want.errors exists, and want.warnings
			// only beside want.tf, when there are warnings.
			if diags.HasErrors() {
				golden.CheckString(t, filepath.Join(dir, goldenErrors), formatDiags(diags))
				golden.CheckOptional(t, filepath.Join(dir, goldenTF), nil)
				golden.CheckOptional(t, filepath.Join(dir, goldenWarnings), nil)
				return
			}
			out, err := render.HCL(cfg)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			golden.CheckOptional(t, filepath.Join(dir, goldenWarnings), []byte(formatDiags(diags)))
			golden.Check(t, filepath.Join(dir, goldenTF), out)
			golden.CheckOptional(t, filepath.Join(dir, goldenErrors), nil)
		})
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
		if goldens != 1 && !golden.Update() {
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
