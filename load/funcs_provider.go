package load

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/schema"
)

// builtinProvider is the source address of Terraform's built-in provider,
// whose functions Terraform computes itself: a module calls them as
// provider::NAME::encode_tfvars once required_providers declares NAME
// with this source (NAME is terraform by convention).
const builtinProvider = schema.BuiltinSource

// builtinProviderFuncs are the built-in provider's functions.
var builtinProviderFuncs = map[string]function.Function{
	"encode_tfvars": encodeTfvarsFunc,
	"decode_tfvars": decodeTfvarsFunc,
	"encode_expr":   encodeExprFunc,
}

// encodeTfvarsFunc is encode_tfvars(value): an object or map as the text
// of a .tfvars file, one attribute per key in name order.
var encodeTfvarsFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType,
		AllowUnknown: true, AllowDynamicType: true, AllowMarked: true}},
	Type: function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].UnmarkDeep()
		ty := v.Type()
		if ty != cty.DynamicPseudoType && !ty.IsObjectType() && !ty.IsMapType() {
			return cty.NilVal, fmt.Errorf("invalid value to encode: must be an object whose attribute names will become the encoded variable names")
		}
		if !v.IsWhollyKnown() {
			return cty.UnknownVal(cty.String).WithMarks(marks), nil
		}
		attrs := v.AsValueMap()
		names := make([]string, 0, len(attrs))
		for n := range attrs {
			if !hclsyntax.ValidIdentifier(n) {
				return cty.NilVal, fmt.Errorf("invalid variable name %q: must be a valid identifier, per Terraform's rules for input variable declarations", n)
			}
			names = append(names, n)
		}
		sort.Strings(names)
		f := hclwrite.NewEmptyFile()
		for _, n := range names {
			f.Body().SetAttributeValue(n, attrs[n])
		}
		return cty.StringVal(string(f.Bytes())).WithMarks(marks), nil
	},
})

// decodeTfvarsFunc is decode_tfvars(src): the text of a .tfvars file as
// an object, each value a constant (no references, no function calls).
var decodeTfvarsFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "src", Type: cty.String, AllowMarked: true}},
	Type:   function.StaticReturnType(cty.DynamicPseudoType),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		s, marks := args[0].Unmark()
		const name = "<decode_tfvars argument>"
		src := []byte(s.AsString())
		hd := hclguard.Config(src, name, hcl.InitialPos)
		var f *hcl.File
		if !hd.HasErrors() {
			f, hd = hclsyntax.ParseConfig(src, name, hcl.InitialPos)
		}
		if hd.HasErrors() {
			return cty.NilVal, fmt.Errorf("invalid tfvars syntax: %s", hd.Error())
		}
		attrs, hd := f.Body.JustAttributes()
		if hd.HasErrors() {
			return cty.NilVal, fmt.Errorf("invalid tfvars syntax: %s", hd.Error())
		}
		out := make(map[string]cty.Value, len(attrs))
		for n, a := range attrs {
			v, hd := a.Expr.Value(nil)
			if hd.HasErrors() {
				return cty.NilVal, fmt.Errorf("invalid expression for variable %q: %s", n, hd.Error())
			}
			out[n] = v
		}
		return cty.ObjectVal(out).WithMarks(marks), nil
	},
})

// encodeExprFunc is encode_expr(value): the value as the text of an HCL
// expression that evaluates to it.
var encodeExprFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType,
		AllowUnknown: true, AllowDynamicType: true, AllowMarked: true}},
	Type: function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].UnmarkDeep()
		if !v.IsWhollyKnown() {
			return cty.UnknownVal(cty.String).WithMarks(marks), nil
		}
		src := hclwrite.Format(hclwrite.TokensForValue(v).Bytes())
		return cty.StringVal(string(src)).WithMarks(marks), nil
	},
})

// builtinProviderNames are the local names under which m's
// required_providers declares the built-in provider.
func builtinProviderNames(m *Module) []string {
	var names []string
	for n, src := range m.Providers {
		if strings.EqualFold(src, builtinProvider) {
			names = append(names, n)
		}
	}
	return names
}

