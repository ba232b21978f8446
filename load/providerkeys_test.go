package load

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/tffile"
)

// providerKeyFiles passes instances of a provider with for_each to
// modules by keys that are expressions: each.key of the module's
// instances and a variable.
var providerKeyFiles = map[string]string{"main.tf": `variable "pick" {
  type    = string
  default = "b"
}

provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

module "each" {
  source   = "./m"
  for_each = toset(["a", "b"])
  providers = {
    random = random.by_name[each.key]
  }
}

module "one" {
  source = "./m"
  providers = {
    random = random.by_name[var.pick]
  }
}
`, "m/main.tf": `terraform {
  required_providers {
    random = {
      source = "hashicorp/random"
    }
  }
}

resource "random_pet" "p" {}

module "inner" {
  source = "./inner"
}
`, "m/inner/main.tf": "resource \"random_id\" \"i\" {\n  byte_length = 2\n}\n"}

// TestProviderInstanceKeyInProvidersMap: a providers map whose instance
// key is an expression is evaluated per module instance, and the
// module's resources (and those of its children, which inherit the
// default configuration) use the instance it picks.
func TestProviderInstanceKeyInProvidersMap(t *testing.T) {
	dir := writeFiles(t, providerKeyFiles)
	const r = `provider["registry.terraform.io/hashicorp/random"].by_name`
	for _, tc := range []struct {
		vars []string
		one  string
	}{{nil, "b"}, {[]string{"pick=a"}, "a"}} {
		v, ds := Dir(dir, Options{Engine: tffile.OpenTofu, Vars: tc.vars})
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		want := []string{
			`module.each["a"].module.inner.random_id.i ` + r + `["a"]`,
			`module.each["a"].random_pet.p ` + r + `["a"]`,
			`module.each["b"].module.inner.random_id.i ` + r + `["b"]`,
			`module.each["b"].random_pet.p ` + r + `["b"]`,
			`module.one.module.inner.random_id.i ` + r + `["` + tc.one + `"]`,
			`module.one.random_pet.p ` + r + `["` + tc.one + `"]`,
		}
		if got := providersOf(v); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%v:\n%s\nwant\n%s", tc.vars, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestProviderInstanceNotPresent: a key that the provider's for_each
// lacks, on a resource or in a providers map, is OpenTofu's error at the
// key; a key on a configuration without for_each, and a configuration
// with for_each named without a key (on a resource, or passed whole to a
// module), are errors too.
func TestProviderInstanceNotPresent(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

provider "random" {
  alias = "plain"
}

resource "random_pet" "p" {
  for_each = toset(["a", "nope"])
  provider = random.by_name[each.key]
}

resource "random_pet" "lit" {
  provider = random.by_name["zz"]
}

module "m" {
  source   = "./m"
  for_each = toset(["a", "c"])
  providers = {
    random = random.by_name[each.key]
  }
}

resource "random_pet" "plain" {
  provider = random.plain["a"]
}

resource "random_pet" "nokey" {
  provider = random.by_name
}

module "all" {
  source = "./m"
  providers = {
    random = random.by_name
  }
}
`, "m/main.tf": "resource \"random_pet\" \"q\" {}\n"})
	_, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	const r = `provider["registry.terraform.io/hashicorp/random"].by_name`
	for _, want := range []string{
		`main.tf:12:29: Error: Provider instance not present (at random_pet.p["nope"].provider); To work with random_pet.p["nope"] its provider instance ` + r + `["nope"] is required, but the for_each of provider configuration random.by_name has no element "nope": its instance keys are "a", "b"`,
		`main.tf:16:28: Error: Provider instance not present (at random_pet.lit.provider); To work with random_pet.lit its provider instance ` + r + `["zz"] is required`,
		`main.tf:23:29: Error: Provider instance not present (at module.m["c"].providers.random); To work with module.m["c"] its provider instance ` + r + `["c"] is required`,
		`main.tf:28:26: Error: Invalid provider configuration reference (at random_pet.plain.provider); provider configuration random.plain (declared at main.tf:6) does not use for_each`,
		`main.tf:32:14: Error: Invalid resource provider configuration (at random_pet.nokey.provider); a reference to a provider configuration that uses for_each needs an instance key`,
		`main.tf:38:14: Error: Invalid provider configuration reference (at module.all.providers); a providers map passes one instance of a provider configuration with for_each`,
	} {
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("missing\n%s\nin\n%v", want, ds)
		}
	}
	if n := len(ds.Errs()); n != 6 {
		t.Errorf("want 6 errors, got %d:\n%v", n, ds)
	}
}

// TestProviderInstanceKeyUnknown: a key eval cannot know leaves the
// provider instance unknown, with the reason, and is no error.
func TestProviderInstanceKeyUnknown(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `provider "random" {
  alias    = "by_name"
  for_each = toset(["a", "b"])
}

data "local_file" "k" {
  filename = "key.txt"
}

resource "random_pet" "p" {
  provider = random.by_name[data.local_file.k.content]
}

module "m" {
  source = "./m"
  providers = {
    random = random.by_name[data.local_file.k.content]
  }
}
`, "m/main.tf": "resource \"random_pet\" \"q\" {}\n"})
	v, ds := Dir(dir, Options{Engine: tffile.OpenTofu})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	const r = `provider["registry.terraform.io/hashicorp/random"].by_name[*]`
	if got := strings.Join(providersOf(v), "\n"); !strings.HasSuffix(got, "\nmodule.m.random_pet.q "+r+"\nrandom_pet.p "+r) {
		t.Errorf("providers:\n%s", got)
	}
	for _, in := range v.Resources {
		if in.Mode == "managed" && !strings.Contains(in.ProviderUnknown, "the key of its provider instance, random.by_name[...], is not known: data.local_file.k") {
			t.Errorf("%s: reason %q", in.Address, in.ProviderUnknown)
		}
	}
	if js := string(v.JSON()); !strings.Contains(js, `"_provider_unknown": "the key of its provider instance`) {
		t.Errorf("JSON lacks _provider_unknown:\n%s", js)
	}
}

// docstoreKeyFiles configures a document store per instance of a
// provider with for_each, and reads a document through each: by the key
// of a data source's for_each, and through modules whose providers map
// picks the instance by each.key and by a variable.
func docstoreKeyFiles(base string) map[string]string {
	doc := func(store string) string {
		return `{"content": {"store": "` + store + `"}, "revision": 1}`
	}
	required := `terraform {
  required_providers {
    docstore = {
      source = "registry.terraform.io/tfkit/docstore"
    }
  }
}
`
	return map[string]string{
		"main.tf": required + `
variable "pick" {
  type    = string
  default = "b"
}

provider "docstore" {
  alias    = "by_store"
  for_each = toset(["a", "b"])
  root     = "` + filepath.ToSlash(base) + `/${each.key}"
}

data "docstore_document" "d" {
  for_each = toset(["a", "b"])
  provider = docstore.by_store[each.key]
  name     = "doc"
}

module "each" {
  source   = "./m"
  for_each = toset(["a", "b"])
  providers = {
    docstore = docstore.by_store[each.key]
  }
}

module "one" {
  source = "./m"
  providers = {
    docstore = docstore.by_store[var.pick]
  }
}

output "root" {
  value = { for k, d in data.docstore_document.d : k => jsondecode(d.content).store }
}

provider "docstore" {
  alias = "west"
  root  = "` + filepath.ToSlash(base) + `/a"
}

provider "docstore" {
  alias = "east"
  root  = "` + filepath.ToSlash(base) + `/b"
}

data "docstore_document" "west" {
  provider = docstore.west
  name     = "doc"
}

data "docstore_document" "east" {
  provider = docstore.east
  name     = "doc"
}

output "aliases" {
  value = [jsondecode(data.docstore_document.west.content).store, jsondecode(data.docstore_document.east.content).store]
}

output "each" {
  value = { for k, m in module.each : k => m.store }
}

output "one" {
  value = module.one.store
}
`,
		"m/main.tf": required + `
data "docstore_document" "d" {
  name = "doc"
}

output "store" {
  value = jsondecode(data.docstore_document.d.content).store
}
`,
		"stores/a/doc.json": doc("a"),
		"stores/b/doc.json": doc("b"),
	}
}

// TestProviderInstanceKeysReadData: with --read-data every data source
// instance is read through the provider instance its key picks, per
// resource instance and per module instance, and each alias through its
// own configuration, to the values OpenTofu's plan reads; a key the
// provider lacks fails in both.
func TestProviderInstanceKeysReadData(t *testing.T) {
	enginetest.RequireProvider(t, "tfkit/docstore", "0.1.0")
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, map[string]string{})
	w.Engine = tofu
	for n, src := range docstoreKeyFiles(filepath.Join(w.Dir, "stores")) {
		mustWrite(t, filepath.Join(w.Dir, n), src)
	}
	w.Init()
	for _, pick := range []string{"b", "a"} {
		opts := Options{Engine: tffile.OpenTofu, ReadData: true, Vars: []string{"pick=" + pick}}
		v, ds := Dir(w.Dir, opts)
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		w.Run("plan", "-input=false", "-no-color", "-var=pick="+pick, "-out=tfkit.plan")
		show := w.Run("show", "-json", "tfkit.plan")
		plan := decodePlan(t, show.Stdout)
		for _, name := range []string{"root", "each", "one", "aliases"} {
			want, _ := json.Marshal(plan.PlannedValues.Outputs[name].Value)
			got := string(valueJSON(v.Outputs[name].Value))
			if strings.ReplaceAll(got, " ", "") != string(want) {
				t.Errorf("pick=%s: output %s: eval %s, OpenTofu %s", pick, name, got, want)
			}
		}
		if one := v.Outputs["one"].Value; !one.IsKnown() || one.AsString() != pick {
			t.Errorf("pick=%s: module.one read through %#v", pick, one)
		}
	}
	// A key the provider's for_each lacks.
	opts := Options{Engine: tffile.OpenTofu, ReadData: true, Vars: []string{"pick=nope"}}
	_, ds := Dir(w.Dir, opts)
	r := w.Exec("plan", "-input=false", "-no-color", "-var=pick=nope")
	if !strings.Contains(ds.Error(), "main.tf:37:34: Error: Provider instance not present (at module.one.providers.docstore); To work with module.one its provider instance") ||
		r.Err == nil || !strings.Contains(r.Output, "Error: Provider instance not present") {
		t.Errorf("pick=nope: eval %v\nOpenTofu:\n%s", ds, r.Output)
	}
	if _, err := os.Stat(filepath.Join(w.Dir, "terraform.tfstate")); err == nil {
		t.Error("plan wrote state")
	}
}

