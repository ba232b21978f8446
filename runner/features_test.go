package runner

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"
)

func engineAt(flavor Flavor, v string) *Engine {
	return &Engine{Path: "/bin/" + string(flavor), Flavor: flavor, Version: version.Must(version.NewVersion(v))}
}

// checkSource writes src as the stack file name and checks it against the
// engine.
func checkSource(t *testing.T, e *Engine, name, src string) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), filepath.Base(name))
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return CheckFeatures(e, []ConfigFile{{Path: path, Name: name}})
}

func TestCheckFeaturesTable(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		feature   Feature
		line      int
	}{
		{"moved", "moved {\n  from = null_resource.a\n  to   = null_resource.b\n}\n", featMoved, 1},
		{"import", "\nimport {\n  to = null_resource.a\n  id = \"x\"\n}\n", featImport, 2},
		{"check", "check \"ok\" {\n  assert {\n    condition     = true\n    error_message = \"no\"\n  }\n}\n", featCheck, 1},
		{"removed", "removed {\n  from = null_resource.a\n}\n", featRemoved, 1},
		{"ephemeral", "ephemeral \"random_password\" \"p\" {\n  length = 8\n}\n", featEphemeral, 1},
		{"ephemeral variable", "variable \"token\" {\n  type      = string\n  ephemeral = true\n}\n", featEphemeralVariables, 3},
		{"ephemeral output", "output \"token\" {\n  value     = \"x\"\n  ephemeral = true\n}\n", featEphemeralOutputs, 3},
		{"write-only", "resource \"aws_db_instance\" \"db\" {\n  password_wo         = \"x\"\n  password_wo_version = 1\n}\n", featWriteOnly, 2},
		{"write-only nested", "resource \"k\" \"s\" {\n  spec {\n    data_wo = {}\n  }\n}\n", featWriteOnly, 3},
		{"provider function", "locals {\n  arn = provider::aws::arn_parse(\"x\")\n}\n", featProviderFunctions, 2},
		{"provider function in template", "output \"x\" {\n  value = \"a-${provider::time::rfc3339_parse(\"x\").year}\"\n}\n", featProviderFunctions, 2},
		{"encryption", "terraform {\n  required_version = \">= 1.7\"\n  encryption {\n    state {\n      method = method.aes_gcm.a\n    }\n  }\n}\n", featEncryption, 3},
		{"provider for_each", "provider \"aws\" {\n  alias    = \"by_region\"\n  for_each = var.regions\n}\n", featProviderForEach, 3},
		{"module source from a variable", "module \"m\" {\n  source = \"./modules/${var.name}\"\n}\n", featEarlyEvaluation, 2},
		{"module version from a local", "module \"m\" {\n  source  = \"x/y/z\"\n  version = local.v\n}\n", featEarlyEvaluation, 3},
		{"backend from a variable", "terraform {\n  backend \"local\" {\n    path = var.state\n  }\n}\n", featEarlyEvaluation, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			uses := scanFeatures([]byte(tc.src), "main.tf")
			var found *Use
			for i := range uses {
				if uses[i].Feature == tc.feature {
					found = &uses[i]
				}
			}
			if found == nil || found.Pos.Line != tc.line {
				t.Errorf("want %s at line %d, got %+v", tc.feature.Name, tc.line, uses)
			}
		})
	}
}

