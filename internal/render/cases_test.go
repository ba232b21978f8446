package render

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
)

// goldenCases are the models rendered to testdata/<name>/main.tf and
// main.tf.json. Together they cover every top-level block kind and every
// expression kind.
var goldenCases = []struct {
	name  string
	build func() *config.Config
}{
	{"empty", func() *config.Config { return &config.Config{} }},
	{"terraform_backend", terraformBackendCase},
	{"terraform_cloud", terraformCloudCase},
	{"providers", providersCase},
	{"variables", variablesCase},
	{"locals", localsCase},
	{"resources", resourcesCase},
	{"dynamic_blocks", dynamicBlocksCase},
	{"data_sources", dataSourcesCase},
	{"ephemeral", ephemeralCase},
	{"modules", modulesCase},
	{"outputs", outputsCase},
	{"refactoring", refactoringCase},
	{"checks", checksCase},
	{"expressions", expressionsCase},
	{"operators", operatorsCase},
	{"raw", rawCase},
	{"escaping", escapingCase},
	{"parsed", parsedCase},
}

// Builders that keep the cases readable.

func cfgOf(blocks ...*config.Block) *config.Config { return &config.Config{Blocks: blocks} }

func blk(typ string, labels []string, items ...config.Item) *config.Block {
	b := config.NewBlock(typ, labels...)
	b.Body.Items = items
	return b
}

func lbl(labels ...string) []string { return labels }

func at(name string, e config.Expr) *config.Attribute { return &config.Attribute{Name: name, Expr: e} }

// ref parses a traversal such as aws_instance.web[0].id.
func ref(s string) *config.Reference {
	t, diags := hclsyntax.ParseTraversalAbs([]byte(s), "", hcl.InitialPos)
	if diags.HasErrors() {
		panic(fmt.Sprintf("ref %q: %s", s, diags.Error()))
	}
	return &config.Reference{Traversal: config.StripRanges(t)}
}

func str(s string) *config.Literal { return config.String(s) }

func num(n int64) *config.Literal { return config.Int(n) }

func bignum(s string) *config.Literal { return &config.Literal{Val: cty.MustParseNumberVal(s)} }

func tpl(parts ...config.Expr) *config.Template { return &config.Template{Parts: parts} }

func call(name string, args ...config.Expr) *config.Call { return &config.Call{Name: name, Args: args} }

func tup(items ...config.Expr) *config.Tuple { return &config.Tuple{Items: items} }

// obj builds an object from key/value pairs; a string key is a literal.
func obj(kv ...any) *config.Object {
	o := &config.Object{}
	for i := 0; i < len(kv); i += 2 {
		var k config.Expr
		switch key := kv[i].(type) {
		case string:
			k = str(key)
		case config.Expr:
			k = key
		}
		o.Items = append(o.Items, config.ObjectItem{Key: k, Value: kv[i+1].(config.Expr)})
	}
	return o
}

func bin(l config.Expr, op string, r config.Expr) *config.BinaryOp {
	return &config.BinaryOp{Op: op, Left: l, Right: r}
}

func raw(text string) *config.Raw { return &config.Raw{Text: text} }

func lit(v cty.Value) *config.Literal { return &config.Literal{Val: v} }

// parsed builds blocks from HCL text, for cases where that reads best.
func parsed(src string) []*config.Block {
	body, diags := config.ParseBody(src, "case.tf", hcl.Pos{})
	if diags.HasErrors() {
		panic(diags.Error())
	}
	var out []*config.Block
	for _, it := range body.Items {
		out = append(out, it.(*config.Block))
	}
	return out
}

