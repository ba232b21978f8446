package load

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// openTofuConfigTestdata is the directory of OpenTofu's configuration
// loader test files, in the module OpenTofu's source is built from: files
// that OpenTofu's own tests read, each marked with the errors and warnings
// OpenTofu reports where it does (`# ERROR: summary` on the line).
func openTofuConfigTestdata(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("reads OpenTofu's source from the Go module cache")
	}
	cmd := exec.Command("go", "mod", "download", "-json", "github.com/opentofu/opentofu@v"+enginetest.OpenTofuVersion)
	cmd.Dir = t.TempDir()
	out, err := cmd.Output()
	var mod struct{ Dir string }
	if err == nil {
		err = json.Unmarshal(out, &mod)
	}
	if err != nil || mod.Dir == "" {
		if os.Getenv(enginetest.EnvRequireEngine) == "1" {
			t.Fatalf("OpenTofu's source (the module scripts/install-engine.sh builds): %v\n%s", err, out)
		}
		t.Skipf("OpenTofu's source is not in the module cache and cannot be downloaded: %v", err)
	}
	return filepath.Join(mod.Dir, "internal", "configs", "testdata")
}

// loadOne evaluates one file of OpenTofu's test data alone, for OpenTofu.
func loadOne(t *testing.T, path string) diag.Diagnostics {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(path)), src, 0o644); err != nil {
		t.Fatal(err)
	}
	_, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	return ds
}

// loadTree evaluates one directory of OpenTofu's test data, for OpenTofu.
func loadTree(t *testing.T, dir string) diag.Diagnostics {
	t.Helper()
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	_, ds := Dir(tmp, Options{Engine: tffile.OpenTofu})
	return ds
}

// expectedAt reads the `# ERROR: summary` (or WARNING) marks of a file.
func expectedAt(t *testing.T, path, tag string) map[int]string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`# ` + tag + `: (.+)$`)
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			want[i+1] = strings.TrimSpace(m[1])
		}
	}
	return want
}

func reportedAt(ds diag.Diagnostics, sev diag.Severity, line int, summary string) bool {
	for _, d := range ds {
		if d.Severity == sev && d.Summary == summary && d.Subject != nil && d.Subject.Start.Line == line {
			return true
		}
	}
	return false
}

// TestOpenTofuConfigTestdata reads OpenTofu's configuration test files as
// they lie in its source (public code nobody here wrote): every error and
// warning OpenTofu's loader reports on a marked line is reported there
// with its summary, every file and module OpenTofu finds invalid is an
// error, and a valid one gets no error other than those of evaluating it
// alone (variables without values, modules not there).
func TestOpenTofuConfigTestdata(t *testing.T) {
	testdata := openTofuConfigTestdata(t)
	// What eval does not report, and why.
	skip := map[string]string{
		// The source is refused first, so the version is not read.
		"error-files/module-sensitive.tf:4": "Invalid version constraint",
		// Attributes of a default that its object type drops are not
		// reported.
		"warning-files/unused_variable_default_attrs.tf": "Object attribute is ignored",
	}
	for _, c := range []struct {
		dir string
		tag string
		sev diag.Severity
	}{{"error-files", "ERROR", diag.Error}, {"warning-files", "WARNING", diag.Warning}} {
		files, err := filepath.Glob(filepath.Join(testdata, c.dir, "*"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no files in %s: %v", c.dir, err)
		}
		for _, path := range files {
			name := c.dir + "/" + filepath.Base(path)
			if skip[name] != "" {
				continue
			}
			ds := loadOne(t, path)
			for line, summary := range expectedAt(t, path, c.tag) {
				if skip[name+":"+itoa(line)] == summary {
					continue
				}
				if !reportedAt(ds, c.sev, line, summary) {
					t.Errorf("%s:%d: want %q\n%s", name, line, summary, ds.Error())
				}
			}
		}
	}
	// each evaluates every file (or module directory) of dir.
	each := func(dir string, check func(name string, ds diag.Diagnostics)) {
		paths, _ := filepath.Glob(filepath.Join(testdata, dir, "*"))
		if len(paths) == 0 {
			t.Fatalf("no %s", dir)
		}
		for _, path := range paths {
			load := loadOne
			if strings.HasSuffix(dir, "-modules") {
				load = loadTree
			}
			check(dir+"/"+filepath.Base(path), load(t, path))
		}
	}
	for _, dir := range []string{"invalid-files", "invalid-modules"} {
		each(dir, func(name string, ds diag.Diagnostics) {
			if !ds.HasErrors() {
				t.Errorf("%s: no error", name)
			}
		})
	}
	// Errors of evaluating a file or a module alone, which OpenTofu's
	// loader does not do (an empty module is one, for plan; so are moves
	// of one address to two, which plan refuses).
	evaluating := regexp.MustCompile(`^(No value for required variable|Module directory not found|Reference to undeclared .*|Configuration for import target does not exist|No configuration files|Ambiguous move statements)$`)
	for _, dir := range []string{"valid-files", "valid-modules"} {
		each(dir, func(name string, ds diag.Diagnostics) {
			for _, d := range ds {
				if d.Severity == diag.Error && !evaluating.MatchString(d.Summary) {
					t.Errorf("%s: %s", name, d.Error())
				}
			}
		})
	}
}

// engineProblems reads the errors and warnings a terraform or tofu command
// printed with -no-color: summary and place, as "Error: summary @ main.tf:3".
func engineProblems(out string) map[string]bool {
	problems := map[string]bool{}
	head := regexp.MustCompile(`^(Error|Warning): (.+)$`)
	at := regexp.MustCompile(`^ *on (\S+) line (\d+)`)
	current := ""
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimLeft(line, "│╷╵ ")
		if m := head.FindStringSubmatch(line); m != nil {
			current = m[1] + ": " + m[2]
			continue
		}
		if m := at.FindStringSubmatch(line); m != nil && current != "" {
			problems[current+" @ "+m[1]+":"+m[2]] = true
			current = ""
		}
	}
	return problems
}