func TestCheckFeaturesGatesEachEngine(t *testing.T) {
	const src = `variable "x" {
  default = 1
}

import {
  for_each = toset(["a"])
  to       = null_resource.a[each.key]
  id       = each.key
}

ephemeral "random_password" "p" {
  length = 8
}

removed {
  from = null_resource.gone
  lifecycle {
    destroy = false
  }
  provisioner "local-exec" {
    when    = destroy
    command = "echo bye"
  }
}

locals {
  x = provider::aws::arn_parse("arn:aws:s3:::b")
}
`
	for _, tc := range []struct {
		engine *Engine
		want   []string // messages, in order; none when it passes
	}{
		{engineAt(Terraform, "1.9.8"), []string{
			"stacks/app/main.tf:11:1: ephemeral resources need Terraform 1.10 or later (or OpenTofu 1.11); this is Terraform 1.9.8",
		}},
		{engineAt(Terraform, "1.6.6"), []string{
			"stacks/app/main.tf:6:3: import blocks with for_each need Terraform 1.7 or later (or OpenTofu 1.7); this is Terraform 1.6.6",
			"stacks/app/main.tf:11:1: ephemeral resources need Terraform 1.10 or later (or OpenTofu 1.11); this is Terraform 1.6.6",
			"stacks/app/main.tf:15:1: removed blocks need Terraform 1.7 or later (or OpenTofu 1.7); this is Terraform 1.6.6",
			"stacks/app/main.tf:17:3: lifecycle blocks in removed blocks need Terraform 1.7 or later (or OpenTofu 1.10); this is Terraform 1.6.6",
			"stacks/app/main.tf:20:3: provisioners in removed blocks need Terraform 1.9 or later (or OpenTofu 1.10); this is Terraform 1.6.6",
			"stacks/app/main.tf:27:7: provider-defined functions (provider::aws::arn_parse) need Terraform 1.8 or later (or OpenTofu 1.7); this is Terraform 1.6.6",
		}},
		{engineAt(Terraform, "1.11.4"), nil},
		{engineAt(Terraform, "1.10.0-beta1"), nil},
		{engineAt(OpenTofu, "1.10.2"), []string{
			"stacks/app/main.tf:11:1: ephemeral resources need OpenTofu 1.11 or later (or Terraform 1.10); this is OpenTofu 1.10.2",
		}},
		{engineAt(OpenTofu, "1.9.0"), []string{
			"stacks/app/main.tf:11:1: ephemeral resources need OpenTofu 1.11 or later (or Terraform 1.10); this is OpenTofu 1.9.0",
			"stacks/app/main.tf:17:3: lifecycle blocks in removed blocks need OpenTofu 1.10 or later (or Terraform 1.7); this is OpenTofu 1.9.0",
			"stacks/app/main.tf:20:3: provisioners in removed blocks need OpenTofu 1.10 or later (or Terraform 1.9); this is OpenTofu 1.9.0",
		}},
		{engineAt(OpenTofu, "1.12.6"), nil},
	} {
		t.Run(tc.engine.String(), func(t *testing.T) {
			err := checkSource(t, tc.engine, "stacks/app/main.tf", src)
			var fe *FeatureError
			if tc.want == nil {
				if err != nil {
					t.Fatalf("want no error, got %v", err)
				}
				return
			}
			if !errors.As(err, &fe) {
				t.Fatalf("want a *FeatureError, got %v", err)
			}
			var got []string
			for _, u := range fe.Uses {
				got = append(got, u.Message(tc.engine))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("want\n%s\ngot\n%s", strings.Join(tc.want, "\n"), strings.Join(got, "\n"))
			}
			if !strings.HasPrefix(err.Error(), tc.want[0]) {
				t.Errorf("Error() = %q", err)
			}
			if len(tc.want) > 1 && !strings.HasSuffix(err.Error(), " more constructs)") {
				t.Errorf("Error() does not count the others: %q", err)
			}
			if !strings.Contains(fe.Hint(), "--engine PATH or TFKIT_TERRAFORM") {
				t.Errorf("hint: %q", fe.Hint())
			}
		})
	}
}

