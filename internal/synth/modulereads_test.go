package synth

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/manifest"
)

// The files a local module reads outside its own directory are written
// into the stack where its paths lead and listed in the manifest, for
// every front end; the stack's configuration file is never one of them,
// and what cannot be copied reaches Warn.
func TestModuleReadsWritten(t *testing.T) {
	root := t.TempDir()
	project := filepath.Join(root, "project")
	for name, text := range map[string]string{
		"modules/x/main.tf": `output "a" {
  value = templatefile("${path.module}/../../templates/a.tpl", {})
}
output "main" {
  value = file("${path.module}/../../main.tf")
}
output "outside" {
  value = file("${path.module}/../../../outside.txt")
}
`,
		"templates/a.tpl": "a",
		"main.tf":         "# the project's own, not the stack's",
		"../outside.txt":  "x",
	} {
		p := filepath.Join(project, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &config.Config{}
	m := config.NewBlock("module", "x")
	m.Body.Set("source", config.String("./modules/x"))
	cfg.Add(m)
	var warned diag.Diagnostics
	files, err := Files(OneStack("main", cfg), Options{Format: FormatHCL, ProjectDir: project, Warn: func(ds diag.Diagnostics) { warned = append(warned, ds...) }})
	if err != nil {
		t.Fatal(err)
	}
	if string(files["templates/a.tpl"]) != "a" || !bytes.Contains(files["main.tf"], []byte(`module "x"`)) {
		t.Errorf("files %v; main.tf:\n%s", keys(files), files["main.tf"])
	}
	man, err := manifest.Parse(files[manifest.Name])
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range man.Stacks[0].Files {
		listed = append(listed, f.Path)
	}
	if got := strings.Join(listed, " "); got != "main.tf modules/x/main.tf templates/a.tpl" {
		t.Errorf("manifest lists %s", got)
	}
	if len(warned) != 1 || warned[0].Summary != "File read by a local module not copied" || warned[0].Subject == nil ||
		warned[0].Subject.Filename != filepath.Join("modules", "x", "main.tf") || warned[0].Subject.Start.Line != 8 {
		t.Errorf("warnings: %v", warned)
	}
}
