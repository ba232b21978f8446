package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/schemacache"
)

func TestValidateDirectory(t *testing.T) {
	dir := t.TempDir()
	random := schemaFile(t, "random-3.9.0.json")
	write(t, dir, "tf/main.tf", `resource "random_pet" "p" {
  lenght = 2
}

resource "random_id" "i" {
  prefix = "x"
}
`)
	res := runCLI(t, dir, nil, "validate", "--schema", random, "tf")
	if res.code != ExitFailure {
		t.Fatalf("want exit 1:\n%s", res)
	}
	for _, want := range []string{
		`main.tf:2:3: Error: Unsupported argument (at random_pet.p.lenght)`,
		`hint: did you mean "length"?`,
		`main.tf:5:26: Error: Missing required argument (at random_id.i.byte_length)`,
	} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res)
		}
	}
	write(t, dir, "tf/main.tf", "resource \"random_pet\" \"p\" {\n  length = 2\n}\n")
	res = runCLI(t, dir, nil, "validate", "--schema", random, "tf")
	if res.code != ExitOK || res.stdout != "Valid: 1 file checked against 1 provider schema.\n" {
		t.Fatalf("valid configuration:\n%s", res)
	}

	// main.tf.json, as synth --format json writes it, beside main.tf.
	write(t, dir, "tf/main.tf.json", `{
  "resource": {
    "random_id": {
      "i": {
        "prefix": "x",
        "byte_lenght": 4
      }
    }
  }
}
`)
	res = runCLI(t, dir, nil, "validate", "--schema", random, "tf")
	for _, want := range []string{
		`main.tf.json:6:9: Error: Unsupported argument (at random_id.i.byte_lenght)`,
		`main.tf.json:7:7: Error: Missing required argument (at random_id.i.byte_length)`,
	} {
		if res.code != ExitFailure || !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res)
		}
	}
}

