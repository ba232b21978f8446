package tfkit_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/internal/render"
)

// print writes a stack as its main.tf would be.
func print(s *tfkit.Stack) {
	if ds := s.Validate(); ds.HasErrors() {
		fmt.Println(ds)
		return
	}
	text, err := render.HCL(s.Config())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(text))
}

func Example() {
	app := tfkit.NewApp()
	stack := tfkit.NewStack(app, "dev")

	tfkit.NewProvider(stack, "aws", tfkit.Attrs{"region": "eu-west-1"}).
		Source("hashicorp/aws", "~> 5.0")

	vpc := tfkit.NewResource(stack, "aws_vpc", "main", tfkit.Attrs{
		"cidr_block": "10.0.0.0/16",
	})
	tfkit.NewResource(stack, "aws_subnet", "public", tfkit.Attrs{
		"vpc_id":     vpc.Ref("id"),
		"cidr_block": tfkit.Fn("cidrsubnet", vpc.Ref("cidr_block"), 8, tfkit.CountIndex),
		"tags":       map[string]any{"Name": "public-${count.index}"},
	}).Count(2)

	print(stack) // app.Synth() writes it to tfkit.out/stacks/dev/main.tf
	// Output:
	// terraform {
	//   required_providers {
	//     aws = {
	//       source  = "hashicorp/aws"
	//       version = "~> 5.0"
	//     }
	//   }
	// }
	//
	// provider "aws" {
	//   region = "eu-west-1"
	// }
	//
	// resource "aws_vpc" "main" {
	//   cidr_block = "10.0.0.0/16"
	// }
	//
	// resource "aws_subnet" "public" {
	//   count      = 2
	//   cidr_block = cidrsubnet(aws_vpc.main.cidr_block, 8, count.index)
	//   tags = {
	//     Name = "public-${count.index}"
	//   }
	//   vpc_id = aws_vpc.main.id
	// }
}

