package provider_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/provider"
	"github.com/tfkit/tfkit/provider/providertest"
)

// A provider that Check refuses, started by the engine, shows Check's
// problems as the engine's error, where the engine would otherwise say
// only that the plugin did not answer ("Unrecognized remote plugin
// message", "not compiled for this architecture").
func TestServeShowsCheckErrorsThroughEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program and runs the engine")
	}
	engines, err := providertest.Engines()
	if err != nil {
		if os.Getenv("TFKIT_REQUIRE_ENGINE") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	program := `package main

import (
	"log"

	"github.com/tfkit/tfkit/provider"
)

func main() {
	p := &provider.Provider{Resources: map[string]*provider.Resource{"bad_thing": {
		Schema: provider.Schema{Attributes: map[string]*provider.Attribute{
			"name": {Type: provider.String, Required: true, Computed: true},
		}},
		Create: func(ctx *provider.Context, plan provider.Values) provider.Values { return nil },
		Read:   func(ctx *provider.Context, state provider.Values) provider.Values { return state },
		Delete: func(ctx *provider.Context, state provider.Values) {},
	}}}
	if err := provider.Serve("registry.terraform.io/tfkit/bad", p); err != nil {
		log.Fatal(err)
	}
}
`
	gomod := "module bad\n\ngo 1.26\n\nrequire github.com/tfkit/tfkit v0.0.0\n\nreplace github.com/tfkit/tfkit => " + root + "\n"
	for name, data := range map[string]string{"go.mod": gomod, "go.sum": string(sum), "main.go": program} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-bad"), ".")
	build.Dir = src
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, engine := range engines {
		t.Run(filepath.Base(engine), func(t *testing.T) {
			dir := t.TempDir()
			rc := filepath.Join(dir, "cli.tfrc")
			cfg := "provider_installation {\n  dev_overrides {\n    \"tfkit/bad\" = \"" + bin + "\"\n  }\n  direct {\n    exclude = [\"*/*/*\"]\n  }\n}\n"
			main := "terraform {\n  required_providers {\n    bad = { source = \"tfkit/bad\" }\n  }\n}\nresource \"bad_thing\" \"a\" {\n  name = \"x\"\n}\n"
			for name, data := range map[string]string{"cli.tfrc": cfg, "main.tf": main} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(engine, "plan", "-no-color", "-input=false")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1")
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("plan succeeded with an invalid provider:\n%s", out)
			}
			text := strings.Join(strings.Fields(string(out)), " ")
			for _, want := range []string{"Invalid provider definition", "resource bad_thing: attribute name: Required and Computed cannot both be set"} {
				if !strings.Contains(text, want) {
					t.Errorf("the engine's output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// An address the engines could never match with a configuration's
// required_providers source (a provider attached under it would never be
// used) is refused before anything is served.
func TestServeRefusesBadAddress(t *testing.T) {
	t.Setenv("TF_PLUGIN_MAGIC_COOKIE", "") // run by hand, not by an engine
	p := &provider.Provider{}
	for _, addr := range []string{"notes", "registry.terraform.io/notes", "a/b/c/d", "example/ notes"} {
		if _, err := provider.ServeReattach(p, addr); err == nil || !strings.Contains(err.Error(), "is not a provider source address") {
			t.Errorf("ServeReattach(%q) = %v", addr, err)
		}
		if err := provider.Serve(addr, p); err == nil || !strings.Contains(err.Error(), "is not a provider source address: write HOST/NAMESPACE/NAME") {
			t.Errorf("Serve(%q) = %v", addr, err)
		}
	}
	ra, err := provider.ServeReattach(p, "example/notes")
	if err != nil {
		t.Fatal(err)
	}
	ra.Close()
}
