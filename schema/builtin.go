package schema

import "github.com/zclconf/go-cty/cty"

// BuiltinSource is the source address of the engines' built-in provider,
// which has terraform_data and terraform_remote_state.
const BuiltinSource = "terraform.io/builtin/terraform"

// Builtin returns the schema of the built-in provider's resource and data
// source (terraform providers schema -json and tofu's say the same). The
// engines always know it and no provider schema holds it, so checks
// against schemas add it. Each call returns a new value.
func Builtin() *Provider {
	return &Provider{
		Source: BuiltinSource,
		Config: &Block{},
		Resources: []*Resource{{Type: "terraform_data", Block: &Block{Attributes: []*Attribute{
			{Name: "id", Type: cty.String, Computed: true},
			{Name: "input", Type: cty.DynamicPseudoType, Optional: true},
			{Name: "output", Type: cty.DynamicPseudoType, Computed: true},
			{Name: "triggers_replace", Type: cty.DynamicPseudoType, Optional: true},
		}}}},
		DataSources: []*Resource{{Type: "terraform_remote_state", Block: &Block{Attributes: []*Attribute{
			{Name: "backend", Type: cty.String, Required: true},
			{Name: "config", Type: cty.DynamicPseudoType, Optional: true},
			{Name: "defaults", Type: cty.DynamicPseudoType, Optional: true},
			{Name: "outputs", Type: cty.DynamicPseudoType, Computed: true},
			{Name: "workspace", Type: cty.String, Optional: true},
		}}}},
	}
}
