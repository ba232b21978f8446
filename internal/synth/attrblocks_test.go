package synth

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/enginetest"
	"github.com/tfkit/tfkit/internal/golden"
	"github.com/tfkit/tfkit/schema"
)

func TestMain(m *testing.M) {
	golden.Main(m, "testdata/*/*")
}

// awsSchema is the aws 3.3.0 schema, kept beside the repository
// (../shared/schemas): its plugin SDK resources declare ingress, egress
// and route as lists or sets of objects that HCL writes as blocks.
var awsSchema = filepath.Join("..", "..", "..", "shared", "schemas", "aws-3.3.0.json")

func readAWSSchema(t testing.TB) []*schema.Provider {
	t.Helper()
	if _, err := os.Stat(awsSchema); err != nil {
		t.Skip("no aws schema at", awsSchema)
	}
	providers, err := schema.ReadProvidersFile(awsSchema)
	if err != nil {
		t.Fatal(err)
	}
	return providers
}

// attributeBlocksSource writes attributes of list or set of objects type
// as blocks every way HCL allows: one block, several, dynamic blocks only,
// blocks mixed with dynamic blocks, blocks inside such a block (emr's
// step and its hadoop_jar_step), dynamic blocks inside one, and an
// attribute written as its value, which stays as it is.
const attributeBlocksSource = `
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "3.3.0"
    }
  }
}

provider "aws" {
  region = "us-east-1"
}

variable "ports" {
  type    = list(number)
  default = [80, 8080]
}

resource "aws_security_group" "once" {
  name = "once"
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
}

resource "aws_security_group" "several" {
  ingress {
    from_port = 443
    to_port   = 443
    protocol  = "tcp"
  }
  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
  }
  ingress {
    from_port   = 80
    to_port     = 80
    protocol    = "tcp"
    description = "http"
  }
}

resource "aws_security_group" "dynamic" {
  dynamic "ingress" {
    for_each = var.ports
    iterator = port
    content {
      from_port = port.value
      to_port   = port.value
      protocol  = "tcp"
    }
  }
}

resource "aws_security_group" "mixed" {
  ingress {
    from_port = 443
    to_port   = 443
    protocol  = "tcp"
  }
  dynamic "ingress" {
    for_each = var.ports
    content {
      from_port = ingress.value
      to_port   = ingress.value
      protocol  = "tcp"
    }
  }
  egress {
    from_port = 0
    to_port   = 0
    protocol  = "-1"
  }
}

resource "aws_security_group" "value" {
  ingress = [{
    from_port        = 22
    to_port          = 22
    protocol         = "tcp"
    cidr_blocks      = null
    description      = null
    ipv6_cidr_blocks = null
    prefix_list_ids  = null
    security_groups  = null
    self             = null
  }]
}

resource "aws_route_table" "main" {
  vpc_id = "vpc-123"
  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = "igw-123"
  }
}

resource "aws_emr_cluster" "nested" {
  name          = "nested"
  release_label = "emr-5.30.0"
  service_role  = "emr"
  step {
    action_on_failure = "CONTINUE"
    name              = "one"
    hadoop_jar_step {
      jar  = "command-runner.jar"
      args = ["state-pusher-script"]
    }
  }
}

resource "aws_emr_cluster" "nested_dynamic" {
  name          = "nested_dynamic"
  release_label = "emr-5.30.0"
  service_role  = "emr"
  step {
    action_on_failure = "CONTINUE"
    name              = "one"
    dynamic "hadoop_jar_step" {
      for_each = ["command-runner.jar"]
      content {
        jar = hadoop_jar_step.value
      }
    }
  }
  dynamic "step" {
    for_each = var.ports
    content {
      action_on_failure = "CONTINUE"
      name              = "port-${step.value}"
      hadoop_jar_step {
        jar = "command-runner.jar"
      }
    }
  }
}
`

