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
	"github.com/tfkit/tfkit/internal/render"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
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
	return engineRun(t, files, true)
}

// engineRun is engineValidate, with init first or not: the engine reports
// the mistakes of the language before init, which refuses them.
func engineRun(t *testing.T, files map[string]string, init bool) ([]string, string) {
	t.Helper()
	w := enginetest.Workspace(t, files)
	if init {
		w.Init("-backend=false")
	}
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
// provider block that something uses as any other body, its required
// arguments too (aws 3.3.0's region), but not a provider block that sets
// only an alias, nor one that nothing uses.
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
resource "aws_vpc" "v" {
  cidr_block = "10.0.0.0/16"
}
`
	want := []string{"main.tf:1:16 error", "main.tf:2:3 error", "main.tf:6:15 error"}
	if got := places(checkFile(t, "main.tf", invalid, aws)); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	if got, out := engineValidate(t, map[string]string{"main.tf": valid}); len(got) != 0 {
		t.Fatalf("the engine rejects the valid provider blocks:\n%s", out)
	}
	if got, out := engineValidate(t, map[string]string{"main.tf": invalid}); !slices.Equal(got, want) {
		t.Fatalf("the engine reports %q, want %q:\n%s", got, want, out)
	}
}

// unusedProviders are configurations with provider configurations that
// have a mistake each, some of them used (by a resource's type, a provider
// meta-argument, a data source in a check block, a module call with or
// without a providers map), the others not, and where Terraform reports
// the mistakes: in the configurations used only.
var unusedProviders = []struct {
	files  map[string]string
	places []string
}{{map[string]string{"main.tf": `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
provider "random" {
  bogus = "unused: only random.used is"
}
provider "random" {
  alias = "used"
  bogus = "used by random_pet.p"
}
provider "random" {
  alias = "idle"
  bogus = "unused"
}
resource "random_pet" "p" {
  provider = random.used
}
provider "docker" {
  alias = "checked"
  hots  = "used by a data source in a check block"
}
provider "docker" {
  alias = "spare"
  hots  = "unused"
}
check "net" {
  data "docker_network" "n" {
    provider = docker.checked
    name     = "bridge"
  }
  assert {
    condition     = data.docker_network.n.id != ""
    error_message = "no bridge network"
  }
}
`}, []string{"main.tf:11:3 error", "main.tf:22:3 error"}},
	{map[string]string{"main.tf": `provider "null" {
  bogus = "used by the module without providers"
}
provider "null" {
  alias = "passed"
  bogus = "passed to a module"
}
provider "null" {
  alias = "kept"
  bogus = "unused"
}
module "inherits" {
  source = "./mod"
}
module "given" {
  source    = "./mod"
  providers = { null = null.passed }
}
`, "mod/main.tf": `terraform {
  required_providers {
    null = { source = "hashicorp/null" }
  }
}
resource "null_resource" "r" {}
`}, []string{"main.tf:2:3 error", "main.tf:6:3 error"}},
}

func TestUnusedProviderConfigurationsAreNotChecked(t *testing.T) {
	for _, tc := range unusedProviders {
		cfg, diags := config.ParseConfig(tc.files["main.tf"], "main.tf")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if got := places(Config(cfg, providers(t))); !slices.Equal(got, tc.places) {
			t.Errorf("got %q, want %q", got, tc.places)
		}
	}
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	for _, tc := range unusedProviders {
		if got, out := engineValidate(t, tc.files); !slices.Equal(got, tc.places) {
			t.Errorf("the engine reports %q, want %q:\n%s", got, tc.places, out)
		}
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
  "variable": {"port": {"type": "number"}},
  "resource": {"aws_security_group": {"web": {"ingress": [
    {"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": ["0.0.0.0/0"]}
  ]},
  "one": {"ingress": {"from_port": 443, "to_port": 443, "protocol": "tcp", "cidr_blocks": null, "description": null,
     "ipv6_cidr_blocks": null, "prefix_list_ids": null, "security_groups": null, "self": null}},
  "typed": {"egress": [
    {"from_port": "${var.port}", "to_port": 443, "protocol": "tcp", "cidr_blocks": null, "description": null,
     "ipv6_cidr_blocks": null, "prefix_list_ids": null, "security_groups": null, "self": null},
    {"from_port": "all", "to_port": 443, "protocol": "tcp", "cidr_blocks": null, "description": null,
     "ipv6_cidr_blocks": null, "prefix_list_ids": null, "security_groups": null, "self": null, "note": "dropped"}
  ]}}}
}`

// nativeObjectsInvalid is jsonObjectsInvalid's first security group in
// native syntax, where the objects are the argument's value too.
const nativeObjectsInvalid = `resource "aws_security_group" "web" {
  ingress = [{ from_port = 443, to_port = 443, protocol = "tcp", cidr_blocks = ["0.0.0.0/0"] }]
}
`

// TestJSONListOfObjectsIsTheValue: the reader gives a list of objects
// for a list or set of objects argument as the argument's value, which
// is checked as Terraform converts it: the first object that lacks an
// attribute, or the first attribute of the wrong type, at the value.
func TestJSONListOfObjectsIsTheValue(t *testing.T) {
	aws := awsSlice(t)
	if got := checkFile(t, "main.tf.json", jsonObjectsValid, aws); len(got) != 0 {
		t.Fatalf("valid:\n%s", got)
	}
	cfg, ds := ReadJSON([]byte(jsonObjectsInvalid), "main.tf.json", aws)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if a := cfg.Blocks[1].Body.Attribute("ingress"); a == nil || len(cfg.Blocks[1].Body.Blocks("ingress")) != 0 {
		t.Fatalf("ingress is not read as an argument: %#v", cfg.Blocks[1].Body.Items)
	}
	got := Config(cfg, aws)
	want := []string{
		`main.tf.json:3:58: Error: Incorrect attribute value type (at aws_security_group.web.ingress); ` +
			`Inappropriate value for attribute "ingress": element 0: attributes "description", "ipv6_cidr_blocks", "prefix_list_ids", "security_groups", and "self" are required.`,
		`main.tf.json:6:22: Error: Incorrect attribute value type (at aws_security_group.one.ingress); Inappropriate value for attribute "ingress": set of object required.`,
		`main.tf.json:8:23: Error: Incorrect attribute value type (at aws_security_group.typed.egress); Inappropriate value for attribute "egress": element 1: attribute "from_port": a number is required.`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(want), got)
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i].Error(), w) {
			t.Errorf("diagnostic %d:\n got %s\nwant %s…", i, got[i], w)
		}
	}
	native := checkFile(t, "main.tf", nativeObjectsInvalid, aws)
	if len(native) != 1 || !strings.HasPrefix(native[0].Error(), "main.tf:2:13: Error: Incorrect attribute value type (at aws_security_group.web.ingress); "+
		`Inappropriate value for attribute "ingress": element 0: attributes "description"`) {
		t.Fatalf("native syntax:\n%s", native)
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	if engine, out := engineValidate(t, map[string]string{"main.tf.json": jsonObjectsValid}); len(engine) != 0 {
		t.Fatalf("the engine rejects:\n%s", out)
	}
	engine, out := engineValidate(t, map[string]string{"main.tf.json": jsonObjectsInvalid})
	if !slices.Equal(engine, places(got)) || !strings.Contains(out, `element 0: attributes \"description\"`) {
		t.Fatalf("the engine reports %q, tfkit %q:\n%s", engine, places(got), out)
	}
	engine, out = engineValidate(t, map[string]string{"main.tf": nativeObjectsInvalid})
	if !slices.Equal(engine, places(native)) {
		t.Fatalf("the engine reports %q, tfkit %q:\n%s", engine, places(native), out)
	}
}

