package typescript

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// TestMain fails a full run on golden files no test compares.
func TestMain(m *testing.M) {
	golden.Main(m, "testdata/golden/...")
}

// cases are the schemas with golden output, by case name: the provider
// schemas kept in the schema package's testdata, and here a slice of aws
// 3.3.0 (the whole schema is kept beside the repository, for its size) and
// a schema made of names that need care.
var cases = map[string]string{
	"null":      "../../../schema/testdata/providers/null-2.1.2.json",
	"random":    "../../../schema/testdata/providers/random-3.9.0.json",
	"local":     "../../../schema/testdata/providers/local-2.9.0.json",
	"time":      "../../../schema/testdata/providers/time-0.14.2.json",
	"docker":    "../../../schema/testdata/providers/docker-4.6.0.json",
	"aws-slice": "testdata/providers/aws-3.3.0-slice.json",
	"collide":   "testdata/providers/collide.json",
	// Write-only attributes, deprecations, group blocks, nested
	// attributes.
	"features": "../../../schema/testdata/providers/features.json",
	// A module directory rather than a provider schema.
	"module-net": "../../../tffile/testdata/modules/net",
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
		files, err := GenerateModule(m, ModuleOptions{Source: "./modules/net", Version: "1.0.0"})
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
	p := readProvider(t, cases["docker"])
	first, err := Generate(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		again, err := Generate(readProvider(t, cases["docker"]), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(again) != len(first) || !bytes.Equal(again[0].Data, first[0].Data) {
			t.Fatal("output differs between runs")
		}
	}
}

// TestShapes checks what the declarations say about the schema on the aws
// slice: required, optional and computed-only attributes, nested blocks and
// reserved names.
func TestShapes(t *testing.T) {
	src := string(generate(t, "aws-slice")[0].Data)
	for _, want := range []string{
		`import type { BlockList, BlockValue, BoolValue, ListValue, MapValue, NumberValue, ObjectValue, SetOf, StringValue } from "tfkit";`,
		`declare module "tfkit" {`,
		"    aws: ProviderConfig;",
		"    aws_vpc: VpcConfig;",
		"    aws_vpc: VpcAttributes;",
		"    aws_ami: DataAmiConfig;",
		"    aws_ami: DataAmiAttributes;",
		// Required, optional (null allowed) and optional-computed.
		"  cidr_block: StringValue;",
		"  enable_dns_support?: BoolValue | null;",
		"  tags?: MapValue<StringValue> | null;",
		// Nested blocks: several, or at most one.
		"  ingress?: ListValue<ObjectValue<{ cidr_blocks: ListValue<StringValue>; description: StringValue; from_port: NumberValue; ipv6_cidr_blocks: ListValue<StringValue>; prefix_list_ids: ListValue<StringValue>; protocol: StringValue; security_groups: ListValue<StringValue>; self: BoolValue; to_port: NumberValue }>> | BlockList<SecurityGroupIngress> | null;",
		"  ebs_block_device?: BlockList<InstanceEbsBlockDevice>;",
		"  root_block_device?: BlockValue<InstanceRootBlockDevice>;",
		"  timeouts?: BlockValue<SecurityGroupTimeouts>;",
		"export interface SecurityGroupIngress {",
		"  from_port?: NumberValue | null;",
		// What refs read, computed attributes included.
		"export interface VpcAttributes {",
		"  readonly arn: string;",
		"  readonly tags: { readonly [key: string]: string };",
		// Sets are SetOf, which a ref cannot index (Terraform refuses an
		// index into a set); lists are arrays, blocks included.
		"  readonly ingress: SetOf<{ readonly cidr_blocks: readonly string[];",
		"  readonly security_groups: SetOf<string>;",
		"  readonly ebs_block_device: SetOf<InstanceEbsBlockDeviceAttributes>;",
		"  readonly root_block_device: readonly InstanceRootBlockDeviceAttributes[];",
		"export interface InstanceRootBlockDeviceAttributes {",
		"  readonly volume_id: string;",
		// name is the element's label: noted, not a prop.
		"Not props here (the element's own props take these names): name (optional); set them in an innerText body.",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the aws declarations lack %q", want)
		}
	}
	vpc := src[strings.Index(src, "export interface VpcConfig {"):]
	vpc = vpc[:strings.Index(vpc, "\n}\n")]
	for _, absent := range []string{"  arn", "  owner_id", "  main_route_table_id"} {
		if strings.Contains(vpc, absent) {
			t.Errorf("the computed-only attribute %s is a prop of aws_vpc", strings.TrimSpace(absent))
		}
	}
}

// TestNames checks naming on the collide schema, made of the names that
// need care.
func TestNames(t *testing.T) {
	src := string(generate(t, "collide")[0].Data)
	for _, want := range []string{
		// The provider is named like a keyword; the registry key is fine.
		"    go: ProviderConfig;",
		// Data sources keep the Data prefix; the resource named like one
		// gets a suffix.
		"    go_thing: DataThingConfig;",
		"    go_data_thing: DataThingResourceConfig;",
		// A resource named like the provider.
		"    go: GoConfig;",
		// Names that are not identifiers are quoted.
		`  "3d"?: StringValue | null;`,
		// A nested block named like the element's config interface.
		"export interface ThingConfigBlock {",
		// for_each of a provider configuration is its meta-argument
		// (OpenTofu), not the schema's attribute.
		"Not props here (the element's own props take these names): for_each (optional); set them in an innerText body.",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the collide declarations lack %q", want)
		}
	}
}