func terraformBackendCase() *config.Config {
	return cfgOf(blk("terraform", nil,
		at("required_version", str(">= 1.6.0")),
		blk("required_providers", nil,
			at("aws", obj(
				"source", str("hashicorp/aws"),
				"version", str("~> 5.0"),
				"configuration_aliases", tup(ref("aws.west"), str("aws.east")),
			)),
			at("random", lit(cty.ObjectVal(map[string]cty.Value{
				"source":  cty.StringVal("hashicorp/random"),
				"version": cty.StringVal(">= 3.0"),
			}))),
		),
		blk("backend", lbl("s3"),
			at("bucket", str("acme-terraform-state")),
			// Backends read their settings literally: JSON keeps ${ as it is.
			at("key", str("state/${workspace}/terraform.tfstate")),
			at("region", str("us-east-1")),
			at("encrypt", config.Bool(true)),
		),
	))
}

func terraformCloudCase() *config.Config {
	return cfgOf(blk("terraform", nil,
		blk("cloud", nil,
			at("organization", str("acme")),
			at("hostname", str("app.terraform.io")),
			blk("workspaces", nil,
				at("tags", tup(str("app"), str("prod"))),
			),
		),
		blk("required_providers", nil,
			at("google", obj("source", str("hashicorp/google"))),
		),
	))
}

func providersCase() *config.Config {
	return cfgOf(
		blk("provider", lbl("aws"),
			at("region", ref("var.region")),
		),
		blk("provider", lbl("aws"),
			at("alias", str("west")),
			at("region", str("us-west-2")),
			blk("assume_role", nil,
				at("role_arn", tpl(str("arn:aws:iam::"), ref("var.account_id"), str(":role/deploy"))),
				at("session_name", str("tfkit")),
			),
			blk("default_tags", nil,
				at("tags", obj("ManagedBy", str("tfkit"), "Team", ref("var.team"))),
			),
		),
		blk("provider", lbl("google"),
			at("project", str("acme-prod")),
		),
	)
}

func variablesCase() *config.Config {
	return cfgOf(
		blk("variable", lbl("region"),
			at("type", ref("string")),
			at("default", str("us-east-1")),
			// Read literally in JSON: the ${ stays as written there.
			at("description", str("AWS region, such as us-east-1; not a ${template}.")),
			at("nullable", config.Bool(false)),
		),
		blk("variable", lbl("servers"),
			// A type given as text is written as the type expression.
			at("type", str("list(object({ name = string, size = optional(number, 1), tags = optional(map(string), {}) }))")),
			at("default", lit(cty.ListVal([]cty.Value{
				cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("web"), "size": cty.NumberIntVal(2)}),
				cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal("db"), "size": cty.NumberIntVal(1)}),
			}))),
			at("sensitive", config.Bool(true)),
			blk("validation", nil,
				at("condition", bin(call("length", ref("var.servers")), ">", num(0))),
				at("error_message", str("At least one server is required.")),
			),
			blk("validation", nil,
				at("condition", call("alltrue", &config.For{ValVar: "s", Collection: ref("var.servers"),
					Value: bin(ref("s.size"), "<=", num(8))})),
				at("error_message", tpl(str("Servers may have at most 8 units, got "), call("max", &config.Splat{Source: ref("var.servers"), Each: hcl.Traversal{hcl.TraverseAttr{Name: "size"}}}), str("."))),
			),
		),
		blk("variable", lbl("legacy_map"),
			// A bare collection keyword means any element type: fmt adds it.
			at("type", str("map")),
			at("default", obj()),
		),
		blk("variable", lbl("cidrs"),
			at("type", call("set", ref("string"))),
			at("default", lit(cty.SetVal([]cty.Value{cty.StringVal("10.0.0.0/16"), cty.StringVal("10.1.0.0/16")}))),
			at("ephemeral", config.Bool(false)),
		),
		blk("variable", lbl("settings"),
			at("type", raw("object({\n  retries = number\n  verbose = optional(bool, false)\n})")),
			at("default", config.Null()),
		),
	)
}

func localsCase() *config.Config {
	return cfgOf(
		blk("locals", nil,
			at("name", str("app")),
			at("environment", ref("var.environment")),
			at("prefix", tpl(ref("local.name"), str("-"), ref("var.environment"))),
		),
		blk("locals", nil,
			at("common_tags", call("merge", ref("var.tags"), obj(
				"Environment", ref("var.environment"),
				"Cost Center", str("42"),
				"Name", ref("local.prefix"),
			))),
			at("azs", call("slice", ref("data.aws_availability_zones.available.names"), num(0), num(3))),
		),
	)
}

