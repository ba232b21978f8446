package render

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestTerraformFmt runs the real `terraform fmt -check` (or tofu's) over
// every HCL golden file: the renderer must write exactly what fmt leaves
// alone. Without an engine the test is skipped, unless
// TFKIT_REQUIRE_ENGINE=1.
func TestTerraformFmt(t *testing.T) {
	engine := enginetest.Engine(t)
	dir := t.TempDir()
	// An empty CLI config: the machine's may not exist, and fmt needs none.
	cliConfig := filepath.Join(dir, "terraformrc")
	if err := os.WriteFile(cliConfig, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	files := filepath.Join(dir, "files")
	if err := os.Mkdir(files, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range goldenCases {
		src, err := os.ReadFile(filepath.Join("testdata", c.name, "main.tf"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(files, c.name+".tf"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(engine, "fmt", "-check", "-diff", "-no-color", files)
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+cliConfig, "CHECKPOINT_DISABLE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s fmt -check: %v; fmt would change the golden files:\n%s", engine, err, out.String())
	}
}

// TestEngineReadsHCLAndJSONAlike renders one model both ways, applies each
// with the real engine and requires the same outputs: the JSON renderer's
// escaping, static references and literal arguments mean to Terraform what
// the HCL means. It needs only the built-in terraform_data resource and the
// null provider from the test mirror.
func TestEngineReadsHCLAndJSONAlike(t *testing.T) {
	cfg := engineCase()
	hclOut, err := HCL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	jsonOut, err := JSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]map[string]enginetest.Output{}
	for name, files := range map[string]map[string]string{
		"hcl":  {"main.tf": string(hclOut)},
		"json": {"main.tf.json": string(jsonOut)},
	} {
		w := enginetest.Workspace(t, files)
		w.Init()
		w.Validate()
		w.Apply()
		outputs[name] = w.Outputs()
		w.Destroy()
	}
	h, j := outputs["hcl"], outputs["json"]
	if len(h) == 0 || len(h) != len(j) {
		t.Fatalf("outputs differ in number: HCL %d, JSON %d", len(h), len(j))
	}
	for name, ho := range h {
		jo := j[name]
		if string(ho.Value) != string(jo.Value) || ho.Sensitive != jo.Sensitive {
			t.Errorf("output %s: HCL gives %s, JSON gives %s", name, ho.Value, jo.Value)
		}
	}
	for name, want := range map[string]string{
		"literal_default": `"a ${literal} and %{directive}"`,
		"escaped":         `"${not} %{not} $x"`,
		"dollar":          `"cost: $5"`,
		"heredoc":         `"line 1\nline 2 \\n DB\n"`,
		"big":             `123456789012345678901234567890`,
	} {
		if got := string(h[name].Value); got != want {
			t.Errorf("output %s = %s, want %s", name, got, want)
		}
	}
}

func engineCase() *config.Config {
	cfg := cfgOf(parsed(`
terraform {
  required_version = ">= 1.7"
  required_providers {
    null = {
      source = "hashicorp/null"
    }
  }
}

variable "servers" {
  type = list(object({ name = string, size = optional(number, 1) }))
  default = [{ name = "web" }, { name = "db", size = 3 }]
  validation {
    condition     = length(var.servers) > 0
    error_message = "At least one server."
  }
}

variable "enabled" {
  type    = bool
  default = true
}

locals {
  names  = [for s in var.servers : upper(s.name)]
  sizes  = { for s in var.servers : s.name => s.size }
  total  = sum([for s in var.servers : s.size]) * 2 - 1
  groups = { for s in var.servers : substr(s.name, 0, 1) => s.name... }
}

resource "terraform_data" "base" {
  input = {
    first = local.names[0]
    count = length(var.servers)
  }
  lifecycle {
    create_before_destroy = true
    precondition {
      condition     = var.enabled
      error_message = "Must be enabled."
    }
    postcondition {
      condition     = self.output != null
      error_message = "No output."
    }
  }
  provisioner "local-exec" {
    command    = "true"
    on_failure = continue
  }
  provisioner "local-exec" {
    when    = destroy
    command = "true"
  }
}

resource "terraform_data" "each" {
  count = 2
  input = "${terraform_data.base.output.first}-${count.index}"
  lifecycle {
    replace_triggered_by = [terraform_data.base]
  }
}

resource "null_resource" "named" {
  for_each = toset(local.names)
  triggers = {
    name = each.key
  }
}

moved {
  from = terraform_data.old
  to   = terraform_data.base
}

removed {
  from = terraform_data.gone
  lifecycle {
    destroy = false
  }
}

check "sizes" {
  assert {
    condition     = local.total > 0
    error_message = "Total ${local.total} must be positive."
  }
}

output "names" {
  value = local.names
}

output "groups" {
  value = local.groups
}

output "each" {
  value = terraform_data.each[*].output
}

output "named" {
  value     = { for k, r in null_resource.named : k => r.triggers.name }
  sensitive = true
}

output "conditional" {
  value = var.enabled ? { on = true } : { on = false }
}

output "total" {
  value = local.total
}
`)...)
	// Forms the renderers convert or escape, built directly.
	literalVar := blk("variable", lbl("literal"),
		at("type", str("string")),
		at("default", str("a ${literal} and %{directive}")),
		at("description", str("Read literally: ${not a template}.")),
	)
	each := cfg.Blocks[5]
	each.Body.Set("depends_on", tup(str("terraform_data.base"), str("null_resource.named")))
	named := cfg.Blocks[6]
	named.Body.AppendBlock(blk("lifecycle", nil, at("ignore_changes", tup(str(`triggers["name"]`)))))
	cfg.Blocks = append(cfg.Blocks[:1:1], append([]*config.Block{literalVar}, cfg.Blocks[1:]...)...)
	cfg.Add(
		blk("output", lbl("literal_default"), at("value", ref("var.literal"))),
		blk("output", lbl("escaped"), at("value", str("${not} %{not} $x"))),
		blk("output", lbl("dollar"), at("value", tpl(str("cost: $"), num(5)))),
		blk("output", lbl("heredoc"), at("value", tpl(str("line 1\nline 2 \\n "), ref("local.names[1]"), str("\n")))),
		blk("output", lbl("big"), at("value", bignum("123456789012345678901234567890")), at("depends_on", tup(str("terraform_data.base"))),
			at("description", str("Literal: ${x}"))),
	)
	return cfg
}
