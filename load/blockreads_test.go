package load

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/tfkit/tfkit/internal/enginetest"
)

// TestBlockReadsMatchPlan: with the real AWS provider, terraform plans an
// EKS cluster whose vpc_config block the configuration writes; what eval
// leaves unknown without a schema (the attributes the provider computes
// inside the block, read directly and through a whole object, and a
// computed block) is unknown in the plan, and what it knows (the subnets
// the block sets) is the planned value.
func TestBlockReadsMatchPlan(t *testing.T) {
	enginetest.SkipShort(t)
	enginetest.RequireProvider(t, "hashicorp/aws", "3.3.0")
	w := enginetest.Workspace(t, map[string]string{"main.tf": `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "3.3.0" }
  }
}
provider "aws" {
  region                      = "us-east-1"
  access_key                  = "plan-only"
  secret_key                  = "plan-only"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
}
resource "aws_eks_cluster" "this" {
  name     = "example"
  role_arn = "arn:aws:iam::123456789012:role/eks"
  vpc_config {
    subnet_ids = ["subnet-a", "subnet-b"]
  }
}
locals {
  cluster = aws_eks_cluster.this
}
output "security_group" {
  value = aws_eks_cluster.this.vpc_config[0].cluster_security_group_id
}
output "vpc_via_local" {
  value = local.cluster.vpc_config[0].vpc_id
}
output "vpc_splat" {
  value = aws_eks_cluster.this.vpc_config[*].vpc_id
}
output "subnets" {
  value = aws_eks_cluster.this.vpc_config[0].subnet_ids
}
output "identity" {
  value = aws_eks_cluster.this.identity
}
`})
	view, ds := Dir(w.Dir, Options{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	w.Init()
	w.Run("plan", "-input=false", "-refresh=false", "-out=tfkit.plan")
	show := w.Run("show", "-json", "tfkit.plan")
	var plan struct {
		OutputChanges map[string]struct {
			After        any `json:"after"`
			AfterUnknown any `json:"after_unknown"`
		} `json:"output_changes"`
	}
	if err := json.Unmarshal([]byte(show.Stdout), &plan); err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range plan.OutputChanges {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) != len(view.Outputs) {
		t.Fatalf("outputs: plan %v, eval %d", names, len(view.Outputs))
	}
	for _, n := range names {
		pc, o := plan.OutputChanges[n], view.Outputs[n]
		planUnknown := pc.AfterUnknown == true
		evalUnknown := len(unknowns(o.Value)) > 0
		if n == "vpc_splat" {
			// The plan marks the element unknown; the list is known.
			planUnknown = pc.AfterUnknown != false
		}
		if planUnknown != evalUnknown {
			t.Errorf("output %s: unknown in the plan %v, in eval %v (%v)", n, planUnknown, evalUnknown, unknowns(o.Value))
			continue
		}
		if !planUnknown {
			var got any
			if err := json.Unmarshal([]byte(valueJSON(o.Value)), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, pc.After) {
				t.Errorf("output %s: eval %v, plan %v", n, got, pc.After)
			}
		}
	}
}