func resourcesCase() *config.Config {
	return cfgOf(
		blk("resource", lbl("aws_vpc", "main"),
			at("cidr_block", str("10.0.0.0/16")),
			at("enable_dns_hostnames", config.Bool(true)),
		),
		blk("resource", lbl("aws_instance", "web"),
			at("count", ref("var.instance_count")),
			at("ami", ref("data.aws_ami.ubuntu.id")),
			at("instance_type", str("t3.micro")),
			at("subnet_id", &config.GetAttr{
				Source:    &config.Index{Collection: ref("aws_subnet.private"), Key: ref("count.index")},
				Traversal: hcl.Traversal{hcl.TraverseAttr{Name: "id"}},
			}),
			// Static arguments given as strings are written as references.
			at("provider", str("aws.west")),
			at("depends_on", tup(ref("aws_vpc.main"), str("aws_internet_gateway.gw"))),
			at("tags", obj("Name", tpl(str("web-"), ref("count.index")))),
			blk("root_block_device", nil,
				at("volume_size", num(20)),
				at("encrypted", config.Bool(true)),
			),
			blk("lifecycle", nil,
				at("create_before_destroy", config.Bool(true)),
				at("prevent_destroy", config.Bool(false)),
				at("ignore_changes", lit(cty.ListVal([]cty.Value{cty.StringVal("tags"), cty.StringVal(`tags["Owner"]`)}))),
				at("replace_triggered_by", tup(ref("aws_security_group.web.id"), str("terraform_data.revision"))),
				blk("precondition", nil,
					at("condition", bin(ref("data.aws_ami.ubuntu.architecture"), "==", str("x86_64"))),
					at("error_message", str("The AMI must be for the x86_64 architecture.")),
				),
				blk("postcondition", nil,
					at("condition", bin(ref("self.public_dns"), "!=", str(""))),
					at("error_message", str("EC2 instance must have a public DNS name.")),
				),
			),
			blk("provisioner", lbl("local-exec"),
				at("command", tpl(str("echo "), ref("self.private_ip"), str(" >> hosts.txt"))),
				at("on_failure", ref("continue")),
			),
			blk("provisioner", lbl("remote-exec"),
				at("inline", tup(str("sudo apt-get update"), str("sudo apt-get install -y nginx"))),
				blk("connection", nil,
					at("type", str("ssh")),
					at("user", str("ubuntu")),
					at("host", ref("self.public_ip")),
					at("private_key", call("file", call("pathexpand", str("~/.ssh/id_rsa")))),
				),
			),
			blk("provisioner", lbl("local-exec"),
				at("when", str("destroy")),
				at("command", str("echo destroying")),
			),
		),
		blk("resource", lbl("aws_subnet", "private"),
			at("for_each", call("toset", tup(str("a"), str("b")))),
			at("vpc_id", ref("aws_vpc.main.id")),
			at("availability_zone", tpl(ref("var.region"), ref("each.key"))),
			blk("lifecycle", nil,
				at("ignore_changes", str("all")),
			),
		),
		blk("resource", lbl("terraform_data", "revision"),
			at("input", ref("var.revision")),
		),
	)
}

