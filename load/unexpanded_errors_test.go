package load

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit/diag"
)

// TestErrorsOfUnexpandedArguments: an error in the arguments of a resource
// whose instances eval does not know (a for_each read from a module that
// is not installed) is a warning, since the engine reports it only if the
// resource has instances (Azure's virtual network module, read with its
// defaults, has none); --strict keeps it an error, and so is an error that
// reads no value of the configuration.
func TestErrorsOfUnexpandedArguments(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `
module "settings" {
  source  = "example/settings/any"
  version = "1.0.0"
}

variable "name" {
  type    = string
  default = null
}

resource "terraform_data" "diag" {
  for_each = module.settings.diagnostic_settings
  input    = "diag-${var.name}"
}

resource "terraform_data" "literal" {
  for_each = module.settings.diagnostic_settings
  input    = element([], 0)
}

resource "terraform_data" "counted" {
  count = 2
  input = "x-${var.name}"
}
`})
	_, ds := Dir(dir, Options{})
	var unexpanded, counted, literal *diag.Diagnostic
	for _, d := range ds {
		if d.Summary == "Error in function call" && strings.HasPrefix(d.Path, "terraform_data.literal") {
			literal = d
		}
		if d.Summary != "Invalid template interpolation value" {
			continue
		}
		switch {
		case strings.HasPrefix(d.Path, "terraform_data.diag"):
			unexpanded = d
		case strings.HasPrefix(d.Path, "terraform_data.counted"):
			counted = d
		}
	}
	if unexpanded == nil || unexpanded.Severity != diag.Warning ||
		!strings.Contains(unexpanded.Detail, "This is an error for every instance of terraform_data.diag, whose instances eval does not know") {
		t.Errorf("unexpanded resource: %v\nall: %v", unexpanded, ds)
	}
	// The engines validate arguments with their values unknown: an error
	// that reads no value is theirs whether or not there are instances.
	if literal == nil || literal.Severity != diag.Error {
		t.Errorf("unexpanded resource, error reading no value: %v\nall: %v", literal, ds)
	}
	if counted == nil || counted.Severity != diag.Error {
		t.Errorf("resource with known instances: %v\nall: %v", counted, ds)
	}
	_, ds = Dir(dir, Options{Strict: true})
	if !strings.Contains(ds.Error(), "main.tf:14:22: Error: Invalid template interpolation value") {
		t.Errorf("--strict: %v", ds)
	}
}

// TestErrorsInAModuleOfUnknownInstances: the same for the resources of a
// module call whose for_each eval does not know.
func TestErrorsInAModuleOfUnknownInstances(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"main.tf": `
module "settings" {
  source  = "example/settings/any"
  version = "1.0.0"
}

module "child" {
  source   = "./child"
  for_each = module.settings.children
}
`,
		"child/main.tf": `
variable "name" {
  type    = string
  default = null
}

resource "terraform_data" "a" {
  input = "x-${var.name}"
}

resource "terraform_data" "b" {
  input = element([], 0)
}
`})
	_, ds := Dir(dir, Options{})
	var reads, literal *diag.Diagnostic
	for _, d := range ds {
		switch {
		case d.Summary == "Invalid template interpolation value":
			reads = d
		case d.Summary == "Error in function call":
			literal = d
		}
	}
	if reads == nil || reads.Severity != diag.Warning || !strings.Contains(reads.Detail, "whose instances eval does not know (module.child: for_each is unknown") {
		t.Errorf("argument reading a variable: %v\nall: %v", reads, ds)
	}
	if literal == nil || literal.Severity != diag.Error {
		t.Errorf("argument reading no value: %v\nall: %v", literal, ds)
	}
}

// TestCountUnknownBesidesAnError: a count unknown only because of an error
// has no "Invalid count argument" warning besides the error (the mistake
// "count and for_each from defaults of the wrong type"); one unknown until
// apply keeps it, with the error elsewhere or without.
func TestCountUnknownBesidesAnError(t *testing.T) {
	files := map[string]string{"main.tf": `variable "n" {
  type    = number
  default = "x"
}

resource "terraform_data" "id" {}

resource "terraform_data" "broken" {
  count = var.n
}

resource "terraform_data" "later" {
  count = terraform_data.id.id == "x" ? 1 : 0
}
`}
	for _, strict := range []bool{false, true} {
		_, ds := Dir(writeFiles(t, files), Options{Strict: strict})
		var paths []string
		for _, d := range ds {
			if d.Summary == "Invalid count argument" {
				paths = append(paths, d.Path)
			}
		}
		if strings.Join(paths, " ") != "terraform_data.later" {
			t.Errorf("strict %v: Invalid count argument at %q, want only terraform_data.later", strict, paths)
		}
		if !ds.HasErrors() {
			t.Errorf("strict %v: no error for the default", strict)
		}
	}
}
