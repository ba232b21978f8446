package load

import (
	"strconv"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// Ephemeral values, as Terraform tracks them.
//
// An ephemeral value carries ephemeralMark: the value of a variable
// declared ephemeral = true, of a child module's output declared
// ephemeral = true, what is read from an ephemeral resource, and
// terraform.applying. The mark
// travels through functions and operators as sensitivity does. Such a
// value is never written to a plan or state, so where it would be, the
// engines refuse it: a module argument for a variable not declared
// ephemeral, an output not declared ephemeral (a root module's outputs
// cannot be), an argument of the built-in provider's resources
// (terraform_data's input and triggers_replace), and count or for_each,
// which make the instance keys. ephemeralasnull() turns
// each ephemeral part of a value into null.

// ephemerality is the type of ephemeralMark.
type ephemerality string

// ephemeralMark marks an ephemeral value.
const ephemeralMark = ephemerality("ephemeral")

// containsEphemeral says whether v or a part of it is ephemeral.
func containsEphemeral(v cty.Value) bool {
	if !v.ContainsMarked() {
		return false
	}
	_, pvms := v.UnmarkDeepWithPaths()
	for _, pvm := range pvms {
		if _, ok := pvm.Marks[ephemeralMark]; ok {
			return true
		}
	}
	return false
}

// ephemeralAsNullFunc is Terraform's ephemeralasnull: every ephemeral
// part of the value, known or not, becomes a null of its type; the rest
// is kept.
var ephemeralAsNullFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType,
		AllowUnknown: true, AllowNull: true, AllowMarked: true, AllowDynamicType: true}},
	Type: func(args []cty.Value) (cty.Type, error) { return args[0].Type(), nil },
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return cty.Transform(args[0], func(_ cty.Path, v cty.Value) (cty.Value, error) {
			if v.HasMark(ephemeralMark) {
				return cty.NullVal(v.Type()), nil
			}
			return v, nil
		})
	},
})

// ephemeralNotAllowed reports an ephemeral value where the engines keep
// values in the plan or state, in the words of the engine: for the
// variable name (variable true) or the output at rng.
func (e *evaluator) ephemeralNotAllowed(rng hcl.Range, path, name string, variable bool) {
	summary := "Ephemeral value not allowed"
	detail := "This output value is not declared as returning an ephemeral value, so it cannot be set to a result derived from an ephemeral value."
	fix := "declare the output with ephemeral = true (child modules only), or pass the value through ephemeralasnull()"
	switch {
	case variable && e.opts.Engine == tffile.OpenTofu:
		summary, detail = "Variable does not allow ephemeral value", "The value used for the variable "+strconv.Quote(name)+" is ephemeral, but it is not configured to allow one."
	case variable:
		detail = "This input variable is not declared as accepting a ephemeral values, so it cannot be set to a result derived from an ephemeral value."
	case e.opts.Engine == tffile.OpenTofu:
		summary, detail = "Output does not allow ephemeral value", "The value that was generated for the output is ephemeral, but it is not configured to allow one."
	}
	if variable {
		fix = "declare the variable with ephemeral = true, or pass a value that is not ephemeral"
	}
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary,
		Detail: detail, Subject: &rng, Path: path, Suggestion: fix})
}

// ephemeralRootOutput reports an output of the root module declared
// ephemeral, which only a child module's may be.
func (e *evaluator) ephemeralRootOutput(rng hcl.Range, path string) {
	summary, detail := "Ephemeral output not allowed", "Ephemeral outputs are not allowed in context of a root module"
	if e.opts.Engine == tffile.OpenTofu {
		summary, detail = "Invalid output configuration", "Root modules are not allowed to have outputs defined as ephemeral"
	}
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &rng, Path: path,
		Suggestion: "remove ephemeral = true: only a child module's outputs may be ephemeral"})
}

// checkEphemeralArgs reports the arguments of a built-in provider's
// resource instance (attrs, evaluated from b) that hold ephemeral values:
// none of them is write-only, so the engines refuse them.
func (e *evaluator) checkEphemeralArgs(b *Body, attrs cty.Value, addr string) {
	if !attrs.ContainsMarked() || !attrs.Type().IsObjectType() {
		return
	}
	uv, _ := attrs.Unmark()
	for _, a := range b.Attrs {
		if !uv.Type().HasAttribute(a.Name) || !containsEphemeral(uv.GetAttr(a.Name)) {
			continue
		}
		summary := "Invalid use of ephemeral value"
		detail := "Ephemeral values are not valid for \"" + a.Name + "\", because it is not a write-only attribute and must be persisted to state."
		if e.opts.Engine == tffile.OpenTofu {
			summary = "Ephemeral value used in non-ephemeral context"
			detail = "Attribute \"." + a.Name + "\" is referencing an ephemeral value but ephemeral values can be referenced only by other ephemeral attributes or by write-only ones."
		}
		r := a.Expr.Range()
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: summary, Detail: detail, Subject: &r,
			Path:       addr + "." + a.Name,
			Suggestion: "set it from values that are not ephemeral, or pass the value through ephemeralasnull()"})
	}
}

// ephemeralExpansion reports an ephemeral count or for_each (what), in
// the engine's words.
func (e *evaluator) ephemeralExpansion(rng hcl.Range, path, what string) {
	detail := "The given \"count\" is derived from an ephemeral value, which means that Terraform cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify the number of resource instances."
	if what == "for_each" {
		detail = "The given \"for_each\" value is derived from an ephemeral value, which means that Terraform cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify a resource's instance keys."
	}
	if e.opts.Engine == tffile.OpenTofu {
		detail = "Ephemeral values, or values derived from ephemeral values, cannot be used as " + what + " arguments. If used, the ephemeral value could be exposed as a resource instance key."
	}
	e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid " + what + " argument", Detail: detail,
		Subject: &rng, Path: path, Suggestion: "make " + what + " from values that are not ephemeral"})
}
