package tfkit_test

import (
	"strings"
	"testing"

	"github.com/tfkit/tfkit"
)

// settings is a composite that declares the terraform block after a
// resource of its own.
func settings(s *tfkit.Stack) {
	tfkit.Helper()
	tfkit.NewResource(s, "null_resource", "marker", nil)
	tfkit.NewTerraform(s, tfkit.TerraformConfig{RequiredVersion: ">= 1.5"})
}

// TestTerraformBlockFirst: the terraform block is written first whatever
// order it was declared in, the other blocks keeping theirs.
func TestTerraformBlockFirst(t *testing.T) {
	_, s := newStack(t)
	tfkit.NewResource(s, "null_resource", "a", nil)
	settings(s)
	tfkit.NewProvider(s, "null", nil).Source("hashicorp/null", "2.1.2")
	got := stackHCL(t, s)
	var order []string
	for _, l := range strings.Split(got, "\n") {
		if l != "" && l[0] != ' ' && l[0] != '}' {
			order = append(order, l)
		}
	}
	want := []string{`terraform {`, `resource "null_resource" "a" {}`, `resource "null_resource" "marker" {}`, `provider "null" {}`}
	if strings.Join(order, "\n") != strings.Join(want, "\n") {
		t.Errorf("blocks in the order\n%s\nwant\n%s\n\n%s", strings.Join(order, "\n"), strings.Join(want, "\n"), got)
	}
	if !strings.Contains(got, `required_version = ">= 1.5"`) || !strings.Contains(got, `source  = "hashicorp/null"`) {
		t.Errorf("the terraform block lost a setting:\n%s", got)
	}
}
