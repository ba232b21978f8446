package config

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/schema"
)

func testSchema() *schema.Provider {
	res := func(typ string, attrs ...*schema.Attribute) *schema.Resource {
		return &schema.Resource{Type: typ, Block: &schema.Block{Attributes: attrs}}
	}
	str := func(name string, required bool) *schema.Attribute {
		return &schema.Attribute{Name: name, Type: cty.String, Required: required, Optional: !required}
	}
	id := &schema.Attribute{Name: "id", Type: cty.String, Computed: true}
	return &schema.Provider{Source: "registry.terraform.io/hashicorp/aws", Resources: []*schema.Resource{
		res("aws_s3_bucket", id, str("bucket", false)),
		res("aws_security_group", id, str("name", false), str("vpc_id", false)),
		res("aws_subnet", id, str("vpc_id", true)),
		res("aws_vpc", id, str("cidr_block", true)),
	}}
}

func TestGroupKind(t *testing.T) {
	for in, want := range map[string][2]string{
		"aws_s3_bucket":           {"s3", "Bucket"},
		"aws_vpc":                 {"vpc", "VPC"},
		"aws_db_instance":         {"db", "Instance"},
		"aws_vpc_ipv4_cidr_block": {"vpc", "IPv4CIDRBlock"},
		"random":                  {"random", "Random"},
	} {
		g, k := GroupFromSecondWord(in)
		if g != want[0] || k != want[1] {
			t.Errorf("GroupFromSecondWord(%q) = %s, %s; want %s, %s", in, g, k, want[0], want[1])
		}
	}
	if g, k := GroupFromProviderName("random_password"); g != "random" || k != "Password" {
		t.Errorf("GroupFromProviderName(random_password) = %s, %s", g, k)
	}
	if k := KindName("3d_thing"); k != "X3dThing" {
		t.Errorf("KindName(3d_thing) = %s", k)
	}
}