// TestModule checks the declarations of a module: inputs typed after their
// type constraints, required without a default, under the module's source.
func TestModule(t *testing.T) {
	src := string(generate(t, "module-net")[0].Data)
	for _, want := range []string{
		`    "./modules/net": Inputs;`,
		"  secret?: Value | null;",
		"  subnets?: ListValue<ObjectValue<{ cidr: StringValue; tags?: MapValue<StringValue> | null; zone?: StringValue | null }>> | null;",
		"  enabled?: BoolValue | null;",
		// name is <Module>'s own prop.
		"Not props here (the element's own props take these names): name (required)",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the module declarations lack %q:\n%s", want, src)
		}
	}
}

func TestPascal(t *testing.T) {
	for in, want := range map[string]string{
		"security_group": "SecurityGroup", "vpc": "Vpc", "3d": "X3d", "foo-bar": "FooBar",
		"_x": "X", "": "X", "__": "X", "ipv6_cidr_block": "Ipv6CidrBlock", "ébène": "Ébène",
	} {
		if got := pascal(in); got != want {
			t.Errorf("pascal(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzNames checks that any Terraform name becomes an identifier, and any
// property name is written so that TypeScript reads it back.
func FuzzNames(f *testing.F) {
	for _, s := range []string{"cidr_block", "3d", "", "__", "foo-bar", "ébène", "a\x00b", "type", "a\"b", "$x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := pascal(s)
		if got == "" || strings.ContainsAny(got, " -\"'.") {
			t.Fatalf("pascal(%q) = %q", s, got)
		}
		if p := propName(s); !isIdentifier(p) && (!strings.HasPrefix(p, `"`) || !strings.HasSuffix(p, `"`) || len(p) < 2) {
			t.Fatalf("propName(%q) = %q", s, p)
		}
	})
}

var (
	interfaceRE = regexp.MustCompile(`(?m)^export interface (\w+) `)
	registryRE  = regexp.MustCompile(`(?m)^    [\w"$-]+: (\w+);$`)
	referenceRE = regexp.MustCompile(`\b(?:BlockList|BlockValue|ListValue|MapValue|ObjectValue)<(\w+)>|readonly (\w+Attributes)\b`)
)

// TestReferencesResolve checks every case, and the whole aws schema when it
// is there, for what tsc would reject only in a project using them:
// interface names are unique, and every name the registries and the props
// refer to is declared.
func TestReferencesResolve(t *testing.T) {
	sources := map[string]string{}
	for name, path := range cases {
		if !strings.HasPrefix(name, "module-") {
			sources[name] = path
		}
	}
	if _, err := os.Stat(awsSchema); err == nil {
		sources["aws"] = awsSchema
	}
	for name, path := range sources {
		t.Run(name, func(t *testing.T) {
			files, err := Generate(readProvider(t, path), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if checkReferences(t, string(files[0].Data)) == 0 {
				t.Fatal("no references found")
			}
		})
	}
}

// checkReferences reports interfaces declared twice and names referred to
// but not declared, and returns how many references it checked.
func checkReferences(t *testing.T, src string) int {
	t.Helper()
	declared := map[string]bool{}
	for _, m := range interfaceRE.FindAllStringSubmatch(src, -1) {
		if declared[m[1]] {
			t.Errorf("interface %s is declared twice", m[1])
		}
		declared[m[1]] = true
	}
	var refs []string
	for _, m := range registryRE.FindAllStringSubmatch(src, -1) {
		refs = append(refs, m[1])
	}
	for _, m := range referenceRE.FindAllStringSubmatch(src, -1) {
		refs = append(refs, m[1]+m[2])
	}
	for _, r := range refs {
		if !declared[r] && !isHelper(r) {
			t.Errorf("%s is referred to but not declared", r)
		}
	}
	return len(refs)
}

func isHelper(name string) bool {
	for _, h := range helperTypes {
		if h == name {
			return true
		}
	}
	return name == "StringValue" || name == "NumberValue" || name == "BoolValue"
}

// FuzzGenerate reads arbitrary schema JSON and checks that whatever reads
// as a provider schema generates the same declarations twice, with every
// referred name declared and no comment ended by a description.
func FuzzGenerate(f *testing.F) {
	for _, path := range []string{cases["null"], cases["collide"]} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"format_version":"1.0","provider_schemas":{"x/y":{"resource_schemas":{"y_a":{"block":{"attributes":{"*/":{"type":["tuple",["string","number"]],"optional":true,"description":"*/ end"}},"block_types":{"b":{"nesting_mode":"map","block":{"attributes":{"v":{"type":"dynamic","required":true}}}}}}}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := schema.ReadProviders(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, p := range ps {
			a, err := Generate(p, Options{Version: "1"})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := Generate(p, Options{Version: "1"})
			if !bytes.Equal(a[0].Data, b[0].Data) {
				t.Fatal("output differs between runs")
			}
			src := string(a[0].Data)
			checkReferences(t, src)
			// A description cannot end its comment early.
			for _, line := range strings.Split(src, "\n") {
				l := strings.TrimSpace(line)
				if !strings.HasPrefix(l, "/**") && !strings.HasPrefix(l, "*") {
					continue
				}
				if i := strings.Index(l, "*/"); i >= 0 && i != len(l)-2 {
					t.Fatalf("comment ends early: %q", line)
				}
			}
		}
	})
}
