package load

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/schema"
)

// asyncConfig has resources that nothing reads, whose bodies are deferred
// (async.go), beside ones that are read (whose instances are shared with
// those goroutines), locals and module instances; the
// deferred bodies have errors and read whole objects, and some resources
// stay on the walk: an undeclared reference (found while the scopes are
// built), a provider function (which ends the deferring), a dynamic block
// and conditions.
var asyncConfig = map[string]string{"main.tf": `
variable "n" { default = 6 }

terraform {
  required_providers {
    time = { source = "hashicorp/time" }
  }
}

locals {
  keys = { for i in range(var.n) : format("k%02d", i) => i }
  bad  = tonumber("x")
}

resource "null_resource" "read" {
  count    = 4
  triggers = { name = "r-${count.index}" }
  bad      = count.index % 3 == 0 ? tonumber("r${count.index}") : 0
}

resource "null_resource" "counted" {
  count = var.n
  triggers = {
    name  = "n-${count.index}"
    peer  = null_resource.read[count.index % 3].triggers.name
    bad   = count.index == 4 ? tonumber("x${count.index}") : count.index
    whole = null_resource.read[0]
  }
  setting "fixed" {
    value = count.index
    label = local.keys["k00"]
  }
}

resource "null_resource" "each" {
  for_each = local.keys
  triggers = {
    key   = each.key
    owner = null_resource.read[each.value % 3].owner
    bad   = each.value == 2 ? local.nope : "ok"
  }
}

resource "null_resource" "undeclared" {
  triggers = { a = var.missing, b = local.bad }
}

resource "null_resource" "late" {
  count    = 2
  triggers = { i = count.index, bad = tonumber("y") }
}

resource "null_resource" "dyn" {
  dynamic "rule" {
    for_each = ["p", "q"]
    content {
      port = length(rule.value) + var.n
    }
  }
}

resource "null_resource" "cond" {
  count = 2
  lifecycle {
    precondition {
      condition     = count.index != 1
      error_message = "not 1"
    }
  }
}

resource "time_static" "t" {
  rfc3339 = "2026-11-22T00:00:00Z"
}

# Last in the walk's order, after everything deferred.
resource "terraform_data" "with_function" {
  count = 2
  input = { y = provider::time::rfc3339_parse("2026-11-22T00:00:00Z").year }
  other = tonumber("z${count.index}")
}

resource "null_resource" "z_last" {
  for_each = local.keys
  triggers = { k = each.key, bad = each.value == 5 ? tonumber("w") : 0 }
}

module "m" {
  source   = "./m"
  for_each = toset(["a", "b", "c"])
  name     = each.key
}

output "names" {
  value = { for k, m in module.m : k => m.out }
}
`, "m/main.tf": `
variable "name" {}

resource "null_resource" "r" {
  count = 2
  triggers = {
    name = "${var.name}-${count.index}"
    bad  = var.name == "b" ? tonumber("x") : 1
  }
}

resource "null_resource" "s" {
  triggers = { first = local.first }
}

locals {
  first = "${var.name}-first"
  undef = var.name == "c" ? local.nope : 2
}

output "out" {
  value = [local.first, local.undef]
}
`}

// TestAsyncSameAsSequential: deferring the bodies of resources nothing
// reads, and sharing the instances of those read, gives the same view and
// the same diagnostics, in the same order, as evaluating them on the walk.
func TestAsyncSameAsSequential(t *testing.T) {
	dir := writeFiles(t, asyncConfig)
	f, err := os.Open(filepath.Join("..", "schema", "testdata", "providers", "time-0.14.2.json"))
	if err != nil {
		t.Fatal(err)
	}
	providers, err := schema.ReadProviders(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	run := func(async bool, procs int) (string, string) {
		saved, savedProcs := asyncBodies, runtime.GOMAXPROCS(procs)
		defer func() { asyncBodies = saved; runtime.GOMAXPROCS(savedProcs) }()
		asyncBodies = async
		view, ds := Dir(dir, Options{Providers: providers})
		var diags []string
		for _, d := range ds {
			diags = append(diags, d.Error())
		}
		return string(view.JSON()), strings.Join(diags, "\n")
	}
	seqView, seqDiags := run(false, 1)
	for range 5 {
		asyncView, asyncDiags := run(true, 4)
		if seqView != asyncView {
			t.Fatalf("views differ:\n--- sequential\n%s\n--- deferred\n%s", seqView, asyncView)
		}
		if seqDiags != asyncDiags {
			t.Fatalf("diagnostics differ:\n--- sequential\n%s\n--- deferred\n%s", seqDiags, asyncDiags)
		}
	}
	for _, want := range []string{
		`(at null_resource.counted[4].triggers)`,
		`(at null_resource.read[0].bad)`,
		`(at null_resource.read[3].bad)`,
		`(at null_resource.each["k00"].triggers)`,
		`(at null_resource.undeclared.triggers)`,
		`(at null_resource.late[1].triggers)`,
		`(at terraform_data.with_function[1].other)`,
		`(at null_resource.z_last["k05"].triggers)`,
		`(at module.m["b"].null_resource.r[0].triggers)`,
		`(at module.m["c"].local.undef)`,
		`Resource precondition failed (at null_resource.cond[1]); not 1`,
	} {
		if !strings.Contains(seqDiags, want) {
			t.Errorf("diagnostics lack %s:\n%s", want, seqDiags)
		}
	}
	for _, want := range []string{`"port": 7`, `"peer": "r-1"`, `"label": 0`, `"input": {"y": null}`} {
		if !strings.Contains(seqView, want) {
			t.Errorf("view lacks %s", want)
		}
	}
}