// TestFieldName: Go field names write initialisms as the Go bindings do:
// alone, followed by digits, or in the plural with a lower-case s; kinds
// keep their names (they are the API).
func TestFieldName(t *testing.T) {
	for in, want := range map[string]string{
		"content_md5":       "ContentMD5",
		"content_sha256":    "ContentSHA256",
		"cpus":              "CPUs",
		"policy_arns":       "PolicyARNs",
		"vpc_ids":           "VPCIDs",
		"base_rfc3339":      "BaseRFC3339",
		"enable_http2":      "EnableHTTP2",
		"callback_urls":     "CallbackURLs",
		"ipv6s":             "IPv6s",
		"status":            "Status",
		"3d_thing":          "X3dThing",
		"block_public_acls": "BlockPublicACLs",
	} {
		if got := FieldName(in); got != want {
			t.Errorf("FieldName(%q) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{"content_md5": "ContentMd5", "policy_arns": "PolicyArns", "vpc_id": "VPCID"} {
		if got := KindName(in); got != want {
			t.Errorf("KindName(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestConfiguratorOrder: defaults, then provider-wide configurators in
// order, then per-resource ones, which win.
func TestConfiguratorOrder(t *testing.T) {
	p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()}}
	var order []string
	p.AddConfigurator(func(r *Resource) error {
		order = append(order, "wide1 "+r.TerraformType)
		if r.Schema.Block.Attribute("vpc_id") != nil {
			r.References["vpc_id"] = Reference{TerraformType: "aws_vpc"}
		}
		return nil
	})
	p.AddResourceConfigurator("aws_vpc", func(r *Resource) error {
		order = append(order, "vpc "+r.TerraformType)
		r.ShortGroup = "ec2"
		return nil
	})
	p.AddConfigurator(func(r *Resource) error {
		order = append(order, "wide2 "+r.TerraformType)
		r.ShortGroup = "wide"
		return nil
	})
	rs, ds := p.Build()
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	got := strings.Join(order, ", ")
	want := "wide1 aws_s3_bucket, wide2 aws_s3_bucket, wide1 aws_security_group, wide2 aws_security_group, " +
		"wide1 aws_subnet, wide2 aws_subnet, wide1 aws_vpc, wide2 aws_vpc, vpc aws_vpc"
	if got != want {
		t.Errorf("order:\n%s\nwant\n%s", got, want)
	}
	byType := map[string]*Resource{}
	for _, r := range rs {
		byType[r.TerraformType] = r
	}
	if g := byType["aws_vpc"].Group(p); g != "ec2.aws.example.org" {
		t.Errorf("aws_vpc group %s: the per-resource configurator must win", g)
	}
	if g := byType["aws_subnet"].Group(p); g != "wide.aws.example.org" {
		t.Errorf("aws_subnet group %s", g)
	}
	if _, ok := byType["aws_subnet"].References["vpc_id"]; !ok {
		t.Error("no vpc_id reference on aws_subnet")
	}
	if !byType["aws_s3_bucket"].ExternalName.IDFromProvider || byType["aws_s3_bucket"].Version != DefaultVersion {
		t.Errorf("defaults not set: %+v", byType["aws_s3_bucket"])
	}
}

// TestBuildDiagnostics: each mistake is reported with the resource and
// attribute, and a fix.
func TestBuildDiagnostics(t *testing.T) {
	for name, c := range map[string]struct {
		configure func(p *Provider)
		want      []string
	}{
		"bad root group": {func(p *Provider) { p.RootGroup = "Not A Group" }, []string{`RootGroup "Not A Group" is not a DNS subdomain`}},
		"version of no provider": {func(p *Provider) { p.ProviderVersions = map[string]string{"asw": "3.3.0"} }, []string{
			`Provider.ProviderVersions["asw"] names no provider of Provider.Schemas (at asw)`, `did you mean "aws"?`}},
		"version constraint": {func(p *Provider) { p.ProviderVersions = map[string]string{"aws": "~> 3.3"} }, []string{
			`Provider.ProviderVersions["aws"] is "~> 3.3", which is not an exact version`, "such as 3.9.0, not a constraint",
			"give the version .terraform.lock.hcl records for registry.terraform.io/hashicorp/aws"}},
		"two versions of one provider": {func(p *Provider) {
			p.ProviderVersions = map[string]string{"aws": "3.3.0", "registry.terraform.io/hashicorp/aws": "3.4.0"}
		}, []string{`Provider.ProviderVersions["registry.terraform.io/hashicorp/aws"] is 3.4.0, but another key of the same provider registry.terraform.io/hashicorp/aws says 3.3.0`}},
		"bad include": {func(p *Provider) { p.Include = []string{"aws_("} }, []string{`Include pattern "aws_(" is not a regular expression`}},
		"unknown type": {func(p *Provider) {
			p.AddResourceConfigurator("aws_vcp", func(*Resource) error { return nil })
		}, []string{"registered for aws_vcp, which no schema has", `did you mean "aws_vpc"?`}},
		"same kind": {func(p *Provider) {
			p.AddResourceConfigurator("aws_subnet", func(r *Resource) error { r.ShortGroup, r.Kind = "vpc", "VPC"; return nil })
		}, []string{"Kind VPC in group vpc.aws.example.org is also the kind of aws_subnet", "at aws_vpc",
			`p.AddResourceConfigurator("aws_vpc", func(r *config.Resource) error { r.Kind = "..."; return nil })`}},
		"declaration of another kind": {func(p *Provider) {
			p.AddResourceConfigurator("aws_subnet", func(r *Resource) error { r.ShortGroup, r.Kind = "vpc", "VPCStatus"; return nil })
		}, []string{"declares VPCStatus, which kind", "override Kind for one of them, such as p.AddResourceConfigurator(",
			`r.Kind = "..."; return nil })`}},
		"reference to missing field": {func(p *Provider) {
			p.AddResourceConfigurator("aws_subnet", func(r *Resource) error { r.References["vpcid"] = Reference{TerraformType: "aws_vpc"}; return nil })
		}, []string{"at aws_subnet.vpcid", "must be on a string argument or a list or set of strings", "the resource has no argument vpcid", `did you mean "vpc_id"?`}},
		"reference in a missing block": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error {
				r.References["network_interfaces.network_interface_id"] = Reference{TerraformType: "aws_vpc"}
				return nil
			})
		}, []string{"at aws_instance.network_interfaces.network_interface_id", "network_interfaces is not a nested block or nested attribute of arguments", `did you mean "network_interface"?`}},
		"reference to a missing nested argument": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error {
				r.References["network_interface.network_interface_idd"] = Reference{TerraformType: "aws_vpc"}
				return nil
			})
		}, []string{"at aws_instance.network_interface.network_interface_idd", "network_interface has no argument network_interface_idd", `did you mean "network_interface_id"?`}},
		"reference to a number": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error {
				r.References["network_interface.device_index"] = Reference{TerraformType: "aws_vpc"}
				return nil
			})
		}, []string{"at aws_instance.network_interface.device_index", "it is of type number", "reference a string argument, or a list or set of strings"}},
		"reference to a list of numbers": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error { r.References["ports"] = Reference{TerraformType: "aws_vpc"}; return nil })
		}, []string{"at aws_instance.ports", "it is of type list of number"}},
		"reference in a map of blocks": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error {
				r.References["ebs.kms_key_id"] = Reference{TerraformType: "aws_vpc"}
				return nil
			})
		}, []string{"at aws_instance.ebs.kms_key_id", "A reference cannot be inside ebs, a map of objects"}},
		"reference to a sensitive argument": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error { r.References["password"] = Reference{TerraformType: "aws_vpc"}; return nil })
		}, []string{"at aws_instance.password", "A reference cannot be on a sensitive argument"}},
		"nested reference to unknown type": {func(p *Provider) {
			addInstance(p)
			p.AddResourceConfigurator("aws_instance", func(r *Resource) error {
				r.References["network_interface.network_interface_id"] = Reference{TerraformType: "aws_vcp"}
				return nil
			})
		}, []string{"target is aws_vcp, which no schema has (at aws_instance.network_interface.network_interface_id)"}},
		"reference to excluded type": {func(p *Provider) {
			p.Include = []string{"aws_s.*"}
			p.AddResourceConfigurator("aws_subnet", func(r *Resource) error { r.References["vpc_id"] = Reference{TerraformType: "aws_vpc"}; return nil })
		}, []string{"target is aws_vpc, which Provider.Include leaves out (at aws_subnet.vpc_id)", "add aws_vpc to Provider.Include"}},
		"reference to unknown type": {func(p *Provider) {
			p.AddResourceConfigurator("aws_subnet", func(r *Resource) error { r.References["vpc_id"] = Reference{TerraformType: "aws_vcp"}; return nil })
		}, []string{"target is aws_vcp, which no schema has (at aws_subnet.vpc_id)", `did you mean "aws_vpc"?`}},
		"include matching nothing": {func(p *Provider) { p.Include = []string{"aws_vpc", "aws_subent"} }, []string{
			`Provider.Include pattern "aws_subent" matches no resource type of the schemas`, `did you mean "aws_subnet"?`}},
		"configurator for excluded type": {func(p *Provider) {
			p.Include = []string{"aws_vpc"}
			p.AddResourceConfigurator("aws_subnet", func(*Resource) error { return nil })
		}, []string{"A configurator is registered for aws_subnet, which Provider.Include leaves out (at aws_subnet)", "add aws_subnet to Provider.Include"}},
		"no schemas": {func(p *Provider) { p.Schemas = nil }, []string{"Provider.Schemas is empty"}},
		"bad kind": {func(p *Provider) {
			p.AddResourceConfigurator("aws_vpc", func(r *Resource) error { r.Kind = "vpc"; return nil })
		}, []string{`Kind "vpc" is not an exported Go name`}},
		"reserved name": {func(p *Provider) {
			p.AddResourceConfigurator("aws_vpc", func(r *Resource) error { r.Kind = "CRDGroup"; return nil })
		}, []string{"declares CRDGroup, a name the generated package itself uses", `override Kind in a configurator: p.AddResourceConfigurator("aws_vpc", `}},
		"configurator error": {func(p *Provider) {
			p.AddConfigurator(func(r *Resource) error { return errors.New("no luck") })
		}, []string{"A provider-wide configurator failed (at aws_s3_bucket); no luck"}},
		"unknown late-init field": {func(p *Provider) {
			p.AddResourceConfigurator("aws_vpc", func(r *Resource) error {
				r.LateInitializer.IgnoredFields = []string{"cidr"}
				return nil
			})
		}, []string{"at aws_vpc.cidr", "IgnoredFields names an attribute the schema does not have"}},
		"bad exclude": {func(p *Provider) { p.Exclude = []string{"aws_("} }, []string{`Exclude pattern "aws_(" is not a regular expression`}},
		"exclude matching nothing": {func(p *Provider) { p.Exclude = []string{"aws_subent"} }, []string{
			`Provider.Exclude pattern "aws_subent" matches no resource type of the schemas`, `did you mean "aws_subnet"?`}},
		"configurator for type Exclude leaves out": {func(p *Provider) {
			p.Exclude = []string{"aws_s.*"}
			p.AddResourceConfigurator("aws_subnet", func(*Resource) error { return nil })
		}, []string{"A configurator is registered for aws_subnet, which Provider.Exclude leaves out (at aws_subnet)", "remove the pattern that matches aws_subnet from Provider.Exclude"}},
		"reference to type Exclude leaves out": {func(p *Provider) {
			p.Exclude = []string{"aws_vpc"}
			p.AddResourceConfigurator("aws_subnet", func(r *Resource) error { r.References["vpc_id"] = Reference{TerraformType: "aws_vpc"}; return nil })
		}, []string{"target is aws_vpc, which Provider.Exclude leaves out (at aws_subnet.vpc_id)"}},
		"no id, default external name": {func(p *Provider) { addIDLess(p) }, []string{
			"aws_key has no id attribute, which its ExternalName, IdentifierFromProvider() (the default), records as the external name after create (at aws_key)",
			"the state has no id after create", "crossplane.io/external-create-pending",
			`NameAsIdentifier("name") when that argument is its identity`, "GetExternalNameFn", "add aws_key to Provider.Exclude"}},
		"no id, external name by hand": {func(p *Provider) {
			addIDLess(p)
			p.AddResourceConfigurator("aws_key", func(r *Resource) error {
				r.ExternalName = ExternalName{GetIDFn: func(_ context.Context, name string, _ map[string]any) (string, error) { return name, nil }}
				return nil
			})
		}, []string{"aws_key has no id attribute, which its ExternalName records as the external name after create (at aws_key)"}},
		"name argument": {func(p *Provider) {
			p.AddResourceConfigurator("aws_vpc", func(r *Resource) error { r.ExternalName = NameAsIdentifier("name"); return nil })
		}, []string{"at aws_vpc.name", "NameArgument must be a string argument"}},
	} {
		t.Run(name, func(t *testing.T) {
			p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()}}
			c.configure(p)
			rs, ds := p.Build()
			if !ds.HasErrors() {
				t.Fatal("no error")
			}
			if rs != nil {
				t.Errorf("%d resources returned with errors", len(rs))
			}
			msg := ds.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q does not contain %q", msg, w)
				}
			}
		})
	}
}

