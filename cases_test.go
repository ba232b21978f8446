package tfkit_test

import (
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
)

// port is a user type converting itself, as typed bindings' structs do.
type port struct{ from, to int }

func (p port) TerraformValue() any {
	return tfkit.Ordered("from_port", p.from, "to_port", p.to, "protocol", "tcp")
}

type env string

// rootDevice is a nested block struct, as typed bindings generate them.
type rootDevice struct{ size int }

func (d rootDevice) TerraformValue() any { return tfkit.Block(tfkit.Attrs{"volume_size": d.size}) }

var goldenCases = []goldenCase{
	{"resource", func(s *tfkit.Stack) {
		// Attrs: attributes sorted, nested blocks after them.
		tfkit.NewResource(s, "aws_security_group", "web", tfkit.Attrs{
			"vpc_id": "vpc-123",
			"egress": tfkit.Block(tfkit.Attrs{"from_port": 0, "to_port": 0, "protocol": "-1"}),
			"name":   "web",
			"ingress": tfkit.Blocks(
				tfkit.Attrs{"from_port": 80, "to_port": 80, "protocol": "tcp"},
				tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp"},
			),
			"description": nil, // left out
			"tags":        map[string]string{"Name": "web", "Tier": "front"},
		})
		// Ordered: exactly the order given.
		tfkit.NewResource(s, "aws_instance", "web", tfkit.Ordered(
			"instance_type", "t3.micro",
			"ami", "ami-123",
			"root_block_device", tfkit.Block(tfkit.Ordered("volume_size", 20, "encrypted", true)),
			"monitoring", true,
		)).Set("ami", "ami-456").Set("user_data", "#!/bin/sh").Set("monitoring", nil)
		tfkit.NewResource(s, "terraform_data", "empty", nil)
		tfkit.NewResource(s, "aws_instance", "typed", tfkit.Ordered("ami", "ami-1", "root_block_device", rootDevice{8}))
	}},
	{"values", func(s *tfkit.Stack) {
		n := 7
		var nilPtr *int
		tfkit.NewLocals(s, tfkit.Ordered(
			"string", "plain",
			"template", "web-${terraform.workspace}",
			"escaped", "$${not interpolated}",
			"literal", tfkit.Literal("${kept} %{kept}"),
			"quote", "say \"hi\"\n\ttab \\ backslash",
			"int", 42,
			"negative", -3,
			"int8", int8(-8),
			"uint64", uint64(18446744073709551615),
			"float", 2.5,
			"float32", float32(0.1),
			"bool", true,
			"named", env("prod"),
			"pointer", &n,
			"nil_pointer", nilPtr,
			"list", []string{"a", "b"},
			"array", [2]int{1, 2},
			"mixed", []any{1, "two", false, nil, []int{3}},
			"empty_list", []string{},
			"nil_list", []string(nil),
			"map", map[string]any{"b": 2, "a": 1, "with space": true, "nested": map[string]int{"x": 1}},
			"attrs", tfkit.Attrs{"z": 1, "y": tfkit.Null},
			"ordered", tfkit.Ordered("z", 1, "y", 2),
			"cty", cty.ObjectVal(map[string]cty.Value{"list": cty.ListVal([]cty.Value{cty.StringVal("x")}), "n": cty.NumberIntVal(1)}),
			"valuer", port{80, 8080},
			"null", tfkit.Null,
			"model", config.Int(5),
			"zero_expr", tfkit.Expr{},
		))
	}},
	{"meta_arguments", func(s *tfkit.Stack) {
		west := tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "us-west-2"}).Alias("west")
		vpc := tfkit.NewResource(s, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
		ami := tfkit.NewDataSource(s, "aws_ami", "ubuntu", tfkit.Attrs{"most_recent": true})
		// Called in an unusual order: the output follows Terraform's style.
		tfkit.NewResource(s, "aws_instance", "web", tfkit.Attrs{
			"ami":           ami.Ref("id"),
			"instance_type": "t3.micro",
			"tags":          map[string]any{"Name": "web-${count.index}"},
		}).
			Lifecycle(tfkit.Lifecycle{
				CreateBeforeDestroy: true,
				PreventDestroy:      true,
				IgnoreChanges:       []string{"tags", `tags["Name"]`, "ebs_block_device[0].volume_size"},
				ReplaceTriggeredBy:  []any{vpc, vpc.Ref("id"), "aws_vpc.main.cidr_block"},
				Preconditions: []tfkit.Condition{{
					Condition:    tfkit.Op(ami.Ref("architecture"), "==", "x86_64"),
					ErrorMessage: "The AMI must be for x86_64.",
				}},
				Postconditions: []tfkit.Condition{{
					Condition:    tfkit.Self("public_dns").Attr("x"),
					ErrorMessage: "no public DNS",
				}},
			}).
			DependsOn(vpc, ami, vpc).
			Provisioner(tfkit.Provisioner{
				Type:   "local-exec",
				Config: tfkit.Attrs{"command": "echo ${self.private_ip} >> ips.txt"},
			}).
			Provisioner(tfkit.Provisioner{
				Type:       "remote-exec",
				When:       "destroy",
				OnFailure:  "continue",
				Config:     tfkit.Attrs{"inline": []string{"echo bye"}},
				Connection: tfkit.Attrs{"host": tfkit.Self("public_ip")},
			}).
			Connection(tfkit.Ordered("type", "ssh", "user", "ubuntu", "host", tfkit.Self("public_ip"))).
			Dynamic("ebs_block_device", tfkit.Dynamic{
				ForEach:  tfkit.Var("volumes"),
				Iterator: "vol",
				Content:  tfkit.Ordered("device_name", tfkit.Ref("vol.key"), "volume_size", tfkit.Ref("vol.value")),
			}).
			Provider(west).
			Count(2)
		tfkit.NewResource(s, "aws_eip", "each", nil).
			ForEach(map[string]string{"a": "x", "b": "y"}).
			Set("instance", tfkit.Ref("aws_instance.web").Index(0).Attr("id")).
			Set("tags", map[string]any{"Name": tfkit.EachKey, "Value": tfkit.EachValue})
		tfkit.NewVariable(s, "volumes", tfkit.VariableConfig{Type: "map(number)"})
		// Meta-arguments can be replaced, and removed with nil.
		tfkit.NewResource(s, "terraform_data", "replaced", nil).Count(1).Count(3).
			ForEach(nil).Lifecycle(tfkit.Lifecycle{PreventDestroy: true}).Lifecycle(tfkit.Lifecycle{})
		tfkit.NewResource(s, "terraform_data", "all", nil).Lifecycle(tfkit.Lifecycle{IgnoreAllChanges: true})
	}},
	{"data_source", func(s *tfkit.Stack) {
		east := tfkit.NewProvider(s, "aws", nil).Alias("east")
		d := tfkit.NewDataSource(s, "aws_availability_zones", "all", tfkit.Attrs{"state": "available"}).
			Provider(east).
			Lifecycle(tfkit.Lifecycle{Postconditions: []tfkit.Condition{{
				Condition:    tfkit.Op(tfkit.Fn("length", tfkit.Self("names")), ">", 1),
				ErrorMessage: "need two zones",
			}}})
		tfkit.NewDataSource(s, "aws_subnet", "each", nil).
			ForEach(tfkit.Fn("toset", d.Ref("names"))).
			Set("availability_zone", tfkit.EachValue).
			Dynamic("filter", tfkit.Dynamic{
				ForEach: map[string]string{"tier": "private"},
				Content: tfkit.Attrs{"name": "tag:${filter.key}", "values": []any{tfkit.Ref("filter.value")}},
			}).
			DependsOn(d)
		tfkit.NewDataSource(s, "aws_ami", "n", tfkit.Attrs{"owners": []string{"self"}}).Count(2)
	}},
	{"providers", func(s *tfkit.Stack) {
		// No terraform block: one is created first in the file.
		tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "eu-west-1"}).Source("hashicorp/aws", "~> 5.0")
		tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "us-east-1"}).Alias("virginia").Source("hashicorp/aws", "")
		tfkit.NewProvider(s, "random", nil).Source("hashicorp/random", "3.9.0")
		s.RequireProvider("docker", "kreuzwerker/docker", "~> 4.6")
		tfkit.NewProvider(s, "google", tfkit.Attrs{
			"project":  "p",
			"batching": tfkit.Block(tfkit.Attrs{"enable_batching": false}),
		})
	}},
	{"providers_merged", func(s *tfkit.Stack) {
		tfkit.NewProvider(s, "aws", nil).Source("hashicorp/aws", "~> 5.0")
		tfkit.NewProvider(s, "null", nil).Source("registry.terraform.io/hashicorp/null", "2.1.2")
		// The declared terraform block keeps its place and its own entries;
		// missing ones are added.
		tfkit.NewTerraform(s, tfkit.TerraformConfig{
			RequiredVersion:   ">= 1.5",
			RequiredProviders: map[string]tfkit.ProviderRequirement{"null": {Source: "hashicorp/null", Version: "2.1.2"}},
		})
	}},
	{"providers_merged_raw", func(s *tfkit.Stack) {
		tfkit.NewTerraform(s, tfkit.TerraformConfig{Body: tfkit.RawBody(`
			required_version = ">= 1.0"
			backend "local" {
			  path = "state.tfstate"
			}
		`)})
		tfkit.NewProvider(s, "time", nil).Source("hashicorp/time", "0.14.2")
	}},
	{"variables", func(s *tfkit.Stack) {
		tfkit.NewVariable(s, "region", tfkit.VariableConfig{
			Type: "string", Default: "eu-west-1", Description: "The AWS region.",
		})
		tfkit.NewVariable(s, "ports", tfkit.VariableConfig{
			Type:    cty.List(cty.Number),
			Default: []int{80, 443},
			Validations: []tfkit.Condition{{
				Condition:    tfkit.Fn("alltrue", tfkit.For("p", tfkit.Var("ports")).List(tfkit.Op(tfkit.Ref("p"), "<", 65536))),
				ErrorMessage: "Ports must be below 65536.",
			}},
		})
		tfkit.NewVariable(s, "settings", tfkit.VariableConfig{
			Type:      "object({ name = string, size = optional(number, 1) })",
			Sensitive: true,
			Nullable:  tfkit.Ptr(false),
			Ephemeral: true,
		})
		tfkit.NewVariable(s, "anything", tfkit.VariableConfig{Default: tfkit.Null})
		tfkit.NewVariable(s, "objects", tfkit.VariableConfig{
			Type: cty.Map(cty.Object(map[string]cty.Type{"a": cty.String, "b": cty.Bool})),
		})
	}},
	{"outputs", func(s *tfkit.Stack) {
		pet := tfkit.NewResource(s, "random_pet", "name", nil)
		tfkit.NewOutput(s, "name", tfkit.OutputConfig{Value: pet.Ref("id")})
		tfkit.NewOutput(s, "secret", tfkit.OutputConfig{
			Value:       tfkit.Fn("upper", pet.Ref("id")),
			Description: "The pet, loudly.",
			Sensitive:   true,
			DependsOn:   []tfkit.Element{pet},
			Preconditions: []tfkit.Condition{{
				Condition:    tfkit.Op(tfkit.Fn("length", pet.Ref("id")), ">", 0),
				ErrorMessage: "empty name",
			}},
		})
		tfkit.NewOutput(s, "nothing", tfkit.OutputConfig{Value: tfkit.Null, Ephemeral: true})
	}},
	{"locals", func(s *tfkit.Stack) {
		env := tfkit.NewVariable(s, "environment", tfkit.VariableConfig{Type: "string", Default: "dev"})
		l := tfkit.NewLocals(s, tfkit.Attrs{
			"common_tags": map[string]any{"Environment": env, "Team": "infra"},
		})
		// Several locals blocks stay separate.
		tfkit.NewLocals(s, tfkit.Attrs{
			"name": "app-${var.environment}",
			"tags": tfkit.Fn("merge", l.Ref("common_tags"), map[string]any{"Name": tfkit.Local("name")}),
			"team": l.Ref("common_tags", "Team"),
		}).Set("zone", "a")
	}},
	{"modules", func(s *tfkit.Stack) {
		west := tfkit.NewProvider(s, "aws", nil).Alias("west")
		east := tfkit.NewProvider(s, "aws", nil).Alias("east")
		vpc := tfkit.NewModule(s, "vpc", tfkit.ModuleConfig{
			Source:  "terraform-aws-modules/vpc/aws",
			Version: "5.1.0",
			Inputs: tfkit.Attrs{
				"cidr": "10.0.0.0/16",
				"azs":  []string{"eu-west-1a", "eu-west-1b"},
			},
			Providers: map[string]*tfkit.Provider{"aws": west, "aws.peer": east},
		})
		tfkit.NewModule(s, "sg", tfkit.ModuleConfig{
			Source: "./modules/sg",
			Inputs: tfkit.Ordered("vpc_id", vpc.Output("vpc_id"), "subnets", vpc.Ref("private_subnets[0]")),
		}).ForEach(tfkit.Fn("toset", []string{"a", "b"})).DependsOn(vpc).Set("name", tfkit.EachKey)
		tfkit.NewModule(s, "counted", tfkit.ModuleConfig{Source: "./modules/c"}).Count(2)
	}},
	{"terraform", func(s *tfkit.Stack) {
		tfkit.NewTerraform(s, tfkit.TerraformConfig{
			RequiredVersion: ">= 1.0",
			RequiredProviders: map[string]tfkit.ProviderRequirement{
				"aws":    {Source: "hashicorp/aws", Version: "~> 5.0"},
				"random": {Source: "hashicorp/random"},
			},
			Backend: tfkit.Backend("s3", tfkit.Ordered(
				"bucket", "my-terraform-state",
				"key", "prod/terraform.tfstate",
				"region", "ap-northeast-1",
			)),
			// Labeled nested blocks: one per provider.
			Body: tfkit.Ordered("provider_meta", []tfkit.NestedBlock{
				tfkit.Block(tfkit.Attrs{"user_agent": []string{"github.com/example/net"}}).Labeled("aws"),
				tfkit.Block(tfkit.Attrs{"module_name": "net"}).Labeled("random"),
			}),
		})
	}},
	{"terraform_cloud", func(s *tfkit.Stack) {
		tfkit.NewTerraform(s, tfkit.TerraformConfig{
			Cloud: tfkit.Ordered(
				"organization", "example",
				"workspaces", tfkit.Block(tfkit.Attrs{"tags": []string{"app"}}),
			),
		})
	}},
	{"refactoring", func(s *tfkit.Stack) {
		web := tfkit.NewResource(s, "aws_instance", "web", tfkit.Attrs{"ami": "ami-1"})
		tfkit.NewMoved(s, "aws_instance.old", web)
		tfkit.NewModule(s, "new", tfkit.ModuleConfig{Source: "./new"})
		tfkit.NewMoved(s, "module.old", "module.new")
		tfkit.NewMoved(s, `aws_instance.old["a"]`, web.Ref("").Index(0))
		west := tfkit.NewProvider(s, "aws", nil).Alias("west")
		tfkit.NewImport(s, web, "i-0123456789").Provider(west)
		tfkit.NewImport(s, `aws_instance.many["a"]`, "i-1")
		tfkit.NewResource(s, "aws_instance", "many", nil).ForEach(map[string]string{"a": "i-1", "b": "i-2"})
		tfkit.NewRemoved(s, "aws_instance.gone", false)
		tfkit.NewRemoved(s, "module.legacy", true)
	}},
	{"checks", func(s *tfkit.Stack) {
		c := tfkit.NewCheck(s, "health", tfkit.Condition{
			Condition:    tfkit.Op(tfkit.Ref("data.http.site.status_code"), "==", 200),
			ErrorMessage: "The site is down.",
		})
		c.Data("http", "site", tfkit.Attrs{"url": "https://example.com"})
		c.Assert(tfkit.Condition{Condition: tfkit.Op(tfkit.Ref("data.http.site.status_code"), "<", 500), ErrorMessage: "The site fails."})
	}},
	{"raw", func(s *tfkit.Stack) {
		vpc := tfkit.NewResource(s, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
		tfkit.NewVariable(s, "additional_ports", tfkit.VariableConfig{Type: "list(number)", Default: []int{8080}})
		// The seed's innerText security group, with a reference spliced in.
		tfkit.NewResource(s, "aws_security_group", "example", tfkit.RawBodyf(`
			name   = "example"
			vpc_id = %s

			dynamic "ingress" {
			  for_each = var.additional_ports
			  content {
			    from_port   = ingress.value
			    to_port     = ingress.value
			    protocol    = "tcp"
			    cidr_blocks = ["0.0.0.0/0"]
			  }
			}
		`, vpc.Ref("id")))
		tfkit.NewResource(s, "terraform_data", "raw_expr", tfkit.Attrs{
			"input":     tfkit.Raw(`var.additional_ports[0] == 8080 ? "default" : "custom"`),
			"mod":       tfkit.Rawf("%s %% 2", tfkit.Var("additional_ports").Index(0)),
			"directive": tfkit.Raw(`"%{if length(var.additional_ports) > 1}many%{else}one%{endif}"`),
		}).Append(tfkit.RawBody(`triggers_replace = [aws_vpc.main.id]`))
	}},
	{"expressions", func(s *tfkit.Stack) {
		web := tfkit.NewResource(s, "aws_instance", "web", nil).Count(2)
		tfkit.NewVariable(s, "names", tfkit.VariableConfig{Type: "list(string)"})
		tfkit.NewVariable(s, "tags", tfkit.VariableConfig{Type: "map(string)"})
		tfkit.NewVariable(s, "nums", tfkit.VariableConfig{Type: "list(number)"})
		tfkit.NewLocals(s, tfkit.Ordered(
			"join", tfkit.Fn("join", ", ", tfkit.Var("names")),
			"expand", tfkit.FnExpand("max", tfkit.Var("nums")),
			"cond", tfkit.Cond(tfkit.Op(tfkit.TerraformWorkspace, "==", "prod"), 3, 1),
			"nested_cond", tfkit.Cond(tfkit.Cond(true, false, true), "a", tfkit.Cond(false, "b", "c")),
			"precedence", tfkit.Op(tfkit.Op(1, "+", 2), "*", tfkit.Op(3, "-", tfkit.Op(4, "-", 5))),
			"left_assoc", tfkit.Op(tfkit.Op(1, "-", 2), "-", 3),
			"logic", tfkit.Not(tfkit.Op(tfkit.Op(true, "&&", false), "||", true)),
			"neg", tfkit.Neg(tfkit.Var("nums").Index(0)),
			"splat", tfkit.Splat(web, "id"),
			"splat_deep", tfkit.Splat(web, "network_interface[0].id"),
			"splat_ref", web.Ref("[*].private_ip"),
			"instance", web.Ref("[0].id"),
			"index_expr", tfkit.Index(tfkit.Var("tags"), tfkit.Var("names").Index(0)),
			"index_ref", web.Ref("").Index(tfkit.Fn("length", tfkit.Var("names"))).Attr("arn"),
			"upper", tfkit.For("n", tfkit.Var("names")).List(tfkit.Fn("upper", tfkit.Ref("n"))),
			"filtered", tfkit.For("k, v", tfkit.Var("tags")).If(tfkit.Op(tfkit.Ref("v"), "!=", "")).Map(tfkit.Ref("k"), tfkit.Ref("v")),
			"grouped", tfkit.For("n", tfkit.Var("names")).MapGrouped(tfkit.Fn("substr", tfkit.Ref("n"), 0, 1), tfkit.Ref("n")),
			"path", "${path.module}/files",
			"path_expr", tfkit.Fn("file", tfkit.PathModule.String()+"/x.txt"),
			"spliced", "id-"+web.Ref("[0].id").String()+"-${terraform.workspace}",
			"call_attr", tfkit.Fn("element", tfkit.Var("names"), 0).Attr("x"),
			"op_attr", tfkit.Op(tfkit.Var("nums"), "==", tfkit.Null).Attr("x"),
			"cwd", tfkit.PathCwd,
			"root", tfkit.PathRoot,
		))
	}},
	{"remote_state", func(s *tfkit.Stack) {
		net := tfkit.NewRemoteState(s, "network", "s3", map[string]any{
			"bucket": "state", "key": "network/terraform.tfstate", "region": "eu-west-1",
		})
		tfkit.NewResource(s, "aws_instance", "app", tfkit.Attrs{"subnet_id": net.Output("subnet_id")})
	}},
	{"dynamic_in_attrs", func(s *tfkit.Stack) {
		tfkit.NewVariable(s, "rules", tfkit.VariableConfig{Type: "list(object({ port = number }))"})
		tfkit.NewResource(s, "aws_security_group", "sg", tfkit.Attrs{
			"name": "sg",
			"ingress": tfkit.Dynamic{
				ForEach: tfkit.Var("rules"),
				Labels:  []any{"x"},
				Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value.port")},
			},
			"egress": &tfkit.Dynamic{ForEach: []int{1}, Content: tfkit.Attrs{"from_port": 0}},
		})
	}},
	{"mixed_blocks", func(s *tfkit.Stack) {
		tfkit.NewVariable(s, "ports", tfkit.VariableConfig{Type: "list(number)", Default: []int{8080}})
		tfkit.NewVariable(s, "statements", tfkit.VariableConfig{Type: "map(any)", Default: map[string]any{}})
		// Literal and dynamic blocks of one type, in the order given.
		tfkit.NewResource(s, "aws_security_group", "web", tfkit.Ordered(
			"name", "web",
			"ingress", []tfkit.BlockItem{
				tfkit.Block(tfkit.Ordered("from_port", 443, "to_port", 443, "protocol", "tcp")),
				tfkit.Dynamic{
					ForEach: tfkit.Var("ports"),
					Content: tfkit.Ordered("from_port", tfkit.Ref("ingress.value"), "to_port", tfkit.Ref("ingress.value"), "protocol", "tcp"),
				},
				tfkit.Block(tfkit.Ordered("from_port", 80, "to_port", 80, "protocol", "tcp")),
				(*tfkit.Dynamic)(nil), // left out
			},
			"egress", tfkit.Block(tfkit.Ordered("from_port", 0, "to_port", 0, "protocol", "-1")),
		))
		// Several dynamic blocks of one type, nested in a dynamic block's
		// content, and a labeled block among them.
		tfkit.NewDataSource(s, "aws_iam_policy_document", "doc", tfkit.Attrs{
			"statement": []tfkit.BlockItem{
				&tfkit.Dynamic{
					ForEach: tfkit.Cond(tfkit.Op(tfkit.Fn("length", tfkit.Var("ports")), ">", 0), []int{1}, []int{}),
					Content: tfkit.Ordered("sid", "Ports", "actions", []string{"ec2:*"}),
				},
				tfkit.Dynamic{
					ForEach:  tfkit.Var("statements"),
					Iterator: "st",
					Content: tfkit.Ordered(
						"sid", tfkit.Ref("st.key"),
						"condition", []tfkit.BlockItem{
							tfkit.Block(tfkit.Ordered("test", "StringEquals", "variable", "aws:SourceAccount", "values", []string{"1"})),
							tfkit.Dynamic{ForEach: tfkit.Ref("st.value.conditions"), Content: tfkit.Ordered("test", tfkit.Ref("condition.value.test"))},
						},
					),
				},
			},
		})
		tfkit.NewTerraform(s, tfkit.TerraformConfig{
			Body: tfkit.Attrs{"provider_meta": []tfkit.BlockItem{
				tfkit.Block(tfkit.Attrs{"module_name": "a"}).Labeled("aws"),
				tfkit.Block(tfkit.Attrs{"module_name": "b"}).Labeled("google"),
			}},
		})
		// Set and Append take them too; Dynamic adds after the others.
		tfkit.NewResource(s, "aws_security_group", "app", tfkit.Attrs{"name": "app"}).
			Set("ingress", []tfkit.BlockItem{
				tfkit.Dynamic{ForEach: tfkit.Var("ports"), Content: tfkit.Attrs{"from_port": tfkit.Ref("ingress.value")}},
				tfkit.Block(tfkit.Attrs{"from_port": 22}),
			}).
			Dynamic("ingress", tfkit.Dynamic{ForEach: []int{1}, Iterator: "one", Content: tfkit.Attrs{"from_port": tfkit.Ref("one.value")}})
	}},
	{"object_keys", func(s *tfkit.Stack) {
		tfkit.NewVariable(s, "name", tfkit.VariableConfig{Type: "string", Default: "web"})
		locals := tfkit.NewLocals(s, tfkit.Attrs{"prefix": "app"})
		tfkit.NewLocals(s, tfkit.Ordered(
			"keyed", tfkit.Object(
				tfkit.Var("name"), 1,
				"${local.prefix}-x", 2,
				"plain", 3,
				"two words", 4,
				"for", 5, // a keyword is quoted
				"$${literal}", 6,
				tfkit.Fn("upper", tfkit.Var("name")), tfkit.Object(tfkit.Var("name"), true),
				tfkit.Cond(true, "a", "b"), tfkit.Var("name"),
				tfkit.Literal("${kept}"), 7,
				42, "number key",
				"skipped", nil,
			),
			"tomap", tfkit.Fn("tomap", tfkit.Object(tfkit.Var("name"), locals.Ref("prefix"))),
			"in_for", tfkit.For("k, v", tfkit.Var("name")).Map(tfkit.Ref("k"), tfkit.Object(tfkit.Ref("k"), tfkit.Ref("v"))),
			"empty", tfkit.Object(),
			"indexed", tfkit.Object(tfkit.Var("name"), "x").Index(tfkit.Var("name")),
		))
		tfkit.NewResource(s, "aws_instance", "web", tfkit.Attrs{
			"tags": tfkit.Object("Name", tfkit.Var("name"), "${var.name}-role", "web"),
		})
	}},
}
