package tsx

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// engineFiles builds a build case and writes it in format, as main.tf or
// main.tf.json.
func engineFiles(t *testing.T, name, format string) (string, string) {
	t.Helper()
	cfg, ds := Build("main.tsx", Options{Dir: filepath.Join("testdata", "build", name)})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, err := Files(cfg, format, "main", ".")
	if err != nil {
		t.Fatal(err)
	}
	file := "main.tf"
	if format == FormatJSON {
		file = "main.tf.json"
	}
	return file, string(files[file])
}

// TestNestedSplatValidates: refs with a splat inside a splat
// (web.ingress["*"].cidr_blocks["*"], fleet["*"].ebs_block_device["*"].volume_id)
// pass the engine's validate against the aws provider's schema, in both
// formats.
func TestNestedSplatValidates(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	for _, format := range []string{FormatHCL, FormatJSON} {
		t.Run(format, func(t *testing.T) {
			file, text := engineFiles(t, "ref_nested_splat", format)
			pin := "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \"3.3.0\" }\n  }\n}\n"
			w := enginetest.Workspace(t, map[string]string{file: text, "versions.tf": pin})
			w.Init()
			w.Validate()
		})
	}
}

// TestNestedSplatValues applies a splat inside a splat and reads what it
// gives: for every instance, one value per element of its own list.
func TestNestedSplatValues(t *testing.T) {
	enginetest.SkipShort(t)
	want := map[string]string{
		"names":       `[["a-0","b-0"],["a-1","b-1"]]`,
		"ports":       `[[[80,443],[22]],[[80,443],[22]]]`,
		"first_ports": `[[80,22],[80,22]]`,
	}
	enginetest.ForEachEngine(t, func(t *testing.T, _ string) {
		for _, format := range []string{FormatHCL, FormatJSON} {
			file, text := engineFiles(t, "ref_nested_splat_values", format)
			w := enginetest.Workspace(t, map[string]string{file: text})
			w.Init()
			w.Apply()
			outs := w.Outputs()
			for name, v := range want {
				var got bytes.Buffer
				if err := json.Compact(&got, outs[name].Value); err != nil {
					t.Fatalf("%s: output %s: %v (%s)", file, name, err, outs[name].Value)
				}
				if got.String() != v {
					t.Errorf("%s: output %s = %s, want %s", file, name, got.String(), v)
				}
			}
		}
	})
}
