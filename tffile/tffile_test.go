package tffile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/schema"
)

func TestKindAndNames(t *testing.T) {
	for name, want := range map[string][3]bool{
		"main.tf":               {true, false, false},
		"main.tf.json":          {true, true, false},
		"override.tf":           {true, false, true},
		"override.tf.json":      {true, true, true},
		"dir/x_override.tf":     {true, false, true},
		"x_override.tf.json":    {true, true, true},
		"xoverride.tf":          {true, false, false},
		".hidden.tf":            {false, false, false},
		"main.tf~":              {false, false, false},
		"main.tfvars":           {false, false, false},
		"terraform.tfvars.json": {false, false, false},
		"README.md":             {false, false, false},
	} {
		c, j, o := Kind(name)
		if [3]bool{c, j, o} != want {
			t.Errorf("Kind(%q) = %v %v %v, want %v", name, c, j, o, want)
		}
	}
	p, o := Names([]string{"z.tf", "override.tf", "a.tf.json", "b_override.tf.json", "notes.txt", "a.tf"})
	if strings.Join(p, " ") != "a.tf a.tf.json z.tf" || strings.Join(o, " ") != "b_override.tf.json override.tf" {
		t.Errorf("Names: %v, %v", p, o)
	}
}

// TestNamesForOpenTofu: OpenTofu reads .tofu and .tofu.json files, and a
// x.tofu file hides x.tf (x.tofu.json hides x.tf.json, not x.tf), override
// files alike; Terraform reads none of them.
func TestNamesForOpenTofu(t *testing.T) {
	for name, want := range map[string][3]bool{
		"main.tofu":            {true, false, false},
		"main.tofu.json":       {true, true, false},
		"override.tofu":        {true, false, true},
		"x_override.tofu.json": {true, true, true},
		".main.tofu":           {false, false, false},
		"#main.tofu#":          {false, false, false},
		"main.tofu~":           {false, false, false},
		"main.tf":              {true, false, false},
	} {
		c, j, o := KindFor(name, OpenTofu)
		if [3]bool{c, j, o} != want {
			t.Errorf("KindFor(%q, OpenTofu) = %v %v %v, want %v", name, c, j, o, want)
		}
		if c, _, _ := Kind(name); c && strings.Contains(name, ".tofu") {
			t.Errorf("Kind(%q): Terraform reads no .tofu file", name)
		}
	}
	names := []string{"main.tf", "main.tofu", "vars.tf.json", "vars.tofu", "net.tf.json", "net.tofu.json",
		"only.tofu", "a_override.tf", "a_override.tofu", "b_override.tf", "README.md"}
	for _, tc := range []struct {
		e                 Engine
		primary, override string
	}{
		{Terraform, "main.tf net.tf.json vars.tf.json", "a_override.tf b_override.tf"},
		{"", "main.tf net.tf.json vars.tf.json", "a_override.tf b_override.tf"},
		{OpenTofu, "main.tofu net.tofu.json only.tofu vars.tf.json vars.tofu", "a_override.tofu b_override.tf"},
	} {
		p, o := NamesFor(names, tc.e)
		if got := strings.Join(p, " "); got != tc.primary {
			t.Errorf("NamesFor(%q) primary = %s, want %s", tc.e, got, tc.primary)
		}
		if got := strings.Join(o, " "); got != tc.override {
			t.Errorf("NamesFor(%q) overrides = %s, want %s", tc.e, got, tc.override)
		}
	}
	if EngineOf("/usr/local/bin/tofu") != OpenTofu || EngineOf("tofu") != OpenTofu || EngineOf("terraform") != Terraform || EngineOf("") != Terraform {
		t.Error("EngineOf does not tell tofu from terraform")
	}
}