// addInstance adds aws_instance, with arguments references can and
// cannot be on, to the schema.
func addInstance(p *Provider) {
	sp := p.Schemas[0]
	sp.Resources = append(sp.Resources, &schema.Resource{Type: "aws_instance", Block: &schema.Block{
		Attributes: []*schema.Attribute{
			{Name: "id", Type: cty.String, Computed: true},
			{Name: "subnet_ids", Type: cty.Set(cty.String), Optional: true},
			{Name: "ports", Type: cty.List(cty.Number), Optional: true},
			{Name: "password", Type: cty.String, Optional: true, Sensitive: true},
		},
		Blocks: []*schema.NestedBlock{
			{Name: "network_interface", Nesting: schema.NestingList, Block: &schema.Block{Attributes: []*schema.Attribute{
				{Name: "network_interface_id", Type: cty.String, Optional: true},
				{Name: "device_index", Type: cty.Number, Required: true},
			}}},
			{Name: "ebs", Nesting: schema.NestingMap, Block: &schema.Block{Attributes: []*schema.Attribute{
				{Name: "kms_key_id", Type: cty.String, Optional: true},
			}}},
		},
	}})
}

// TestReferencePaths: references on a list of strings and on an argument
// of a nested block are accepted.
func TestReferencePaths(t *testing.T) {
	p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()}}
	addInstance(p)
	p.AddResourceConfigurator("aws_instance", func(r *Resource) error {
		r.References["subnet_ids"] = Reference{TerraformType: "aws_subnet"}
		r.References["network_interface.network_interface_id"] = Reference{TerraformType: "aws_vpc"}
		return nil
	})
	if _, ds := p.Build(); ds.HasErrors() {
		t.Fatal(ds.Error())
	}
}

