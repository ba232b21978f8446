package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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

// TestReadProvidersFeatures reads a schema made of what the real ones in
// testdata use little or not at all: group nesting, write-only and
// sensitive attributes, nested attribute types (protocol 6) and
// ephemeral resources.
func TestReadProvidersFeatures(t *testing.T) {
	p := readProvider(t, "features.json")
	if tok := p.Config.Attribute("token"); tok == nil || !tok.Sensitive || !tok.Optional || tok.Description != "API token." || tok.DescriptionKind != "plain" {
		t.Errorf("provider token: %+v", tok)
	}
	db := p.Resource("feat_db")
	if db == nil || db.Version != 2 || db.Block.Description != "A database." || db.Block.DescriptionKind != "markdown" {
		t.Fatalf("feat_db: %+v", db)
	}
	b := db.Block

	t.Run("group nesting", func(t *testing.T) {
		backup := b.NestedBlock("backup")
		if backup == nil || backup.Nesting != NestingGroup || backup.Nesting.String() != "group" || backup.MinItems != 0 || backup.MaxItems != 0 {
			t.Fatalf("backup: %+v", backup)
		}
		// A group block is one object in the block's value, never a
		// collection, like a single one.
		if got := b.ImpliedType().AttributeType("backup"); !got.Equals(cty.Object(map[string]cty.Type{"enabled": cty.Bool})) {
			t.Errorf("implied type of backup: %#v", got)
		}
		if got := b.ImpliedType().AttributeType("rule"); !got.Equals(cty.Map(cty.Object(map[string]cty.Type{"port": cty.Number}))) {
			t.Errorf("implied type of rule: %#v", got)
		}
		if legacy := b.NestedBlock("legacy"); legacy == nil || legacy.Nesting != NestingSingle || !legacy.Block.Deprecated {
			t.Errorf("legacy: %+v", legacy)
		}
	})

	t.Run("write-only and sensitive", func(t *testing.T) {
		wo := b.Attribute("password_wo")
		if wo == nil || !wo.WriteOnly || !wo.Sensitive || !wo.Optional || wo.Computed || wo.ComputedOnly() || wo.Description != "Never stored in state." {
			t.Fatalf("password_wo: %+v", wo)
		}
		if v := b.Attribute("password_wo_version"); v == nil || v.WriteOnly || v.Sensitive {
			t.Errorf("password_wo_version: %+v", v)
		}
		if old := b.Attribute("old_name"); old == nil || !old.Deprecated || old.WriteOnly {
			t.Errorf("old_name: %+v", old)
		}
		if ep := b.Attribute("endpoint"); ep == nil || !ep.Sensitive || !ep.ComputedOnly() {
			t.Errorf("endpoint: %+v", ep)
		}
	})

	t.Run("nested attribute types", func(t *testing.T) {
		replicas := b.Attribute("replicas")
		if replicas == nil || replicas.NestedType == nil {
			t.Fatalf("replicas: %+v", replicas)
		}
		nt := replicas.NestedType
		if nt.Nesting != NestingList || nt.MinItems != 1 || nt.MaxItems != 3 {
			t.Errorf("replicas nesting %s, items %d..%d", nt.Nesting, nt.MinItems, nt.MaxItems)
		}
		var names []string
		for _, a := range nt.Attributes {
			names = append(names, a.Name)
		}
		if got := strings.Join(names, ","); got != "labels,region,size" {
			t.Errorf("replicas attributes %s, want sorted labels,region,size", got)
		}
		labels := nt.Attributes[0]
		if labels.NestedType == nil || labels.NestedType.Nesting != NestingMap || labels.NestedType.Attributes[0].Name != "value" {
			t.Fatalf("replicas.labels: %+v", labels)
		}
		// Attributes that are not required are optional in the implied
		// object type, so a value may leave them out.
		label := cty.ObjectWithOptionalAttrs(map[string]cty.Type{"value": cty.String}, nil)
		if !labels.Type.Equals(cty.Map(label)) {
			t.Errorf("replicas.labels type %#v", labels.Type)
		}
		replica := cty.ObjectWithOptionalAttrs(map[string]cty.Type{
			"labels": cty.Map(label),
			"region": cty.String,
			"size":   cty.Number,
		}, []string{"labels", "size"})
		if !replicas.Type.Equals(cty.List(replica)) || !nt.ImpliedType().Equals(replicas.Type) {
			t.Errorf("replicas type %#v, want %#v", replicas.Type, cty.List(replica))
		}
		if elem := replicas.Type.ElementType(); elem.AttributeOptional("region") || !elem.AttributeOptional("size") {
			t.Errorf("optional attributes of replicas: %#v", elem)
		}
		users := b.Attribute("users")
		if users == nil || users.NestedType.Nesting != NestingSet || !users.Type.IsSetType() {
			t.Errorf("users: %+v", users)
		}
		endpoint := b.Attribute("endpoint")
		want := cty.ObjectWithOptionalAttrs(map[string]cty.Type{"host": cty.String, "port": cty.Number}, []string{"host", "port"})
		if endpoint.NestedType.Nesting != NestingSingle || !endpoint.Type.Equals(want) {
			t.Errorf("endpoint type %#v", endpoint.Type)
		}
		// The block's implied type holds the nested attributes' types.
		if !b.ImpliedType().AttributeType("replicas").Equals(replicas.Type) {
			t.Errorf("block implied type lost replicas: %#v", b.ImpliedType())
		}
	})

	t.Run("lookups", func(t *testing.T) {
		if p.DataSource("feat_db") == nil || p.DataSource("feat_token") != nil {
			t.Error("data source lookup")
		}
		var types []string
		for _, r := range p.EphemeralResources {
			types = append(types, r.Type)
		}
		if got := strings.Join(types, ","); got != "feat_creds,feat_token" {
			t.Errorf("ephemeral resources %s, want sorted feat_creds,feat_token", got)
		}
		tok := p.EphemeralResource("feat_token")
		if tok == nil || tok.Type != "feat_token" || !tok.Block.Attribute("value").Sensitive {
			t.Errorf("EphemeralResource(feat_token) = %+v", tok)
		}
		if p.EphemeralResource("feat_creds") == nil || p.EphemeralResource("feat_db") != nil || p.EphemeralResource("feat_nope") != nil {
			t.Error("EphemeralResource finds what is not an ephemeral resource, or misses one")
		}
		if p.Resource("feat_token") != nil {
			t.Error("an ephemeral resource is found as a managed resource")
		}
	})
}