// TestDirPerEngine: a directory with main.tf and main.tofu is one
// configuration to Terraform and another to OpenTofu; a directory of
// .tofu files alone is empty to Terraform.
func TestDirPerEngine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.tf", "locals {\n  engine = \"terraform\"\n}\n")
	write("main.tofu", "locals {\n  engine = \"opentofu\"\n}\n")
	write("extra.tofu.json", `{"output": {"engine": {"value": "${local.engine}"}}}`)
	for _, tc := range []struct {
		e      Engine
		want   string
		blocks int
	}{{Terraform, `"terraform"`, 1}, {OpenTofu, `"opentofu"`, 2}} {
		m, ds := Dir(dir, Options{Engine: tc.e})
		if ds.HasErrors() {
			t.Fatalf("%s: %v", tc.e, ds)
		}
		if len(m.Config.Blocks) != tc.blocks {
			t.Errorf("%s: %d blocks, want %d", tc.e, len(m.Config.Blocks), tc.blocks)
		}
		locals := m.Config.BlocksOfType("locals")
		if len(locals) != 1 {
			t.Fatalf("%s: %d locals blocks", tc.e, len(locals))
		}
		a := locals[0].Body.Attribute("engine")
		src, err := os.ReadFile(a.Range.Filename)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(a.Source.Range().SliceBytes(src)); got != tc.want {
			t.Errorf("%s: local.engine = %s, want %s", tc.e, got, tc.want)
		}
	}
	only := t.TempDir()
	if err := os.WriteFile(filepath.Join(only, "main.tofu"), []byte("locals {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ds := Dir(only, Options{}); !ds.HasErrors() || !strings.Contains(ds.Error(), "No .tf files") {
		t.Errorf("Terraform reading .tofu files alone: %v", ds)
	}
	if _, ds := Dir(only, Options{Engine: OpenTofu}); ds.HasErrors() {
		t.Errorf("OpenTofu reading main.tofu: %v", ds)
	}
}

// dirs are the directories of Terraform configuration the tests read in
// place: the test data of the packages that read Terraform, and the real
// modules of the shared corpus.
func dirs(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, root := range []string{"../load/testdata", "../internal/convert/testdata", "../internal/validate/testdata", "../../shared/corpus"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if primary, overrides, err := DirNames(p); err == nil && len(primary)+len(overrides) > 0 {
				out = append(out, p)
			}
			return nil
		})
	}
	if len(out) < 50 {
		t.Fatalf("only %d directories found", len(out))
	}
	return out
}

// TestReadDirs reads every directory of configuration there is: nothing
// but files with syntax errors fails, every diagnostic has a place, and
// every argument keeps its range and the expression it was parsed from.
func TestReadDirs(t *testing.T) {
	for _, dir := range dirs(t) {
		m, ds := Dir(dir, Options{})
		for _, d := range ds {
			if d.Subject == nil || d.Subject.Filename == "" {
				t.Errorf("%s: diagnostic without a place: %s", dir, d)
			}
		}
		if ds.HasErrors() {
			if !expectedErrors(dir) {
				t.Errorf("%s: %s", dir, ds.Error())
			}
			continue
		}
		if len(m.Config.Blocks) == 0 {
			t.Errorf("%s: no blocks", dir)
		}
		for _, b := range m.Config.Blocks {
			checkBody(t, b.Body, b.DeclRange, fileNames(m))
		}
	}
}

// expectedErrors tells the test cases that are invalid by design.
func expectedErrors(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "expected.diagnostics.txt"))
	if err == nil && strings.Contains(string(data), "Error") {
		return true
	}
	base := filepath.Base(dir)
	return strings.Contains(dir, "fuzz") || base == "syntax" || base == "badinput"
}

