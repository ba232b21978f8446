package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// acmeRandomSchema writes into dir the random provider's schema under the
// source acme/random, as a second provider named random, and returns its
// path. With both, when both is true, the file holds hashicorp/random too.
func acmeRandomSchema(t *testing.T, dir, name string, both bool) string {
	t.Helper()
	data, err := os.ReadFile(schemaFile(t, "random-3.9.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		FormatVersion string                     `json:"format_version"`
		Schemas       map[string]json.RawMessage `json:"provider_schemas"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	const hashicorp = "registry.terraform.io/hashicorp/random"
	raw, ok := doc.Schemas[hashicorp]
	if !ok {
		t.Fatalf("random-3.9.0.json has no %s", hashicorp)
	}
	doc.Schemas = map[string]json.RawMessage{"registry.terraform.io/acme/random": raw}
	if both {
		doc.Schemas[hashicorp] = raw
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, name, string(out))
	return filepath.Join(dir, name)
}

func providerSourceOf(t *testing.T, dir string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(dir, "zz_provider.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "ProviderSource" {
			return strings.Trim(f[2], `"`)
		}
	}
	t.Fatalf("%s/zz_provider.go has no ProviderSource", dir)
	return ""
}

// TestGetsweepSameNameProvidersGo: two providers named random from
// different namespaces get packages of their own when a later --schema run
// adds the second to the first's directory, instead of the second
// replacing the first's bindings (as they do in one run).
func TestGetsweepSameNameProvidersGo(t *testing.T) {
	t.Run("one run", func(t *testing.T) {
		dir := t.TempDir()
		both := acmeRandomSchema(t, dir, "both.json", true)
		res := runCLI(t, dir, nil, "get", "--schema", both)
		if res.code != ExitOK {
			t.Fatalf("get:\n%s", res)
		}
		if got := providerSourceOf(t, filepath.Join(dir, ".gen", "random")); got != "acme/random" {
			t.Errorf(".gen/random holds %s", got)
		}
		if got := providerSourceOf(t, filepath.Join(dir, ".gen", "hashicorprandom")); got != "hashicorp/random" {
			t.Errorf(".gen/hashicorprandom holds %s", got)
		}
		if !strings.Contains(res.stdout, "hashicorp/random: generated 11 files in .gen/hashicorprandom\n") {
			t.Errorf("the output does not name .gen/hashicorprandom:\n%s", res)
		}
	})
	t.Run("added beside", func(t *testing.T) {
		// hashicorp/random keeps the package the first get gave it when
		// a schema with acme/random too comes later: the programs that
		// import .gen/random keep the bindings they were written for.
		dir := t.TempDir()
		if res := runCLI(t, dir, nil, "get", "--schema", schemaFile(t, "random-3.9.0.json")); res.code != ExitOK {
			t.Fatalf("get hashicorp/random:\n%s", res)
		}
		both := acmeRandomSchema(t, dir, "both.json", true)
		res := runCLI(t, dir, nil, "get", "--schema", both)
		if res.code != ExitOK || !strings.Contains(res.stdout, "acme/random: generated 11 files in .gen/acmerandom\n") {
			t.Fatalf("get both:\n%s", res)
		}
		if got := providerSourceOf(t, filepath.Join(dir, ".gen", "random")); got != "hashicorp/random" {
			t.Errorf("the bindings of hashicorp/random moved: .gen/random holds %s", got)
		}
		if got := providerSourceOf(t, filepath.Join(dir, ".gen", "acmerandom")); got != "acme/random" {
			t.Errorf(".gen/acmerandom holds %s", got)
		}
	})
	t.Run("later run", func(t *testing.T) {
		dir := t.TempDir()
		acme := acmeRandomSchema(t, dir, "acme.json", false)
		if res := runCLI(t, dir, nil, "get", "--schema", acme); res.code != ExitOK {
			t.Fatalf("get acme:\n%s", res)
		}
		res := runCLI(t, dir, nil, "get", "--schema", schemaFile(t, "random-3.9.0.json"))
		if res.code != ExitOK || !strings.Contains(res.stdout, "generated 11 files in .gen/hashicorprandom") {
			t.Fatalf("get hashicorp/random:\n%s", res)
		}
		if got := providerSourceOf(t, filepath.Join(dir, ".gen", "random")); got != "acme/random" {
			t.Errorf("the bindings of acme/random were replaced: .gen/random holds %s", got)
		}
		if got := providerSourceOf(t, filepath.Join(dir, ".gen", "hashicorprandom")); got != "hashicorp/random" {
			t.Errorf(".gen/hashicorprandom holds %s", got)
		}
		// Both stay known, and another run of either is up to date.
		res = runCLI(t, dir, nil, "get", "--schema", acme)
		if res.code != ExitOK || res.stdout != "acme/random: up to date (schema unchanged)\n" {
			t.Errorf("get acme again:\n%s", res)
		}
		cache, err := os.ReadFile(filepath.Join(dir, ".gen", getCacheFile))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"package": "random"`, `"package": "hashicorprandom"`} {
			if !strings.Contains(string(cache), want) {
				t.Errorf("%s lacks %s:\n%s", getCacheFile, want, cache)
			}
		}
	})
}

// TestGetsweepSameNameProvidersTypeScript: the declarations of two
// providers named random would register the same provider and types, which
// tsc rejects in both files; get refuses instead, and writes nothing.
func TestGetsweepSameNameProvidersTypeScript(t *testing.T) {
	const want = "would both declare provider random, resource type random_bytes, resource type random_id and 8 more, and one TypeScript project can declare each only once"
	t.Run("one run", func(t *testing.T) {
		dir := t.TempDir()
		both := acmeRandomSchema(t, dir, "both.json", true)
		res := runCLI(t, dir, nil, "get", "--lang", "ts", "--schema", both)
		if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: the TypeScript declarations of acme/random and hashicorp/random "+want) ||
			!strings.Contains(res.stderr, "hint: generate one of them into another directory (--out)") {
			t.Fatalf("get:\n%s", res)
		}
		if _, err := os.Stat(filepath.Join(dir, ".gen")); !os.IsNotExist(err) {
			t.Errorf(".gen was written: %v", err)
		}
	})
	t.Run("later run", func(t *testing.T) {
		dir := t.TempDir()
		acme := acmeRandomSchema(t, dir, "acme.json", false)
		if res := runCLI(t, dir, nil, "get", "--lang", "ts", "--schema", acme); res.code != ExitOK {
			t.Fatalf("get acme:\n%s", res)
		}
		random := schemaFile(t, "random-3.9.0.json")
		res := runCLI(t, dir, nil, "get", "--lang", "ts", "--schema", random)
		if res.code != ExitFailure || !strings.Contains(res.stderr, "Error: the TypeScript declarations of acme/random (generated earlier into .gen/random) and hashicorp/random "+want) {
			t.Fatalf("get hashicorp/random:\n%s", res)
		}
		entries, err := os.ReadDir(filepath.Join(dir, ".gen"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() && e.Name() != "random" {
				t.Errorf("get wrote .gen/%s", e.Name())
			}
		}
		// Without the earlier declarations, the other provider is welcome.
		if err := os.RemoveAll(filepath.Join(dir, ".gen", "random")); err != nil {
			t.Fatal(err)
		}
		if res := runCLI(t, dir, nil, "get", "--lang", "ts", "--schema", random); res.code != ExitOK || !strings.Contains(res.stdout, "hashicorp/random: generated 1 file in .gen/random") {
			t.Errorf("get after deleting .gen/random:\n%s", res)
		}
	})
}

// TestGetsweepProviderLocalNames: two entries of "providers" with one
// local name would leave one of them out of the engine's
// required_providers; get refuses before the engine runs.
func TestGetsweepProviderLocalNames(t *testing.T) {
	for _, c := range []struct {
		name, providers, want, hint string
	}{
		{"two namespaces", `["hashicorp/random@3.9.0", "acme/random"]`,
			`Error: tfkit.json: providers hashicorp/random and acme/random both have the local name "random"`,
			`hint: a local name can have one source: give one of them another "name": {"name": "acmerandom", "source": "acme/random"}`},
		{"a name taken", `["hashicorp/random@3.9.0", {"name": "random", "source": "hashicorp/null"}]`,
			`Error: tfkit.json: providers hashicorp/random and hashicorp/null both have the local name "random"`,
			`"source": "hashicorp/null"}`},
		{"listed twice", `["hashicorp/random@3.9.0", "registry.terraform.io/hashicorp/random@~> 3.0"]`,
			`Error: tfkit.json: the provider registry.terraform.io/hashicorp/random is listed twice`,
			`hint: keep one entry`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "tfkit.json", `{"app": "go run .", "providers": `+c.providers+`}`)
			res := runCLI(t, dir, []string{"TFKIT_TERRAFORM=/nonexistent/terraform"}, "get")
			if res.code != ExitFailure || !strings.Contains(res.stderr, c.want) || !strings.Contains(res.stderr, c.hint) {
				t.Fatalf("get:\n%s", res)
			}
			if _, err := os.Stat(filepath.Join(dir, ".gen")); !os.IsNotExist(err) {
				t.Errorf(".gen was written: %v", err)
			}
		})
	}
}

// TestGetsweepModuleNamedLikeProvider: a module whose package would be a
// provider's is refused instead of replacing the provider's bindings; a
// "name" gives it a package of its own.
func TestGetsweepModuleNamedLikeProvider(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tfkit.json", `{"app": "go run .", "modules": ["./mods/random"]}`)
	write(t, dir, "mods/random/main.tf", "variable \"x\" {\n  type = string\n}\n")
	random := schemaFile(t, "random-3.9.0.json")
	res := runCLI(t, dir, nil, "get", "--schema", random)
	if res.code != ExitFailure ||
		!strings.Contains(res.stderr, "Error: module ./mods/random would be generated into the package random, which holds the bindings of the provider hashicorp/random, and replace them") ||
		!strings.Contains(res.stderr, `hint: give the module a "name" in the project file: {"name": "randommod", "source": "./mods/random"}`) {
		t.Fatalf("get:\n%s", res)
	}
	if got := providerSourceOf(t, filepath.Join(dir, ".gen", "random")); got != "hashicorp/random" {
		t.Errorf(".gen/random holds %s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, ".gen", "random", "zz_module.go")); !os.IsNotExist(err) {
		t.Errorf("the module was written into the provider's package: %v", err)
	}
	// The next run, with nothing changed, refuses again.
	if res := runCLI(t, dir, nil, "get", "--schema", random); res.code != ExitFailure || !strings.Contains(res.stderr, "module ./mods/random would be generated into the package random") {
		t.Errorf("second get:\n%s", res)
	}
	write(t, dir, "tfkit.json", `{"app": "go run .", "modules": [{"name": "randommod", "source": "./mods/random"}]}`)
	res = runCLI(t, dir, nil, "get", "--schema", random)
	if res.code != ExitOK || !strings.Contains(res.stdout, "module ./mods/random: generated 1 file in .gen/randommod") {
		t.Fatalf("get with a name:\n%s", res)
	}
	if got := providerSourceOf(t, filepath.Join(dir, ".gen", "random")); got != "hashicorp/random" {
		t.Errorf(".gen/random holds %s", got)
	}
}
