// Command aws-vpc expresses the samples of the React Terraform design in Go
// with tfkit: a VPC and subnets built by a composite, a variable and locals
// with tags, security groups with dynamic blocks (attribute form and raw
// HCL), provider aliases, depends_on, and terraform blocks with
// required_providers and an S3 backend (attribute form, and raw HCL in the
// second stack). A second stack reads the first one's outputs through
// remote state.
//
// It builds per environment: ENV=prod go run . writes tfkit.out.prod with
// prod's settings; no environment logic is left in the output.
package main

import (
	"fmt"
	"os"

	"github.com/tfkit/tfkit"
)

// settings are what differs between environments.
type settings struct {
	cidr         string
	instanceType string
}

var environments = map[string]settings{
	"dev":  {cidr: "10.0.0.0/16", instanceType: "t3.micro"},
	"prod": {cidr: "10.1.0.0/16", instanceType: "t3.large"},
}

func main() {
	env := os.Getenv("ENV")
	if env == "" {
		env = "dev"
	}
	cfg, ok := environments[env]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown ENV %q (want dev or prod)\n", env)
		os.Exit(2)
	}
	var opts []tfkit.Option
	if env != "dev" {
		// One output directory per environment (tfkit synth's TFKIT_OUTDIR,
		// when set, still wins).
		opts = append(opts, tfkit.WithOutdir("tfkit.out."+env))
	}
	app := tfkit.NewApp(opts...)
	network := networkStack(app, env, cfg)
	webStack(app, env, cfg).DependsOn(network)
	if err := app.Synth(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// stateBackend is where each stack keeps its state.
func stateBackend(env, stack string) map[string]any {
	return map[string]any{
		"bucket": "my-terraform-state",
		"key":    env + "/" + stack + "/terraform.tfstate",
		"region": "ap-northeast-1",
	}
}

func networkStack(app *tfkit.App, env string, cfg settings) *tfkit.Stack {
	s := tfkit.NewStack(app, "network")

	// Terraform block (15.7): required_version and an S3 backend; the
	// required_providers entry comes from the provider's Source below.
	tfkit.NewTerraform(s, tfkit.TerraformConfig{
		RequiredVersion: ">= 1.0",
		Backend:         tfkit.Backend("s3", tfkit.Attrs(stateBackend(env, "network"))),
	})

	// Provider aliases (15.5): the default (Tokyo) and Virginia.
	tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "ap-northeast-1"}).Source("hashicorp/aws", "~> 5.0")
	virginia := tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "us-east-1"}).Alias("virginia")

	// Variable and locals (15.3).
	environment := tfkit.NewVariable(s, "environment", tfkit.VariableConfig{Type: "string", Default: env})
	ports := tfkit.NewVariable(s, "additional_ports", tfkit.VariableConfig{
		Type:        "list(number)",
		Default:     []int{8080, 8443},
		Description: "Extra ports opened by the security groups.",
	})
	locals := tfkit.NewLocals(s, tfkit.Attrs{
		"common_tags": map[string]any{"Environment": environment, "ManagedBy": "tfkit"},
	})
	tags := locals.Ref("common_tags")

	// Basic resource and references (15.1, 15.2), grouped by a composite.
	net := newNetwork(s, "main", cfg.cidr, []string{"ap-northeast-1a", "ap-northeast-1c"}, tags)

	// A dynamic block in attribute form...
	tfkit.NewResource(s, "aws_security_group", "web", tfkit.Attrs{
		"name":   "web-" + env,
		"vpc_id": net.VPC.Ref("id"),
		"tags":   tags,
	}).Dynamic("ingress", tfkit.Dynamic{
		ForEach: ports,
		Content: tfkit.Ordered(
			"from_port", tfkit.Ref("ingress.value"),
			"to_port", tfkit.Ref("ingress.value"),
			"protocol", "tcp",
			"cidr_blocks", []string{"0.0.0.0/0"},
		),
	})

	// ...and the same in raw HCL (15.4), with a reference spliced in.
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
	`, net.VPC.Ref("id")))

	// Provider omitted: the default aws (Tokyo).
	tfkit.NewResource(s, "aws_instance", "tokyo", tfkit.Attrs{
		"ami":           "ami-xxx",
		"instance_type": cfg.instanceType,
	})
	// Provider selected by handle: Virginia.
	tfkit.NewResource(s, "aws_instance", "us", tfkit.Attrs{
		"ami":           "ami-yyy",
		"instance_type": cfg.instanceType,
	}).Provider(virginia)
	// depends_on (15.6).
	tfkit.NewResource(s, "aws_instance", "web", tfkit.Attrs{
		"ami":           "ami-xxx",
		"instance_type": cfg.instanceType,
		"subnet_id":     net.Subnets[0].Ref("id"),
	}).DependsOn(net.VPC).Lifecycle(tfkit.Lifecycle{
		CreateBeforeDestroy: true,
		IgnoreChanges:       []string{"ami"},
	})

	tfkit.NewOutput(s, "vpc_id", tfkit.OutputConfig{Value: net.VPC.Ref("id")})
	tfkit.NewOutput(s, "subnet_ids", tfkit.OutputConfig{Value: net.subnetIDs()})
	return s
}

// webStack reads the network stack's outputs through remote state.
func webStack(app *tfkit.App, env string, cfg settings) *tfkit.Stack {
	s := tfkit.NewStack(app, "web")
	// Terraform block (15.8) written as HCL: required_version, the
	// provider requirement and an S3 backend, the key per environment.
	tfkit.NewTerraform(s, tfkit.TerraformConfig{Body: tfkit.RawBodyf(`
		required_version = ">= 1.0"

		required_providers {
		  aws = {
		    source  = "hashicorp/aws"
		    version = "~> 5.0"
		  }
		}

		backend "s3" {
		  bucket = "my-terraform-state"
		  key    = "%s/web/terraform.tfstate"
		  region = "ap-northeast-1"
		}
	`, env)})
	tfkit.NewProvider(s, "aws", tfkit.Attrs{"region": "ap-northeast-1"})
	network := tfkit.NewRemoteState(s, "network", "s3", stateBackend(env, "network"))
	tfkit.NewResource(s, "aws_instance", "app", tfkit.Attrs{
		"ami":           "ami-xxx",
		"instance_type": cfg.instanceType,
		"subnet_id":     tfkit.Fn("element", network.Output("subnet_ids"), tfkit.CountIndex),
		"tags":          map[string]string{"Name": "app-" + env},
	}).Count(2)
	return s
}

// network is a composite: a VPC and one public subnet per availability
// zone. What it declares stays together in the output, in call order.
type network struct {
	VPC     *tfkit.Resource
	Subnets []*tfkit.Resource
}

func newNetwork(s *tfkit.Stack, name, cidr string, zones []string, tags tfkit.Expr) *network {
	// Elements declared here report the caller's line in diagnostics.
	tfkit.Helper()
	n := &network{}
	n.VPC = tfkit.NewResource(s, "aws_vpc", name, tfkit.Attrs{
		"cidr_block":           cidr,
		"enable_dns_hostnames": true,
		"tags":                 tags,
	})
	// A Go loop runs at build time: the output has one subnet per zone.
	for i, zone := range zones {
		n.Subnets = append(n.Subnets, tfkit.NewResource(s, "aws_subnet", fmt.Sprintf("%s_public_%d", name, i), tfkit.Attrs{
			"vpc_id":            n.VPC.Ref("id"),
			"cidr_block":        tfkit.Fn("cidrsubnet", n.VPC.Ref("cidr_block"), 8, i),
			"availability_zone": zone,
			"tags":              tfkit.Fn("merge", tags, map[string]string{"Name": fmt.Sprintf("%s-public-%s", name, zone)}),
		}))
	}
	return n
}

func (n *network) subnetIDs() []tfkit.Expr {
	ids := make([]tfkit.Expr, len(n.Subnets))
	for i, s := range n.Subnets {
		ids[i] = s.Ref("id")
	}
	return ids
}
