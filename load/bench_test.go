package load

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfkit/tfkit/internal/cputime"
)

// writeGenerated writes the benchmark configuration into dir: a root
// module with 12 resources of its own and 10 calls of one child module,
// each child holding perModule resource instances, half through count and
// half through for_each, with locals chains, string, collection and
// network functions, conditionals and for-expressions. It returns the
// number of resource instances terraform plan would show.
func writeGenerated(t testing.TB, dir string, perModule int) int {
	t.Helper()
	half := perModule / 2
	var root strings.Builder
	root.WriteString(`variable "env" {
  default = "prod"
}

locals {
  base_cidr = "10.0.0.0/8"
  envs      = { for i in range(12) : format("e%02d", i) => i }
}

resource "terraform_data" "root" {
  for_each = local.envs
  input    = { name = "${var.env}-${each.key}", net = cidrsubnet(local.base_cidr, 8, each.value) }
}
`)
	for m := 0; m < 10; m++ {
		fmt.Fprintf(&root, `
module "svc%d" {
  source = "./modules/svc"
  index  = %d
  name   = "svc%d-${var.env}"
  cidr   = terraform_data.root["e%02d"].input.net
  count_n = %d
  each_n  = %d
}
`, m, m, m, m, half, perModule-half)
	}
	root.WriteString(`
output "first_names" {
  value = [module.svc0.names[0], module.svc9.names[0]]
}
`)
	child := `variable "index" { type = number }
variable "name" { type = string }
variable "cidr" { type = string }
variable "count_n" { type = number }
variable "each_n" { type = number }

locals {
  l1      = lower(var.name)
  l2      = "${local.l1}-${var.index}"
  l3      = upper(substr(local.l2, 0, 3))
  l4      = join("-", [local.l3, local.l2])
  zones   = ["a", "b", "c"]
  keys    = slice(flatten([for a in range(ceil(var.each_n / 100)) : [for b in range(100) : format("k%05d", a * 100 + b)]]), 0, var.each_n)
  items   = { for i, k in local.keys : k => { pos = i, zone = local.zones[i % 3] } }
  enabled = var.index % 2 == 0
}

resource "terraform_data" "counted" {
  count = var.count_n
  input = {
    name   = "${local.l4}-${count.index}"
    zone   = element(local.zones, count.index)
    subnet = cidrhost(var.cidr, count.index % 250 + 1)
    tier   = local.enabled ? "even" : "odd"
    tags   = merge({ Name = local.l2 }, count.index % 10 == 0 ? { Tenth = "yes" } : {})
  }
}

resource "terraform_data" "each" {
  for_each = local.items
  input = {
    key   = each.key
    zone  = each.value.zone
    big   = each.value.pos > 100
    parts = split("0", each.key)
    len   = length(each.key)
  }
}

output "names" {
  value = [for r in terraform_data.counted : r.input.name]
}
`
	mustWrite(t, filepath.Join(dir, "main.tf"), root.String())
	mustWrite(t, filepath.Join(dir, "modules", "svc", "main.tf"), child)
	return 12 + 10*perModule
}

func mustWrite(t testing.TB, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGenerated checks the benchmark configuration itself: every instance
// is there with known attributes and no diagnostics.
func TestGenerated(t *testing.T) {
	dir := t.TempDir()
	want := writeGenerated(t, dir, 20)
	view, ds := Dir(dir, Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if len(view.Resources) != want {
		t.Fatalf("%d instances, want %d", len(view.Resources), want)
	}
	for _, r := range view.Resources {
		if u := r.Unknowns(); len(u) > 0 {
			t.Fatalf("%s has unknowns %v", r.Address, u)
		}
	}
	got := view.Outputs["first_names"].Value
	if s := valueJSON(got); s != `["SVC-svc0-prod-0-0", "SVC-svc9-prod-9-0"]` {
		t.Errorf("first_names = %s", s)
	}
}

// benchmarkDir measures load.Dir on the generated configuration. cpu-ns/op
// is the process's CPU time per operation (garbage collection included),
// which a busy machine stretches less than wall time.
func benchmarkDir(b *testing.B, perModule int) {
	dir := b.TempDir()
	n := writeGenerated(b, dir, perModule)
	b.ReportAllocs()
	cpu0, haveCPU := cputime.Process()
	for b.Loop() {
		view, ds := Dir(dir, Options{})
		if len(ds) > 0 || len(view.Resources) != n {
			b.Fatalf("%d instances, %d diagnostics: %v", len(view.Resources), len(ds), ds[:min(len(ds), 2)])
		}
	}
	if cpu1, ok := cputime.Process(); haveCPU && ok {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(n), "instances")
}

func BenchmarkDir10k(b *testing.B) { benchmarkDir(b, 1000) }
func BenchmarkDir50k(b *testing.B) { benchmarkDir(b, 5000) }
