package load

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"

	"github.com/tfkit/tfkit/internal/hcldepth"
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
			return cty.NilVal, function.NewArgErrorf(0, "the string contains characters %s cannot represent", args[1].AsString())
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
		return nil, fmt.Errorf("%q is not a supported IANA character encoding name (such as UTF-16LE, ISO-8859-1, SHIFT_JIS)", name)
	}
	return enc, nil
}

// templateStringFunc is Terraform's templatestring(template, vars): a string
// holding a template, rendered with vars and the other functions (not
// templatestring or templatefile themselves).
func templateStringFunc(funcs map[string]function.Function) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "template", Type: cty.String}, {Name: "vars", Type: cty.DynamicPseudoType}},
		Type:   function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			src := []byte(args[0].AsString())
			hd := hcldepth.Template(src, "<templatestring>", hcl.InitialPos)
			var expr hclsyntax.Expression
			if !hd.HasErrors() {
				expr, hd = hclsyntax.ParseTemplate(src, "<templatestring>", hcl.InitialPos)
			}
			if hd.HasErrors() {
				return cty.NilVal, function.NewArgErrorf(0, "invalid template: %s", hd.Error())
			}
			vars := args[1]
			if !vars.Type().IsObjectType() && !vars.Type().IsMapType() {
				return cty.NilVal, function.NewArgErrorf(1, "must be a map or object")
			}
			if !vars.IsWhollyKnown() {
				return cty.DynamicVal, nil
			}
			fs := make(map[string]function.Function, len(funcs))
			for n, fn := range funcs {
				if n != "templatefile" && n != "templatestring" {
					fs[n] = fn
				}
			}
			ctx := &hcl.EvalContext{Variables: vars.AsValueMap(), Functions: fs}
			for _, tr := range expr.Variables() {
				if _, ok := ctx.Variables[tr.RootName()]; !ok {
					return cty.NilVal, function.NewArgErrorf(1, "vars map does not contain key %q, referenced at %s", tr.RootName(), tr.SourceRange().String())
				}
			}
			v, hd := expr.Value(ctx)
			if hd.HasErrors() {
				return cty.NilVal, function.NewArgErrorf(0, "%s", hd.Error())
			}
			return v, nil
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
// that the table lacks, and reports whether it added any. They are added
// when first met rather than up front: few configurations call them.
func (e *evaluator) addProviderFuncs(expr hcl.Expression) bool {
	syn, ok := expr.(hclsyntax.Node)
	if !ok {
		return false
	}
	added := false
	hclsyntax.VisitAll(syn, func(n hclsyntax.Node) hcl.Diagnostics {
		call, ok := n.(*hclsyntax.FunctionCallExpr)
		if !ok || !strings.HasPrefix(call.Name, "provider::") {
			return nil
		}
		if _, known := e.funcs[call.Name]; known || e.readonly {
			return nil
		}
		e.funcs[call.Name] = providerFunc(call.Name, e.providerFuncType(call.Name))
		added = true
		return nil
	})
	return added
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
