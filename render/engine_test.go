package render

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestTerraformFmt runs the real `terraform fmt -check` (or tofu's) over
// every HCL golden file: the renderer must write exactly what fmt leaves
// alone. Without an engine the test is skipped, unless
// TFKIT_REQUIRE_ENGINE=1.
func TestTerraformFmt(t *testing.T) {
	engine := enginetest.Engine(t)
	dir := t.TempDir()
	// An empty CLI config: the machine's may not exist, and fmt needs none.
	cliConfig := filepath.Join(dir, "terraformrc")
	if err := os.WriteFile(cliConfig, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	files := filepath.Join(dir, "files")
	if err := os.Mkdir(files, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range goldenCases {
		src, err := os.ReadFile(filepath.Join("testdata", c.name, "main.tf"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(files, c.name+".tf"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(engine, "fmt", "-check", "-diff", "-no-color", files)
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+cliConfig, "CHECKPOINT_DISABLE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s fmt -check: %v; fmt would change the golden files:\n%s", engine, err, out.String())
	}
}