// addIDLess adds aws_key, a resource without an id attribute, to the
// schema.
func addIDLess(p *Provider) {
	sp := p.Schemas[0]
	sp.Resources = append(sp.Resources, &schema.Resource{Type: "aws_key", Block: &schema.Block{Attributes: []*schema.Attribute{
		{Name: "name", Type: cty.String, Optional: true},
		{Name: "value", Type: cty.String, Computed: true, Sensitive: true},
	}}})
}

// TestWithoutID: a resource without an id attribute builds with an
// external-name rule that does not read the id, or is left out with
// Exclude.
// TestProviderVersions: Build gives every resource the version of its
// provider, by name or source address; without one, none.
func TestProviderVersions(t *testing.T) {
	for _, key := range []string{"aws", "registry.terraform.io/hashicorp/aws"} {
		p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()},
			ProviderVersions: map[string]string{key: "3.3.0"}}
		rs, diags := p.Build()
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for _, r := range rs {
			if r.ProviderVersion != "3.3.0" {
				t.Errorf("%s: %s has version %q", key, r.TerraformType, r.ProviderVersion)
			}
		}
	}
	p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()}}
	rs, diags := p.Build()
	if diags.HasErrors() || rs[0].ProviderVersion != "" {
		t.Errorf("without ProviderVersions: %v, version %q", diags, rs[0].ProviderVersion)
	}
}

