package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeepFilesArePassedOver: stack files nested 100,000 levels deep (past
// the depth at which HCL's parsers overflow the stack) are passed over by
// what reads them before the engine runs, as files that do not parse are,
// instead of crashing tfkit.
func TestDeepFilesArePassedOver(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	dir := t.TempDir()
	files := map[string]string{
		"main.tf":          "variable \"v\" {\n  default = " + deep + "\n}\n",
		"more.tf.json":     `{"variable": {"w": {"default": ` + deep + `}}}`,
		"template.tf.json": `{"locals": {"x": "` + strings.Repeat(`${"`, 50000) + strings.Repeat(`"}`, 50000) + `"}}`,
		"terraform.tfvars": "v = " + deep + "\n",
	}
	var config []ConfigFile
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		config = append(config, ConfigFile{Path: p, Name: name})
	}
	if err := CheckFeatures(engineAt(Terraform, "1.5.0"), config); err != nil {
		t.Errorf("CheckFeatures: %v", err)
	}
	if _, err := initDigest(dir, []string{"main.tf", "more.tf.json"}, "terraform"); err != nil {
		t.Errorf("initDigest: %v", err)
	}
	if got := varOptions(dir, Terraform, map[string]string{"v": "1"}); len(got) != 0 {
		t.Errorf("varOptions: %v", got)
	}
}