func TestReadProvidersLocatesProblems(t *testing.T) {
	for name, c := range map[string]struct{ src, want string }{
		"truncated": {`{"format_version":"1.0",` + "\n" + `"provider_schemas":{`, "schema.json:2:20: read provider schemas: unexpected end of JSON input"},
		"syntax":    {"{\n  \"format_version\": \"1.0\",\n  \"provider_schemas\": {,}\n}", "schema.json:3:24: read provider schemas: invalid character ','"},
		"nesting": {`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"resource_schemas":{"x_a":{"version":0,"block":{"block_types":{"b":{"nesting_mode":"weird","block":{}}}}}}}}}`,
			`schema.json: read provider schemas: provider_schemas["registry.terraform.io/hashicorp/x"].resource_schemas["x_a"].block.block_types["b"]: nesting_mode "weird" is none of single, group, list, set and map`},
		"empty type": {`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"data_source_schemas":{"":{"version":0,"block":{}}}}}}`,
			`schema.json: read provider schemas: provider_schemas["registry.terraform.io/hashicorp/x"].data_source_schemas[""]: the data source type name is empty`},
		"attribute type": {"{\"format_version\":\"1.0\",\"provider_schemas\":{\"registry.terraform.io/hashicorp/x\":{\"resource_schemas\":{\"x_a\":{\"version\":0,\"block\":{\"attributes\":{\n\"tags\": {\"type\": [\"mapp\", \"string\"], \"optional\": true}}}}}}}}",
			`schema.json:2:18: read provider schemas: provider_schemas["registry.terraform.io/hashicorp/x"].resource_schemas["x_a"].block.attributes["tags"].type: ["mapp","string"] is not a type (invalid complex type kind name); a type is "string"`},
		"function type": {`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"functions":{"f":{"parameters":[{"name":"a","type":"string"},{"name":"b","type":"strin"}],"return_type":"string"}}}}}`,
			`schema.json:1:162: read provider schemas: provider_schemas["registry.terraform.io/hashicorp/x"].functions["f"].parameters[1].type: "strin" is not a type`},
		"return type": {`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"functions":{"f":{"parameters":[],"return_type":["list"]}}}}}`,
			`.functions["f"].return_type: ["list"] is not a type`},
		"empty attribute": {`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"resource_schemas":{"x_a":{"version":0,"block":{"attributes":{"":{"type":"string","optional":true}}}}}}}}`,
			`resource_schemas["x_a"].block.attributes[""]: the attribute name is empty`},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "schema.json")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadProvidersFile(path)
			if err == nil {
				t.Fatal("no error")
			}
			got := strings.ReplaceAll(err.Error(), path, "schema.json")
			if !strings.Contains(got, c.want) {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}