// FuzzDirOpenTofu evaluates configurations as OpenTofu reads them, with
// provider instance keys and module versions among the seeds: root
// module, then after a NUL byte the module in ./c.
func FuzzDirOpenTofu(f *testing.F) {
	f.Add([]byte(providerKeyFiles["main.tf"] + "\x00" + providerKeyFiles["m/main.tf"]))
	f.Add([]byte(versionFiles(`"~> ${local.major}.0"`, "registry.opentofu.org")["main.tf"]))
	f.Add([]byte("provider \"p\" {\n  alias = \"k\"\n  for_each = { a = 1 }\n}\nresource \"p_r\" \"r\" {\n  count = 2\n  provider = p.k[count.index]\n}\nmodule \"c\" {\n  source = \"./c\"\n  providers = { p = p.k[\"a\"], q = p.k[null] }\n}\n\x00resource \"p_x\" \"x\" {}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		root, child, cut := bytes.Cut(data, []byte{0})
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), root, 0o644); err != nil {
			t.Fatal(err)
		}
		if cut {
			mustWrite(t, filepath.Join(dir, "c", "main.tf"), string(child))
		}
		view, _ := Dir(dir, Options{Engine: tffile.OpenTofu})
		if view == nil {
			t.Fatal("nil view")
		}
		_ = view.JSON()
	})
}

