package tfkit_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/manifest"
)

// moduleReadsApp is a stack that calls local modules reading files outside
// their own directories, as terraform-aws-eks's _user_data module reads
// "${path.module}/../../templates/...": one in the project (a template two
// levels up, a sibling directory's file, a directory named by a local
// value), one outside it (beside its templates), and reads a directory
// through a local value itself. With warnings, a module also reads a file
// outside the project.
func moduleReadsApp(t *testing.T, out string, warnings *bytes.Buffer) *tfkit.App {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"project/modules/user_data/main.tf": `variable "name" {
  type = string
}

locals {
  hooks = "${path.module}/../../hooks"
}

output "user_data" {
  value = templatefile("${path.module}/../../templates/user_data.tpl", { name = var.name })
}

output "policy" {
  value = file("${path.module}/../shared/policy.json")
}

output "hooks" {
  value = { for f in fileset(local.hooks, "*.sh") : f => file("${local.hooks}/${f}") }
}
`,
		"project/modules/shared/policy.json":   `{"Version":"2012-10-17"}`,
		"project/templates/user_data.tpl":      "#!/bin/bash\necho ${name}\n",
		"project/hooks/pre.sh":                 "echo pre\n",
		"project/scripts/a.sh":                 "echo a\n",
		"project/scripts/b.sh":                 "echo b\n",
		"eks/modules/_user_data/main.tf":       "output \"user_data\" {\n  value = file(\"${path.module}/../../templates/linux_user_data.tpl\")\n}\n",
		"eks/templates/linux_user_data.tpl":    "#!/bin/bash\n/etc/eks/bootstrap.sh\n",
		"project/modules/leaky/main.tf":        "output \"shared\" {\n  value = file(\"${path.module}/../../../shared.txt\")\n}\n",
		"shared.txt":                           "outside\n",
		"project/modules/unrelated/main.tf":    "# not called\n",
		"project/templates/unrelated/file.tpl": "not read\n",
	})
	project := filepath.Join(root, "project")
	app := tfkit.NewApp(tfkit.WithOutdir(out), tfkit.WithProjectDir(project), tfkit.WithGetenv(envOf(nil)), tfkit.WithWarnings(warnings))
	s := tfkit.NewStack(app, "nodes")
	ud := tfkit.NewModule(s, "user_data", tfkit.ModuleConfig{Source: "./modules/user_data", Inputs: tfkit.Attrs{"name": "tfkit"}})
	eks := tfkit.NewModule(s, "eks", tfkit.ModuleConfig{Source: "../eks/modules/_user_data"})
	tfkit.NewLocals(s, tfkit.Attrs{"scripts": "scripts"})
	tfkit.NewResource(s, "terraform_data", "script", tfkit.Attrs{"input": "${file(\"${local.scripts}/${each.value}\")}"}).
		ForEach(tfkit.Fn("fileset", tfkit.Raw("local.scripts"), "*.sh"))
	tfkit.NewOutput(s, "user_data", tfkit.OutputConfig{Value: ud.Output("user_data")})
	tfkit.NewOutput(s, "policy", tfkit.OutputConfig{Value: ud.Output("policy")})
	tfkit.NewOutput(s, "hooks", tfkit.OutputConfig{Value: ud.Output("hooks")})
	tfkit.NewOutput(s, "eks", tfkit.OutputConfig{Value: eks.Output("user_data")})
	tfkit.NewOutput(s, "scripts", tfkit.OutputConfig{Value: tfkit.Raw(`{ for k, r in terraform_data.script : k => r.output }`)})
	if warnings != nil {
		tfkit.NewModule(s, "leaky", tfkit.ModuleConfig{Source: "./modules/leaky"})
	}
	return app
}

// TestModuleReadsTravel: the files local modules read outside their own
// directories travel with the stack, placed so that the modules' paths lead
// to them, and are listed in the manifest; so do the files of a directory
// the stack names through a local value. A module's file outside the
// project is a warning at the module's line, naming the module.
func TestModuleReadsTravel(t *testing.T) {
	out := t.TempDir()
	var warnings bytes.Buffer
	if err := moduleReadsApp(t, out, &warnings).Synth(); err != nil {
		t.Fatal(err)
	}
	m, err := manifest.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, f := range m.Stacks[0].Files {
		listed = append(listed, strings.TrimPrefix(f.Path, "stacks/nodes/"))
	}
	want := "main.tf hooks/pre.sh modules/leaky/main.tf modules/shared/policy.json modules/user_data/main.tf scripts/a.sh scripts/b.sh templates/user_data.tpl " +
		"tfkit-modules/eks/modules/_user_data/main.tf tfkit-modules/eks/templates/linux_user_data.tpl"
	if got := strings.Join(listed, " "); got != want {
		t.Errorf("manifest lists\n%s\nwant\n%s", got, want)
	}
	w := warnings.String()
	for _, part := range []string{filepath.Join("modules", "leaky", "main.tf") + ":2:16", "File read by a local module not copied", `The module "./modules/leaky"`,
		filepath.Join("..", "shared.txt"), "the module is called here: modulereads_test.go:"} {
		if !strings.Contains(w, part) {
			t.Errorf("warnings lack %q:\n%s", part, w)
		}
	}
}

// TestModuleReadsEngine: the engine plans and applies the synthesized stack,
// its modules reading their files from the stack's directory, where before
// it failed with "no file exists".
func TestModuleReadsEngine(t *testing.T) {
	enginetest.SkipShort(t)
	out := t.TempDir()
	outs := appliedOutputs(t, moduleReadsApp(t, out, nil), filepath.Join(out, "stacks", "nodes"))
	for name, want := range map[string]string{
		"user_data": `"#!/bin/bash\necho tfkit\n"`,
		"policy":    `"{\"Version\":\"2012-10-17\"}"`,
		"eks":       `"#!/bin/bash\n/etc/eks/bootstrap.sh\n"`,
	} {
		if got := string(outs[name].Value); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	var hooks, scripts map[string]string
	if err := json.Unmarshal(outs["hooks"].Value, &hooks); err != nil || hooks["pre.sh"] != "echo pre\n" {
		t.Errorf("hooks = %s", outs["hooks"].Value)
	}
	if err := json.Unmarshal(outs["scripts"].Value, &scripts); err != nil || scripts["a.sh"] != "echo a\n" || scripts["b.sh"] != "echo b\n" {
		t.Errorf("scripts = %s", outs["scripts"].Value)
	}
}