// parseConfig reads HCL text into a configuration model.
func parseConfig(t testing.TB, src string) *config.Config {
	t.Helper()
	body, ds := config.ParseBody(src, "main.tf", hcl.Pos{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	cfg := &config.Config{}
	for _, it := range body.Items {
		b, ok := it.(*config.Block)
		if !ok {
			t.Fatalf("top-level item %T", it)
		}
		cfg.Add(b)
	}
	return cfg
}

func synthWithSchemas(t testing.TB, cfg *config.Config, f Format, providers []*schema.Provider) []byte {
	t.Helper()
	o := Options{Format: f}
	if providers != nil {
		o.Schemas = func() ([]*schema.Provider, diag.Diagnostics) { return providers, nil }
	}
	files, err := Files(OneStack("main", cfg), o)
	if err != nil {
		t.Fatal(err)
	}
	return files[f.File()]
}

// In JSON, an attribute that HCL writes as blocks is written as Terraform
// reads it there: an array of objects giving every attribute, null for
// those a block leaves out; dynamic blocks of it stay dynamic blocks, and
// blocks beside dynamic ones (or holding some) become dynamic blocks over
// one element. HCL output keeps the blocks. Both are what the golden files
// hold, and what the real engines accept (TestAttributeBlocksEngine).
func TestAttributeBlocksJSON(t *testing.T) {
	providers := readAWSSchema(t)
	cfg := parseConfig(t, attributeBlocksSource)
	hclBefore := synthWithSchemas(t, cfg, FormatHCL, nil)
	jsonOut := synthWithSchemas(t, cfg, FormatJSON, providers)
	hclOut := synthWithSchemas(t, cfg, FormatHCL, providers)
	golden.Check(t, filepath.Join("testdata", "attrblocks", "main.tf.json"), jsonOut)
	golden.Check(t, filepath.Join("testdata", "attrblocks", "main.tf"), hclOut)
	if !bytes.Equal(hclOut, hclBefore) {
		t.Errorf("HCL output depends on the schemas:\n%s", hclOut)
	}
	// The model the front end gave is left as it was.
	if again := synthWithSchemas(t, cfg, FormatHCL, nil); !bytes.Equal(again, hclBefore) {
		t.Errorf("writing JSON changed the model:\n%s", again)
	}
}

// Without schemas nothing tells an attribute written as blocks from a
// nested block: JSON output writes blocks as blocks, as the model says.
func TestAttributeBlocksJSONWithoutSchemas(t *testing.T) {
	cfg := parseConfig(t, `
resource "aws_security_group" "once" {
  ingress {
    from_port = 443
  }
}
`)
	got := string(synthWithSchemas(t, cfg, FormatJSON, nil))
	want := `{
  "resource": {
    "aws_security_group": {
      "once": {
        "ingress": {
          "from_port": 443
        }
      }
    }
  }
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestAttributeBlocksEngine runs terraform validate (and tofu's) with the
// aws 3.3.0 provider on the HCL and the JSON output: both must be valid.
func TestAttributeBlocksEngine(t *testing.T) {
	enginetest.SkipShort(t)
	providers := readAWSSchema(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	cfg := parseConfig(t, attributeBlocksSource)
	outputs := map[string][]byte{
		"main.tf":      synthWithSchemas(t, cfg, FormatHCL, providers),
		"main.tf.json": synthWithSchemas(t, cfg, FormatJSON, providers),
	}
	enginetest.ForEachEngine(t, func(t *testing.T, engine string) {
		// Workspaces of this t run engine.
		for _, file := range []string{"main.tf", "main.tf.json"} {
			w := enginetest.Workspace(t, map[string]string{file: string(outputs[file])})
			w.Init()
			w.Validate()
		}
	})
}

// The rewrite reaches every body a provider's schema describes: a
// provider block, a check block's data source, blocks nested in a block
// and the content of a dynamic nested block; blocks Terraform owns
// (lifecycle) and bodies of other providers are left alone.
func TestAttributeBlocksEveryBody(t *testing.T) {
	rule := cty.List(cty.Object(map[string]cty.Type{"port": cty.Number, "cidr": cty.String}))
	body := &schema.Block{
		Attributes: []*schema.Attribute{{Name: "rule", Type: rule, Optional: true}},
		Blocks: []*schema.NestedBlock{{Name: "zone", Nesting: schema.NestingList, Block: &schema.Block{
			Attributes: []*schema.Attribute{{Name: "rule", Type: rule, Optional: true}},
		}}},
	}
	providers := []*schema.Provider{{
		Source:      "registry.terraform.io/example/fw",
		Config:      body,
		Resources:   []*schema.Resource{{Type: "fw_wall", Block: body}},
		DataSources: []*schema.Resource{{Type: "fw_wall", Block: body}},
	}}
	cfg := parseConfig(t, `
provider "fw" {
  rule {
    port = 1
  }
}

resource "fw_wall" "w" {
  zone {
    rule {
      port = 2
    }
  }
  dynamic "zone" {
    for_each = [3]
    content {
      rule {
        port = zone.value
      }
    }
  }
  lifecycle {
    create_before_destroy = true
  }
}

resource "other_wall" "o" {
  rule {
    port = 4
  }
}

check "c" {
  data "fw_wall" "d" {
    rule {
      port = 5
    }
  }
  assert {
    condition     = true
    error_message = "no"
  }
}
`)
	got := synthWithSchemas(t, cfg, FormatJSON, providers)
	golden.Check(t, filepath.Join("testdata", "attrblocks-every", "main.tf.json"), got)
	// Only fw's bodies change: other_wall's rule stays a block.
	if n := strings.Count(string(got), `"cidr": null`); n != 4 {
		t.Errorf("%d objects filled with nulls, want 4:\n%s", n, got)
	}
}
