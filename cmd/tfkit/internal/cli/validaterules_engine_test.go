package cli

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// staticMistakes are configurations with the mistakes the engines refuse,
// or warn about, as they read a module's files, before evaluating
// anything; tfkit validate must report each as the engine's validate
// does (place, severity, summary, detail), for the root module and its
// local child modules.
var staticMistakes = []struct {
	name  string
	files map[string]string
}{
	{"count and for_each, invalid variable name, quoted reference", map[string]string{"main.tf": `resource "null_resource" "a" {
  count    = 2
  for_each = toset(["x"])
}
variable "1bad" {}
resource "null_resource" "b" {
  lifecycle {
    ignore_changes = ["triggers"]
  }
}
`}},
	{"quoted reference alone is a warning", map[string]string{"main.tf": `resource "null_resource" "b" {
  lifecycle {
    ignore_changes = ["triggers"]
  }
}
`}},
	{"names that are not names", map[string]string{"main.tf": `variable "1v" {}
output "2o" {
  value = 1
}
module "3m" {
  source = "./m"
}
resource "null_resource" "4r" {}
data "null_data_source" "5d" {}
variable "x" {}
check "6c" {
  assert {
    condition     = var.x == 1
    error_message = "x"
  }
}
`, "m/main.tf": ""}},
	{"reserved variable names", map[string]string{"main.tf": `variable "count" {}
variable "source" {}
variable "version" {}
variable "providers" {}
variable "for_each" {}
variable "lifecycle" {}
variable "depends_on" {}
variable "locals" {}
`}},
	{"declared twice across files", map[string]string{"a.tf": `variable "a" {}
output "o" {
  value = 1
}
locals {
  l = 1
}
module "m" {
  source = "./m"
}
resource "null_resource" "r" {}
data "null_data_source" "d" {}
provider "null" {}
provider "null" {
  alias = "x"
}
variable "x" {}
check "c" {
  assert {
    condition     = var.x == 1
    error_message = "x"
  }
}
`, "b.tf": `variable "a" {}
output "o" {
  value = 2
}
locals {
  l = 2
}
module "m" {
  source = "./m"
}
resource "null_resource" "r" {}
data "null_data_source" "d" {}
provider "null" {}
provider "null" {
  alias = "x"
}
check "c" {
  assert {
    condition     = var.x == 1
    error_message = "x"
  }
}
`, "m/main.tf": ""}},
	{"meta-arguments where they do not belong", map[string]string{"main.tf": `variable "v" {
  count    = 2
  nullable = "x"
}
output "o" {
  value    = 1
  for_each = []
  sensitiv = true
}
`}},
	{"required_version not a constraint", map[string]string{"main.tf": `terraform {
  required_version = "~> foo"
}
`}},
	{"required_version naming a prerelease", map[string]string{"versions.tf": `terraform {
  required_version = ">= 1.0.0-beta1"
}
`, "main.tofu": `terraform {
  required_version = ">= 1.0.0-beta1"
}
`}},
	{"what is read before evaluation: aliases, booleans, references", map[string]string{"main.tf": `provider "null" {
  alias = "1x"
}
variable "v" {
  sensitive = "yes"
}
output "o" {
  value     = 1
  sensitive = "maybe"
}
resource "null_resource" "a" {
  provider = "null"
}
resource "null_resource" "b" {
  depends_on = ["null_resource.a"]
}
`}},
	{"quoted references are warnings", map[string]string{"main.tf": `resource "null_resource" "a" {
  provider = "null"
}
resource "null_resource" "b" {
  depends_on = ["null_resource.a"]
}
`}},
	{"conditions without error_message", map[string]string{"main.tf": `variable "b" {
  type = string
  validation {
    condition = length(var.b) > 1
  }
}
output "o" {
  value = var.b
  precondition {
    condition = var.b != ""
  }
}
check "c" {
  assert {
    condition = var.b != ""
  }
}
resource "null_resource" "r" {
  lifecycle {
    postcondition {
      condition = self.id != ""
    }
  }
}
`}},
	{"types and defaults", map[string]string{"main.tf": `variable "a" {
  type    = object({ x = number, y = optional(string, "q") })
  default = { x = "abc" }
}
variable "b" {
  type    = list(number)
  default = ["a"]
}
variable "d" {
  type    = object({ x = number })
  default = {}
}
variable "e" {
  type    = string
  default = null
}
variable "f" {
  type = list(strin)
}
variable "g" {
  type = optional(string)
}
`}},
	{"blocks of kinds the engines do not know", map[string]string{"main.tf": `resourc "null_resource" "a" {}
`, "vars.tf": `variable "x" {
  foo {}
  validaton {}
}
output "o" {
  value = 1
  lifecycle {}
}
`}},
	{"mistakes in a local child module", map[string]string{"main.tf": `module "net" {
  source = "./net"
}
`, "net/main.tf": `variable "1bad" {}
resource "null_resource" "a" {
  count    = 1
  for_each = toset([])
}
`}},
}

// tfkitLine is a diagnostic as tfkit validate prints it.
var tfkitLine = regexp.MustCompile(`^(\S+):(\d+):(\d+): (Error|Warning): ([^;]*?)(?: \(at [^)]*\))?; (.*)$`)

// TestValidateStaticRulesAsTheEngine: tfkit validate reports what the
// engine's validate reports about a module's own files before evaluation
// (load's static rules, names, declarations made twice), in its words and
// at its places, for Terraform and, with --engine tofu, OpenTofu.
func TestValidateStaticRulesAsTheEngine(t *testing.T) {
	enginetest.SkipShort(t)
	schemas := schemaFile(t, "null-2.1.2.json")
	for _, c := range staticMistakes {
		t.Run(c.name, func(t *testing.T) {
			enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
				w := enginetest.Workspace(t, c.files)
				w.Exec("init", "-backend=false", "-input=false", "-no-color")
				says, _ := w.ValidateSays()
				var want []string
				for _, d := range says {
					place := d.Place
					if place == "" {
						place = "-" // the engine gives no place; tfkit's is not compared
					}
					want = append(want, fmt.Sprintf("%s %s %s; %s", place, strings.ToLower(d.Severity), d.Summary, strings.Join(strings.Fields(d.Detail), " ")))
				}
				args := []string{"validate", "--schema", schemas}
				if tffile.EngineOf(engine) == tffile.OpenTofu {
					args = append(args, "--engine", "tofu")
				}
				res := runCLI(t, w.Dir, nil, append(args, ".")...)
				var got []string
				for _, line := range strings.Split(res.stderr, "\n") {
					// The engine's did-you-mean, which ends its detail, is
					// tfkit's hint.
					if h, ok := strings.CutPrefix(line, "  hint: did you mean "); ok && len(got) > 0 {
						got[len(got)-1] += " Did you mean " + h
						continue
					}
					m := tfkitLine.FindStringSubmatch(line)
					if m == nil {
						continue
					}
					got = append(got, fmt.Sprintf("%s:%s:%s %s %s; %s", m[1], m[2], m[3], strings.ToLower(m[4]), m[5], strings.Join(strings.Fields(m[6]), " ")))
				}
				for i, g := range got {
					_, said, _ := strings.Cut(g, " ")
					if slices.Contains(want, "- "+said) {
						got[i] = "- " + said
					}
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("tfkit validate:\n%s\nthe engine:\n%s\n\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), res.stderr)
				}
				hasError := slices.ContainsFunc(want, func(s string) bool { return strings.Contains(s, " error ") })
				if hasError != (res.code == ExitFailure) {
					t.Errorf("exit code %d, the engine's errors: %v", res.code, hasError)
				}
			})
		})
	}
}
