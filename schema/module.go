package schema

import (
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
)

// Module is the interface of a Terraform module: its inputs and outputs.
type Module struct {
	// Source and Version are where the module came from, when known.
	Source, Version string
	Inputs          []*Input  // in declaration order
	Outputs         []*Output // in declaration order
}

// Input is a module input, declared by a `variable` block.
type Input struct {
	Name        string
	Description string
	// Type is the type constraint; cty.DynamicPseudoType when none is given.
	Type cty.Type
	// Defaults holds the defaults of optional() object attributes, or nil.
	Defaults *typeexpr.Defaults
	// Default is the default value; cty.NilVal when there is none, which
	// makes the input required.
	Default   cty.Value
	Sensitive bool
	Nullable  bool
	// Ephemeral inputs take values that are not kept in plans or state.
	Ephemeral bool
}

// Required reports whether callers must set the input.
func (in *Input) Required() bool { return in.Default == cty.NilVal }

// Output is a module output.
type Output struct {
	Name        string
	Description string
	Sensitive   bool
}