func dynamicBlocksCase() *config.Config {
	return cfgOf(
		blk("resource", lbl("aws_security_group", "web"),
			at("name", str("web")),
			at("vpc_id", ref("aws_vpc.main.id")),
			blk("ingress", nil,
				at("from_port", num(443)),
				at("to_port", num(443)),
				at("protocol", str("tcp")),
				at("cidr_blocks", tup(str("0.0.0.0/0"))),
			),
			blk("ingress", nil,
				at("from_port", num(80)),
				at("to_port", num(80)),
				at("protocol", str("tcp")),
				at("cidr_blocks", tup(str("0.0.0.0/0"))),
			),
			blk("dynamic", lbl("ingress"),
				at("for_each", ref("var.extra_ports")),
				at("iterator", str("port")),
				blk("content", nil,
					at("from_port", ref("port.value")),
					at("to_port", ref("port.value")),
					at("protocol", str("tcp")),
					at("cidr_blocks", ref("var.allowed_cidrs")),
				),
			),
			blk("dynamic", lbl("egress"),
				at("for_each", &config.For{ValVar: "r", Collection: ref("var.egress_rules"), Value: ref("r"), Cond: ref("r.enabled")}),
				blk("content", nil,
					at("from_port", ref("egress.value.port")),
					at("to_port", ref("egress.value.port")),
					at("protocol", str("-1")),
				),
			),
		),
	)
}

func dataSourcesCase() *config.Config {
	return cfgOf(
		blk("data", lbl("aws_ami", "ubuntu"),
			at("most_recent", config.Bool(true)),
			at("owners", tup(str("099720109477"))),
			at("provider", ref("aws.west")),
			at("depends_on", tup(ref("aws_vpc.main"))),
			blk("filter", nil,
				at("name", str("name")),
				at("values", tup(str("ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-amd64-server-*"))),
			),
			blk("filter", nil,
				at("name", str("virtualization-type")),
				at("values", tup(str("hvm"))),
			),
			blk("lifecycle", nil,
				blk("postcondition", nil,
					at("condition", bin(ref("self.architecture"), "==", str("x86_64"))),
					at("error_message", str("Wrong architecture.")),
				),
			),
		),
		blk("data", lbl("terraform_remote_state", "network"),
			at("backend", str("s3")),
			at("config", obj(
				"bucket", str("acme-terraform-state"),
				"key", str("network/terraform.tfstate"),
				"region", ref("var.region"),
			)),
		),
		blk("data", lbl("aws_availability_zones", "available"),
			at("state", str("available")),
		),
	)
}

func modulesCase() *config.Config {
	return cfgOf(
		blk("module", lbl("vpc"),
			at("source", str("terraform-aws-modules/vpc/aws")),
			at("version", str("~> 5.1")),
			at("count", num(2)),
			at("name", tpl(str("vpc-"), ref("count.index"))),
			at("cidr", tpl(str("10."), ref("count.index"), str(".0.0/16"))),
			at("providers", obj(
				"aws", ref("aws.west"),
				// Keys and values are provider references; strings are
				// read as such.
				"aws.peer", str("aws.east"),
			)),
			at("depends_on", tup(ref("aws_iam_role.deploy"), ref("module.network"))),
		),
		blk("module", lbl("buckets"),
			at("source", str("./modules/bucket")),
			at("for_each", ref("var.buckets")),
			at("name", ref("each.key")),
			at("versioning", ref("each.value.versioning")),
			at("providers", lit(cty.MapVal(map[string]cty.Value{"aws": cty.StringVal("aws.west")}))),
		),
		// The null provider's name reads as the null keyword in HCL:
		// null.west is written bare, not as a computed key.
		blk("module", lbl("nulls"),
			at("source", str("./modules/nulls")),
			at("providers", obj(nullDot("west"), nullDot("west"))),
		),
	)
}

// nullDot is null.NAME as HCL parses it: an attribute of the null keyword.
func nullDot(name string) config.Expr {
	return &config.GetAttr{Source: config.Null(), Traversal: hcl.Traversal{hcl.TraverseAttr{Name: name}}}
}

func outputsCase() *config.Config {
	return cfgOf(
		blk("output", lbl("public_ip"),
			at("value", ref("aws_instance.web[0].public_ip")),
			at("description", str("Public IP of the first ${instance}.")),
			at("sensitive", config.Bool(true)),
			at("depends_on", tup(ref("aws_eip.web"))),
			blk("precondition", nil,
				at("condition", bin(ref("aws_instance.web[0].public_ip"), "!=", config.Null())),
				at("error_message", str("The instance has no public IP.")),
			),
		),
		blk("output", lbl("instance_ids"),
			at("value", &config.Splat{Source: ref("aws_instance.web"), Each: hcl.Traversal{hcl.TraverseAttr{Name: "id"}}}),
		),
		blk("output", lbl("bucket_arns"),
			at("value", &config.For{KeyVar: "k", ValVar: "m", Collection: ref("module.buckets"), Key: ref("k"), Value: ref("m.arn")}),
		),
	)
}

