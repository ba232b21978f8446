package load

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// readDataConfig reads a file with data "local_file", passes its content
// through data "null_data_source" (read after it, in dependency order)
// and writes it with a local_file resource; a child module reads another
// file with the provider it inherits.
var readDataConfig = map[string]string{
	"greeting.txt":  "hello from a file\n",
	"sub/inner.txt": "inner",
	"sub/main.tf": `data "local_file" "inner" {
  filename = "${path.module}/inner.txt"
}

output "content" {
  value = data.local_file.inner.content
}
`,
	"main.tf": `terraform {
  required_providers {
    local = { source = "hashicorp/local", version = "2.9.0" }
    null  = { source = "hashicorp/null", version = "2.1.2" }
  }
}

provider "local" {}

data "local_file" "greeting" {
  filename = "${path.module}/greeting.txt"
}

data "null_data_source" "upper" {
  inputs = {
    text = upper(data.local_file.greeting.content)
  }
}

resource "local_file" "copy" {
  content  = data.null_data_source.upper.outputs["text"]
  filename = "${path.module}/copy.txt"
}

output "sha1" {
  value = data.local_file.greeting.content_sha1
}

module "sub" {
  source = "./sub"
}

output "inner" {
  value = module.sub.content
}
`,
}

// TestEngineReadData reads data sources through the providers terraform
// init installed and compares them, the resource built from them and the
// outputs with terraform's plan.
func TestEngineReadData(t *testing.T) {
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	enginetest.RequireProvider(t, "hashicorp/null", "2.1.2")
	w := enginetest.Workspace(t, readDataConfig)
	w.Init()
	view, ds := Dir(w.Dir, Options{ReadData: true})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	w.Run("plan", "-input=false", "-out=tfkit.plan")
	show := w.Run("show", "-json", "tfkit.plan")
	plan := decodePlan(t, show.Stdout)
	read := map[string]map[string]any{}
	plan.PriorState.Values.RootModule.collectMode("data", read)
	planned := map[string]map[string]any{}
	plan.PlannedValues.RootModule.collect(planned)
	var c knownCheck
	seen := 0
	for _, r := range view.Resources {
		want := planned[r.Address]
		if r.Mode == "data" {
			want = read[r.Address]
		}
		if want == nil {
			t.Errorf("%s: not in terraform's plan", r.Address)
			continue
		}
		if v, _ := r.Attributes.UnmarkDeep(); !v.IsWhollyKnown() && r.Mode == "data" {
			t.Errorf("%s: not wholly known: %#v", r.Address, v)
		}
		for name, v := range r.Attributes.AsValueMap() {
			if r.Address == "data.null_data_source.upper" && name == "random" {
				continue // a new random number at each read
			}
			c.compare(t, r.Address+"."+name, v, want[name])
		}
		seen++
	}
	if seen != 4 {
		t.Errorf("%d resources compared, want 4", seen)
	}
	for name, o := range view.Outputs {
		if v, _ := o.Value.UnmarkDeep(); !v.IsWhollyKnown() {
			t.Errorf("output %s is not known: %#v", name, o.Value)
		}
		c.compare(t, "output."+name, o.Value, plan.PlannedValues.Outputs[name].Value)
	}
	if v := view.Outputs["inner"].Value; !v.RawEquals(cty.StringVal("inner")) {
		t.Errorf("output inner = %#v", v)
	}
	copyContent := planned["local_file.copy"]["content"]
	if copyContent != "HELLO FROM A FILE\n" {
		t.Errorf("local_file.copy.content in the plan = %#v", copyContent)
	}
	t.Logf("%d known values equal to terraform's plan", c.checked)
}