// TestLoadRulesMatchEngines: what the engines refuse, or warn about, when
// they read a module (init), eval reports with the same summary on the
// same line, and nothing more of the kind; quoted references of
// Terraform 0.11 are read with a warning, as the engines read them.
func TestLoadRulesMatchEngines(t *testing.T) {
	cases := map[string]map[string]string{
		"settings": {"a.tf": `terraform {
  backend "local" {}
  required_providers {
    null = { source = "hashicorp/null" }
  }
  provider_meta "null" {
    a = 1
  }
}
`, "b.tf": `terraform {
  backend "local" {}
  cloud {}
  required_providers {
    random = { source = "hashicorp/random" }
  }
  provider_meta "null" {
    a = 2
  }
}
`, "override.tf": `terraform {
  backend "local" {}
}
`},
		"refused": {"main.tf": `variable "v" {
  type = "string"
}
variable "w" {
  type = list
  default = []
  validation {
    condition     = true
    error_message = "x"
  }
}
provider "null" {
  count = 1
}
data "null_data_source" "d" {
  lifecycle {
    ignore_changes = []
  }
}
resource "null_resource" "a" {
  provider = my_null
  lifecycle {
    ignore_changes  = ["*"]
    prevent_destroy = var.v
    precondition {
      condition     = true
      error_message = "x"
    }
  }
  provisioner "local-exec" {
    when       = later
    on_failure = continue
    command    = "true"
  }
  provisioner "local-exec" {
    when    = destroy
    command = "echo ${var.w}"
  }
  provisioner "chef" {}
  locals {}
}
resource "null resource" "b" {}
resource "null_resource" "c" {
  count    = 1
  for_each = {}
}
`},
		// Each file as written: an override that another overrides is
		// checked too.
		"overrides": {"main.tf": `variable "v" {
  default = "main"
}
`, "a_override.tf": `variable "v" {
  deprecated = "use w"
}
`, "b_override.tf": `variable "v" {
  deprecated = "use x"
  const      = true
}
`},
		// Terraform 0.12's proxy configurations in a child module: a
		// warning, and no reason to refuse count.
		"proxy": {"child/main.tf": `provider "null" {
  alias = "eu"
}
resource "null_resource" "c" {
  provider = null.eu
}
`, "main.tf": `provider "null" {
  alias = "eu"
}
module "child" {
  source = "./child"
  count  = 1
  providers = {
    null.eu = null.eu
  }
}
`},
		// Declared twice, in the engines' words.
		"duplicates": {"main.tf": `variable "a" {
  default = 1
}
variable "a" {
  default = 2
}
output "o" {
  value = 1
}
output "o" {
  value = 2
}
module "m" {
  source = "./m"
}
module "m" {
  source = "./m"
}
resource "null_resource" "b" {}
resource "null_resource" "b" {}
data "null_data_source" "d" {}
data "null_data_source" "d" {}
locals {
  x = 1
}
locals {
  x = 2
}
`, "m/main.tf": `variable "v" {
  default = 1
}
`},
		// Check blocks need an assert that checks something; override
		// files may hold no check block, condition or validation.
		"checks": {"main.tf": `variable "v" {
  default = 1
}
resource "null_resource" "r" {}
check "constant" {
  assert {
    condition     = true
    error_message = "x"
  }
}
check "real" {
  assert {
    condition     = var.v > 0
    error_message = "x"
  }
  assert {
    condition     = 1 > 0
    error_message = "x"
  }
}
`, "override.tf": `variable "v" {
  validation {
    condition     = var.v > 0
    error_message = "x"
  }
}
resource "null_resource" "r" {
  lifecycle {
    precondition {
      condition     = var.v > 0
      error_message = "x"
    }
  }
}
check "real" {
  assert {
    condition     = var.v > 1
    error_message = "x"
  }
}
`},
		// What a module call passes against what its child expects.
		"passing": {"main.tf": `terraform {
  required_providers {
    null = { source = "hashicorp/null" }
    foo  = { source = "example/foo" }
  }
}
provider "foo" {}
provider "null" {}
module "aliases" {
  source = "./aliases"
}
module "own" {
  source = "./own"
  providers = {
    null = null
  }
}
module "mismatch" {
  source = "./plain"
  providers = {
    foo = foo
  }
}
module "undeclared" {
  source = "./plain"
  providers = {
    null = null
    time = time
  }
}
module "inherits" {
  source = "./inherits"
}
`, "inherits/main.tf": `terraform {
  required_providers {
    null = { source = "hashicorp/null" }
  }
}
module "passes_on" {
  source = "../aliases"
  providers = {
    null      = null
    null.east = null
  }
}
`, "aliases/main.tf": `terraform {
  required_providers {
    null = {
      source                = "hashicorp/null"
      configuration_aliases = [null.east]
    }
  }
}
resource "null_resource" "x" {
  provider = null.east
}
`, "own/main.tf": `provider "null" {
  region = "x"
}
`, "plain/main.tf": `resource "null_resource" "x" {}
`},
		"clean": {"main.tf": `removed {
  from = null_resource.gone
  lifecycle {
    destroy = true
  }
  provisioner "local-exec" {
    when    = destroy
    command = "echo ${self.id}"
  }
}
`},
		"quoted": {"child/main.tf": `terraform {
  required_providers {
    null = {
      source                = "hashicorp/null"
      configuration_aliases = [null.eu]
    }
  }
}
resource "null_resource" "c" {
  provider = "null.eu"
}
`, "main.tf": `provider "null" {
  alias = "eu"
}
module "child" {
  source = "./child"
  providers = {
    "null.eu" = "null.eu"
  }
}
resource "null_resource" "a" {}
resource "null_resource" "b" {
  depends_on = ["null_resource.a"]
  provider   = "null"
  lifecycle {
    ignore_changes = ["triggers"]
  }
  provisioner "local-exec" {
    when    = "create"
    command = "true"
  }
}
`},
	}
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		for name, files := range cases {
			w := enginetest.Workspace(t, files)
			r := w.Exec("init", "-backend=false", "-input=false", "-no-color")
			want := engineProblems(r.Output)
			for p := range want {
				if strings.Contains(p, "lock file") {
					delete(want, p)
				}
			}
			_, ds := Dir(w.Dir, Options{Engine: tffile.EngineOf(w.Engine)})
			got := map[string]bool{}
			for _, d := range ds {
				if d.Subject == nil || d.Summary == "No value for required variable" {
					continue // evaluating, which init does not
				}
				sev := "Error"
				if d.Severity == diag.Warning {
					sev = "Warning"
				}
				got[sev+": "+d.Summary+" @ "+d.Subject.Filename+":"+itoa(d.Subject.Start.Line)] = true
			}
			for p := range want {
				if !got[p] {
					t.Errorf("%s: %s reports %q, eval does not:\n%s", name, r.Engine, p, ds.Error())
				}
			}
			for p := range got {
				// The engines count warnings of a kind after the first
				// ("and 5 more similar warnings elsewhere").
				if !want[p] && !strings.HasPrefix(p, "Warning: ") {
					t.Errorf("%s: eval reports %q, %s does not:\n%s", name, p, r.Engine, r.Output)
				}
			}
			if len(want) == 0 && name != "clean" && !(name == "overrides" && strings.HasPrefix(r.Engine, "tofu")) {
				t.Errorf("%s: %s reported nothing:\n%s", name, r.Engine, r.Output)
			}
		}
	})
}