func TestCheckFeaturesJSON(t *testing.T) {
	const src = `{
  "variable": {
    "token": {"type": "string", "ephemeral": true}
  },
  "ephemeral": {
    "random_password": {"p": {"length": 8}}
  },
  "resource": {
    "aws_db_instance": {"db": {"password_wo": "${ephemeral.random_password.p.result}", "password_wo_version": 1}}
  },
  "locals": {
    "arn": "${provider::aws::arn_parse(\"x\")}"
  }
}
`
	err := checkSource(t, engineAt(Terraform, "1.9.8"), "stacks/app/main.tf.json", src)
	var fe *FeatureError
	if !errors.As(err, &fe) {
		t.Fatalf("want a *FeatureError, got %v", err)
	}
	e := engineAt(Terraform, "1.9.8")
	want := []string{
		"stacks/app/main.tf.json:3:33: ephemeral input variables need Terraform 1.10 or later (or OpenTofu 1.11); this is Terraform 1.9.8",
		"stacks/app/main.tf.json:6:30: ephemeral resources need Terraform 1.10 or later (or OpenTofu 1.11); this is Terraform 1.9.8",
		"stacks/app/main.tf.json:9:32: write-only arguments (password_wo) need Terraform 1.11 or later (or OpenTofu 1.11); this is Terraform 1.9.8",
	}
	var got []string
	for _, u := range fe.Uses {
		got = append(got, u.Message(e))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("want\n%s\ngot\n%s", strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
	// Terraform 1.7 lacks the function calls too.
	err = checkSource(t, engineAt(Terraform, "1.7.5"), "main.tf.json", src)
	if !errors.As(err, &fe) || !strings.Contains(fe.Uses[len(fe.Uses)-1].Message(fe.Engine), "main.tf.json:12:15: provider-defined functions (provider::aws::arn_parse) need Terraform 1.8") {
		t.Errorf("function call in JSON: %v", err)
	}
}

func TestCheckFeaturesPassesOver(t *testing.T) {
	e := engineAt(Terraform, "1.1.0")
	// A file that does not parse is the engine's to report; other files
	// are not configuration.
	if err := checkSource(t, e, "main.tf", "ephemeral \"x\" {\n"); err != nil {
		t.Errorf("unparsable: %v", err)
	}
	if err := checkSource(t, e, "notes.txt", "ephemeral \"x\" \"y\" {}\n"); err != nil {
		t.Errorf("not configuration: %v", err)
	}
	if err := checkSource(t, e, "main.tofu", "ephemeral \"x\" \"y\" {}\n"); err != nil {
		t.Errorf(".tofu file with Terraform: %v", err)
	}
	if err := checkSource(t, engineAt(OpenTofu, "1.6.0"), "main.tofu", "ephemeral \"x\" \"y\" {}\n"); err == nil {
		t.Errorf(".tofu file with OpenTofu is not checked")
	}
	// ephemeral = false needs nothing; a resource with a plain argument
	// neither.
	if err := checkSource(t, e, "main.tf", "variable \"v\" {\n  ephemeral = false\n}\nresource \"a\" \"b\" {\n  wo = 1\n  password = \"x\"\n}\n"); err != nil {
		t.Errorf("false positive: %v", err)
	}
}

func TestFeaturesTableIsComplete(t *testing.T) {
	openTofuOnly := map[string]bool{featEncryption.Name: true, featProviderForEach.Name: true, featEarlyEvaluation.Name: true}
	for _, f := range Features {
		for _, flavor := range []Flavor{Terraform, OpenTofu} {
			min := f.Minimum(flavor)
			if min == nil && flavor == Terraform && openTofuOnly[f.Name] {
				continue
			}
			if min == nil {
				t.Errorf("%s: no %s version", f.Name, flavor)
				continue
			}
			if min.LessThan(minVersion[flavor]) {
				t.Errorf("%s: %s %s is older than tfkit's minimum %s", f.Name, flavor, min, minVersion[flavor])
			}
		}
	}
}

// TestOpenTofuOnlyRefusedByTerraform: OpenTofu's own constructs are
// refused for every Terraform, with the hint to deploy with OpenTofu, and
// pass with an OpenTofu recent enough; module sources and backend settings
// without variables or locals pass everywhere.
func TestOpenTofuOnlyRefusedByTerraform(t *testing.T) {
	const src = `terraform {
  backend "local" {
    path = "state/${var.env}.tfstate"
  }
  encryption {
    key_provider "pbkdf2" "k" {
      passphrase = var.passphrase
    }
  }
}

provider "random" {
  alias    = "each"
  for_each = toset(["a", "b"])
}

module "plain" {
  source = "./modules/plain"
}

module "named" {
  source = "./modules/${local.name}"
}
`
	want := []string{
		"main.tf:3:12: variables and locals in module sources and versions and in backend settings (early evaluation) (backend local path) are not supported by Terraform (OpenTofu supports them from 1.8); this is Terraform 1.11.4",
		"main.tf:5:3: encryption blocks (state and plan encryption) are not supported by Terraform (OpenTofu supports them from 1.7); this is Terraform 1.11.4",
		"main.tf:14:3: provider blocks with for_each are not supported by Terraform (OpenTofu supports them from 1.9); this is Terraform 1.11.4",
		"main.tf:22:12: variables and locals in module sources and versions and in backend settings (early evaluation) (module named source) are not supported by Terraform (OpenTofu supports them from 1.8); this is Terraform 1.11.4",
	}
	tf := engineAt(Terraform, "1.11.4")
	err := checkSource(t, tf, "main.tf", src)
	var fe *FeatureError
	if !errors.As(err, &fe) {
		t.Fatalf("want a *FeatureError, got %v", err)
	}
	var got []string
	for _, u := range fe.Uses {
		got = append(got, u.Message(tf))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("want\n%s\ngot\n%s", strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
	if !strings.HasPrefix(fe.Hint(), "deploy with OpenTofu") {
		t.Errorf("hint: %q", fe.Hint())
	}
	if err := checkSource(t, engineAt(OpenTofu, "1.12.6"), "main.tf", src); err != nil {
		t.Errorf("OpenTofu 1.12.6: %v", err)
	}
	err = checkSource(t, engineAt(OpenTofu, "1.8.0"), "main.tf", src)
	if !errors.As(err, &fe) || len(fe.Uses) != 1 || fe.Uses[0].Feature != featProviderForEach {
		t.Errorf("OpenTofu 1.8.0: want only provider for_each refused, got %v", err)
	}
	if err := checkSource(t, tf, "main.tf", "module \"m\" {\n  source = \"./m\"\n}\n"); err != nil {
		t.Errorf("a literal module source: %v", err)
	}
}

// TestPlanExclude: OpenTofu's plan gets one -exclude per address; an engine
// without -exclude is refused before it runs.
func TestPlanExclude(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "args")
	fake := func(name, v string) *Engine {
		p := filepath.Join(dir, name)
		script := "#!/bin/sh\necho \"$@\" >> " + log + "\nexit 0\n"
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		e := engineAt(Flavor(name), v)
		e.Path = p
		return e
	}
	for _, tc := range []struct {
		engine *Engine
		err    string
	}{
		{fake("opentofu", "1.9.0"), ""},
		{fake("terraform", "1.11.4"), "-exclude random_pet.b, module.m: excluded addresses (-exclude) are not supported by Terraform (OpenTofu supports them from 1.9); this is Terraform 1.11.4"},
		{engineAt(OpenTofu, "1.8.3"), "excluded addresses (-exclude) need OpenTofu 1.9 or later; this is OpenTofu 1.8.3"},
	} {
		os.Remove(log)
		w, err := Open(tc.engine, "s", filepath.Join(dir, "work"), nil, NewOutput(io.Discard), NewOutput(io.Discard))
		if err != nil {
			t.Fatal(err)
		}
		w.Exclude = []string{"random_pet.b", "module.m"}
		_, err = w.Plan(context.Background(), false)
		w.Close()
		args, _ := os.ReadFile(log)
		if tc.err == "" {
			if !strings.Contains(string(args), "-exclude=random_pet.b -exclude=module.m") {
				t.Errorf("%s: plan ran with %q (error %v)", tc.engine, args, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.engine, err, tc.err)
		}
		if len(args) > 0 {
			t.Errorf("%s: the engine ran: %q", tc.engine, args)
		}
	}
}
