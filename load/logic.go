package load

import (
	"strings"

	goversion "github.com/hashicorp/go-version"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/tffile"
)

// Terraform before 1.12 and OpenTofu before 1.10 evaluate both operands
// of && and ||: an error or a null in either operand is an error
// (`var.name == null || length(var.name) > 0` with a null name is "Invalid
// function argument"). Later releases, and the HCL tfkit is built with,
// skip the operand that does not decide. These are HCL's operations that
// skip nothing but an unknown operand beside a known one that decides:
// eval's unknowns are mostly data sources, which the plan reads, and the
// plan's value is then the one decided.
var (
	bothOperandsAnd = &hclsyntax.Operation{Impl: hclsyntax.OpLogicalAnd.Impl, Type: cty.Bool, ShortCircuit: decidedBy(false)}
	bothOperandsOr  = &hclsyntax.Operation{Impl: hclsyntax.OpLogicalOr.Impl, Type: cty.Bool, ShortCircuit: decidedBy(true)}
)

// decidedBy is the short circuit of an operation that a known operand
// equal to decider decides, when the other operand is unknown and neither
// failed.
func decidedBy(decider bool) func(lhs, rhs cty.Value, lhsDiags, rhsDiags hcl.Diagnostics) (cty.Value, hcl.Diagnostics) {
	decides := func(v cty.Value) bool { return v.IsKnown() && !v.IsNull() && v.True() == decider }
	return func(lhs, rhs cty.Value, lhsDiags, rhsDiags hcl.Diagnostics) (cty.Value, hcl.Diagnostics) {
		if lhsDiags.HasErrors() || rhsDiags.HasErrors() {
			return cty.NilVal, nil
		}
		if (!lhs.IsKnown() && decides(rhs)) || (!rhs.IsKnown() && decides(lhs)) {
			return cty.BoolVal(decider), append(lhsDiags, rhsDiags...)
		}
		return cty.NilVal, nil
	}
}

// bothOperands says whether engine at version (as it prints it; "" when
// not known) evaluates both operands of && and ||: Terraform before 1.12,
// OpenTofu before 1.10. An unknown version is taken to be a current
// release, which skips the operand that does not decide.
func bothOperands(engine tffile.Engine, version string) bool {
	v, err := goversion.NewVersion(strings.TrimPrefix(strings.TrimSpace(version), "v"))
	if version == "" || err != nil {
		return false
	}
	first := goversion.Must(goversion.NewVersion("1.12.0"))
	if engine == tffile.OpenTofu {
		first = goversion.Must(goversion.NewVersion("1.10.0"))
	}
	return v.Core().LessThan(first)
}

// evalLogicLike makes the && and || operations in n evaluate both
// operands when both is set (see bothOperands); else they are HCL's. The
// loader calls it on the syntax it has just read, before anything is
// evaluated.
func evalLogicLike(both bool, n hclsyntax.Node) {
	if !both || n == nil {
		return
	}
	hclsyntax.VisitAll(n, func(n hclsyntax.Node) hcl.Diagnostics {
		if b, ok := n.(*hclsyntax.BinaryOpExpr); ok {
			switch b.Op {
			case hclsyntax.OpLogicalAnd:
				b.Op = bothOperandsAnd
			case hclsyntax.OpLogicalOr:
				b.Op = bothOperandsOr
			}
		}
		return nil
	})
}