func TestWithoutID(t *testing.T) {
	for name, configure := range map[string]func(p *Provider){
		"name argument": func(p *Provider) {
			p.AddResourceConfigurator("aws_key", func(r *Resource) error { r.ExternalName = NameAsIdentifier("name"); return nil })
		},
		"external name from the state": func(p *Provider) {
			p.AddResourceConfigurator("aws_key", func(r *Resource) error {
				r.ExternalName.GetExternalNameFn = func(attrs map[string]any) (string, error) { s, _ := attrs["name"].(string); return s, nil }
				return nil
			})
		},
		"excluded": func(p *Provider) { p.Exclude = []string{"aws_k.*"} },
	} {
		t.Run(name, func(t *testing.T) {
			p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()}}
			addIDLess(p)
			configure(p)
			rs, ds := p.Build()
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			var types []string
			for _, r := range rs {
				types = append(types, r.TerraformType)
			}
			want := "aws_key aws_s3_bucket aws_security_group aws_subnet aws_vpc"
			if name == "excluded" {
				want = "aws_s3_bucket aws_security_group aws_subnet aws_vpc"
			}
			if got := strings.Join(types, " "); got != want {
				t.Errorf("resources %s, want %s", got, want)
			}
		})
	}
}

// TestRandomBytes: random_bytes (random 3.9.0) has no id attribute and no
// string argument; with the default external name it is refused, and the
// rest of random builds once it is excluded.
func TestRandomBytes(t *testing.T) {
	f, err := os.Open("../../examples/jet-provider/config/schemas/random-3.9.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	schemas, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	p := &Provider{ModulePath: "example.com/p", RootGroup: "random.example.org", Include: []string{"random_.*"}, Schemas: schemas}
	_, ds := p.Build()
	want := "Error: random_bytes has no id attribute, which its ExternalName, IdentifierFromProvider() (the default), records as the external name after create (at random_bytes)"
	if len(ds) != 1 || !strings.HasPrefix(ds.Error(), want) || !strings.Contains(ds.Error(), "it has no string argument for NameAsIdentifier") {
		t.Fatalf("diagnostics:\n%v\nwant one starting %q", ds, want)
	}
	t.Log(ds)
	p.Exclude = []string{"random_bytes"}
	rs, ds := p.Build()
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for _, r := range rs {
		if r.TerraformType == "random_bytes" {
			t.Error("random_bytes built although excluded")
		}
	}
	if len(rs) != 9 {
		t.Errorf("%d resources, want the other 9 of random", len(rs))
	}
}