// checkBody checks that every item of a body was read from one of files
// (a merged block holds items of override files), at a range holding the
// expression it was parsed from.
func checkBody(t *testing.T, body *config.Body, decl hcl.Range, files map[string]bool) {
	t.Helper()
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			if !files[it.Range.Filename] || it.Range.Start.Line == 0 {
				t.Errorf("%s: %s has range %v", decl, it.Name, it.Range)
			}
			if it.Source == nil {
				t.Errorf("%s: %s has no source expression", decl, it.Name)
				continue
			}
			if sr := it.Source.Range(); sr.Filename != it.Range.Filename || sr.Start.Byte < it.Range.Start.Byte || sr.End.Byte > it.Range.End.Byte {
				t.Errorf("%s: %s: source at %v outside %v", decl, it.Name, sr, it.Range)
			}
		case *config.Block:
			if !files[it.DeclRange.Filename] {
				t.Errorf("%s: block %s declared at %v", decl, it.Type, it.DeclRange)
			}
			checkBody(t, it.Body, decl, files)
		}
	}
}

func fileNames(m *Module) map[string]bool {
	out := map[string]bool{}
	for _, f := range m.Files {
		out[f.Name] = true
	}
	return out
}

// TestOverrides merges override files as Terraform does.
func TestOverrides(t *testing.T) {
	m, ds := Read([]Source{
		{Name: "main.tf", Src: []byte(`
variable "size" {
  type    = number
  default = 1
}
resource "aws_instance" "web" {
  instance_type = "t3.micro"
  ami           = "ami-1"
  ebs_block_device {
    size = 10
  }
  tags = { Env = "dev" }
}
provider "aws" {
  region = "us-east-1"
}
provider "aws" {
  alias  = "west"
  region = "us-west-1"
}
locals {
  a = 1
  b = 2
}
`)},
		{Name: "override.tf", Src: []byte(`
resource "aws_instance" "web" {
  instance_type = "t3.large"
  ebs_block_device {
    size = 50
  }
  ebs_block_device {
    size = 60
  }
  monitoring = true
}
provider "aws" {
  alias  = "west"
  region = "us-west-2"
}
locals {
  b = 20
  c = 30
}
resource "aws_instance" "nobase" {
  ami = "x"
}
`)},
		{Name: "x_override.tf.json", Src: []byte(`{"variable": {"size": {"default": 5}}, "moved": {"from": "aws_instance.a", "to": "aws_instance.b"}}`)},
	}, Options{})
	if len(ds) != 1 || ds[0].Error() != `override.tf:20:1: Error: Missing base resource for override; an override file declares resource "aws_instance.nobase", which no primary file declares` {
		t.Fatalf("diagnostics: %s", ds)
	}
	got, err := render.HCL(m.Config)
	if err != nil {
		t.Fatal(err)
	}
	want := `variable "size" {
  type    = number
  default = 5
}

resource "aws_instance" "web" {
  instance_type = "t3.large"
  ami           = "ami-1"
  tags = {
    Env = "dev"
  }

  ebs_block_device {
    size = 50
  }

  ebs_block_device {
    size = 60
  }

  monitoring = true
}

provider "aws" {
  region = "us-east-1"
}

provider "aws" {
  alias  = "west"
  region = "us-west-2"
}

locals {
  a = 1
  b = 20
}

locals {
  c = 30
}

moved {
  from = aws_instance.a
  to   = aws_instance.b
}
`
	if string(got) != want {
		t.Errorf("merged:\n%s\nwant:\n%s", got, want)
	}
	// Merged blocks lead back to the primary file's blocks; the files
	// are kept as written.
	primary := m.Files[0].Config.Blocks
	for i, b := range m.Config.Blocks[:5] {
		base, merged := m.Merged(b)
		if wantMerged := i != 2; merged != wantMerged || base != primary[i] {
			t.Errorf("block %d (%s): Merged = %v, %v", i, b.Address(), base == primary[i], merged)
		}
	}
	if v, _ := primary[0].Body.Attribute("default").Expr.(*config.Literal); v == nil || v.Val.AsBigFloat().String() != "1" {
		t.Errorf("the primary file's block changed: %#v", primary[0].Body.Attribute("default").Expr)
	}
	if names := []string{m.Files[0].Name, m.Files[1].Name, m.Files[2].Name}; strings.Join(names, " ") != "main.tf override.tf x_override.tf.json" || !m.Files[1].Override || !m.Files[2].JSON {
		t.Errorf("files: %v", names)
	}
}

