package config

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/internal/enginetest"
)

func validateText(t *testing.T, src string) []string {
	t.Helper()
	cfg, ds := ParseConfig(src, "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var out []string
	for _, d := range Validate(cfg) {
		out = append(out, d.Error())
	}
	return out
}

func TestUnknownFunctions(t *testing.T) {
	got := validateText(t, `terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

locals {
  a = uper("x")
  b = core::upper("x")
  c = upper(lower(trimspace(" x ")))
  d = "${formatt("%s", "x")}"
  e = provider::aws::arn_parse("arn:aws:s3:::b")
  f = provider::random::thing(1)
  g = [for s in ["a"] : jsondecod(s)]
  h = core::nope()
}
`)
	want := []string{
		`main.tf:8:3: Error: Call to unknown function "uper" (at local.a); There is no function named "uper" in Terraform or OpenTofu.` + "\n  hint: did you mean \"upper\"?",
		`main.tf:11:3: Error: Call to unknown function "formatt" (at local.d)`,
		`main.tf:13:3: Error: Call to function of an unrequired provider "random" (at local.f)`,
		`main.tf:14:3: Error: Call to unknown function "jsondecod" (at local.g)`,
		`main.tf:15:3: Error: Call to unknown function "core::nope" (at local.h)`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics:\n%s", len(got), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

func TestCountMustBeWholeAndNotNegative(t *testing.T) {
	for _, n := range []float64{-1, 1.5} {
		b := NewBlock("resource", "terraform_data", "x")
		b.Body.Set("count", &Literal{Val: cty.NumberFloatVal(n)})
		ds := Validate(&Config{Blocks: []*Block{b}})
		if len(ds) != 1 || !strings.Contains(ds[0].Error(), "Invalid count argument (at terraform_data.x.count); The count must be a whole number of zero or more") {
			t.Errorf("count = %v: %v", n, ds)
		}
	}
	for _, n := range []int64{0, 3} {
		b := NewBlock("resource", "terraform_data", "x")
		b.Body.Set("count", &Literal{Val: cty.NumberIntVal(n)})
		if ds := Validate(&Config{Blocks: []*Block{b}}); len(ds) != 0 {
			t.Errorf("count = %d: %v", n, ds)
		}
	}
}

// TestBuiltinFunctionsMatchTheEngine: every function the engine lists is
// known (the list names Terraform 1.11's; a newer engine may add some,
// which the test then names).
func TestBuiltinFunctionsMatchTheEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs terraform")
	}
	engine := enginetest.Engine(t)
	cmd := exec.Command(engine, "metadata", "functions", "-json")
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE=/dev/null")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("%s metadata functions: %v", engine, err) // OpenTofu before 1.7
	}
	var meta struct {
		Signatures map[string]json.RawMessage `json:"function_signatures"`
	}
	if err := json.Unmarshal(out, &meta); err != nil {
		t.Fatal(err)
	}
	for name := range meta.Signatures {
		if !IsBuiltinFunction(name) {
			t.Errorf("%s lists function %q, which config does not know", engine, name)
		}
	}
}