func refactoringCase() *config.Config {
	return cfgOf(
		blk("moved", nil,
			at("from", ref("aws_instance.old")),
			at("to", ref("aws_instance.web[0]")),
		),
		blk("moved", nil,
			at("from", str("module.network")),
			at("to", str(`module.vpc["main"]`)),
		),
		blk("import", nil,
			at("to", ref("aws_instance.web[0]")),
			at("id", str("i-0123456789abcdef0")),
			at("provider", str("aws.west")),
		),
		blk("import", nil,
			at("for_each", ref("var.buckets")),
			at("to", &config.Index{Collection: ref("aws_s3_bucket.imported"), Key: ref("each.key")}),
			at("id", ref("each.value")),
		),
		blk("removed", nil,
			at("from", ref("aws_instance.legacy")),
			blk("lifecycle", nil,
				at("destroy", config.Bool(false)),
			),
		),
		blk("removed", nil,
			at("from", str("aws_instance.scratch")),
			blk("lifecycle", nil,
				at("destroy", config.Bool(true)),
			),
			blk("provisioner", lbl("local-exec"),
				at("when", ref("destroy")),
				at("command", str("echo removing")),
			),
		),
	)
}

func checksCase() *config.Config {
	return cfgOf(
		blk("check", lbl("health"),
			blk("data", lbl("http", "site"),
				at("url", tpl(str("https://"), ref("aws_instance.web[0].public_dns"), str("/health"))),
				at("depends_on", tup(str("aws_instance.web"))),
				at("provider", str("http.probe")),
			),
			blk("assert", nil,
				at("condition", bin(ref("data.http.site.status_code"), "==", num(200))),
				at("error_message", tpl(ref("data.http.site.url"), str(" returned "), ref("data.http.site.status_code"), str("."))),
			),
			blk("assert", nil,
				at("condition", call("can", call("jsondecode", ref("data.http.site.response_body")))),
				at("error_message", str("The health endpoint must return JSON.")),
			),
		),
	)
}