// TestLoadOverrideCase reads the override case of the loader's tests in
// place: the same merge and the same diagnostic as the loader's.
func TestLoadOverrideCase(t *testing.T) {
	dir := filepath.Join("..", "load", "testdata", "cases", "override")
	m, ds := Dir(dir, Options{})
	want, err := os.ReadFile(filepath.Join(dir, "expected.diagnostics.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 1 || filepath.Base(ds[0].Subject.Filename)+strings.TrimPrefix(ds[0].Error(), ds[0].Subject.Filename) != strings.TrimSpace(string(want)) {
		t.Errorf("diagnostics:\n%s\nwant\n%s", ds, want)
	}
	web := m.Config.BlocksOfType("resource")[0]
	if it, _ := web.Body.StringAttr("instance_type"); it != "t3.large" || len(web.Body.Blocks("ebs_block_device")) != 2 {
		t.Errorf("resource not merged: %+v", web.Body)
	}
}

func docker(t testing.TB) []*schema.Provider {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "schema", "testdata", "providers", "docker-4.6.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestJSONLikeNative: a configuration in JSON reads into the model the
// native syntax gives, Terraform's own nested blocks included, and with
// provider schemas the provider's nested blocks too.
func TestJSONLikeNative(t *testing.T) {
	native := `terraform {
  required_providers {
    dk = {
      source = "kreuzwerker/docker"
    }
  }
}

variable "n" {
  type    = number
  default = 2
  validation {
    condition     = var.n > 0
    error_message = "positive"
  }
}

resource "docker_container" "c" {
  count    = var.n
  provider = dk
  name     = "c-${count.index}"
  image    = "nginx"
  ports {
    internal = 80
  }
  ports {
    internal = 443
  }
  dynamic "labels" {
    for_each = { a = "b" }
    content {
      label = labels.key
      value = labels.value
    }
  }
  lifecycle {
    ignore_changes = [name]
    precondition {
      condition     = var.n < 10
      error_message = "small"
    }
  }
  depends_on = [docker_container.d]
}

check "c" {
  data "docker_network" "n" {
    name = "bridge"
  }
  assert {
    condition     = data.docker_network.n.internal == false
    error_message = "x"
  }
}

output "names" {
  value = docker_container.c[*].name
}
`
	ncfg, ds := ReadFile(Source{Name: "main.tf", Src: []byte(native)}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	js, err := render.JSON(ncfg)
	if err != nil {
		t.Fatal(err)
	}
	jcfg, ds := ReadFile(Source{Name: "main.tf.json", Src: js}, Options{Providers: docker(t)})
	if ds.HasErrors() {
		t.Fatalf("%s\n%s", ds, js)
	}
	for _, cfg := range []*config.Config{ncfg, jcfg} {
		for _, b := range cfg.Blocks {
			checkBody(t, b.Body, b.DeclRange, map[string]bool{b.DeclRange.Filename: true})
		}
	}
	wantHCL, _ := render.HCL(ncfg)
	gotHCL, _ := render.HCL(jcfg)
	if string(gotHCL) != string(wantHCL) {
		t.Errorf("from JSON:\n%s\nwant:\n%s\nJSON:\n%s", gotHCL, wantHCL, js)
	}
	// Without schemas the provider's blocks are arguments.
	jcfg, ds = ReadJSON(Source{Name: "x.json", Src: js}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	c := jcfg.BlocksOfType("resource")[0]
	if c.Body.Attribute("ports") == nil || len(c.Body.Blocks("lifecycle")) != 1 || len(c.Body.Blocks("dynamic")) != 1 {
		t.Errorf("without schemas: %s", mustHCL(t, jcfg))
	}
}

func mustHCL(t *testing.T, cfg *config.Config) string {
	out, err := render.HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestJSONErrors: JSON that is not Terraform's is a diagnostic at the line
// and column of the value at fault.
func TestJSONErrors(t *testing.T) {
	for src, want := range map[string]string{
		`{"resource": []}`: "main.tf.json:1:14: Error: Unsupported Terraform JSON; expected an object",
		`{"resource": `:    "main.tf.json:1:14: Error: Invalid JSON; The JSON ends before the value does.",
		"{\"nope\": {}}":   "main.tf.json:1:10: Error: Unsupported Terraform JSON; \"nope\" is not a Terraform block type",
		"{\"output\": {\"o\": {\"value\": \"${1 +}\"}}}": "main.tf.json:1:",
		"[1]": "main.tf.json:1:1: Error: Invalid JSON; The file is not a JSON object.",
	} {
		_, ds := Read([]Source{{Name: "main.tf.json", Src: []byte(src)}}, Options{})
		if !strings.Contains(ds.Error(), want) {
			t.Errorf("%s:\n got %v\nwant %s", src, ds, want)
		}
	}
	// Valid Terraform JSON: labels grouped in arrays of objects, action
	// blocks.
	m, ds := Read([]Source{{Name: "main.tf.json", Src: []byte(`{"resource": [{"a_b": [{"c": {"x": 1}}, {"d": {}}]}], "action": {"a_i": {"n": {"config": {}}}}}`)}}, Options{})
	if ds.HasErrors() || len(m.Config.Blocks) != 3 || m.Config.Blocks[1].Address() != "a_b.d" || m.Config.Blocks[2].Type != "action" {
		t.Errorf("grouped labels: %v\n%s", ds, mustHCL(t, m.Config))
	}
	_, ds = Read([]Source{{Name: "a.tf", Src: []byte("x = 1\n")}}, Options{})
	if want := `a.tf:1:1: Error: Unexpected top-level argument "x"`; !strings.Contains(ds.Error(), want) {
		t.Errorf("got %v, want %s", ds, want)
	}
	m, ds = Dir(t.TempDir(), Options{})
	if !ds.HasErrors() || m == nil || !strings.Contains(ds.Error(), "No .tf files") {
		t.Errorf("empty directory: %v", ds)
	}
}

// TestOverrideLifecycle: a resource's lifecycle is merged argument by
// argument, its conditions replaced only by conditions, and count and
// for_each exclude each other.
func TestOverrideLifecycle(t *testing.T) {
	m, ds := Read([]Source{
		{Name: "main.tf", Src: []byte(`resource "a" "b" {
  for_each = toset(["x"])
  lifecycle {
    ignore_changes = [tags]
    precondition {
      condition     = true
      error_message = "pre"
    }
  }
}
`)},
		{Name: "override.tf", Src: []byte(`resource "a" "b" {
  count = 2
  lifecycle {
    create_before_destroy = true
  }
}
`)},
	}, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	want := `resource "a" "b" {
  count = 2

  lifecycle {
    ignore_changes = [tags]

    precondition {
      condition     = true
      error_message = "pre"
    }

    create_before_destroy = true
  }
}
`
	if got := mustHCL(t, m.Config); got != want {
		t.Errorf("merged:\n%s\nwant:\n%s", got, want)
	}
}

// TestReadHeaders: for every file of every directory there is, the headers
// are the top-level blocks ReadFile reads, in order, with the same types,
// labels and places, the bodies asked for are the same bodies, and a file
// ReadFile refuses is refused too.
func TestReadHeaders(t *testing.T) {
	files := 0
	for _, dir := range dirs(t) {
		primary, overrides, err := DirNames(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range append(primary, overrides...) {
			src, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			s := Source{Name: filepath.Join(dir, name), Src: src}
			want, wds := ReadFile(s, Options{})
			got, gds := ReadHeaders(s, "terraform", "variable")
			files++
			if wds.HasErrors() != gds.HasErrors() && (gds.HasErrors() || want == nil) {
				t.Errorf("%s: ReadFile says %v, ReadHeaders %v", s.Name, wds, gds)
				continue
			}
			if want == nil || got == nil {
				continue
			}
			if len(got.Blocks) != len(want.Blocks) {
				t.Errorf("%s: %d headers, %d blocks", s.Name, len(got.Blocks), len(want.Blocks))
				continue
			}
			for i, w := range want.Blocks {
				g := got.Blocks[i]
				if g.Type != w.Type || !slices.Equal(g.Labels, w.Labels) || g.DeclRange != w.DeclRange {
					t.Errorf("%s: header %d is %s %q at %v, the block %s %q at %v", s.Name, i, g.Type, g.Labels, g.DeclRange, w.Type, w.Labels, w.DeclRange)
				}
				switch read := g.Type == "terraform" || g.Type == "variable"; {
				case read && !config.SameBody(g.Body, w.Body):
					t.Errorf("%s: the body of header %d (%s) differs from the block's", s.Name, i, g.Type)
				case !read && len(g.Body.Items) != 0:
					t.Errorf("%s: header %d (%s) has a body", s.Name, i, g.Type)
				}
			}
		}
	}
	if files < 100 {
		t.Fatalf("only %d files read", files)
	}
	for _, s := range []Source{
		{Name: "top.tf", Src: []byte("a = 1\nresource \"x\" \"y\" {}\n")},
		{Name: "top.tf.json", Src: []byte(`{"a": 1}`)},
		{Name: "bad.tf", Src: []byte("resource \"x\" {\n")},
		{Name: "bad.tf.json", Src: []byte(`{"resource": `)},
	} {
		if _, ds := ReadHeaders(s); !ds.HasErrors() || ds[0].Subject == nil {
			t.Errorf("%s: no error with a place: %v", s.Name, ds)
		}
	}
}

// TestVariablesFile: the names Terraform reads variable values from by
// name alone, and which of them are read in name order after the others.
func TestVariablesFile(t *testing.T) {
	for name, want := range map[string][2]bool{
		"terraform.tfvars": {true, false}, "terraform.tfvars.json": {true, false},
		"prod.auto.tfvars": {true, true}, "prod.auto.tfvars.json": {true, true},
		"prod.tfvars": {false, false}, "main.tf": {false, false}, "terraform.tfvars.bak": {false, false},
	} {
		if ok, auto := VariablesFile(name); ok != want[0] || auto != want[1] {
			t.Errorf("VariablesFile(%q) = %v, %v; want %v, %v", name, ok, auto, want[0], want[1])
		}
	}
}

// TestImpliedProvider: the provider a type names by its prefix is the one
// ProviderOf finds for a block without a provider argument, and the one a
// JSON file's blocks are read with.
func TestImpliedProvider(t *testing.T) {
	for typ, want := range map[string]string{
		"aws_instance":        "aws",
		"google_storage_blob": "google",
		"random":              "random",
		"_odd":                "_odd",
		"":                    "",
	} {
		if got := ImpliedProvider(typ); got != want {
			t.Errorf("ImpliedProvider(%q) = %q, want %q", typ, got, want)
		}
	}
	aws, google := &schema.Provider{Source: "hashicorp/aws"}, &schema.Provider{Source: "hashicorp/google"}
	schemas := map[string]*schema.Provider{"aws": aws, "google": google}
	cfg, ds := config.ParseConfig("resource \"aws_vpc\" \"v\" {}\nresource \"aws_vpc\" \"w\" {\n  provider = google\n}\n", "main.tf")
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if p := ProviderOf(schemas, cfg.Blocks[0], "aws_vpc"); p != aws {
		t.Errorf("aws_vpc.v: %v", p)
	}
	if p := ProviderOf(schemas, cfg.Blocks[1], "aws_vpc"); p != google {
		t.Errorf("aws_vpc.w, provider = google: %v", p)
	}
}
