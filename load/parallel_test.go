package load

import (
	"runtime"
	"strings"
	"testing"
)

// TestParallelSameAsSequential: evaluating the instances of a resource on
// several goroutines gives the same view and the same diagnostics, in the
// same order, as evaluating them one after the other.
func TestParallelSameAsSequential(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.tf": `
variable "n" { default = 700 }

locals {
  zones = [{ name = "a" }, { name = "b" }, { name = "c" }]
  all   = null_resource.counted
  keys  = { for i in range(var.n) : format("k%04d", i) => i }
}

resource "null_resource" "counted" {
  count = var.n
  triggers = {
    name  = "n-${count.index}"
    zone  = local.zones[count.index % 3].name
    names = join(",", local.zones[*].name)
    bad   = count.index % 97 == 0 ? tonumber("x${count.index}") : count.index
  }

  static = local.zones[*].name

  setting "fixed" {
    value = count.index
  }

  dynamic "rule" {
    for_each = count.index % 50 == 0 ? ["p", "q"] : []
    labels   = [rule.value]
    content {
      port = count.index + length(rule.value)
    }
  }

  lifecycle {
    postcondition {
      condition     = self.id != ""
      error_message = "no id"
    }
    precondition {
      condition     = count.index != 333
      error_message = "not 333"
    }
  }
}

resource "null_resource" "each" {
  for_each = local.keys
  triggers = {
    key   = each.key
    owner = local.all[each.value].owner
    arn   = local.all[each.value % 10].arn
    undef = each.value == 500 ? var.missing : "ok"
  }
}

module "m" {
  source   = "./m"
  for_each = toset(["a", "b", "c", "d", "e"])
  name     = each.key
}

output "modules" {
  value = { for k, m in module.m : k => m.out }
}

output "owners" {
  value = [for k, r in null_resource.each : r.triggers.owner if startswith(k, "k000")]
}
`, "m/main.tf": `
variable "name" {}

resource "null_resource" "r" {
  count = 3
}

locals {
  rs    = null_resource.r
  first = local.rs[0].owner
  bad   = var.name == "c" ? tonumber("x") : 1
  list  = [for i in range(300) : "${var.name}-${i}"]
  undef = var.name == "d" ? local.nope : 2
}

output "out" {
  value = [local.first, local.bad, length(local.list), local.undef]
}
`})
	run := func(min, procs int) (string, string) {
		saved, savedNodes, savedProcs := parallelMin, parallelNodes, runtime.GOMAXPROCS(procs)
		defer func() { parallelMin, parallelNodes = saved, savedNodes; runtime.GOMAXPROCS(savedProcs) }()
		parallelMin, parallelNodes = min, procs > 1
		view, ds := Dir(dir, Options{})
		var diags []string
		for _, d := range ds {
			diags = append(diags, d.Error())
		}
		return string(view.JSON()), strings.Join(diags, "\n")
	}
	seqView, seqDiags := run(1<<30, 1)
	parView, parDiags := run(2, 4)
	if seqView != parView {
		t.Errorf("views differ")
	}
	if seqDiags != parDiags {
		t.Errorf("diagnostics differ:\n--- sequential\n%s\n--- parallel\n%s", seqDiags, parDiags)
	}
	for _, want := range []string{
		`Invalid function argument (at null_resource.counted[97].triggers)`,
		`Reference to undeclared input variable (at null_resource.each["k0000"].triggers)`,
		`Resource precondition failed (at null_resource.counted[333]); not 333`,
		`(and the same condition in 699 more instances)`,
		`Invalid function argument (at module.m["c"].local.bad)`,
	} {
		if !strings.Contains(seqDiags, want) {
			t.Errorf("diagnostics lack %s:\n%s", want, seqDiags)
		}
	}
	if !strings.Contains(seqView, `"_labels": ["q"], "port": 51`) || !strings.Contains(seqView, `"arn": null`) {
		t.Errorf("view lacks the dynamic blocks or the whole-object reads")
	}
}