func expressionsCase() *config.Config {
	each := hcl.Traversal{hcl.TraverseAttr{Name: "id"}}
	oddRef := &config.Reference{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: "var"}, hcl.TraverseAttr{Name: "m"}, hcl.TraverseAttr{Name: "not a name"}}}
	return cfgOf(
		blk("locals", nil,
			at("string", str("hello")),
			at("int", num(42)),
			at("big_int", bignum("123456789012345678901234567890")),
			at("decimal", bignum("3.14159265358979323846264338327950288")),
			at("float64", config.Number(0.1)),
			at("negative", num(-17)),
			at("negative_frac", config.Number(-2.5)),
			at("yes", config.Bool(true)),
			at("no", config.Bool(false)),
			at("nothing", config.Null()),
			at("typed_null", lit(cty.NullVal(cty.String))),
			at("list", lit(cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}))),
			at("empty_list", lit(cty.ListValEmpty(cty.String))),
			at("set", lit(cty.SetVal([]cty.Value{cty.NumberIntVal(3), cty.NumberIntVal(1), cty.NumberIntVal(2)}))),
			at("map", lit(cty.MapVal(map[string]cty.Value{"b": cty.NumberIntVal(2), "a": cty.NumberIntVal(1), "with space": cty.NumberIntVal(3)}))),
			at("object_value", lit(cty.ObjectVal(map[string]cty.Value{
				"name":   cty.StringVal("x"),
				"nested": cty.ObjectVal(map[string]cty.Value{"deep": cty.True}),
				"list":   cty.TupleVal([]cty.Value{cty.StringVal("one"), cty.NumberIntVal(2)}),
			}))),
			at("list_of_objects", lit(cty.TupleVal([]cty.Value{
				cty.ObjectVal(map[string]cty.Value{"a": cty.NumberIntVal(1)}),
				cty.EmptyObjectVal,
			}))),
			at("template", tpl(str("web-"), ref("count.index"), str("-"), ref("var.environment"))),
			at("template_only", tpl(ref("var.name"))),
			at("template_number", tpl(str("n="), num(5))),
			at("template_nested", tpl(str("a-"), call("upper", tpl(ref("var.x"), str("-b"))))),
			at("template_object", tpl(str("cfg: "), call("jsonencode", obj("a", num(1), "b", tup(num(2)))))),
			at("reference", ref("aws_instance.web[0].id")),
			at("reference_key", ref(`var.m["key with space"].name`)),
			at("reference_odd_attr", oddRef),
			at("call", call("join", str(","), ref("var.list"))),
			at("call_expand", &config.Call{Name: "max", Args: []config.Expr{num(1), ref("var.numbers")}, ExpandFinal: true}),
			at("call_namespaced", call("provider::aws::arn_parse", ref("var.arn"))),
			at("call_no_args", call("timestamp")),
			at("call_hug", call("merge", ref("var.tags"), obj("Name", str("web")))),
			at("call_multi", call("coalesce", obj("a", num(1)), obj("b", num(2)))),
			at("call_multi_expand", &config.Call{Name: "concat", Args: []config.Expr{tup(obj("a", num(1))), ref("var.more")}, ExpandFinal: true}),
			at("conditional", &config.Conditional{Cond: ref("var.enabled"), True: str("on"), False: str("off")}),
			at("conditional_chain", &config.Conditional{Cond: ref("var.a"), True: str("a"),
				False: &config.Conditional{Cond: ref("var.b"), True: str("b"), False: str("c")}}),
			at("conditional_in_cond", &config.Conditional{
				Cond: &config.Conditional{Cond: ref("var.a"), True: ref("var.b"), False: ref("var.c")},
				True: num(1), False: num(2)}),
			at("conditional_object", &config.Conditional{Cond: ref("var.a"), True: obj("x", num(1)), False: obj()}),
			at("for_tuple", &config.For{ValVar: "s", Collection: ref("var.list"), Value: call("upper", ref("s"))}),
			at("for_tuple_key", &config.For{KeyVar: "i", ValVar: "s", Collection: ref("var.list"),
				Value: tpl(ref("i"), str("="), ref("s")), Cond: bin(ref("s"), "!=", str(""))}),
			at("for_object", &config.For{KeyVar: "k", ValVar: "v", Collection: ref("var.map"), Key: call("upper", ref("k")), Value: ref("v")}),
			at("for_group", &config.For{ValVar: "s", Collection: ref("var.list"), Key: call("substr", ref("s"), num(0), num(1)),
				Value: ref("s"), Group: true, Cond: bin(call("length", ref("s")), ">", num(0))}),
			at("for_object_value", &config.For{ValVar: "s", Collection: ref("var.list"), Value: obj("name", ref("s"), "upper", call("upper", ref("s")))}),
			at("for_conditional_collection", &config.For{ValVar: "x", Collection: &config.Conditional{Cond: ref("var.a"), True: ref("var.b"), False: ref("var.c")}, Value: ref("x")}),
			at("splat", &config.Splat{Source: ref("aws_instance.web"), Each: each}),
			at("splat_bare", &config.Splat{Source: ref("var.list")}),
			at("splat_deep", &config.Splat{Source: ref("var.servers"), Each: hcl.Traversal{hcl.TraverseAttr{Name: "disks"}, hcl.TraverseIndex{Key: cty.NumberIntVal(0)}, hcl.TraverseAttr{Name: "size"}}}),
			at("splat_of_call", &config.Splat{Source: call("values", ref("aws_instance.by_name")), Each: each}),
			at("index", &config.Index{Collection: ref("var.map"), Key: ref("var.key")}),
			at("index_of_call", &config.Index{Collection: call("keys", ref("var.map")), Key: bin(call("length", ref("var.map")), "-", num(1))}),
			at("getattr_call", &config.GetAttr{Source: call("element", ref("aws_subnet.private"), num(0)), Traversal: each}),
			at("getattr_conditional", &config.GetAttr{Source: &config.Conditional{Cond: ref("var.a"), True: ref("var.b"), False: ref("var.c")}, Traversal: each}),
			at("getattr_splat", &config.GetAttr{Source: &config.Splat{Source: ref("aws_instance.web"), Each: each}, Traversal: hcl.Traversal{hcl.TraverseIndex{Key: cty.NumberIntVal(0)}}}),
			at("tuple", tup(num(1), str("two"), ref("var.three"))),
			at("tuple_empty", tup()),
			at("tuple_multiline", tup(obj("a", num(1)), obj("b", num(2)))),
			at("object", obj(
				"bare", num(1),
				"quoted key", num(2),
				"for", num(3),
				ref("var.computed"), num(4),
				tpl(ref("var.prefix"), str("-suffix")), num(5),
				num(6), str("six"),
			)),
			at("object_empty", obj()),
			at("object_nested", obj("outer", obj("inner", obj("leaf", config.Bool(true))), "sibling", tup())),
			at("paren", &config.Paren{Inner: ref("var.a")}),
		),
	)
}