func ExampleResource_Lifecycle() {
	stack := tfkit.NewStack(tfkit.NewApp(), "s")
	west := tfkit.NewProvider(stack, "aws", tfkit.Attrs{"region": "us-west-2"}).Alias("west")
	vpc := tfkit.NewResource(stack, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
	tfkit.NewResource(stack, "aws_instance", "web", tfkit.Ordered(
		"ami", "ami-123",
		"instance_type", "t3.micro",
	)).
		Provider(west).
		DependsOn(vpc).
		Lifecycle(tfkit.Lifecycle{
			CreateBeforeDestroy: true,
			IgnoreChanges:       []string{"tags"},
		})
	print(stack)
	// Output:
	// provider "aws" {
	//   alias  = "west"
	//   region = "us-west-2"
	// }
	//
	// resource "aws_vpc" "main" {
	//   cidr_block = "10.0.0.0/16"
	// }
	//
	// resource "aws_instance" "web" {
	//   provider      = aws.west
	//   ami           = "ami-123"
	//   instance_type = "t3.micro"
	//   depends_on    = [aws_vpc.main]
	//
	//   lifecycle {
	//     create_before_destroy = true
	//     ignore_changes        = [tags]
	//   }
	// }
}

func ExampleBlock() {
	stack := tfkit.NewStack(tfkit.NewApp(), "s")
	tfkit.NewResource(stack, "aws_security_group", "web", tfkit.Attrs{
		// A map is an object attribute...
		"tags": map[string]string{"Name": "web"},
		// ...a Block is a nested block.
		"ingress": tfkit.Block(tfkit.Attrs{"from_port": 443, "to_port": 443, "protocol": "tcp"}),
	})
	print(stack)
	// Output:
	// resource "aws_security_group" "web" {
	//   tags = {
	//     Name = "web"
	//   }
	//
	//   ingress {
	//     from_port = 443
	//     protocol  = "tcp"
	//     to_port   = 443
	//   }
	// }
}

func ExampleExpr_String() {
	stack := tfkit.NewStack(tfkit.NewApp(), "s")
	bucket := tfkit.NewResource(stack, "aws_s3_bucket", "logs", nil)
	// Formatted into a string, an expression is an interpolation.
	name := fmt.Sprintf("%s/%s", bucket.Ref("arn"), tfkit.Var("prefix"))
	fmt.Println(name)
	fmt.Println(tfkit.Literal("${not interpolated}"))
	// Output:
	// ${aws_s3_bucket.logs.arn}/${var.prefix}
	// $${not interpolated}
}

func ExampleRawBodyf() {
	stack := tfkit.NewStack(tfkit.NewApp(), "s")
	vpc := tfkit.NewResource(stack, "aws_vpc", "main", tfkit.Attrs{"cidr_block": "10.0.0.0/16"})
	tfkit.NewVariable(stack, "ports", tfkit.VariableConfig{Type: "list(number)"})
	tfkit.NewResource(stack, "aws_security_group", "example", tfkit.RawBodyf(`
		name   = "example"
		vpc_id = %s

		dynamic "ingress" {
		  for_each = var.ports
		  content {
		    from_port = ingress.value
		    to_port   = ingress.value
		    protocol  = "tcp"
		  }
		}
	`, vpc.Ref("id")))
	print(stack)
	// Output:
	// resource "aws_vpc" "main" {
	//   cidr_block = "10.0.0.0/16"
	// }
	//
	// variable "ports" {
	//   type = list(number)
	// }
	//
	// resource "aws_security_group" "example" {
	//   name   = "example"
	//   vpc_id = aws_vpc.main.id
	//
	//   dynamic "ingress" {
	//     for_each = var.ports
	//
	//     content {
	//       from_port = ingress.value
	//       to_port   = ingress.value
	//       protocol  = "tcp"
	//     }
	//   }
	// }
}

func ExampleFor() {
	tags := tfkit.For("k, v", tfkit.Var("tags"))
	fmt.Println(tags.If(tfkit.Op(tags.Value(), "!=", "")).Map(tfkit.Fn("lower", tags.Key()), tags.Value()).HCL())
	names := tfkit.For("n", tfkit.Var("names"))
	fmt.Println(names.List(tfkit.Fn("upper", names.Value())).HCL())
	// Output:
	// { for k, v in var.tags : lower(k) => v if v != "" }
	// [for n in var.names : upper(n)]
}

// bucketPair is a composite: plain Go that declares elements together.
func bucketPair(stack *tfkit.Stack, name string) (data, logs *tfkit.Resource) {
	tfkit.Helper() // diagnostics point at the caller's line
	logs = tfkit.NewResource(stack, "aws_s3_bucket", name+"_logs", nil)
	data = tfkit.NewResource(stack, "aws_s3_bucket", name, nil)
	tfkit.NewResource(stack, "aws_s3_bucket_logging", name, tfkit.Attrs{
		"bucket":        data.Ref("id"),
		"target_bucket": logs.Ref("id"),
	})
	return data, logs
}

func ExampleHelper() {
	stack := tfkit.NewStack(tfkit.NewApp(), "s")
	data, _ := bucketPair(stack, "assets")
	tfkit.NewOutput(stack, "assets", tfkit.OutputConfig{Value: data.Ref("arn")})
	print(stack)
	// Output:
	// resource "aws_s3_bucket" "assets_logs" {}
	//
	// resource "aws_s3_bucket" "assets" {}
	//
	// resource "aws_s3_bucket_logging" "assets" {
	//   bucket        = aws_s3_bucket.assets.id
	//   target_bucket = aws_s3_bucket.assets_logs.id
	// }
	//
	// output "assets" {
	//   value = aws_s3_bucket.assets.arn
	// }
}

func ExampleApp_Synth() {
	dir, _ := os.MkdirTemp("", "tfkit-example")
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "tfkit.out")

	app := tfkit.NewApp(tfkit.WithOutdir(out))
	network := tfkit.NewStack(app, "network")
	tfkit.NewResource(network, "terraform_data", "vpc", nil)
	tfkit.NewResource(tfkit.NewStack(app, "web").DependsOn(network), "terraform_data", "server", nil)
	if err := app.Synth(); err != nil {
		fmt.Println(err)
		return
	}
	m, _ := tfkit.ReadManifest(out)
	for _, s := range m.Stacks {
		fmt.Println(s.Files[0].Path, s.Dependencies)
	}
	// Output:
	// stacks/network/main.tf []
	// stacks/web/main.tf [network]
}

func ExampleApp_Synth_errors() {
	app := tfkit.NewApp(tfkit.WithOutdir(os.DevNull))
	stack := tfkit.NewStack(app, "s")
	tfkit.NewResource(stack, "aws_instance", "web", tfkit.Attrs{
		"tags": struct{ Name string }{"web"},
	})
	err := app.Synth() // writes nothing
	fmt.Println(err)
	// Output:
	// example_test.go:254: Error: Unsupported value (at aws_instance.web.tags); A Go value of type struct { Name string } cannot be converted to a Terraform value.
	//   hint: use tfkit.Attrs or a map for an object, tfkit.Block for a nested block, or implement tfkit.Valuer
}
