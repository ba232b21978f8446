package golang

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/golden/...", "testdata/program/*.tf")
}

// cases are the schemas with golden output, by case name.
var cases = map[string]string{
	"null":      "../../../schema/testdata/providers/null-2.1.2.json",
	"random":    "../../../schema/testdata/providers/random-3.9.0.json",
	"local":     "../../../schema/testdata/providers/local-2.9.0.json",
	"time":      "../../../schema/testdata/providers/time-0.14.2.json",
	"docker":    "../../../schema/testdata/providers/docker-4.6.0.json",
	"aws-slice": "testdata/providers/aws-3.3.0-slice.json",
	"collide":   "testdata/providers/collide.json",
	"nested":    "testdata/providers/nested.json",
	// Write-only attributes, deprecations, group blocks, nested
	// attributes.
	"features": "../../../schema/testdata/providers/features.json",
	// Module directories rather than provider schemas; the package is
	// named after what follows "module-".
	"module-net":     "../../../tffile/testdata/modules/net",
	"module-objects": "testdata/modules/objects",
}

// versions are the constraints recorded in the golden output.
var versions = map[string]string{"null": "~> 2.1", "random": "~> 3.9", "local": "~> 2.9", "time": "~> 0.14", "docker": "~> 4.6", "aws-slice": "3.3.0"}

func caseNames() []string {
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func readProvider(t testing.TB, path string) *schema.Provider {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := schema.ReadProviders(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("%s: %d providers, want 1", path, len(ps))
	}
	return ps[0]
}

func generate(t testing.TB, name string) []File {
	t.Helper()
	if strings.HasPrefix(name, "module-") {
		m, diags := tffile.ReadModule(cases[name])
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		pkg := strings.TrimPrefix(name, "module-")
		files, err := GenerateModule(m, ModuleOptions{Package: pkg, Source: "./modules/" + pkg})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	files, err := Generate(readProvider(t, cases[name]), Options{Version: versions[name]})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestGolden(t *testing.T) {
	for _, name := range caseNames() {
		t.Run(name, func(t *testing.T) {
			files := map[string][]byte{}
			for _, f := range generate(t, name) {
				if !bytes.HasPrefix(f.Data, []byte(Header+"\n")) {
					t.Errorf("%s does not start with the generated-code header", f.Path)
				}
				files[f.Path+".golden"] = f.Data
			}
			golden.CheckTree(t, filepath.Join("testdata", "golden", name), files)
		})
	}
}

func TestDeterministic(t *testing.T) {
	for i := 0; i < 3; i++ {
		a, b := generate(t, "docker"), generate(t, "docker")
		if len(a) != len(b) {
			t.Fatal("file counts differ between runs")
		}
		for j := range a {
			if a[j].Path != b[j].Path || !bytes.Equal(a[j].Data, b[j].Data) {
				t.Fatalf("%s differs between runs", a[j].Path)
			}
		}
	}
}

// TestNames checks the naming rules on the collide schema, made of the
// names that need care.
func TestNames(t *testing.T) {
	files := generate(t, "collide")
	all := map[string]string{}
	for _, f := range files {
		all[f.Path] = string(f.Data)
	}
	for path, wants := range map[string][]string{
		"zz_provider.go": {"package goprovider", `ProviderSource  = "example.com/acme/go"`, "type Provider struct{ h *tfkit.Provider }",
			"// alias of the schema has no field: Terraform reads that name in the block as a meta-argument, which the untyped handle (Provider()) sets.",
			"AliasName tfkit.Value[string] `tf:\"alias_name\"`"},
		// The thing resource keeps ThingConfig, so the resource named
		// thing_config gets a suffix.
		"zz_go_thing_config.go": {"type ThingConfigResource struct", "func NewThingConfigResource("},
		"zz_go_provider.go":     {"type ProviderResource struct", "func NewProviderResource("},
		"zz_go.go":              {"type Go struct", "func NewGo("},
		"zz_data_go_thing.go":   {"type DataThing struct{ h *tfkit.DataSource }", "func NewDataThing("},
		"zz_go_data_thing.go":   {"type DataThingResource struct{ h *tfkit.Resource }"},
		"zz_go_thing.go": {
			// Getters named like handle methods are renamed; the
			// meta-arguments live on the untyped handle, so they do not
			// collide.
			"func (x *Thing) BlockAttr() tfkit.Value[string]",
			"func (x *Thing) Block() *config.Block",
			"func (x *Thing) Resource() *tfkit.Resource",
			"func (x *Thing) Count() tfkit.Value[float64]",
			"func (x *Thing) Provider() tfkit.Value[string]",
			"func (x *Thing) DependsOn() tfkit.Value[[]string]",
			"func (x *Thing) Lifecycle() tfkit.Value[string]",
			"func (x *Thing) Ref()", "func (x *Thing) Set()", "func (x *Thing) Stack()",
			// foo_bar is regular and wins FooBar over foo__bar.
			"FooBar tfkit.Value[string]", "FooBarAttr tfkit.Value[bool] `tf:\"foo__bar\"`",
			// A block named like an attribute.
			"FooBarBlock []ThingFooBar `tf:\"foo_bar,block\"`",
			// A leading digit and Go keywords.
			"X3d tfkit.Value[string] `tf:\"3d\"`", "Func tfkit.Value[string]", "Type tfkit.Value[string]",
			// A nested type named like an element's config.
			"Config *ThingConfigBlock", "type ThingConfigBlock struct",
			"TerraformValue tfkit.Value[string]", "Body tfkit.Value[string]",
			// Computed-only attributes get a getter, not a field.
			"func (x *Thing) ID() tfkit.Value[string]",
			// Nested blocks in nested blocks.
			"type ThingRuleConfig struct", "Config *ThingRuleConfig",
		},
	} {
		src, ok := all[path]
		if !ok {
			t.Errorf("no file %s", path)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(src, w) {
				t.Errorf("%s lacks %q", path, w)
			}
		}
	}
	if strings.Contains(all["zz_go_thing.go"], "\tID tfkit.Value") {
		t.Error("the computed-only id is a config field")
	}
	// Attributes named like meta-arguments have no field: Terraform would
	// read count = 2 as two instances. Their getters stay (above).
	for _, meta := range []string{"count", "depends_on", "lifecycle", "provider"} {
		if strings.Contains(all["zz_go_thing.go"], "`tf:\""+meta+"\"`") {
			t.Errorf("the attribute %s, a meta-argument to Terraform, is a config field", meta)
		}
	}
	if !strings.Contains(all["zz_go_thing.go"], "// count, depends_on, lifecycle and provider of the schema have no fields") {
		t.Error("ThingConfig's comment does not say which attributes have no field")
	}
}

func TestExported(t *testing.T) {
	for in, want := range map[string]string{
		"cidr_block": "CIDRBlock", "vpc_id": "VPCID", "ipv6_cidr_block": "IPv6CIDRBlock",
		"name": "Name", "3d": "X3d", "foo-bar": "FooBar", "_x": "X", "": "X", "__": "X",
		"security_group_ids": "SecurityGroupIDs", "ébène": "Ébène",
		// An initialism followed by digits, as random_uuid beside random_uuid4.
		"uuid": "UUID", "uuid4": "UUID4", "uuid7": "UUID7", "sha256_hex": "SHA256Hex", "http2": "HTTP2", "ec2": "EC2", "s3": "S3", "v2": "V2", "ids2": "IDs2",
		// Plurals and digits keep the initialism's capitals, as ARN and
		// MD5 alone do.
		"agent_arns": "AgentARNs", "arn": "ARN", "content_md5": "ContentMD5", "md5": "MD5", "md5s": "MD5s",
		"cpus": "CPUs", "ipv6_cidr_blocks": "IPv6CIDRBlocks", "ipv6s": "IPv6s", "vpcs": "VPCs", "network_acls": "NetworkACLs",
		// Words that only start like an initialism stay words.
		"arnold": "Arnold", "ids_tags": "IDsTags", "s": "S",
	} {
		if got := exported(in); got != want {
			t.Errorf("exported(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"aws": "aws", "go": "goprovider", "my-cloud": "mycloud", "9x": "x", "": "provider"} {
		if got := PackageName(in); got != want {
			t.Errorf("PackageName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAWSNames: on the whole aws schema, every resource, data source,
// attribute and block gets its name as exported spells it, but for the one
// attribute whose name a handle method has; so the initialism rules cause
// no clash there.
func TestAWSNames(t *testing.T) {
	if _, err := os.Stat(awsSchema); err != nil {
		t.Skip("no aws schema at", awsSchema)
	}
	p := readProvider(t, awsSchema)
	g := newPackage(p, "aws", "")
	var odd []string
	for _, el := range g.Elements {
		want := exported(strings.TrimPrefix(el.TFType, "aws_"))
		if el.Kind == "data" {
			want = "Data" + want
		}
		if el.GoName != want {
			odd = append(odd, el.TFType+" "+el.GoName)
		}
		for _, gt := range el.Getters {
			if gt.Name != exported(gt.TFName) {
				odd = append(odd, el.TFType+"."+gt.TFName+" "+gt.Name)
			}
		}
		for _, s := range append([]*structData{el.Config}, el.Structs...) {
			for _, f := range s.Fields {
				if f.Name != exported(f.TFName) {
					odd = append(odd, s.Name+"."+f.TFName+" "+f.Name)
				}
			}
		}
	}
	want := []string{"aws_codestarnotifications_notification_rule.resource ResourceAttr"}
	if !slices.Equal(odd, want) {
		t.Errorf("names not as exported spells them: %q, want %q", odd, want)
	}
	names := map[string]string{}
	for _, el := range g.Elements {
		names[el.Kind+" "+el.TFType] = el.GoName
	}
	for tf, want := range map[string]string{"data aws_vpcs": "DataVPCs", "data aws_network_acls": "DataNetworkACLs", "resource aws_network_acl": "NetworkACL"} {
		if names[tf] != want {
			t.Errorf("%s is %s, want %s", tf, names[tf], want)
		}
	}
}

// FuzzExported checks that any Terraform name becomes an exported Go
// identifier, the same one every time.
func FuzzExported(f *testing.F) {
	for _, s := range []string{"cidr_block", "3d", "", "__", "foo-bar", "ébène", "a\x00b", "type", "ID"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := exported(s)
		if !token.IsIdentifier(got) || !token.IsExported(got) {
			t.Fatalf("exported(%q) = %q, not an exported identifier", s, got)
		}
		if exported(s) != got {
			t.Fatalf("exported(%q) is not deterministic", s)
		}
		if p := PackageName(s); !token.IsIdentifier(p) || token.IsKeyword(p) {
			t.Fatalf("PackageName(%q) = %q", s, p)
		}
	})
}

func TestShortSource(t *testing.T) {
	for in, want := range map[string]string{
		"registry.terraform.io/hashicorp/aws": "hashicorp/aws",
		"registry.opentofu.org/hashicorp/aws": "hashicorp/aws",
		"example.com/acme/go":                 "example.com/acme/go",
		"hashicorp/aws":                       "hashicorp/aws",
	} {
		if got := ShortSource(in); got != want {
			t.Errorf("ShortSource(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDeprecatedParagraphs: what a schema deprecates says so in Go's form,
// a paragraph starting "Deprecated: ", which staticcheck and gopls read;
// and a write-only attribute is a field without a getter.
func TestDeprecatedParagraphs(t *testing.T) {
	marked := 0
	for _, name := range caseNames() {
		for _, f := range generate(t, name) {
			lines := strings.Split(string(f.Data), "\n")
			for i, l := range lines {
				if !strings.Contains(l, "Deprecated") || strings.Contains(l, "deprecated attribute") {
					continue
				}
				text := strings.TrimSpace(l)
				if text == "// Deprecated attribute. The name/id of the docker network. Conflicts with `id` attribute." {
					continue // a provider's own description
				}
				if !strings.HasPrefix(text, "// Deprecated: ") || strings.TrimSpace(lines[i-1]) != "//" {
					t.Errorf("%s/%s:%d: not a Deprecated paragraph: %s", name, f.Path, i+1, l)
					continue
				}
				marked++
			}
		}
	}
	// random: number of random_string and random_password, as fields
	// and getters; local_file's sensitive_content (field, getter);
	// docker_service's networks_advanced name (a nested block's field);
	// features: old_name (field, getter), the legacy block, feat_old
	// (type, constructor).
	if marked != 12 {
		t.Errorf("%d Deprecated paragraphs, want 12", marked)
	}

	files := map[string]string{}
	for _, f := range generate(t, "features") {
		files[f.Path] = string(f.Data)
	}
	db := files["zz_feat_db.go"]
	if !strings.Contains(db, "\tPasswordWo tfkit.Value[string] `tf:\"password_wo\"`") {
		t.Error("the write-only password_wo is no config field")
	}
	if strings.Contains(db, "PasswordWo()") {
		t.Error("the write-only password_wo has a getter, which would always read null")
	}
	if !strings.Contains(db, "PasswordWoVersion() tfkit.Value[float64]") {
		t.Error("password_wo_version lost its getter")
	}
}

// TestGofmtFixedPoint: Generate writes gofmt's layout itself instead of
// running go/format over every file, so every file of every case, and of
// the whole aws schema when it is there, must come out of go/format
// unchanged.
func TestGofmtFixedPoint(t *testing.T) {
	check := func(t *testing.T, files []File) {
		for _, f := range files {
			formatted, err := format.Source(f.Data)
			if err != nil {
				t.Errorf("%s: %v", f.Path, err)
				continue
			}
			if !bytes.Equal(formatted, f.Data) {
				t.Errorf("%s is not gofmt-clean:\n%s", f.Path, lineDiff(string(f.Data), string(formatted)))
			}
		}
	}
	for _, name := range caseNames() {
		t.Run(name, func(t *testing.T) { check(t, generate(t, name)) })
	}
	t.Run("aws", func(t *testing.T) {
		if testing.Short() {
			t.Skip("formats 778 files")
		}
		if _, err := os.Stat(awsSchema); err != nil {
			t.Skip("no aws schema at", awsSchema)
		}
		files, err := Generate(readProvider(t, awsSchema), Options{Version: "3.3.0"})
		if err != nil {
			t.Fatal(err)
		}
		check(t, files)
	})
}

// lineDiff names the first line where two texts differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got  %q\n gofmt %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, gofmt %d", len(g), len(w))
}

// TestDocComments: top-level doc comments come out as gofmt formats them
// (go/doc/comment), also where that is not the text as written.
func TestDocComments(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  string
	}{
		{[]string{"X is a thing."}, "// X is a thing.\n"},
		{[]string{"X is a thing.", "", "A heading", "", "Text."}, "// X is a thing.\n//\n// # A heading\n//\n// Text.\n"},
		{[]string{"Use the ``--network`` option."}, "// Use the “--network“ option.\n"},
		{[]string{"See [the docs].", "", "[the docs]: https://example.com"}, "// See [the docs].\n//\n// [the docs]: https://example.com\n"},
		{[]string{"X.", "", "Deprecated: use Y."}, "// X.\n//\n// Deprecated: use Y.\n"},
	} {
		if got := doc(c.lines); got != c.want {
			t.Errorf("doc(%q):\n got %q\nwant %q", c.lines, got, c.want)
		}
		// The same as gofmt gives.
		src := "package p\n\n" + c.want + "var X int\n"
		if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
			t.Errorf("gofmt changes %q: %q, %v", src, formatted, err)
		}
	}
	for _, c := range []struct {
		header, stmt, want string
	}{
		{"func f() int", "return 1", "func f() int { return 1 }"},
		{"func (x *VPC) DhcpOptionsID() tfkit.Value[string]", `return tfkit.As[string](x.h.Ref("dhcp_options_id"))`,
			"func (x *VPC) DhcpOptionsID() tfkit.Value[string] {\n\treturn tfkit.As[string](x.h.Ref(\"dhcp_options_id\"))\n}"},
		{"func (x *VPC) DhcpOptionsI() tfkit.Value[string]", `return tfkit.As[string](x.h.Ref("dhcp_options_id"))`,
			"func (x *VPC) DhcpOptionsI() tfkit.Value[string] { return tfkit.As[string](x.h.Ref(\"dhcp_options_id\")) }"},
	} {
		if got := fn(c.header, c.stmt); got != c.want {
			t.Errorf("fn(%q, %q):\n got %q\nwant %q", c.header, c.stmt, got, c.want)
		}
		src := "package p\n\n" + c.want + "\n"
		if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
			t.Errorf("gofmt changes %q:\n%s (%v)", src, formatted, err)
		}
	}
}

// TestSensitiveGetters: the getter of a sensitive attribute says so, as
// its field does: Terraform refuses an output of it that is not marked
// sensitive.
func TestSensitiveGetters(t *testing.T) {
	files := map[string]string{}
	for _, f := range generate(t, "random") {
		files[f.Path] = string(f.Data)
	}
	pw := files["zz_random_password.go"]
	for _, want := range []string{
		"// Result returns a reference to result.\n// The generated random string.\n// Sensitive: an output of it must be marked sensitive.\nfunc (x *Password) Result()",
		"// Length returns a reference to length.\n// The length of the string desired. The minimum value for length is 1 and, length must also be >= (`min_upper` + `min_lower` + `min_numeric` + `min_special`).\nfunc (x *Password) Length()",
	} {
		if !strings.Contains(pw, want) {
			t.Errorf("zz_random_password.go lacks %q", want)
		}
	}
}