// engineCases runs the engine's validate once on several configurations,
// each a module of its own called by the root (so that their names may
// clash), and returns the places of its diagnostics by configuration, as
// places gives them for a file named main.tf.
func engineCases(t *testing.T, file string, srcs map[string]string) (map[string][]string, string) {
	t.Helper()
	files := map[string]string{}
	var root strings.Builder
	dirs := map[string]string{}
	i := 0
	for name, src := range srcs {
		dir := fmt.Sprintf("m%d", i)
		i++
		dirs[dir] = name
		files[dir+"/"+file] = src
		files[dir+"/versions.tf"] = `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
`
		fmt.Fprintf(&root, "module %q {\n  source = \"./%s\"\n}\n", dir, dir)
	}
	files["main.tf"] = root.String()
	all, out := engineValidate(t, files)
	got := map[string][]string{}
	for _, p := range all {
		dir, rest, ok := strings.Cut(p, "/")
		if !ok || dirs[dir] == "" {
			t.Fatalf("the engine reports outside the cases: %s\n%s", p, out)
		}
		got[dirs[dir]] = append(got[dirs[dir]], rest)
	}
	return got, out
}

// TestDiagnosticsWhereTheEngineReportsThem: every diagnostic case on a
// real provider's schema gives the diagnostics terraform validate gives,
// of the same severity, at the same places (missing arguments and blocks
// at the body's opening brace, a block too many at its body, unexpected
// block types at their type, extraneous labels at the label).
func TestDiagnosticsWhereTheEngineReportsThem(t *testing.T) {
	srcs := map[string]string{}
	for _, tc := range diagnosticCases {
		if !strings.Contains(tc.src, "fix_thing") { // the fixture's provider is no real one
			srcs[tc.name] = tc.src
		}
	}
	for _, tc := range engineOnlyCases {
		srcs[tc.name] = tc.src
	}
	ps := providers(t)
	want := map[string][]string{}
	for name, src := range srcs {
		cfg, diags := config.ParseConfig(src, "main.tf")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		want[name] = places(Config(cfg, ps))
	}
	for _, tc := range engineOnlyCases {
		if got := strings.Join(want[tc.name], ", "); got != tc.places {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.places)
		}
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	engine, out := engineCases(t, "main.tf", srcs)
	for name := range srcs {
		if !slices.Equal(engine[name], want[name]) {
			t.Errorf("%s: the engine reports %q, tfkit %q", name, engine[name], want[name])
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

// TestJSONDiagnosticsWhereTheEngineReportsThem: the same configurations
// in JSON syntax give the diagnostics terraform validate gives for them,
// at the same places (what a body lacks at its closing brace).
func TestJSONDiagnosticsWhereTheEngineReportsThem(t *testing.T) {
	srcs := map[string]string{}
	ps := providers(t)
	want := map[string][]string{}
	add := func(name, src string) {
		cfg, diags := config.ParseConfig(src, "main.tf")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		js, err := render.JSON(cfg)
		if err != nil {
			t.Fatal(err)
		}
		jcfg, diags := ReadJSON(js, "main.tf.json", ps)
		if diags.HasErrors() {
			t.Fatalf("%s\n%s", diags, js)
		}
		srcs[name] = string(js)
		want[name] = places(Config(jcfg, ps))
	}
	for _, tc := range diagnosticCases {
		if !strings.Contains(tc.src, "fix_thing") {
			add(tc.name, tc.src)
		}
	}
	for _, tc := range engineOnlyCases {
		add(tc.name, tc.src)
	}
	if got := want["missing required"]; !slices.Equal(got, []string{"main.tf.json:6:7 error"}) {
		t.Errorf("missing required: got %q, want the body's closing brace:\n%s", got, srcs["missing required"])
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	engine, out := engineCases(t, "main.tf.json", srcs)
	for name := range srcs {
		if !slices.Equal(engine[name], want[name]) {
			t.Errorf("%s: the engine reports %q, tfkit %q:\n%s", name, engine[name], want[name], srcs[name])
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

// engineOnlyCases are more configurations with block-level mistakes, and
// the places of their diagnostics ("main.tf:4:11 error, ...").
var engineOnlyCases = []struct{ name, src, places string }{
	{"ignore_changes names", `resource "random_string" "a" {
  length = 8
  lifecycle {
    ignore_changes = [lenght, keepers]
  }
}
resource "random_string" "b" {
  length = 8
  lifecycle {
    ignore_changes = [keepers, result]
  }
}
`, "main.tf:4:23 error, main.tf:7:10 warning"},
	{"labels on nested blocks", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  ports "x" {
    internal = 1
  }
}
resource "docker_network" "n" {
  name = "n"
  ipam_config "a" {
  }
}
`, "main.tf:10:15 error, main.tf:4:9 error"},
	{"argument written as a block", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  dns {
  }
}
`, "main.tf:4:3 error"},
	{"dynamic blocks of no block type", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  dynamic "prots" {
    for_each = [1]
    content {
      internal = 1
    }
  }
  dynamic "dns" {
    for_each = [1]
    content {}
  }
}
`, "main.tf:10:11 error, main.tf:4:11 error"},
	{"duplicate single block", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  timeouts {}
  timeouts {
  }
}
`, "main.tf:5:3 error"},
	{"missing argument in dynamic content", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  dynamic "ports" {
    for_each = [80]
    content {
      external = ports.value
    }
  }
}
`, "main.tf:6:13 error"},
	{"references to attributes the schemas lack", `resource "random_pet" "a" {}
resource "random_integer" "n" {
  count = 2
  min   = 1
  max   = 9
}
data "local_file" "f" {
  filename = "x"
}
resource "local_file" "out" {
  filename = "out.txt"
  content  = "${random_pet.a.idd} ${random_integer.n[0].result} ${data.local_file.f.contents}"
}
`, "main.tf:12:29 error, main.tf:12:84 error"},
	{"dynamic blocks generating none", `resource "docker_container" "c" {
  name  = "c"
  image = "i"
  dynamic "ports" {
    for_each = []
    content {
      external = 1
    }
  }
  dynamic "prots" {
    for_each = {}
    content {}
  }
}
`, "main.tf:10:11 error"},
	{"required arguments set to null", `resource "docker_image" "n" {
  name = null
}
resource "docker_container" "c" {
  name  = "c"
  image = "i"
  ports {
    internal = null
  }
}
`, "main.tf:2:10 error, main.tf:8:16 error"},
	{"block bodies on one line", `resource "docker_container" "c" { image = "i" }
resource "docker_service" "s" { name = "s" }
resource "docker_image" "i" {}
`, "main.tf:1:35 error, main.tf:2:33 error, main.tf:3:29 error"},
}

// asEngine is a configuration with references to what it does not
// declare, attributes read after splats, and blocks that depend on one
// with an error; asEnginePlaces are where terraform validate reports its
// mistakes: not those of what depends (by a reference, a local value,
// depends_on, count) on a block with an error, nor attributes read after
// a splat. In a body, references to resources, data sources and module
// calls are reported first, then those to variables and local values,
// then the body against the schema: the engine stops at the first step
// with an error.
const asEngine = `variable "known" {}
locals {
  here = 1
  l    = random_pet.bad.id
}
resource "random_pet" "bad" {
  lenght = 2
}
resource "random_pet" "child" {
  prefix = random_pet.bad.id
  bogus  = 1
}
resource "random_pet" "grandchild" {
  prefix = random_pet.child.id
  bogus  = 1
}
resource "random_pet" "via_local" {
  prefix = local.l
  bogus  = 1
}
resource "random_pet" "waits" {
  depends_on = [random_pet.bad]
  bogus      = 1
}
resource "random_pet" "counted" {
  count  = length(random_pet.bad.id)
  bogus  = 1
}
output "bad" {
  value = random_pet.bad.idd
}
resource "random_pet" "undeclared" {
  length = var.knwon
  prefix = "${local.there}-${random_pet.r[0].id}"
  keepers = {
    a = data.random_thing.x.id
    b = module.nothere.out
  }
  bogus = 1
}
resource "random_pet" "late" {
  length = var.knwon
  prefix = local.there
  bogus  = 1
}
resource "random_pet" "after_undeclared" {
  prefix = random_pet.undeclared.id
  bogus  = 1
}
resource "random_pet" "many" {
  count = 2
}
output "splat" {
  value = [random_pet.many[*].idd, random_pet.many.*.idd, [for p in random_pet.many : p.id]]
}
resource "random_pet" "dynamic" {
  dynamic "nothing" {
    for_each = []
    content {
      x = nothing.value
    }
  }
}
`

var asEnginePlaces = []string{"main.tf:34:30 error", "main.tf:36:9 error", "main.tf:37:9 error", "main.tf:42:12 error", "main.tf:43:12 error", "main.tf:57:11 error", "main.tf:7:3 error"}

func TestAsTheEngine(t *testing.T) {
	cfg, diags := config.ParseConfig(asEngine, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := AsEngine(cfg, providers(t), nil)
	if ps := places(got); !slices.Equal(ps, asEnginePlaces) {
		t.Fatalf("got %q, want %q:\n%s", ps, asEnginePlaces, got)
	}
	var words []string
	for _, d := range got {
		words = append(words, d.Summary+": "+d.Detail)
	}
	for _, w := range []string{
		`Reference to undeclared input variable: An input variable with the name "knwon" has not been declared.`,
		`Reference to undeclared local value: A local value with the name "there" has not been declared.`,
		`Reference to undeclared resource: A managed resource "random_pet" "r" has not been declared in the root module.`,
		`Reference to undeclared resource: A data resource "random_thing" "x" has not been declared in the root module.`,
		`Reference to undeclared module: No module call named "nothere" is declared in the root module.`,
	} {
		if !slices.Contains(words, w) {
			t.Errorf("no %s in:\n%s", w, strings.Join(words, "\n"))
		}
	}
	for _, d := range got {
		if d.Summary == "Reference to undeclared input variable" && d.Suggestion != `did you mean "known"?` {
			t.Errorf("the hint of var.knwon: %q", d.Suggestion)
		}
	}
	// Config, for synthesis, reports every mistake of the schemas, the
	// dependents' too, and leaves references to what is not declared to
	// config.Validate.
	if n := len(Config(cfg, providers(t))); n != 11 {
		t.Errorf("Config: %d diagnostics, want 11:\n%s", n, Config(cfg, providers(t)))
	}

	enginetest.SkipShort(t)
	if engine, out := engineValidate(t, map[string]string{"main.tf": asEngine}); !slices.Equal(engine, asEnginePlaces) {
		t.Fatalf("the engine reports %q, want %q:\n%s", engine, asEnginePlaces, out)
	}
}

// missingArguments are configurations whose blocks lack an argument or a
// block the language requires, and where terraform validate reports
// them: at the body's opening brace, at the one argument of a body
// written on one line, in JSON at the body's closing brace; a content
// block too many at the block.
var missingArguments = []struct {
	name, file, src string
	// init is set for configurations the engine can initialize.
	init   bool
	places []string
}{
	{"language blocks", "main.tf", `output "a" {
  description = "x"
}
output "b" { description = "x" }
output "c" {}
module "m" {
  version = "1"
}
moved {
  to = random_pet.x
}
import {
  to = random_pet.x
}
removed {
  lifecycle {
    destroy = false
  }
}
resource "random_pet" "x" {}
`, false, []string{"main.tf:12:8 error", "main.tf:15:9 error", "main.tf:1:12 error", "main.tf:4:14 error", "main.tf:5:12 error", "main.tf:6:12 error", "main.tf:9:7 error"}},
	{"language blocks in JSON", "main.tf.json", `{
  "output": {"a": {"description": "x"}},
  "module": {"m": {
    "version": "1"
  }}
}
`, false, []string{"main.tf.json:2:38 error", "main.tf.json:5:3 error"}},
	{"dynamic blocks", "main.tf", `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
resource "docker_container" "a" {
  name  = "c"
  image = "i"
  dynamic "ports" {
    content {
      internal = 1
    }
  }
}
resource "docker_container" "b" {
  name  = "c"
  image = "i"
  dynamic "ports" {
    for_each = []
  }
}
resource "docker_container" "c" {
  name  = "c"
  image = "i"
  dynamic "ports" {
    for_each = [1]
    content {
      internal = 1
    }
    content {
      internal = 2
    }
  }
}
resource "docker_container" "d" {
  name  = "c"
  image = "i"
  dynamic "ports" { for_each = [] }
}
`, true, []string{"main.tf:18:19 error", "main.tf:30:5 error", "main.tf:38:21 error", "main.tf:9:19 error"}},
}

// TestMissingArgumentsWhereTheEngineReportsThem: config.Validate reports
// what a block lacks where terraform validate does.
func TestMissingArgumentsWhereTheEngineReportsThem(t *testing.T) {
	ps := providers(t)
	got := map[string][]string{}
	for _, tc := range missingArguments {
		var cfg *config.Config
		var diags diag.Diagnostics
		if strings.HasSuffix(tc.file, ".json") {
			cfg, diags = ReadJSON([]byte(tc.src), tc.file, ps)
		} else {
			cfg, diags = config.ParseConfig(tc.src, tc.file)
		}
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		got[tc.name] = places(config.Validate(cfg))
		if tc.places != nil && !slices.Equal(got[tc.name], tc.places) {
			t.Errorf("%s: got %q, want %q:\n%s", tc.name, got[tc.name], tc.places, config.Validate(cfg))
		}
	}
	enginetest.SkipShort(t)
	for _, tc := range missingArguments {
		if engine, out := engineRun(t, map[string]string{tc.file: tc.src}, tc.init); !slices.Equal(engine, got[tc.name]) {
			t.Errorf("%s: the engine reports %q, tfkit %q:\n%s", tc.name, engine, got[tc.name], out)
		}
	}
}

// engineWords are mistakes that terraform validate words in its own way:
// types no provider offers, with the engine's did-you-mean or its hint
// for a data source written as a resource, and references to ephemeral
// resources not declared.
const engineWords = `ephemeral "random_password" "db" {
  length = 8
}
resource "random_pett" "p" {}
data "local_sensitive_fil" "f" {
  filename = "f"
}
ephemeral "random_passwor" "e" {}
resource "local_command" "c" {}
locals {
  declared   = ephemeral.random_password.db.result
  undeclared = ephemeral.random_password.nope.result
}
`

// TestInTheEngineWords: tfkit gives the engine's summary and detail, at
// the engine's places; the engine's did-you-mean is tfkit's hint.
func TestInTheEngineWords(t *testing.T) {
	cfg, diags := config.ParseConfig(engineWords, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := AsEngine(cfg, providers(t), nil)
	var ours []said
	for _, d := range got {
		detail := d.Detail
		if name, ok := strings.CutPrefix(d.Suggestion, "did you mean "); ok && d.Summary != "Invalid ephemeral resource" {
			detail += " Did you mean " + name // terraform gives none for ephemeral resources
		}
		ours = append(ours, said{places(diag.Diagnostics{d})[0], d.Summary, detail})
	}
	want := []said{
		{"main.tf:4:10 error", "Invalid resource type", `The provider hashicorp/random does not support resource type "random_pett". Did you mean "random_pet"?`},
		{"main.tf:5:6 error", "Invalid data source", `The provider hashicorp/local does not support data source "local_sensitive_fil". Did you mean "local_sensitive_file"?`},
		{"main.tf:8:11 error", "Invalid ephemeral resource", `The provider hashicorp/random does not support ephemeral resource "random_passwor".`},
		{"main.tf:9:10 error", "Invalid resource type", "The provider hashicorp/local does not support resource type \"local_command\".\n\n" +
			`Did you intend to use the data source "local_command"? If so, declare this using a "data" block instead of a "resource" block.`},
		{"main.tf:12:16 error", "Reference to undeclared resource", `An ephemeral resource "random_password" "nope" has not been declared in the root module.`},
	}
	if !slices.Equal(ours, want) {
		t.Fatalf("got\n%q\nwant\n%q", ours, want)
	}

	enginetest.SkipShort(t)
	engine, out := engineWordsOf(t, map[string]string{"main.tf": engineWords})
	for _, w := range want {
		if !slices.Contains(engine, w) {
			t.Errorf("the engine does not say %q:\n%s", w, out)
		}
	}
	if len(engine) != len(want) {
		t.Errorf("the engine says %d things, tfkit %d:\n%s", len(engine), len(want), out)
	}
}

// decodeFirst is a configuration whose blocks have several mistakes: the
// engine decodes a body against its schema first, and when that fails it
// reports neither a computed attribute set nor a deprecation of the
// block; and a resource of a type that has no schema is reported even
// when its arguments refer to a block with an error, since without a
// schema the engine finds no references in them.
const decodeFirst = `resource "random_string" "a" {
  length = 8
  number = false
  id     = "x"
  lenght = 2
}
resource "random_string" "b" {
  length = 8
  number = false
  id     = "x"
}
resource "random_pett" "c" {
  prefix = random_string.a.result
  bogus  = local.nothing
}
resource "random_pet" "d" {
  prefix = random_string.a.result
  bogus  = 1
}
resource "random_pett" "e" {
  count  = length(random_string.a.result)
}
resource "random_string" "f" {
  length  = 8
  lenght2 = 3
  lifecycle {
    ignore_changes = [lenght]
  }
}
resource "random_string" "g" {
  length = 8
  lifecycle {
    ignore_changes = [lenght]
  }
}
`

// decodeFirstPlaces: f's ignore_changes is checked only once its body
// decodes, as g's is.
var decodeFirstPlaces = []string{"main.tf:12:10 error", "main.tf:10:12 error", "main.tf:5:3 error", "main.tf:9:12 warning", "main.tf:25:3 error", "main.tf:33:23 error"}

func TestDecodeFirstAsTheEngine(t *testing.T) {
	cfg, diags := config.ParseConfig(decodeFirst, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := places(AsEngine(cfg, providers(t), nil))
	want := slices.Sorted(slices.Values(decodeFirstPlaces))
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q:\n%s", got, want, AsEngine(cfg, providers(t), nil))
	}
	enginetest.SkipShort(t)
	if engine, out := engineValidate(t, map[string]string{"main.tf": decodeFirst}); !slices.Equal(engine, want) {
		t.Fatalf("the engine reports %q, want %q:\n%s", engine, want, out)
	}
}

// TestCorpusAsTheEngine: a real module checked against an older schema
// (terraform-aws-vpc and aws 3.3.0, which lacks many of its arguments and
// types) gives the diagnostics terraform validate gives, at its places.
func TestCorpusAsTheEngine(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "terraform-aws-vpc")
	names, _, err := tffile.DirNamesFor(dir, tffile.Terraform)
	if err != nil {
		t.Skipf("no corpus: %v", err)
	}
	f, err := os.Open(filepath.Join("..", "..", "..", "shared", "schemas", "aws-3.3.0.json"))
	if err != nil {
		t.Skipf("no schema: %v", err)
	}
	defer f.Close()
	aws, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	var srcs []tffile.Source
	files := map[string]string{}
	for _, n := range names {
		src, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, tffile.Source{Name: n, Src: src})
		files[n] = string(src)
	}
	m, diags := tffile.Read(srcs, tffile.Options{Providers: aws})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := places(AsEngine(m.Config, aws, nil))
	// What terraform validate 1.11 reports: arguments aws 3.3.0 lacks,
	// and its two resource types that aws 3.3.0 lacks (the second refers
	// to aws_vpc.this, which has an error).
	want := []string{"main.tf:110:3 error", "main.tf:117:3 error", "main.tf:1291:3 error", "main.tf:1294:3 error", "main.tf:1296:3 error",
		"main.tf:1391:3 error", "main.tf:31:3 error", "main.tf:34:3 error", "main.tf:35:3 error", "main.tf:39:3 error", "main.tf:40:3 error",
		"main.tf:41:3 error", "main.tf:46:3 error", "main.tf:66:10 error", "main.tf:74:10 error", "vpc-flow-logs.tf:4:3 error"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	v, ok := files["versions.tf"]
	if !ok || !strings.Contains(v, `">= 6.28"`) {
		t.Skip("the corpus's versions.tf is not the one this test knows")
	}
	files["versions.tf"] = strings.Replace(v, `">= 6.28"`, `"3.3.0"`, 1)
	if engine, out := engineValidate(t, files); !slices.Equal(engine, want) {
		t.Fatalf("the engine reports %q, want %q:\n%s", engine, want, out)
	}
}

// said is one diagnostic as a user reads it: place and severity, summary
// and detail.
type said struct{ place, summary, detail string }

// ourWords are ds as said.
func ourWords(ds diag.Diagnostics) []said {
	var out []said
	for _, d := range ds {
		out = append(out, said{places(diag.Diagnostics{d})[0], d.Summary, d.Detail})
	}
	return out
}

// engineWordsOf runs terraform validate on files and returns what it
// says, and its whole output; it skips the test with OpenTofu, whose
// words differ.
func engineWordsOf(t *testing.T, files map[string]string) ([]said, string) {
	t.Helper()
	if filepath.Base(enginetest.Engine(t)) != "terraform" {
		t.Skip("the words are terraform's")
	}
	w := enginetest.Workspace(t, files)
	w.Init("-backend=false")
	return validateWords(t, w)
}

// validateWords runs validate in w, after the global options given
// (-chdir=DIR), and returns what it says in its order, and its whole
// output.
func validateWords(t *testing.T, w *enginetest.Workdir, global ...string) ([]said, string) {
	t.Helper()
	says, output := w.ValidateSays(global...)
	var out []said
	for _, d := range says {
		place := d.Place
		if place == "" {
			place = ":0:0"
		}
		out = append(out, said{place + " " + d.Severity, d.Summary, d.Detail})
	}
	return out, output
}

// sameWords reports whether a and b say the same things, in any order.
func sameWords(a, b []said) bool {
	key := func(x said) string { return x.place + "|" + x.summary + "|" + x.detail }
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		ka[i] = key(a[i])
	}
	for i := range b {
		kb[i] = key(b[i])
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}

// childOutputs is a root module that refers to outputs its local child
// module does not declare (directly, through an index of a call with
// count, twice in one template), next to references to a data source
// written as a resource and the converse; and the resource that depends
// on a reference with an error, which the engine does not check.
var childOutputs = map[string]string{"main.tf": `data "local_file" "f" {
  filename = "x"
}
resource "random_pet" "p" {}
module "m" {
  source = "./child"
}
module "n" {
  source = "./child"
  count  = 2
}
output "data_as_resource" {
  value = local_file.f.content
}
output "resource_as_data" {
  value = data.random_pet.p.id
}
output "undeclared" {
  value = "${module.m.nope} ${module.m.ok} ${module.m.nope}"
}
output "declared" {
  value = [module.m.ok, module.m.name, module.n[1].ok, module.m[0], module.n]
}
resource "random_pet" "q" {
  prefix = module.n[0].nmae
}
resource "random_pet" "after" {
  prefix = random_pet.q.id
  length = "three"
}
`, "child/main.tf": `output "ok" {
  value = "x"
}
output "name" {
  value = "y"
}
`}

// TestReferencesAsTheEngineWordsThem: a reference to a module call's
// output that its local child module does not declare is an unsupported
// attribute at the output's name, and a reference to a resource declared
// only as a data source carries the engine's hint, in the engine's words.
func TestReferencesAsTheEngineWordsThem(t *testing.T) {
	dir := t.TempDir()
	for name, src := range childOutputs {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg, diags := config.ParseConfig(childOutputs["main.tf"], "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	children := ReadChildren(dir, cfg, tffile.Terraform)
	if got := children["m"]; got == nil || !slices.Equal(got.Outputs, []string{"name", "ok"}) || len(got.Diagnostics) != 0 {
		t.Fatalf("the child of module.m: %+v", got)
	}
	got := AsEngine(cfg, providers(t), children)
	want := []said{
		{"main.tf:13:11 error", "Reference to undeclared resource", "A managed resource \"local_file\" \"f\" has not been declared in the root module.\n\n" +
			"Did you mean the data resource data.local_file.f?"},
		{"main.tf:16:11 error", "Reference to undeclared resource", `A data resource "random_pet" "p" has not been declared in the root module.`},
		{"main.tf:19:22 error", "Unsupported attribute", `This object does not have an attribute named "nope".`},
		{"main.tf:19:54 error", "Unsupported attribute", `This object does not have an attribute named "nope".`},
		{"main.tf:25:23 error", "Unsupported attribute", `This object does not have an attribute named "nmae".`},
	}
	if ours := ourWords(got); !slices.Equal(ours, want) {
		t.Fatalf("got\n%q\nwant\n%q", ours, want)
	}
	hints := map[string]string{}
	for _, d := range got {
		hints[places(diag.Diagnostics{d})[0]] = d.Suggestion
	}
	if h := hints["main.tf:25:23 error"]; h != `did you mean "name"?` {
		t.Errorf("the hint of module.n[0].nmae: %q", h)
	}
	if h := hints["main.tf:16:11 error"]; h != "did you mean the managed resource random_pet.p?" {
		t.Errorf("the hint of data.random_pet.p: %q", h)
	}
	// Without the child modules read, their outputs are not checked,
	// and random_pet.after, which no longer depends on an error, is.
	if n := len(AsEngine(cfg, providers(t), nil)); n != 3 {
		t.Errorf("without children: %d diagnostics, want 3", n)
	}

	enginetest.SkipShort(t)
	engine, out := engineWordsOf(t, childOutputs)
	if !sameWords(engine, want) {
		t.Fatalf("the engine says\n%q\ntfkit\n%q\n%s", engine, want, out)
	}
}

// TestRemoteChildModulesAreNotRead: only calls of local paths are read; a
// registry module is not, and so references to its outputs are not
// checked.
func TestRemoteChildModulesAreNotRead(t *testing.T) {
	src := `module "reg" {
  source  = "hashicorp/consul/aws"
  version = "0.1.0"
}
output "o" {
  value = module.reg.x
}
`
	cfg, diags := config.ParseConfig(src, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	children := ReadChildren(t.TempDir(), cfg, tffile.Terraform)
	if len(children) != 0 {
		t.Fatalf("read %v", children)
	}
	if got := AsEngine(cfg, providers(t), children); len(got) != 0 {
		t.Fatalf("got:\n%s", got)
	}
}

// childrenThatDoNotLoad is a root module (in root/) whose local child
// modules were there when init ran; then two directories went away and
// one child's file lost its closing brace. The random_pet argument and
// the reference to an output the empty module does not declare are
// mistakes the engine reports only once the modules load.
var childrenThatDoNotLoad = map[string]string{"root/main.tf": `resource "random_pet" "p" {
  lenght = 2
}
module "gone" {
  source = "./modules/gone"
}
module "broken" {
  source = "./modules/broken/"
}
module "shared" {
  source = "../shared/c"
}
module "empty" {
  source = "./modules/empty"
}
output "o" {
  value = module.empty.x
}
`,
	"root/modules/gone/main.tf":   childOutput,
	"root/modules/broken/main.tf": childOutput,
	"shared/c/main.tf":            childOutput,
}

const childOutput = `output "x" {
  value = 1
}
`

// unload makes the children of childrenThatDoNotLoad, written in dir,
// what they are after init: two directories removed, a file that does not
// parse; and writes the empty module's directory.
func unload(t *testing.T, dir string) {
	t.Helper()
	for _, gone := range []string{"root/modules/gone", "shared"} {
		if err := os.RemoveAll(filepath.Join(dir, filepath.FromSlash(gone))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "root", "modules", "broken", "main.tf"), []byte("output \"x\" {\n  value = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "root", "modules", "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestChildModulesThatDoNotLoad: a module call whose local directory is
// not there is "Module not installed" at the call, and a child whose file
// does not parse is that file's error at its place, named from where the
// root's files are; the engine then reports nothing else, in the order
// of the calls' names. Once they load, the empty module declares no
// outputs, and the other mistakes are reported.
func TestChildModulesThatDoNotLoad(t *testing.T) {
	dir := t.TempDir()
	for name, src := range childrenThatDoNotLoad {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unload(t, dir)
	cfg, diags := config.ParseConfig(childrenThatDoNotLoad["root/main.tf"], "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	children := ReadChildren(filepath.Join(dir, "root"), cfg, tffile.Terraform)
	got := AsEngine(cfg, providers(t), children)
	notInstalled := func(dir string) string {
		return "This module's local cache directory " + dir + ` could not be read. Run "terraform init" to install all modules required by this configuration.`
	}
	want := []said{
		{"modules/broken/main.tf:1:12 error", "Unclosed configuration block",
			"There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file."},
		{"main.tf:4:1 error", "Module not installed", notInstalled("modules/gone")},
		{"main.tf:10:1 error", "Module not installed", notInstalled("../shared/c")},
	}
	if ours := ourWords(got); !slices.Equal(ours, want) {
		t.Fatalf("got\n%q\nwant\n%q\n%s", ours, want, got)
	}
	if d := got[1]; d.Path != "module.gone" || d.Subject.End.Column != 14 || !strings.Contains(d.Suggestion, filepath.Join("modules", "gone")) {
		t.Errorf("module.gone: path %q, subject %v, hint %q", d.Path, d.Subject, d.Suggestion)
	}
	if c := children["empty"]; c == nil || c.Outputs == nil || len(c.Outputs) != 0 || c.Diagnostics != nil {
		t.Errorf("the empty module: %+v", c)
	}
	// OpenTofu names its own command.
	if d := AsEngine(cfg, providers(t), ReadChildren(filepath.Join(dir, "root"), cfg, tffile.OpenTofu))[1]; !strings.Contains(d.Detail, `Run "tofu init"`) {
		t.Errorf("with OpenTofu: %s", d)
	}
	// Loaded, the modules let the other mistakes be found.
	loaded := Children{"empty": children["empty"], "gone": {Outputs: []string{"x"}}, "broken": {Outputs: []string{"x"}}, "shared": {Outputs: []string{"x"}}}
	wantLoaded := []said{
		{"main.tf:2:3 error", "Unsupported argument", `An argument named "lenght" is not expected here.`},
		{"main.tf:17:23 error", "Unsupported attribute", `This object does not have an attribute named "x".`},
	}
	if ours := ourWords(AsEngine(cfg, providers(t), loaded)); !slices.Equal(ours, wantLoaded) {
		t.Errorf("loaded: got\n%q\nwant\n%q", ours, wantLoaded)
	}

	enginetest.SkipShort(t)
	if filepath.Base(enginetest.Engine(t)) != "terraform" {
		t.Skip("the words are terraform's")
	}
	w := enginetest.Workspace(t, childrenThatDoNotLoad)
	if err := os.MkdirAll(filepath.Join(w.Dir, "root", "modules", "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.Run("-chdir=root", "init", "-input=false", "-no-color", "-backend=false")
	unload(t, w.Dir)
	engine, out := validateWords(t, w, "-chdir=root")
	if !slices.Equal(engine, want) {
		t.Fatalf("the engine says\n%q\ntfkit\n%q\n%s", engine, want, out)
	}
	for _, name := range []string{"root/modules/gone/main.tf", "root/modules/broken/main.tf", "shared/c/main.tf"} {
		p := filepath.Join(w.Dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(childOutput), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	engine, out = validateWords(t, w, "-chdir=root")
	// The engine's did-you-mean is tfkit's hint.
	for i, e := range engine {
		if j := strings.LastIndex(e.detail, ` Did you mean "`); j > 0 {
			engine[i].detail = e.detail[:j]
		}
	}
	if !sameWords(engine, wantLoaded) {
		t.Fatalf("loaded, the engine says\n%q\ntfkit\n%q\n%s", engine, wantLoaded, out)
	}
}

// mistakeWords has one mistake of each kind the schemas show, in
// resources that do not depend on each other, so that terraform validate
// reports each: arguments and blocks the schema lacks or that are written
// as the other, arguments missing or null, computed attributes set (to a
// provider built on the plugin framework, random, and to one on the plugin
// SDK, docker), a deprecated argument, values of the wrong type, too many,
// too few and duplicate blocks, labels, dynamic blocks, references to
// attributes and provider functions that are not there.
const mistakeWords = `terraform {
  required_providers {
    docker = { source = "kreuzwerker/docker" }
  }
}
resource "random_pet" "unknown" {
  lenght = 2
}
resource "docker_container" "block_as_argument" {
  name  = "c"
  image = "i"
  ports = [{ internal = 1 }]
}
resource "docker_container" "argument_as_block" {
  name  = "c"
  image = "i"
  dns {
  }
}
resource "docker_container" "unknown_block" {
  name  = "c"
  image = "i"
  prots {
    internal = 1
  }
}
resource "docker_image" "missing" {
  keep_locally = true
}
resource "docker_image" "null" {
  name = null
}
resource "random_pet" "computed" {
  id = "x"
}
resource "docker_container" "computed" {
  name      = "c"
  image     = "i"
  exit_code = 1
}
resource "random_string" "deprecated" {
  length = 8
  number = false
}
resource "random_pet" "type" {
  length = "three"
}
resource "docker_container" "too_many" {
  name  = "c"
  image = "i"
  capabilities {}
  capabilities {}
}
resource "docker_service" "too_few" {
  name = "s"
}
resource "docker_container" "duplicate" {
  name  = "c"
  image = "i"
  timeouts {}
  timeouts {
  }
}
resource "docker_container" "label" {
  name  = "c"
  image = "i"
  ports "x" {
    internal = 1
  }
}
resource "docker_container" "dynamic" {
  name  = "c"
  image = "i"
  dynamic "prots" {
    for_each = [1]
    content {
      internal = 1
    }
  }
}
resource "random_pet" "read" {}
output "attribute" {
  value = random_pet.read.idd
}
output "function" {
  value = upper(provider::local::direxist("x"))
}
`

// TestMistakesInTheEngineWords: each mistake is reported in terraform
// validate's words, summary and detail, at its place; the argument is
// named by the path, not the summary (Unsupported argument, as the
// engine says it).
func TestMistakesInTheEngineWords(t *testing.T) {
	cfg, diags := config.ParseConfig(mistakeWords, "main.tf")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := AsEngine(cfg, providers(t), nil)
	ours := ourWords(got)
	if len(ours) != 17 {
		t.Fatalf("%d diagnostics, want 17:\n%s", len(ours), got)
	}
	for _, w := range []said{
		{"main.tf:7:3 error", "Unsupported argument", `An argument named "lenght" is not expected here.`},
		{"main.tf:12:3 error", "Unsupported argument", `An argument named "ports" is not expected here. Did you mean to define a block of type "ports"?`},
		{"main.tf:27:35 error", "Missing required argument", `The argument "name" is required, but no definition was found.`},
		{"main.tf:34:8 error", "Invalid Configuration for Read-Only Attribute", "Cannot set value for this attribute as the provider has marked it as read-only. " +
			"Remove the configuration line setting the value.\n\nRefer to the provider documentation or contact the provider developers for additional information " +
			"about configurable and read-only attributes that are supported."},
		{"main.tf:39:15 error", "Value for unconfigurable attribute", `Can't configure a value for "exit_code": its value will be decided automatically based on the result of applying this configuration.`},
		{"main.tf:43:12 warning", "Attribute Deprecated", "**NOTE**: This is deprecated, use `numeric` instead."},
	} {
		if !slices.Contains(ours, w) {
			t.Errorf("no %q in\n%q", w, ours)
		}
	}

	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "kreuzwerker/docker", "4.6.0")
	engine, out := engineWordsOf(t, map[string]string{"main.tf": mistakeWords})
	// The engine's did-you-mean is tfkit's hint.
	hints := map[string]string{}
	for _, d := range got {
		hints[places(diag.Diagnostics{d})[0]] = d.Suggestion
	}
	for i, e := range engine {
		if j := strings.LastIndex(e.detail, ` Did you mean "`); j > 0 && strings.HasSuffix(e.detail, `"?`) {
			if want := "did you mean " + strings.TrimPrefix(e.detail[j:], " Did you mean "); hints[e.place] != want {
				t.Errorf("%s: hint %q, want %q", e.place, hints[e.place], want)
			}
			engine[i].detail = e.detail[:j]
		}
	}
	if !sameWords(engine, ours) {
		for _, e := range engine {
			if !slices.Contains(ours, e) {
				t.Errorf("the engine says %q", e)
			}
		}
		for _, o := range ours {
			if !slices.Contains(engine, o) {
				t.Errorf("tfkit says %q", o)
			}
		}
		t.Log(out)
	}
}
