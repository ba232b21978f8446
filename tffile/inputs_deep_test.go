package tffile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadModuleDeepNesting: module files nested 100,000 levels deep (past
// the depth at which HCL's parsers overflow the stack) are reported at
// file:line:col, in both syntaxes.
func TestReadModuleDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	for name, src := range map[string]string{
		"main.tf":      "variable \"x\" {\n  default = " + deep + "\n}\n",
		"main.tf.json": `{"variable": {"x": {"default": ` + deep + `}}}`,
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags := ReadModule(dir)
		if !diags.HasErrors() || !strings.Contains(diags.Error(), name+":") || !strings.Contains(diags.Error(), "Nesting too deep") {
			t.Errorf("%s: %.500s", name, diags.Error())
		}
	}
}