func operatorsCase() *config.Config {
	a, b, c := ref("var.a"), ref("var.b"), ref("var.c")
	return cfgOf(
		blk("locals", nil,
			at("add_mul", bin(a, "+", bin(b, "*", c))),
			at("mul_add", bin(bin(a, "+", b), "*", c)),
			at("left_assoc", bin(bin(a, "-", b), "-", c)),
			at("right_nested", bin(a, "-", bin(b, "-", c))),
			at("logic", bin(&config.UnaryOp{Op: "!", Operand: a}, "&&", bin(b, "||", c))),
			at("logic_flat", bin(bin(a, "&&", b), "||", c)),
			at("compare", bin(bin(bin(a, "+", num(1)), ">=", bin(b, "*", num(2))), "==", config.Bool(true))),
			at("modulo", bin(bin(a, "%", num(2)), "!=", num(0))),
			at("divide", bin(a, "/", bin(b, "/", c))),
			at("less", bin(a, "<", b)),
			at("less_equal", bin(a, "<=", b)),
			at("greater", bin(a, ">", b)),
			at("negate", &config.UnaryOp{Op: "-", Operand: a}),
			at("negate_twice", &config.UnaryOp{Op: "-", Operand: &config.UnaryOp{Op: "-", Operand: a}}),
			at("negate_sum", &config.UnaryOp{Op: "-", Operand: bin(a, "+", b)}),
			at("negative_literal", bin(a, "-", num(-1))),
			at("negative_first", bin(num(-1), "*", a)),
			at("not_equal", &config.UnaryOp{Op: "!", Operand: bin(a, "==", b)}),
			at("cond_in_sum", bin(&config.Conditional{Cond: a, True: num(1), False: num(2)}, "+", num(3))),
			at("cond_of_ops", &config.Conditional{Cond: bin(a, "&&", b), True: bin(a, "+", num(1)), False: bin(b, "*", num(2))}),
			at("template_unwrapped", bin(tpl(bin(a, "+", b)), "*", c)),
			at("for_if_ops", &config.For{ValVar: "x", Collection: a, Value: bin(ref("x"), "*", num(2)), Cond: bin(bin(ref("x"), ">", num(0)), "&&", bin(ref("x"), "<", num(10)))}),
			at("minus_in_for_value", &config.For{KeyVar: "k", ValVar: "v", Collection: a, Key: ref("k"), Value: &config.UnaryOp{Op: "-", Operand: ref("v")}}),
		),
	)
}

