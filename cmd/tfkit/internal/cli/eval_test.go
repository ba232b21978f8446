package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/runner"
)

// TestEval prints the same view as the load package's golden file, and
// reports problems on stderr with exit status 1.
func TestEval(t *testing.T) {
	src, err := filepath.Abs("../../../../load/testdata/cases/basic")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(src, "expected.view.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(src, "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "eval")
	if res.code != ExitOK || res.stdout != string(want) || res.stderr != "" {
		t.Fatalf("eval of the basic case:\n%s\n--- want stdout\n%s", res, want)
	}
	res = runCLI(t, t.TempDir(), nil, "eval", "--var", "name=x", dir)
	if res.code != ExitOK || !strings.Contains(res.stdout, `"prefix": "x-default-a"`) {
		t.Fatalf("eval --var:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--var", "nope=1", "--workspace", "prod")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `Value for undeclared variable; the root module declares no variable "nope"`) {
		t.Fatalf("eval with an undeclared --var:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "a", "b")
	if res.code != ExitUsage {
		t.Fatalf("eval with two arguments:\n%s", res)
	}
}

// TestEvalInputOrder: --var and --var-file apply in command-line order.
func TestEvalInputOrder(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.tf":    "variable \"v\" {}\noutput \"v\" { value = var.v }\n",
		"one.tfvars": "v = \"file\"\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := runCLI(t, dir, nil, "eval", "--var", "v=flag", "--var-file", "one.tfvars")
	if res.code != ExitOK || !strings.Contains(res.stdout, `"v": {"value": "file"`) {
		t.Fatalf("file after flag:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--var-file", "one.tfvars", "--var", "v=flag")
	if res.code != ExitOK || !strings.Contains(res.stdout, `"v": {"value": "flag"`) {
		t.Fatalf("flag after file:\n%s", res)
	}
}

// TestEvalSchema: --schema shapes resources by their provider's schema.
func TestEvalSchema(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("resource \"random_string\" \"s\" {\n  length = \"7\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sch, _ := filepath.Abs("../../../../schema/testdata/providers/random-3.9.0.json")
	res := runCLI(t, dir, nil, "eval", "--schema", sch)
	if res.code != ExitOK || !strings.Contains(res.stdout, `"length": 7,`) || !strings.Contains(res.stdout, `"result": ["random_string.s.result is computed by the provider"]`) {
		t.Fatalf("eval --schema:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--schema", "missing.json")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: cannot read provider schemas: missing.json does not exist") {
		t.Fatalf("eval --schema missing.json:\n%s", res)
	}
}

// TestEvalPaths: relative paths resolve against the evaluated directory,
// not the directory tfkit runs in: path.cwd, abspath and file agree.
func TestEvalPaths(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.tf": `output "cwd" { value = path.cwd }
output "abs" { value = abspath("data/x.txt") }
output "text" { value = file("data/x.txt") }
`,
		"data/x.txt": "inside",
	}
	for n, s := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, n)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	elsewhere := t.TempDir()
	res := runCLI(t, elsewhere, nil, "eval", dir)
	slash := filepath.ToSlash(dir)
	for _, want := range []string{
		`"cwd": {"value": "` + slash + `"`,
		`"abs": {"value": "` + slash + `/data/x.txt"`,
		`"text": {"value": "inside"`,
	} {
		if res.code != ExitOK || !strings.Contains(res.stdout, want) {
			t.Fatalf("eval from another directory: want %s\n%s", want, res)
		}
	}
	// A relative DIR is relative to where tfkit runs.
	rel, err := filepath.Rel(elsewhere, dir)
	if err != nil {
		t.Fatal(err)
	}
	res = runCLI(t, elsewhere, nil, "eval", rel)
	if res.code != ExitOK || !strings.Contains(res.stdout, `"abs": {"value": "`+slash+`/data/x.txt"`) {
		t.Fatalf("eval of a relative directory:\n%s", res)
	}
}

// TestEvalEnvironment: TF_VAR_ variables of tfkit's own environment set
// root variables, below -var-file and -var.
func TestEvalEnvironment(t *testing.T) {
	dir := t.TempDir()
	main := `variable "name" {}
variable "count_n" { type = number }
output "name" { value = var.name }
output "next" { value = var.count_n + 1 }
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TF_VAR_name", "from-env")
	t.Setenv("TF_VAR_count_n", "41")
	res := runCLI(t, dir, nil, "eval")
	if res.code != ExitOK || !strings.Contains(res.stdout, `"name": {"value": "from-env"`) || !strings.Contains(res.stdout, `"next": {"value": 42`) {
		t.Fatalf("eval with TF_VAR_ in the environment:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--var", "name=from-flag")
	if res.code != ExitOK || !strings.Contains(res.stdout, `"name": {"value": "from-flag"`) {
		t.Fatalf("--var over TF_VAR_:\n%s", res)
	}
	t.Setenv("TF_VAR_count_n", "many")
	res = runCLI(t, dir, nil, "eval")
	// As the engines say it, at the variable's declaration.
	if res.code != ExitFailure || !strings.Contains(res.stderr, `main.tf:2:1: Error: Invalid value for input variable (at var.count_n); Unsuitable value for var.count_n set using the TF_VAR_count_n environment variable: a number is required.`) {
		t.Fatalf("eval with an invalid TF_VAR_:\n%s", res)
	}
}

// TestEvalStrict: an unknown count and a module that is not installed are
// warnings (exit 0, the resource listed as unexpanded) unless --strict
// makes them errors.
func TestEvalStrict(t *testing.T) {
	dir := t.TempDir()
	main := `data "aws_availability_zones" "available" {}
resource "aws_subnet" "private" {
  count      = length(data.aws_availability_zones.available.names)
  cidr_block = "10.0.0.0/24"
}
module "vpc" {
  source = "terraform-aws-modules/vpc/aws"
}
output "vpc_id" { value = module.vpc.vpc_id }
`
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	res := runCLI(t, dir, nil, "eval")
	if res.code != ExitOK || !strings.Contains(res.stderr, "Warning: Invalid count argument (at aws_subnet.private)") ||
		!strings.Contains(res.stderr, "Warning: Module not installed") ||
		!strings.Contains(res.stdout, `"reason": "count is unknown: data.aws_availability_zones.available.names is computed by the provider"`) ||
		!strings.Contains(res.stdout, `"attributes": {"cidr_block": "10.0.0.0/24"}`) ||
		!strings.Contains(res.stdout, `"unknown": {"": ["module not installed: run terraform init"]}`) {
		t.Fatalf("eval of cloud-only values:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--strict")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: Invalid count argument (at aws_subnet.private)") ||
		!strings.Contains(res.stderr, "Error: Module not installed") {
		t.Fatalf("eval --strict:\n%s", res)
	}
}

// TestEvalDataValues: --data-values sets data source results by address,
// relative to where the command runs; a file that is not such an object
// is an error before anything is evaluated.
func TestEvalDataValues(t *testing.T) {
	dir := t.TempDir()
	main := `data "aws_availability_zones" "available" {}
resource "aws_subnet" "private" {
  count             = length(data.aws_availability_zones.available.names)
  availability_zone = data.aws_availability_zones.available.names[count.index]
}
`
	files := map[string]string{
		"main.tf":     main,
		"values.json": `{"data.aws_availability_zones.available": {"names": ["eu-west-1a", "eu-west-1b"]}}`,
		"bad.json":    `{"data.aws_availability_zones.available": ["a"]}`,
		"extra.json":  "{\n  \"data.aws_availability_zones.available\": {\"names\": []},\n  \"data.aws_availability_zone.available\": {\"names\": []}\n}\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := runCLI(t, dir, nil, "eval", "--data-values", "values.json")
	if res.code != ExitOK || !strings.Contains(res.stdout, `"address": "aws_subnet.private[1]"`) || !strings.Contains(res.stdout, `"availability_zone": "eu-west-1b"`) {
		t.Fatalf("eval --data-values:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--data-values", "bad.json")
	if res.code != ExitFailure || res.stdout != "" || !strings.Contains(res.stderr, `bad.json:1:43: the value of "data.aws_availability_zones.available" is an array, not an object of attributes`) {
		t.Fatalf("eval --data-values with a list:\n%s", res)
	}
	// An entry for no data source of the configuration is an error at its
	// key in the file.
	res = runCLI(t, dir, nil, "eval", "--data-values", "extra.json")
	if res.code != ExitFailure || !strings.Contains(res.stderr, `extra.json:3:3: Error: Value for an undeclared data source (at data.aws_availability_zone.available)`) {
		t.Fatalf("eval --data-values with an undeclared data source:\n%s", res)
	}
}

// TestEvalDataValuesWhere: a --data-values file that is not a JSON object
// of objects is an error at its line and column, saying what is wrong.
func TestEvalDataValuesWhere(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"main.tf": "data \"a\" \"b\" {}\n"})
	for text, want := range map[string]string{
		"{\n  \"data.a.b\": {\"x\": 1,}\n}\n":  "v.json:2:23: invalid JSON: invalid character '}' looking for beginning of object key string",
		"{\"data.a.b\": {}, \"data.a.b\": {}}": `v.json:1:18: "data.a.b" is given twice`,
		"[1]":                                  "v.json:1:1: the file holds an array, not a JSON object of data source addresses",
		"{\"data.a.b\": {\"x\": 1}":            "v.json:1:22: invalid JSON: the text ends before the object does",
		"{\"data.a.b\": {}} x":                 "v.json:1:18: invalid JSON: invalid character 'x' after top-level value",
		"{\"data.a.b\": {\"x\": \"\xff\"}}":    "v.json:1:21: the file is not UTF-8 text",
	} {
		writeFiles(t, dir, map[string]string{"v.json": text})
		res := runCLI(t, dir, nil, "eval", "--data-values", "v.json")
		if res.code != ExitFailure || res.stdout != "" || !strings.Contains(res.stderr, "Error: --data-values "+want) {
			t.Errorf("%q: want %s\n%s", text, want, res)
		}
	}
}

// TestEvalReadData: --read-data reads a data source through the provider
// terraform init installed, and a resource built from it is known.
func TestEvalReadData(t *testing.T) {
	enginetest.RequireProvider(t, "hashicorp/local", "2.9.0")
	w := enginetest.Workspace(t, map[string]string{
		"motd.txt": "welcome\n",
		"main.tf": `terraform {
  required_providers {
    local = { source = "hashicorp/local", version = "2.9.0" }
  }
}

data "local_file" "motd" {
  filename = "motd.txt"
}

resource "local_file" "copy" {
  content  = data.local_file.motd.content
  filename = "copy.txt"
}
`,
	})
	w.Init()
	res := runCLI(t, w.Dir, nil, "eval", "--read-data")
	if res.code != ExitOK || !strings.Contains(res.stdout, `"content": "welcome\n"`) || !strings.Contains(res.stdout, `"content_sha1": "`) {
		t.Fatalf("eval --read-data:\n%s", res)
	}
	res = runCLI(t, w.Dir, nil, "eval")
	if res.code != ExitOK || !strings.Contains(res.stdout, "data.local_file.motd.content is computed by the provider") {
		t.Fatalf("eval without --read-data:\n%s", res)
	}
}

// TestEvalDiagnosticPaths: the files in eval's messages are named as one
// types them where tfkit runs, as every command names them: a DIR's files
// under DIR and a --var-file as given, not absolute or relative to DIR.
func TestEvalDiagnosticPaths(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "infra/main.tf", "variable \"n\" {\n  type = number\n}\n\noutput \"o\" {\n  value = var.n + local.nope\n}\n")
	write(t, dir, "bad.tfvars", "n = \n")
	res := runCLI(t, dir, nil, "eval", "--var-file", "bad.tfvars", "infra")
	if res.code != ExitFailure || !strings.Contains(res.stderr, "\nbad.tfvars:1:") && !strings.HasPrefix(res.stderr, "bad.tfvars:1:") || strings.Contains(res.stderr, dir) {
		t.Errorf("eval with a bad --var-file:\n%s", res)
	}
	res = runCLI(t, dir, nil, "eval", "--var", "n=1", "infra")
	if res.code != ExitFailure || !strings.HasPrefix(res.stderr, "infra/main.tf:6:") {
		t.Errorf("eval of infra:\n%s", res)
	}
	// The ranges in the JSON stay relative to the module, as documented.
	if !strings.Contains(res.stdout, `"range": "main.tf:5,1-5,11"`) {
		t.Errorf("eval of infra: JSON ranges changed:\n%s", res.stdout)
	}
}

// TestEvalEngineVersion: eval checks required_version against the engine
// deploy would run, as that engine's init and plan do; without an engine
// it refuses only what no version tfkit supports meets.
func TestEvalEngineVersion(t *testing.T) {
	engine := enginetest.Engine(t)
	e, err := runner.Probe(context.Background(), engine, os.Environ())
	if err != nil {
		t.Fatal(err)
	}
	w := enginetest.Workspace(t, map[string]string{"main.tf": `terraform {
  required_version = "!= ` + e.Version.String() + `"
}

resource "terraform_data" "a" {}
`})
	res := runCLI(t, w.Dir, []string{"TFKIT_TERRAFORM=" + engine, "XDG_CACHE_HOME=" + t.TempDir()}, "eval")
	want := "main.tf:2:3: Error: Unsupported " + map[runner.Flavor]string{runner.Terraform: "Terraform", runner.OpenTofu: "OpenTofu"}[e.Flavor] + " Core version"
	if res.code != ExitFailure || !strings.Contains(res.stderr, want) || !strings.Contains(res.stderr, e.Version.String()) {
		t.Errorf("eval with the engine %s: %s", e, res)
	}
	if engineRun := w.Exec("init", "-backend=false"); engineRun.Err == nil {
		t.Errorf("%s init accepted required_version != its version:\n%s", e, engineRun.Output)
	}
	res = runCLI(t, w.Dir, []string{"TFKIT_TERRAFORM=", "PATH=" + t.TempDir()}, "eval")
	if res.code != ExitOK {
		t.Errorf("eval without an engine: %s", res)
	}
}
