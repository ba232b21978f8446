package load

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"

	"github.com/tfkit/tfkit/tffile"
)

// textEncodeBase64Func is Terraform's textencodebase64(string, encoding):
// the string in the named character encoding, base64-encoded.
var textEncodeBase64Func = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "string", Type: cty.String}, {Name: "encoding", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		enc, err := textEncoding(args[1].AsString())
		if err != nil {
			return cty.NilVal, function.NewArgError(1, err)
		}
		out, err := enc.NewEncoder().String(args[0].AsString())
		if err != nil {
			canonical, _ := ianaindex.IANA.Name(enc)
			return cty.NilVal, function.NewArgErrorf(0, "the given string contains characters that cannot be represented in %s", canonical)
		}
		return cty.StringVal(base64.StdEncoding.EncodeToString([]byte(out))), nil
	},
})

// textDecodeBase64Func is Terraform's textdecodebase64(source, encoding):
// base64-decoded bytes read as text in the named character encoding.
var textDecodeBase64Func = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "source", Type: cty.String}, {Name: "encoding", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		enc, err := textEncoding(args[1].AsString())
		if err != nil {
			return cty.NilVal, function.NewArgError(1, err)
		}
		raw, err := base64.StdEncoding.DecodeString(args[0].AsString())
		var corrupt base64.CorruptInputError
		if errors.As(err, &corrupt) {
			return cty.NilVal, function.NewArgErrorf(0, "the given value is has an invalid base64 symbol at offset %d", int(corrupt))
		}
		if err != nil {
			return cty.NilVal, function.NewArgErrorf(0, "invalid base64: %v", err)
		}
		out, err := enc.NewDecoder().Bytes(raw)
		if err != nil {
			return cty.NilVal, function.NewArgErrorf(0, "the bytes are not valid %s", args[1].AsString())
		}
		return cty.StringVal(strings.ToValidUTF8(string(out), "\ufffd")), nil
	},
})

func textEncoding(name string) (encoding.Encoding, error) {
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("%q is not a supported IANA encoding name or alias in this Terraform version", name)
	}
	return enc, nil
}

// templateStringFunc is Terraform's templatestring(template, vars): a
// string read from elsewhere (a reference, never a literal) holding a
// template, rendered with vars and the other functions (not
// templatestring or templatefile themselves).
func templateStringFunc(funcs map[string]function.Function, both bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "template", Type: customdecode.ExpressionClosureType}, {Name: "vars", Type: cty.DynamicPseudoType}},
		Type:   function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			tmpl, err := templateStringArg(args[0])
			if err != nil {
				return cty.NilVal, err
			}
			tmpl, marks := tmpl.Unmark()
			if !tmpl.IsKnown() {
				return cty.UnknownVal(cty.String).WithMarks(marks), nil
			}
			v, err := renderTemplate([]byte(tmpl.AsString()), "<templatestring argument>", args[1], funcs, both)
			if err != nil {
				return cty.NilVal, err
			}
			return v.WithMarks(marks), nil
		},
	})
}

// providerFunc stands for a provider-defined function
// (provider::aws::arn_parse): only the provider computes it, so its result
// is unknown, with the reason, of the return type the provider's schema
// declares when it is known.
func providerFunc(name string, ret cty.Type) function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "args", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowDynamicType: true},
		Type:     function.StaticReturnType(ret),
		Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
			return cty.UnknownVal(ret).Mark(reason(name + " is a provider-defined function; only the provider computes it")), nil
		},
	})
}

// addProviderFuncs registers the provider-defined functions expr calls
// that mi's function table lacks, and reports whether it added any. They
// are added when first met rather than up front: few configurations call
// them. The built-in provider's are never added this way: a module that
// does not declare it in required_providers cannot call them, as in
// Terraform (explainUnknownFuncs words the error).
func (e *evaluator) addProviderFuncs(mi *modInst, expr hcl.Expression) bool {
	syn, ok := expr.(hclsyntax.Node)
	if !ok || e.readonly {
		return false
	}
	if e.g != nil {
		if _, walked := e.g.vars[expr]; walked && !e.g.providerCalls[expr] {
			// variablesOf looked and found no provider function.
			return false
		}
	}
	table := e.funcsOf(mi)
	added := false
	hclsyntax.VisitAll(syn, func(n hclsyntax.Node) hcl.Diagnostics {
		call, ok := n.(*hclsyntax.FunctionCallExpr)
		if !ok || !strings.HasPrefix(call.Name, "provider::") {
			return nil
		}
		if _, known := table[call.Name]; known {
			return nil
		}
		if parts := strings.Split(call.Name, "::"); len(parts) == 3 && mi != nil {
			if src, declared := mi.mod.Providers[parts[1]]; strings.EqualFold(src, builtinProvider) || !declared && parts[1] == "terraform" {
				return nil
			}
		}
		if !e.providerFuncDeclared(mi, call.Name) {
			return nil // an unknown function, worded by explainUnknownFuncs
		}
		// Deferred bodies may read the table (async.go).
		e.finishAsync()
		table[call.Name] = providerFunc(call.Name, e.providerFuncType(call.Name))
		added = true
		return nil
	})
	return added
}

// providerFuncDeclared says whether name (provider::NAME::FUNC, with
// OpenTofu also provider::NAME::ALIAS::FUNC) can be a function of a
// provider mi's module declares in required_providers, as the engines
// require: one the provider's schema, when given, lists.
func (e *evaluator) providerFuncDeclared(mi *modInst, name string) bool {
	parts := strings.Split(name, "::")
	if len(parts) != 3 && (len(parts) != 4 || e.opts.Engine != tffile.OpenTofu) {
		return false
	}
	if mi == nil {
		return true
	}
	src, declared := mi.mod.Providers[parts[1]]
	if !declared {
		return false
	}
	fn := parts[len(parts)-1]
	for _, p := range e.opts.Providers {
		if !sameSource(p.Source, src) {
			continue
		}
		for _, f := range p.Functions {
			if f.Name == fn {
				return true
			}
		}
		return false
	}
	return true
}

// sameSource says whether two provider source addresses name the same
// provider, the default registry written out or not.
func sameSource(a, b string) bool {
	const registry = "registry.terraform.io/"
	a, b = strings.ToLower(a), strings.ToLower(b)
	return strings.TrimPrefix(a, registry) == strings.TrimPrefix(b, registry)
}

// providerFuncType is the return type the provider schemas given in the
// options declare for provider::NAME::FUNC, else any type.
func (e *evaluator) providerFuncType(name string) cty.Type {
	parts := strings.Split(name, "::")
	if len(parts) != 3 {
		return cty.DynamicPseudoType
	}
	for _, p := range e.opts.Providers {
		if p.Name() != parts[1] {
			continue
		}
		for _, f := range p.Functions {
			if f.Name == parts[2] && f.ReturnType != cty.NilType {
				return f.ReturnType
			}
		}
	}
	return cty.DynamicPseudoType
}