// TestProviderInstanceKeyInProvidersMapApplied: after OpenTofu applies
// providerKeyFiles, its state names, for each resource instance in the
// modules, the provider instance the view names.
func TestProviderInstanceKeyInProvidersMapApplied(t *testing.T) {
	tofu := enginetest.OpenTofu(t)
	w := enginetest.Workspace(t, providerKeyFiles)
	w.Engine = tofu
	opts := Options{Engine: tffile.OpenTofu, Vars: []string{"pick=a"}}
	v, ds := Dir(w.Dir, opts)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	w.Init()
	w.Apply("-var=pick=a")
	data, err := os.ReadFile(filepath.Join(w.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Resources []struct {
			Module, Type, Name, Provider string
			Instances                    []struct {
				Provider string `json:"provider"`
			}
		}
	}
	if err := json.Unmarshal(data, &state); err != nil {
		t.Fatal(err)
	}
	var theirs []string
	for _, r := range state.Resources {
		for _, in := range r.Instances {
			p := in.Provider
			if p == "" {
				p = r.Provider
			}
			theirs = append(theirs, r.Module+"."+r.Type+"."+r.Name+" "+strings.ReplaceAll(p, "registry.opentofu.org/", "registry.terraform.io/"))
		}
	}
	sort.Strings(theirs)
	if ours := providersOf(v); strings.Join(ours, "\n") != strings.Join(theirs, "\n") {
		t.Errorf("provider instances differ:\ntfkit:\n%s\nOpenTofu's state:\n%s", strings.Join(ours, "\n"), strings.Join(theirs, "\n"))
	}
	w.Destroy("-var=pick=a")
}
