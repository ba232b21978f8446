package tfkit_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// localModuleFiles is a local module with a required input, an optional
// one and one output.
var localModuleFiles = map[string]string{"modules/net/main.tf": `variable "name" {
  type = string
}

variable "size" {
  type    = number
  default = 1
}

output "id" {
  value = var.name
}
`}

// localModuleMistakes calls the module of localModuleFiles with the three
// mistakes terraform validate finds in a call: an input the module does
// not declare, a required one not set, an output it does not have. It
// returns the line of each.
func localModuleMistakes(s *tfkit.Stack) (call, read int) {
	call = here() + 1
	net := tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "./modules/net", Inputs: tfkit.Attrs{"sise": 2}})
	read = here() + 1
	tfkit.NewResource(s, "terraform_data", "uses", tfkit.Attrs{"input": net.Output("vpc_id")})
	ok := tfkit.NewModule(s, "ok", tfkit.ModuleConfig{Source: "./modules/net", Inputs: tfkit.Attrs{"name": "a"}}).ForEach(map[string]int{"a": 1})
	tfkit.NewResource(s, "terraform_data", "fine", tfkit.Attrs{"input": ok.Ref().Index("a").Attr("id")})
	return call, read
}

// TestLocalModuleInterface: a call of a local module is checked against
// the module's variables and outputs before Terraform runs, at the Go
// lines, as terraform validate checks it.
func TestLocalModuleInterface(t *testing.T) {
	project := t.TempDir()
	writeTree(t, project, localModuleFiles)
	app := tfkit.NewApp(tfkit.WithOutdir(t.TempDir()), tfkit.WithProjectDir(project), tfkit.WithGetenv(envOf(nil)))
	call, read := localModuleMistakes(tfkit.NewStack(app, "main"))
	ds, ok := app.Synth().(diag.Diagnostics)
	if !ok {
		t.Fatal("synth accepted the mistakes")
	}
	var got []string
	for _, d := range ds {
		line := 0
		if d.Subject != nil && filepath.Base(d.Subject.Filename) == "localmodule_test.go" {
			line = d.Subject.Start.Line
		}
		got = append(got, d.Summary+" "+d.Path+" "+fmt.Sprint(line)+" "+d.Suggestion)
	}
	want := []string{
		"Unsupported argument module.net.sise " + fmt.Sprint(call) + ` did you mean "size"?`,
		"Missing required argument module.net.name " + fmt.Sprint(call) + " set name in the module's inputs",
		"Unsupported attribute terraform_data.uses.input " + fmt.Sprint(read) + " ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLocalModuleInterfaceMatchesEngine: terraform validate refuses the
// same calls, written without the check (the read of a missing output in
// a configuration whose call is right, as validate stops at a wrong call).
func TestLocalModuleInterfaceMatchesEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the engine")
	}
	for main, want := range map[string][]string{
		`module "net" {
  source = "./modules/net"
  sise   = 2
}
`: {"Unsupported argument", "Missing required argument"},
		`module "net" {
  source = "./modules/net"
  name   = "a"
}

resource "terraform_data" "uses" {
  input = module.net.vpc_id
}
`: {"Unsupported attribute"},
	} {
		w := enginetest.Workspace(t, map[string]string{"modules/net/main.tf": localModuleFiles["modules/net/main.tf"], "main.tf": main})
		w.Exec("init", "-backend=false", "-input=false", "-no-color")
		r := w.Exec("validate", "-no-color")
		for _, summary := range want {
			if !strings.Contains(r.Output, "Error: "+summary) {
				t.Errorf("%s does not report %q:\n%s", r.Engine, summary, r.Output)
			}
		}
	}
}

// TestRunFromAnotherDirectory: a program run outside its project
// directory finds neither its local modules nor its assets, and the
// errors name the directory they were looked for in.
func TestRunFromAnotherDirectory(t *testing.T) {
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	abs, _ := filepath.Abs(".")
	for _, build := range []func(s *tfkit.Stack){
		func(s *tfkit.Stack) { tfkit.NewModule(s, "net", tfkit.ModuleConfig{Source: "./modules/net"}) },
		func(s *tfkit.Stack) { tfkit.NewAsset(s, "motd", "templates/motd.tftpl", tfkit.AssetFile) },
	} {
		app := tfkit.NewApp(tfkit.WithOutdir(t.TempDir()), tfkit.WithGetenv(envOf(nil)))
		build(tfkit.NewStack(app, "main"))
		ds, _ := app.Synth().(diag.Diagnostics)
		if len(ds) != 1 || !strings.Contains(ds[0].Detail, "The project directory is "+abs+", the directory the app runs in") {
			t.Errorf("diagnostics: %v", ds)
		}
	}
}
