package config

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

func TestFunctionArity(t *testing.T) {
	got := validateText(t, `locals {
  a = upper()
  b = upper("a", "b")
  c = format()
  d = max(1, 2, 3)
  e = join(",", var.l...)
  f = core::lookup({})
  g = "${replace("a", "b")}"
}
variable "l" {}
`)
	want := []string{
		`main.tf:2:3: Error: Not enough function arguments (at local.a); Function "upper" expects 1 argument(s). Missing value for "str".` + "\n  hint: give upper(str)",
		`main.tf:3:3: Error: Too many function arguments (at local.b); Function "upper" expects only 1 argument(s).`,
		`main.tf:4:3: Error: Not enough function arguments (at local.c); Function "format" expects at least 1 argument(s). Missing value for "format".`,
		`main.tf:7:3: Error: Not enough function arguments (at local.f); Function "core::lookup" expects at least 2 argument(s). Missing value for "key".`,
		`main.tf:8:3: Error: Not enough function arguments (at local.g); Function "replace" expects 3 argument(s). Missing value for "replace".`,
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

// TestFunctionArityMatchesEngine calls every built-in function with each
// number of arguments below what it takes, and one more than it takes
// when it takes no more: the engine's validate and Validate give the same
// errors on the same lines (OpenTofu's functions under OpenTofu only;
// Validate places a call of the model at its attribute, the engines at the
// parenthesis or the argument).
func TestFunctionArityMatchesEngine(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		tofu := strings.Contains(filepath.Base(engine), "tofu")
		var src strings.Builder
		for _, name := range BuiltinFunctions() {
			if !tofu && slices.Contains([]string{"base64gunzip", "cidrcontains", "urldecode"}, name) {
				continue
			}
			sig := builtinFunctions[name]
			call := func(suffix string, n int) {
				fmt.Fprintf(&src, "output %q {\n  value = %s(%s)\n}\n", name+"_"+suffix, name, strings.TrimSuffix(strings.Repeat("null, ", n), ", "))
			}
			for n := range sig.params {
				call(fmt.Sprint(n), n)
			}
			if !sig.variadic {
				call("more", len(sig.params)+1)
			}
		}
		cfg, ds := ParseConfig(src.String(), "main.tf")
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		var ours []string
		for _, d := range ValidateEngine(cfg, tofu) {
			ours = append(ours, fmt.Sprintf("%s:%d %s; %s", d.Subject.Filename, d.Subject.Start.Line, d.Summary, d.Detail))
		}
		w := enginetest.Workspace(t, map[string]string{"main.tf": src.String()})
		said, out := w.ValidateSays()
		var theirs []string
		for _, s := range said {
			line, _, _ := strings.Cut(s.Place[strings.Index(s.Place, ":")+1:], ":")
			theirs = append(theirs, "main.tf:"+line+" "+s.Summary+"; "+s.Detail)
		}
		if len(theirs) == 0 {
			t.Fatalf("%s validate found nothing:\n%s", engine, out)
		}
		// The engine reports outputs in no particular order.
		slices.Sort(ours)
		slices.Sort(theirs)
		for i := 0; i < max(len(ours), len(theirs)); i++ {
			o, e := "(none)", "(none)"
			if i < len(ours) {
				o = ours[i]
			}
			if i < len(theirs) {
				e = theirs[i]
			}
			if o != e {
				t.Fatalf("diagnostic %d:\nValidate: %s\nengine:   %s", i, o, e)
			}
		}
	})
}
