package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

func readProvider(t *testing.T, file string) *Provider {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "providers", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("want 1 provider, got %d", len(ps))
	}
	return ps[0]
}

func TestReadProvidersRandom(t *testing.T) {
	p := readProvider(t, "random-3.9.0.json")
	if p.Source != "registry.terraform.io/hashicorp/random" || p.Name() != "random" || p.Namespace() != "hashicorp" {
		t.Fatalf("source %q name %q namespace %q", p.Source, p.Name(), p.Namespace())
	}
	pet := p.Resource("random_pet")
	if pet == nil {
		t.Fatal("random_pet missing")
	}
	id := pet.Block.Attribute("id")
	if id == nil || !id.ComputedOnly() || id.Type != cty.String {
		t.Fatalf("random_pet.id: %+v", id)
	}
	length := pet.Block.Attribute("length")
	if length == nil || !length.Optional || length.Type != cty.Number {
		t.Fatalf("random_pet.length: %+v", length)
	}
	if p.Resource("random_nope") != nil {
		t.Fatal("found a resource that does not exist")
	}
	for i := 1; i < len(p.Resources); i++ {
		if p.Resources[i-1].Type >= p.Resources[i].Type {
			t.Fatal("resources not sorted")
		}
	}
}

func TestReadProvidersNestingAndFunctions(t *testing.T) {
	docker := readProvider(t, "docker-4.6.0.json")
	caps := docker.Resource("docker_container").Block.NestedBlock("capabilities")
	if caps == nil || caps.Nesting != NestingSet || caps.MaxItems != 1 || caps.MinItems != 0 {
		t.Fatalf("capabilities: %+v", caps)
	}
	ports := docker.Resource("docker_container").Block.NestedBlock("ports")
	if ports == nil || ports.Nesting != NestingList || ports.Block.Attribute("internal") == nil || !ports.Block.Attribute("internal").Required {
		t.Fatalf("ports: %+v", ports)
	}
	local := readProvider(t, "local-2.9.0.json")
	if len(local.Functions) != 1 || local.Functions[0].Name != "direxists" || local.Functions[0].ReturnType != cty.Bool {
		t.Fatalf("functions: %+v", local.Functions)
	}
	if len(local.EphemeralResources) != 1 || local.EphemeralResources[0].Type != "local_command" {
		t.Fatalf("ephemeral resources: %+v", local.EphemeralResources)
	}
}

func TestReadProvidersBadFormat(t *testing.T) {
	_, err := ReadProviders(strings.NewReader(`{"format_version": "9.0", "provider_schemas": {}}`))
	if err == nil || !strings.Contains(err.Error(), `unsupported provider schema format version: "9.0.0"`) {
		t.Fatalf("want a format version error naming 9.0, got %v", err)
	}
	_, err = ReadProviders(strings.NewReader(`{"format_version": `))
	if err == nil {
		t.Fatal("accepted truncated JSON")
	}
}

func TestReadModule(t *testing.T) {
	mod, diags := ReadModule(filepath.Join("testdata", "modules", "net"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var names []string
	for _, in := range mod.Inputs {
		names = append(names, in.Name)
	}
	if got := strings.Join(names, ","); got != "name,subnets,enabled,secret" {
		t.Fatalf("inputs %s", got)
	}
	name, subnets, enabled, secret := mod.Inputs[0], mod.Inputs[1], mod.Inputs[2], mod.Inputs[3]
	if !name.Required() || name.Type != cty.String || name.Description != "Name prefix for every resource." {
		t.Errorf("name: %+v", name)
	}
	if got := typeexpr.TypeString(subnets.Type); got != "list(object({cidr=string,tags=map(string),zone=string}))" {
		t.Errorf("subnets type %s", got)
	}
	if elem := subnets.Type.ElementType(); !elem.AttributeOptional("zone") || !elem.AttributeOptional("tags") || elem.AttributeOptional("cidr") {
		t.Errorf("optional attributes lost: %#v", elem)
	}
	if subnets.Required() || subnets.Defaults == nil {
		t.Fatalf("subnets: %+v", subnets)
	}
	zone := subnets.Default.Index(cty.NumberIntVal(0)).GetAttr("zone")
	if zone != cty.StringVal("a") {
		t.Errorf("optional default not applied: zone = %#v", zone)
	}
	if enabled.Nullable || enabled.Default != cty.True {
		t.Errorf("enabled: %+v", enabled)
	}
	if !secret.Sensitive || secret.Type != cty.DynamicPseudoType || secret.Required() {
		t.Errorf("secret: %+v", secret)
	}
	if len(mod.Outputs) != 2 || mod.Outputs[0].Name != "id" || mod.Outputs[0].Description != "The network id." || !mod.Outputs[1].Sensitive {
		t.Errorf("outputs: %+v", mod.Outputs)
	}
}

func TestReadModuleErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "main.tf"), []byte("variable \"x\" {\n  type    = number\n  default = \"nope\"\n}\n"), 0o644)
	_, diags := ReadModule(dir)
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "main.tf:3:") || !strings.Contains(diags.Error(), "does not match its type number") {
		t.Fatalf("got %v", diags)
	}
}
