package tsx

import (
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestOverridesEngineValidates: the configuration of the overrides build
// case (overrides in lifecycle, a provisioner, a nested block and tags)
// passes the engine's validate in both formats.
func TestOverridesEngineValidates(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.Engine(t)
	enginetest.RequireProvider(t, "hashicorp/null", "2.1.2")
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	cfg, ds := Build("main.tsx", Options{Dir: filepath.Join("testdata", "build", "overrides")})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, format := range []string{FormatHCL, FormatJSON} {
		t.Run(format, func(t *testing.T) {
			files, err := Files(cfg, format, "main", ".")
			if err != nil {
				t.Fatal(err)
			}
			name := "main.tf"
			if format == FormatJSON {
				name = "main.tf.json"
			}
			pin := `terraform {
  required_providers {
    aws  = { source = "hashicorp/aws", version = "3.3.0" }
    null = { source = "hashicorp/null", version = "2.1.2" }
  }
}
`
			w := enginetest.Workspace(t, map[string]string{name: string(files[name]), "versions.tf": pin})
			w.Init()
			w.Validate()
		})
	}
}