func rawCase() *config.Config {
	return cfgOf(
		blk("locals", nil,
			at("directive", raw(`"%{ if var.enabled }on%{ else }off%{ endif }"`)),
			at("for_directive", raw(`"%{for s in var.list}${s},%{endfor}"`)),
			at("heredoc", raw("<<EOT\nline one ${var.x}\n  line two\nEOT\n")),
			at("indented_heredoc", raw("<<-EOT\n    indented ${var.y}\n    EOT\n")),
			at("spaced", raw("var.a+var.b   *2")),
			at("multiline_object", raw("{\na=1\n  bb = \"two\"\n}")),
			at("raw_in_sum", bin(raw("var.a + var.b"), "*", num(2))),
			at("raw_conditional_source", &config.GetAttr{Source: raw("var.a ? var.b : var.c"), Traversal: hcl.Traversal{hcl.TraverseAttr{Name: "id"}}}),
			at("raw_in_template", tpl(str("x="), raw("var.a+1"))),
			at("raw_newline_outside_brackets", raw("var.a +\nvar.b")),
			at("raw_heredoc_arg", call("trimspace", raw("<<EOT\nhello\nEOT\n"))),
			at("raw_type", raw("list(string)")),
		),
	)
}

func escapingCase() *config.Config {
	return cfgOf(
		blk("resource", lbl(`weird "type"`, `name\with\tab\ttoo`),
			at("quotes", str(`say "hi" \ bye`)),
			at("control", str("tab\tnewline\ncr\rbell\x07del\x7f")),
			at("interpolation_text", str("${not} %{not} $x %x $$ %% $${")),
			at("dollar_before_interp", tpl(str("price: $"), ref("var.price"))),
			at("percent_before_interp", tpl(str("100%"), ref("var.unit"))),
			at("unicode", str("héllo wörld ✓ 日本")),
			at("emoji", str("🚀")),
			at("html", str("<b>&amp;</b>")),
			at("tags", obj(
				"café", num(1), // precomposed
				"cafe\u0301", num(2), // combining accent: same width
				"日本", num(3),
				"x", num(4),
			)),
			at("escaped_key", lit(cty.ObjectVal(map[string]cty.Value{"${key}": cty.StringVal("%{v}")}))),
			// Multi-line text ending in a newline is written as a heredoc,
			// whose content is literal apart from ${ and %{.
			at("script", str("#!/bin/sh\necho \"${HOME}\" \\n 100%{x}\nEOT\n")),
			at("script_template", tpl(str("#!/bin/sh\nhost=$"), ref("self.ip"), str("\nexit 0\n"))),
			at("not_heredoc_no_final_newline", str("line one\nline two")),
			at("not_heredoc_cr", str("line one\r\nline two\r\n")),
			at("scripts", obj("setup", str("a\nb\n"), "other", num(1))),
			at("heredocs_in_tuple", tup(str("a\nb\n"), str("c"))),
		),
	)
}

// parsedCase is a realistic file read through config.ParseBody, so the
// renderers see models exactly as the HCL front end builds them.
func parsedCase() *config.Config {
	return cfgOf(parsed(`
terraform {
  required_version = ">= 1.5"
}

variable "instance_count" {
  type    = number
  default = 2
}

locals {
  name = "demo-${var.env}"
  ports = [22, 80, 443]
  rules = { for p in local.ports : tostring(p) => { port = p, cidr = p == 22 ? var.admin_cidr : "0.0.0.0/0" } }
}

resource "aws_instance" "web" {
  count = var.instance_count
  ami = data.aws_ami.ubuntu.id
  instance_type = var.instance_count > 1 ? "t3.small" : "t3.micro"
  user_data = <<-EOT
    #!/bin/bash
    echo "${local.name}-${count.index}" > /etc/hostname
  EOT
  tags = merge(var.tags, { Name = "${local.name}-${count.index}", Index = count.index + 1 })
  lifecycle {
    ignore_changes = [tags["LastSeen"], user_data]
  }
}

output "names" {
  value = [for i in aws_instance.web : i.tags.Name]
}
`)...)
}
