package config

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseValidate checks that any text parses to a model or to
// diagnostics, and that validating any parsed model never panics and always
// names a location for each error it reports.
func FuzzParseValidate(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "seeds", "*.tf"))
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`resource "a_b" "c" { v = a_b.c.id }`)
	f.Fuzz(func(t *testing.T, src string) {
		cfg, diags := ParseConfig(src, "fuzz.tf")
		if diags.HasErrors() {
			for _, d := range diags {
				if d.Summary == "" {
					t.Fatalf("diagnostic without summary: %#v", d)
				}
			}
			return
		}
		for _, d := range Validate(cfg) {
			if d.Summary == "" || d.Subject == nil {
				t.Fatalf("diagnostic without summary or location: %s", d)
			}
		}
	})
}
