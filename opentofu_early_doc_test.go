package tfkit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
)

// TestEarlyEvaluationDocExample runs the examples of docs/go-api.md,
// "Modules" and "The terraform block", for OpenTofu: the text they write,
// and every module of ./modules copied into the stack for the source built
// with format.
func TestEarlyEvaluationDocExample(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, "modules", m), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "modules", m, "main.tf"), []byte("# "+m+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	env := map[string]string{tfkit.EnvOutdir: out, tfkit.EnvEngine: "opentofu"}
	app := tfkit.NewApp(tfkit.WithGetenv(func(k string) string { return env[k] }), tfkit.WithProjectDir(dir))
	stack := tfkit.NewStack(app, "main")

	tfkit.NewVariable(stack, "flavor", tfkit.VariableConfig{Type: "string", Default: "a"})
	tfkit.NewVariable(stack, "region", tfkit.VariableConfig{Type: "string", Default: "a"})
	tfkit.NewVariable(stack, "vpc_version", tfkit.VariableConfig{Type: "string", Default: "5.1.0"})
	pets := tfkit.NewProvider(stack, "random", nil).Alias("by_name").ForEach(tfkit.Fn("toset", []string{"a", "b"}))
	tfkit.NewModule(stack, "app", tfkit.ModuleConfig{
		SourceExpr:        tfkit.Fn("format", "./modules/%s", tfkit.Var("flavor")),                          // source = format("./modules/%s", var.flavor)
		ProviderInstances: map[string]*tfkit.ProviderInstance{"random": pets.Instance(tfkit.Var("region"))}, // providers = { random = random.by_name[var.region] }
	})
	tfkit.NewModule(stack, "vpc", tfkit.ModuleConfig{
		Source:      "terraform-aws-modules/vpc/aws",
		VersionExpr: tfkit.Var("vpc_version"), // version = var.vpc_version
	})

	tfkit.NewVariable(stack, "env", tfkit.VariableConfig{Type: "string", Default: "dev"})
	tfkit.NewTerraform(stack, tfkit.TerraformConfig{
		Backend: tfkit.Backend("local", tfkit.Attrs{"path": "state/${var.env}.tfstate"}), // path = "state/${var.env}.tfstate"
	})

	if err := app.Synth(); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(out, "stacks", "main", "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`source = format("./modules/%s", var.flavor)`,
		`random = random.by_name[var.region]`,
		`version = var.vpc_version`,
		`path = "state/${var.env}.tfstate"`,
	} {
		if !strings.Contains(string(text), want) {
			t.Errorf("main.tf does not say %s:\n%s", want, text)
		}
	}
	for _, m := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(out, "stacks", "main", "modules", m, "main.tf")); err != nil {
			t.Errorf("module %s not copied: %v", m, err)
		}
	}
}
