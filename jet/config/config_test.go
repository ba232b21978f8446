package config

import (
	"errors"
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
		"bad include":    {func(p *Provider) { p.Include = []string{"aws_("} }, []string{`Include pattern "aws_(" is not a regular expression`}},
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
		}, []string{"at aws_subnet.vpcid", "top-level string argument", `did you mean "vpc_id"?`}},
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
		"name argument": {func(p *Provider) {
			p.AddResourceConfigurator("aws_vpc", func(r *Resource) error { r.ExternalName = NameAsIdentifier("name"); return nil })
		}, []string{"at aws_vpc.name", "NameArgument must be a string argument"}},
	} {
		t.Run(name, func(t *testing.T) {
			p := &Provider{ModulePath: "example.com/p", RootGroup: "aws.example.org", Schemas: []*schema.Provider{testSchema()}}
			c.configure(p)
			_, ds := p.Build()
			if !ds.HasErrors() {
				t.Fatal("no error")
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
