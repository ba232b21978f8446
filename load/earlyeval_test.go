package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/tffile"
)

// TestModuleSourceFromVariable: a module source built from a variable is
// an error naming the engine: Terraform never evaluates it, OpenTofu does
// (early evaluation), which eval does not yet.
func TestModuleSourceFromVariable(t *testing.T) {
	dir := t.TempDir()
	src := "variable \"name\" {\n  default = \"m\"\n}\n\nmodule \"m\" {\n  source = \"./modules/${var.name}\"\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		engine tffile.Engine
		want   string
	}{
		{tffile.Terraform, "Terraform reads a module source before evaluating anything"},
		{tffile.OpenTofu, "OpenTofu evaluates variables and locals in a module source (early evaluation), which tfkit eval does not do yet"},
	} {
		_, ds := Dir(dir, Options{Engine: tc.engine})
		if !ds.HasErrors() || !strings.Contains(ds.Error(), tc.want) || !strings.Contains(ds.Error(), "main.tf:6") {
			t.Errorf("%s: %v", tc.engine, ds)
		}
	}
}