// funcsOf is the function table of mi's module. A module that declares no
// provider has the shared table of the language's functions, which is
// never written: it can call no provider function. Any other has a table
// of its own, shared only with the modules that declare the same providers
// under the same names, since addProviderFuncs adds to it the functions of
// those providers it calls: a module must not see the functions of a
// provider that only another module declares. It is looked up once per
// module and pass.
func (e *evaluator) funcsOf(mi *modInst) map[string]function.Function {
	if mi != nil {
		if f, ok := e.modFuncs[mi.mod]; ok {
			return f
		}
	}
	key := "\x00" // no module: any provider
	if mi != nil {
		if len(mi.mod.Providers) == 0 {
			return e.funcs
		}
		key = providersKey(mi.mod)
	}
	f, ok := e.provFuncs[key]
	if !ok {
		f = maps.Clone(e.funcs)
		if mi != nil {
			for _, n := range builtinProviderNames(mi.mod) {
				for fn, impl := range builtinProviderFuncs {
					f["provider::"+n+"::"+fn] = impl
				}
			}
		}
	}
	if !e.readonly {
		if e.provFuncs == nil {
			e.provFuncs = map[string]map[string]function.Function{}
		}
		e.provFuncs[key] = f
		if mi != nil {
			if e.modFuncs == nil {
				e.modFuncs = map[*Module]map[string]function.Function{}
			}
			e.modFuncs[mi.mod] = f
		}
	}
	return f
}

// providersKey names the providers m declares, with their sources: the
// modules with one key have one function table.
func providersKey(m *Module) string {
	var b strings.Builder
	for _, n := range sortedKeys(m.Providers) {
		b.WriteString(n)
		b.WriteByte('=')
		b.WriteString(strings.ToLower(m.Providers[n]))
		b.WriteByte('\n')
	}
	return b.String()
}

// explainUnknownFuncs words the errors for calls of unknown namespaced
// functions as the engine eval follows does (tofu: OpenTofu): a provider
// function needs its provider in the module's required_providers (the
// built-in one included), and provider:: is the only namespace besides
// core::.
func explainUnknownFuncs(mi *modInst, hd hcl.Diagnostics, tofu bool) {
	for _, d := range hd {
		call, ok := d.Expression.(*hclsyntax.FunctionCallExpr)
		if !ok || d.Summary != "Call to unknown function" || !strings.Contains(call.Name, "::") {
			continue
		}
		parts := strings.Split(call.Name, "::")
		var src string
		declared := false
		if mi != nil && len(parts) > 1 {
			src, declared = mi.mod.Providers[parts[1]]
		}
		last := parts[len(parts)-1]
		switch {
		case parts[0] == "core" && tofu:
			d.Detail = fmt.Sprintf("There is no builtin (core::) function named %q.", strings.Join(parts[1:], "::"))
		case parts[0] != "provider":
			d.Summary = "Unknown provider function"
			d.Detail = fmt.Sprintf("The function namespace %q is not valid. Provider function calls must use the \"provider::\" namespace prefix.", parts[0])
		case tofu && (len(parts) < 3 || len(parts) > 4):
			d.Summary = "Unable to parse provider function"
			d.Detail = fmt.Sprintf("invalid provider function %q: expected provider::<name>::<function> or provider::<name>::<alias>::<function>", call.Name)
		case tofu && !declared && mi != nil:
			d.Summary = "Unknown function provider"
			d.Detail = fmt.Sprintf("Provider %q does not exist within the required_providers of this module", parts[1])
		case tofu:
			d.Summary = "Function not found in provider"
			d.Detail = fmt.Sprintf("Function %q was not registered by provider", call.Name)
		case len(parts) == 2:
			d.Summary = "Unknown provider function"
			d.Detail = "The function call must include the provider name after the \"provider::\" prefix."
		case len(parts) == 3 && declared && strings.EqualFold(src, builtinProvider):
			d.Summary = "Unknown provider function"
			d.Detail = fmt.Sprintf("The function %q is not available from the provider %q.", last, parts[1])
		case mi != nil:
			d.Summary = "Unknown provider function"
			d.Detail = fmt.Sprintf("There is no function named %q. Ensure that provider name %q is declared in this module's required_providers block, and that this provider offers a function named %q.", call.Name, parts[1], last)
		}
	}
}