// TestReadDataProviderFails: a provider binary that is no plugin leaves
// its data sources unknown with the reason, and the evaluation goes on.
func TestReadDataProviderFails(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, ".terraform", "providers", "registry.terraform.io", "hashicorp", "local", "2.9.0",
		runtime.GOOS+"_"+runtime.GOARCH, "terraform-provider-local_v2.9.0")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho not a plugin\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := `data "local_file" "f" {
  filename = "x.txt"
}

output "content" {
  value = data.local_file.f.content
}

output "plain" {
  value = "still evaluated"
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	view, ds := Dir(dir, Options{ReadData: true})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if v := view.Outputs["plain"].Value; !v.RawEquals(cty.StringVal("still evaluated")) {
		t.Errorf("output plain = %#v", v)
	}
	v := view.Outputs["content"].Value
	if v.IsKnown() {
		t.Fatalf("output content = %#v, want unknown", v)
	}
	var why []string
	for m := range v.Marks() {
		if r, ok := m.(reason); ok {
			why = append(why, string(r))
		}
	}
	if got := strings.Join(why, "; "); !strings.Contains(got, "data.local_file.f") || !strings.Contains(got, "terraform-provider-local") {
		t.Errorf("reason %q, want the data source and why its provider did not start", got)
	}
}

// TestReadDataFromMirror: without terraform init, the providers are taken
// from the filesystem mirror the CLI configuration names.
func TestReadDataFromMirror(t *testing.T) {
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	enginetest.RequireProvider(t, "hashicorp/null", "2.1.2")
	dir := t.TempDir()
	for name, src := range readDataConfig {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	view, ds := Dir(dir, Options{ReadData: true})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if v := view.Outputs["inner"].Value; v.IsKnown() {
		t.Fatalf("without a CLI configuration: output inner = %#v, want unknown", v)
	}
	view, ds = Dir(dir, Options{ReadData: true, Env: []string{"TF_CLI_CONFIG_FILE=" + rc}})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if v := view.Outputs["inner"].Value; !v.RawEquals(cty.StringVal("inner")) {
		t.Errorf("output inner = %#v", v)
	}
	// content_sha1, computed by the provider
	if v := view.Outputs["sha1"].Value; !v.IsKnown() || v.IsNull() || len(v.AsString()) != 40 {
		t.Errorf("output sha1 = %#v", v)
	}
	for _, r := range view.Resources {
		if r.Address == "local_file.copy" {
			if c := r.Attributes.GetAttr("content"); !c.RawEquals(cty.StringVal("HELLO FROM A FILE\n")) {
				t.Errorf("local_file.copy.content = %#v", c)
			}
		}
	}
}

// TestReadDataProviderNotConfigured: a provider whose configuration is
// unknown before apply is not configured; its data sources stay unknown
// with the reason, and the evaluation goes on.
func TestReadDataProviderNotConfigured(t *testing.T) {
	enginetest.RequireProvider(t, "tfkit/docstore", "0.1.0")
	enginetest.RequireProvider(t, "hashicorp/null", "2.1.2")
	dir := t.TempDir()
	src := `terraform {
  required_providers {
    docstore = { source = "tfkit/docstore" }
    null     = { source = "hashicorp/null" }
  }
}

resource "null_resource" "later" {}

provider "docstore" {
  root = null_resource.later.id
}

data "docstore_document" "d" {
  name = "a"
}

output "content" {
  value = data.docstore_document.d.content
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	view, ds := Dir(dir, Options{ReadData: true, Env: []string{"TF_CLI_CONFIG_FILE=" + rc}})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if len(ds) != 1 || ds[0].Summary != "Provider not configured" || !strings.Contains(ds[0].Detail, "not known before apply") {
		t.Errorf("diagnostics: %v, want the warning that the provider is not configured", ds)
	}
	v := view.Outputs["content"].Value
	if v.IsKnown() {
		t.Fatalf("output content = %#v, want unknown", v)
	}
	var why []string
	for m := range v.Marks() {
		if r, ok := m.(reason); ok {
			why = append(why, string(r))
		}
	}
	if got := strings.Join(why, "; "); !strings.Contains(got, "data.docstore_document.d: the configuration of provider") {
		t.Errorf("reason %q, want why the provider is not configured", got)
	}
}

// TestReadDataVersionConstraint: from the mirror, a provider is taken at
// the newest version the modules' constraints allow, as init takes it; when
// the mirror holds none they allow, its data sources stay unknown with
// that reason, and its schema does not shape the configuration.
func TestReadDataVersionConstraint(t *testing.T) {
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	rc := filepath.Join(t.TempDir(), "terraformrc")
	if err := os.WriteFile(rc, []byte(enginetest.CLIConfig(enginetest.Mirror(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	eval := func(constraint string) (*View, diag.Diagnostics) {
		dir := t.TempDir()
		src := `terraform {
  required_providers {
    local = { source = "hashicorp/local", version = "` + constraint + `" }
  }
}

data "local_file" "f" {
  filename = "${path.module}/in.txt"
}

output "content" {
  value = data.local_file.f.content
}
`
		for name, text := range map[string]string{"main.tf": src, "in.txt": "x"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return Dir(dir, Options{ReadData: true, Env: []string{"TF_CLI_CONFIG_FILE=" + rc}})
	}
	view, ds := eval(">= 2.0, < 3.0")
	if ds.HasErrors() || !view.Outputs["content"].Value.RawEquals(cty.StringVal("x")) {
		t.Errorf("allowed version: content = %#v, %v", view.Outputs["content"].Value, ds)
	}
	view, ds = eval(">= 99.0")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if len(ds) != 1 || ds[0].Summary != "Provider not started" || !strings.Contains(ds[0].Detail, "meets the constraint >= 99.0") {
		t.Errorf("diagnostics: %v, want the warning that no version meets the constraint", ds)
	}
	if v := view.Outputs["content"].Value; v.IsKnown() {
		t.Errorf("content = %#v, want unknown", v)
	}
}