// TestValidateAfterGet checks the synth output against the schemas get kept.
func TestValidateAfterGet(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "true", "output": "out", "codeMakerOutput": "gen"}`)
	write(t, dir, "out/manifest.json", `{"version": 1, "format": "hcl", "stacks": [{"name": "dev", "directory": "stacks/dev", "files": [], "dependencies": []}]}`)
	write(t, dir, "out/stacks/dev/main.tf", "resource \"null_resource\" \"n\" {\n  trigers = {}\n}\n")

	res := runCLI(t, dir, nil, "validate")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "no provider schemas") || !strings.Contains(res.stderr, "run 'tfkit get' first") {
		t.Fatalf("validate before get:\n%s", res)
	}
	if res := runCLI(t, dir, nil, "get", "--schema", schemaFile(t, "null-2.1.2.json")); res.code != ExitOK {
		t.Fatalf("get:\n%s", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "gen", getSchemaFile)); err != nil {
		t.Fatal(err)
	}
	res = runCLI(t, dir, nil, "validate")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `Unsupported argument (at null_resource.n.trigers)`) {
		t.Fatalf("validate:\n%s", res)
	}
}

func TestValidateErrors(t *testing.T) {
	dir := t.TempDir()
	null := schemaFile(t, "null-2.1.2.json")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no project", []string{"validate", "--schema", null}, "no tfkit.json or cdktf.json"},
		{"no files", []string{"validate", "--schema", null, "."}, "Error: No configuration files"},
		{"no directory", []string{"validate", "--schema", null, "missing"}, "Cannot read configuration directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := runCLI(t, dir, nil, c.args...)
			if res.code != ExitFailure || !strings.Contains(res.stderr, c.want) {
				t.Errorf("want exit 1 and %q:\n%s", c.want, res)
			}
		})
	}
}

// TestValidateSyntaxErrorsWithoutSchemas: the mistakes reading finds
// (syntax errors in either syntax, a directory that is not there) are
// reported even when there are no schemas to check against, with the
// missing schemas; not the missing schemas alone.
func TestValidateSyntaxErrorsWithoutSchemas(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "infra/main.tf", "resource \"terraform_data\" \"x\" {\n  input = {\n}\n")
	write(t, dir, "infra/extra.tf.json", `{"resource": {`)
	res := runCLI(t, dir, nil, "validate", "infra", "nowhere")
	for _, want := range []string{
		"infra/extra.tf.json:1:15: Error: Invalid JSON",
		"infra/main.tf:1:31: Error: Unclosed configuration block",
		"Error: Cannot read configuration directory; nowhere does not exist.\n",
		// Not a tfkit project: the hint says how the engine writes them.
		"Error: no provider schemas: .gen/.tfkit-schemas.json does not exist\n  hint: give --schema FILE.json, written in the directory after 'terraform init' by 'terraform providers schema -json > FILE.json' (tofu the same way), or run 'tfkit get' in a tfkit project\n",
	} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q\n%s", want, res.stderr)
		}
	}
	if res.code != ExitFailure || res.stdout != "" {
		t.Errorf("%s", res)
	}
}

// TestValidateShowsPathsRelative: under --chdir, and for a directory given
// by its absolute path, diagnostics name files relative to the directory
// tfkit runs in, as the other commands do.
func TestValidateShowsPathsRelative(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "app/infra/main.tf", "resource \"null_resource\" \"n\" {\n  trigers = {}\n}\n")
	schemas := schemaFile(t, "null-2.1.2.json")
	want := "infra/main.tf:2:3: Error: Unsupported argument (at null_resource.n.trigers)"
	for _, args := range [][]string{
		{"--chdir", "app", "validate", "--schema", schemas, "infra"},
		{"--chdir", "app", "validate", "--schema", schemas, filepath.Join(dir, "app", "infra")},
	} {
		res := runCLI(t, dir, nil, args...)
		if res.code != ExitFailure || !strings.HasPrefix(res.stderr, want) {
			t.Errorf("tfkit %v: want exit 1 and %q first\n%s", args, want, res)
		}
	}
}

// TestValidateSchemaFileMessages: a --schema file that is not a provider
// schema document is named, with the line of JSON that does not parse, and
// the hint does not ask for the --schema that was given.
func TestValidateSchemaFileMessages(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "s.json", "{}\n")
	write(t, dir, "bad.json", "{\n  \"format_version\": \"1.0\",\n  \"provider_schemas\": [\n")
	write(t, dir, "main.tf", "resource \"terraform_data\" \"x\" {}\n")
	res := runCLI(t, dir, nil, "validate", "--schema", "s.json", ".")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: no provider schemas: s.json: read provider schemas: unexpected provider schema data, format version is missing\n  hint: give the output of 'terraform providers schema -json' with --schema\n") {
		t.Errorf("%s", res)
	}
	res = runCLI(t, dir, nil, "validate", "--schema", filepath.Join(dir, "bad.json"), ".")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: no provider schemas: bad.json:3:24: read provider schemas: unexpected end of JSON input") {
		t.Errorf("%s", res)
	}
}

// TestValidateSchemaCache: with the schema cache on, the first run writes
// the copy and later runs read it, with the same output; a broken copy is
// passed over and rewritten; a schema file that does not read is reported
// as without the cache, and nothing is cached for it.
func TestValidateSchemaCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(schemacache.EnvDir, cache)
	dir := t.TempDir()
	random := schemaFile(t, "random-3.9.0.json")
	write(t, dir, "main.tf", "resource \"random_pet\" \"p\" {\n  lenght = 2\n}\n")
	write(t, dir, "bad.json", "{\n  \"format_version\": \"1.0\",\n  \"provider_schemas\": [\n")

	t.Setenv(schemacache.EnvDir, "off")
	want := runCLI(t, dir, nil, "validate", "--schema", random, ".")
	wantBad := runCLI(t, dir, nil, "validate", "--schema", "bad.json", ".")
	t.Setenv(schemacache.EnvDir, cache)
	if want.code != ExitFailure || !strings.Contains(want.stderr, `Unsupported argument (at random_pet.p.lenght)`) {
		t.Fatalf("without the cache:\n%s", want)
	}
	copies := func() []string {
		names, err := filepath.Glob(filepath.Join(cache, "*"))
		if err != nil {
			t.Fatal(err)
		}
		return names
	}
	for i, what := range []string{"writing the copy", "reading it", "over a broken copy"} {
		if i == 2 {
			if err := os.WriteFile(copies()[0], []byte("tfkit-schemas\n\x01broken"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got := runCLI(t, dir, nil, "validate", "--schema", random, ".")
		if got.code != want.code || got.stdout != want.stdout || got.stderr != want.stderr {
			t.Fatalf("%s: output differs from the run without the cache:\n%s\n--- without\n%s", what, got, want)
		}
		if names := copies(); len(names) != 1 || filepath.Ext(names[0]) != ".bin" {
			t.Fatalf("%s: cache holds %v, want one copy", what, names)
		}
		if data, err := os.ReadFile(copies()[0]); err != nil || !strings.HasPrefix(string(data), "tfkit-schemas\n") || strings.HasSuffix(string(data), "broken") {
			t.Fatalf("%s: the copy is not a good one (%v)", what, err)
		}
	}
	got := runCLI(t, dir, nil, "validate", "--schema", "bad.json", ".")
	if got.code != wantBad.code || got.stderr != wantBad.stderr || !strings.Contains(got.stderr, "bad.json:3:24") {
		t.Fatalf("bad schema with the cache:\n%s\n--- without\n%s", got, wantBad)
	}
	if names := copies(); len(names) != 1 {
		t.Fatalf("a schema that does not read was cached: %v", names)
	}
}

// openTofuOnlyTF uses each construct only OpenTofu accepts.
const openTofuOnlyTF = `terraform {
  encryption {
    key_provider "pbkdf2" "k" {
      passphrase = var.passphrase
    }
  }
  backend "local" {
    path = "${var.name}.tfstate"
  }
}

variable "passphrase" {
  type = string
}

variable "name" {
  type    = string
  default = "a"
}

provider "random" {
  alias    = "each"
  for_each = toset(["a"])
}

module "m" {
  source  = "./modules/${var.name}"
  version = var.name
}

resource "random_pet" "p" {
  length = 2
}
`

// TestValidateOpenTofuOnly: checked for Terraform, what only OpenTofu
// accepts is an error at its place, naming the OpenTofu release that
// accepts it; checked for OpenTofu (--engine tofu, or the engine deploy
// would run is tofu) the configuration is valid.
func TestValidateOpenTofuOnly(t *testing.T) {
	dir := t.TempDir()
	random := schemaFile(t, "random-3.9.0.json")
	write(t, dir, "tf/main.tf", openTofuOnlyTF)
	wantErrs := []string{
		"main.tf:2:3: Error: Not supported by Terraform (at terraform.encryption); This configuration uses encryption blocks (state and plan encryption), which Terraform does not support (OpenTofu does from 1.7), and is checked for Terraform.",
		"main.tf:8:5: Error: Not supported by Terraform (at terraform.backend.path); This configuration uses variables and locals in module sources and versions and in backend settings (early evaluation), which Terraform does not support (OpenTofu does from 1.8)",
		"main.tf:23:3: Error: Not supported by Terraform (at provider.random.each.for_each); This configuration uses provider blocks with for_each, which Terraform does not support (OpenTofu does from 1.9)",
		"main.tf:27:3: Error: Not supported by Terraform (at module.m.source); This configuration uses variables and locals in module sources and versions and in backend settings (early evaluation), which Terraform does not support (OpenTofu does from 1.8)",
		"main.tf:28:3: Error: Not supported by Terraform (at module.m.version)",
		"hint: check it with --engine tofu if OpenTofu deploys it, or leave it out",
	}
	bin := t.TempDir()
	for _, n := range []string{"terraform", "tofu"} {
		if err := os.WriteFile(filepath.Join(bin, n), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Named, and detected: the engine deploy would run is a terraform.
	env := []string{"TFKIT_TERRAFORM=" + filepath.Join(bin, "terraform")}
	for _, args := range [][]string{{"--engine", "terraform"}, nil} {
		res := runCLI(t, dir, env, append(append([]string{"validate", "--schema", random}, args...), "tf")...)
		if res.code != ExitFailure || strings.Count(res.stderr, "Error: Not supported by Terraform") != 5 {
			t.Errorf("%v: want exit 1 and five errors:\n%s", args, res)
		}
		for _, want := range wantErrs {
			if !strings.Contains(res.stderr, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, res)
			}
		}
	}
	for _, tc := range []struct {
		env  []string
		args []string
	}{
		{nil, []string{"--engine", "tofu"}},
		{[]string{"TFKIT_TERRAFORM=" + filepath.Join(bin, "tofu")}, nil},
	} {
		res := runCLI(t, dir, tc.env, append(append([]string{"validate", "--schema", random}, tc.args...), "tf")...)
		if res.code != ExitOK || res.stdout != "Valid: 1 file checked against 1 provider schema.\n" {
			t.Errorf("%v %v: want valid:\n%s", tc.env, tc.args, res)
		}
	}
}

// TestValidateSchemaGivenTwice: a second --schema would replace the first
// unseen (two providers' files, as one may write): it is refused, naming
// both, with how to get one file of every provider.
func TestValidateSchemaGivenTwice(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tf/main.tf", "resource \"random_pet\" \"p\" {\n  lenght = 2\n}\n")
	random, null := schemaFile(t, "random-3.9.0.json"), schemaFile(t, "null-2.1.2.json")
	res := runCLI(t, dir, nil, "validate", "--schema", random, "--schema", null, "tf")
	if res.code == ExitOK || !strings.Contains(res.stderr, "given twice ("+random+", then "+null+")") ||
		!strings.Contains(res.stderr, "terraform providers schema -json") || strings.Contains(res.stdout, "Valid") {
		t.Fatalf("not refused:\n%s", res)
	}
}

// TestValidateUndeclaredReferences: references to what the configuration
// does not declare are reported in the engines' words, and what depends
// on a block with an error is not checked, as terraform validate does.
func TestValidateUndeclaredReferences(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tf/main.tf", `variable "region" {}
resource "random_pet" "p" {
  prefix = var.regoin
}
resource "random_pet" "q" {
  prefix = random_pet.p.id
  bogus  = 1
}
`)
	res := runCLI(t, dir, nil, "validate", "--schema", schemaFile(t, "random-3.9.0.json"), "tf")
	want := `main.tf:3:12: Error: Reference to undeclared input variable (at random_pet.p.prefix); An input variable with the name "regoin" has not been declared.`
	if res.code != ExitFailure || !strings.Contains(res.stderr, want) || strings.Contains(res.stderr, "bogus") {
		t.Fatalf("want only %s:\n%s", want, res)
	}
}

// TestValidateReadsLocalChildModules: references to outputs that a local
// child module does not declare are errors at the output's name, named
// relative to the directory tfkit runs in; a registry module's outputs
// are not checked.
func TestValidateReadsLocalChildModules(t *testing.T) {
	dir := t.TempDir()
	random := schemaFile(t, "random-3.9.0.json")
	write(t, dir, "infra/main.tf", `module "net" {
  source = "../modules/net"
}
module "registry" {
  source  = "hashicorp/consul/aws"
  version = "0.1.0"
}
resource "random_pet" "p" {
  prefix = module.net.vpc_idd
  keepers = {
    a = module.registry.anything
    b = module.net.vpc_id
  }
}
`)
	write(t, dir, "modules/net/outputs.tf", `output "vpc_id" {
  value = "v"
}
`)
	res := runCLI(t, dir, nil, "validate", "--schema", random, "infra")
	want := `infra/main.tf:9:22: Error: Unsupported attribute (at random_pet.p.prefix); This object does not have an attribute named "vpc_idd".` + "\n" +
		`  hint: did you mean "vpc_id"?`
	if res.code != ExitFailure || !strings.Contains(res.stderr, want) || strings.Count(res.stderr, "Error:") != 1 {
		t.Fatalf("want only\n%s\ngot:\n%s", want, res)
	}
	write(t, dir, "modules/net/outputs.tf", `output "vpc_idd" {
  value = "v"
}
output "vpc_id" {
  value = "v"
}
`)
	if res := runCLI(t, dir, nil, "validate", "--schema", random, "infra"); res.code != ExitOK {
		t.Fatalf("with the output declared:\n%s", res)
	}
}

// TestValidateNoDirOutsideProject: outside a project, validate without a
// directory names the directory to give, and when the current directory
// holds configuration files, the command that checks them.
func TestValidateNoDirOutsideProject(t *testing.T) {
	dir := t.TempDir()
	schemas := filepath.Join(dir, "s.json")
	if err := os.WriteFile(schemas, []byte(`{"format_version": "1.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "validate", "--schema", "s.json")
	want := "Error: no tfkit.json or cdktf.json, and no directory given\n  hint: give the directories of .tf files to check, or run tfkit validate in a project\n"
	if res.code != ExitFailure || res.stderr != want {
		t.Errorf("without .tf files: want exit 1 and %q\n%s", want, res)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("locals {\n  a = 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res = runCLI(t, dir, nil, "validate", "--schema", "s.json")
	want = "Error: no tfkit.json or cdktf.json, and no directory given\n  hint: to check the configuration files here, give the directory: tfkit validate --schema s.json .\n"
	if res.code != ExitFailure || res.stderr != want {
		t.Errorf("with main.tf: want exit 1 and %q\n%s", want, res)
	}
	// As the hint says.
	if res := runCLI(t, dir, nil, "validate", "--schema", "s.json", "."); res.code != ExitOK {
		t.Errorf("tfkit validate --schema s.json .: %s", res)
	}
}
