package config

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

// VariableType reads a variable's type constraint the way the engines do:
// a type expression, with optional() attributes and their defaults, and
// the shorthands of Terraform 0.11, bare list and map, which mean
// list(any) and map(any).
func VariableType(e hcl.Expression) (cty.Type, *typeexpr.Defaults, hcl.Diagnostics) {
	switch hcl.ExprAsKeyword(e) {
	case "list":
		return cty.List(cty.DynamicPseudoType), nil, nil
	case "map":
		return cty.Map(cty.DynamicPseudoType), nil, nil
	}
	return typeexpr.TypeConstraintWithDefaults(e)
}
