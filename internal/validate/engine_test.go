package validate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/schema"
)

// awsSlice is a part of the aws 3.3.0 provider's schema: its provider
// configuration, aws_instance, aws_s3_bucket, aws_security_group,
// aws_subnet and aws_vpc.
func awsSlice(t testing.TB) []*schema.Provider {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "codegen", "golang", "testdata", "providers", "aws-3.3.0-slice.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	aws, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	return aws
}

// checkFile checks one file, main.tf or main.tf.json, against ps.
func checkFile(t *testing.T, name, src string, ps []*schema.Provider) diag.Diagnostics {
	t.Helper()
	var cfg *config.Config
	var diags diag.Diagnostics
	if strings.HasSuffix(name, ".json") {
		cfg, diags = ReadJSON([]byte(src), name, ps)
	} else {
		cfg, diags = config.ParseConfig(src, name)
	}
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return Config(cfg, ps)
}

// places are the diagnostics' severities and places, sorted: "main.tf:2:12 error".
func places(ds diag.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		sev := "error"
		if d.Severity == diag.Warning {
			sev = "warning"
		}
		where := "-"
		if d.Subject != nil {
			where = fmt.Sprintf("%s:%d:%d", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
		}
		out = append(out, where+" "+sev)
	}
	slices.Sort(out)
	return out
}

// engineValidate runs the engine's validate on files and returns the
// places of its diagnostics as places does, and its whole output.
func engineValidate(t *testing.T, files map[string]string) ([]string, string) {
	t.Helper()
	w := enginetest.Workspace(t, files)
	w.Init("-backend=false")
	r := w.Exec("validate", "-json", "-no-color")
	var v struct {
		Diagnostics []struct {
			Severity string
			Range    *struct {
				Filename string
				Start    struct{ Line, Column int }
			}
		}
	}
	if err := json.Unmarshal([]byte(r.Stdout), &v); err != nil {
		t.Fatalf("validate -json: %v\n%s", err, r.Output)
	}
	var out []string
	for _, d := range v.Diagnostics {
		where := "-"
		if d.Range != nil {
			where = fmt.Sprintf("%s:%d:%d", d.Range.Filename, d.Range.Start.Line, d.Range.Start.Column)
		}
		out = append(out, where+" "+d.Severity)
	}
	slices.Sort(out)
	// The engine may report one problem once for each block a dynamic
	// block generates; a place is one problem here.
	return slices.Compact(out), r.Output
}

// TestProviderConfigurationAsTerraformChecksIt: Terraform checks a
// provider block with none of its arguments required (a provider may take
// them from the environment, as aws its region from AWS_REGION), and a
// provider block that sets only an alias not at all. Unknown arguments and
// too many blocks are still errors.
func TestProviderConfigurationAsTerraformChecksIt(t *testing.T) {
	aws := awsSlice(t)
	valid := `provider "aws" {
  alias = "west"
}
provider "aws" {
  alias   = "east"
  profile = "p"
  assume_role {}
}
resource "aws_vpc" "w" {
  provider   = aws.west
  cidr_block = "10.0.0.0/16"
}
`
	if got := checkFile(t, "main.tf", valid, aws); len(got) != 0 {
		t.Fatalf("valid provider blocks:\n%s", got)
	}
	invalid := `provider "aws" {
  regoin = "us-east-1"
  assume_role {
    role_arn = "a"
  }
  assume_role {
    role_arn = "b"
  }
}
`
	want := []string{"main.tf:2:3 error", "main.tf:6:3 error"}
	if got := places(checkFile(t, "main.tf", invalid, aws)); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	// Only the provider block with an alias alone: the other one, used by
	// no resource, the engine would not check at all.
	got, out := engineValidate(t, map[string]string{"main.tf": `provider "aws" {
  alias = "west"
}
resource "aws_vpc" "w" {
  provider   = aws.west
  cidr_block = "10.0.0.0/16"
}
`})
	if len(got) != 0 {
		t.Fatalf("the engine rejects a provider block with an alias alone:\n%s", out)
	}
}

// nullIsNotSet is a configuration that sets a computed attribute and a
// deprecated one to null, which Terraform takes as not setting them.
const nullIsNotSet = `resource "random_pet" "p" {
  id = null
}
resource "random_string" "s" {
  length = 8
  number = null
}
`

func TestNullIsNotSet(t *testing.T) {
	if got := checkFile(t, "main.tf", nullIsNotSet, providers(t)); len(got) != 0 {
		t.Fatalf("got:\n%s", got)
	}
	enginetest.SkipShort(t)
	if got, out := engineValidate(t, map[string]string{"main.tf": nullIsNotSet}); len(got) != 0 {
		t.Fatalf("the engine reports:\n%s", out)
	}
}

// valueProblems are problems of values: Terraform places them at the
// value, not at the argument's name.
const valueProblems = `resource "random_pet" "a" {
  length = "three"
}
resource "random_pet" "b" {
  id = "x"
}
resource "random_string" "c" {
  length = 8
  number = false
}
resource "null_resource" "d" {
  triggers = {
    a = ["x"]
  }
}
`

func TestValueProblemsAtTheValue(t *testing.T) {
	got := places(checkFile(t, "main.tf", valueProblems, providers(t)))
	want := []string{"main.tf:12:14 error", "main.tf:2:12 error", "main.tf:5:8 error", "main.tf:9:12 warning"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	enginetest.SkipShort(t)
	if engine, out := engineValidate(t, map[string]string{"main.tf": valueProblems}); !slices.Equal(engine, want) {
		t.Fatalf("the engine reports %q, want %q:\n%s", engine, want, out)
	}
}

// jsonObjects are aws 3.x security groups in JSON whose ingress, a set of
// objects attribute, is given as a list of objects: Terraform reads it as
// the attribute's value, so each object must give every attribute of the
// type (null for none), and keys the type lacks are dropped.
const jsonObjectsValid = `{
  "variable": {"cidr": {}},
  "resource": {"aws_security_group": {"ok": {"ingress": [
    {"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": ["${var.cidr}"], "description": null,
     "ipv6_cidr_blocks": null, "prefix_list_ids": null, "security_groups": null, "self": null, "note": "dropped"}
  ]}}}
}`

const jsonObjectsInvalid = `{
  "resource": {"aws_security_group": {"web": {"ingress": [
    {"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": ["0.0.0.0/0"]}
  ]}}}
}`

func TestJSONListOfObjectsIsTheValue(t *testing.T) {
	aws := awsSlice(t)
	if got := checkFile(t, "main.tf.json", jsonObjectsValid, aws); len(got) != 0 {
		t.Fatalf("valid:\n%s", got)
	}
	got := checkFile(t, "main.tf.json", jsonObjectsInvalid, aws)
	want := `main.tf.json:3:5: Error: Incorrect attribute value type (at aws_security_group.web.ingress[0]); ` +
		`Inappropriate value for attribute "ingress": attributes "description", "ipv6_cidr_blocks", "prefix_list_ids", "security_groups", and "self" are required.`
	if len(got) != 1 || !strings.HasPrefix(got[0].Error(), want) {
		t.Fatalf("got:\n%s\nwant %s…", got, want)
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	if engine, out := engineValidate(t, map[string]string{"main.tf.json": jsonObjectsValid}); len(engine) != 0 {
		t.Fatalf("the engine rejects:\n%s", out)
	}
	engine, out := engineValidate(t, map[string]string{"main.tf.json": jsonObjectsInvalid})
	if len(engine) != 1 || !strings.Contains(out, `and \"self\" are required`) {
		t.Fatalf("the engine does not reject it as expected:\n%s", out)
	}
}
