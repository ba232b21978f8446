package config

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

// typeexprWithDefaults reads a variable type constraint, including
// optional() attributes with defaults, the way Terraform does.
func typeexprWithDefaults(e hcl.Expression) (cty.Type, *typeexpr.Defaults, hcl.Diagnostics) {
	return typeexpr.TypeConstraintWithDefaults(e)
}
