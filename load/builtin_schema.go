package load

import (
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/schema"
)

// builtinSchema is the schema of the built-in provider's resource and
// data source (terraform providers schema -json and tofu's say the same).
// The engines always know it, so eval does too, even without schemas:
// terraform_remote_state's config written as a block and an attribute
// read from terraform_data that it does not have are errors, as in
// terraform validate.
var builtinSchema = &schema.Provider{
	Source: builtinProvider,
	Config: &schema.Block{},
	Resources: []*schema.Resource{{Type: "terraform_data", Block: &schema.Block{Attributes: []*schema.Attribute{
		{Name: "id", Type: cty.String, Computed: true},
		{Name: "input", Type: cty.DynamicPseudoType, Optional: true},
		{Name: "output", Type: cty.DynamicPseudoType, Computed: true},
		{Name: "triggers_replace", Type: cty.DynamicPseudoType, Optional: true},
	}}}},
	DataSources: []*schema.Resource{{Type: "terraform_remote_state", Block: &schema.Block{Attributes: []*schema.Attribute{
		{Name: "backend", Type: cty.String, Required: true},
		{Name: "config", Type: cty.DynamicPseudoType, Optional: true},
		{Name: "defaults", Type: cty.DynamicPseudoType, Optional: true},
		{Name: "outputs", Type: cty.DynamicPseudoType, Computed: true},
		{Name: "workspace", Type: cty.String, Optional: true},
	}}}},
}

// withBuiltinSchema returns ps with the built-in provider's schema added
// when ps does not have it already.
func withBuiltinSchema(ps []*schema.Provider) []*schema.Provider {
	for _, p := range ps {
		if strings.EqualFold(p.Source, builtinProvider) {
			return ps
		}
	}
	return append(ps[:len(ps):len(ps)], builtinSchema)
}
