package schema

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config/hcldepth"
	"github.com/tfkit/tfkit/diag"
)

var moduleFileSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "variable", LabelNames: []string{"name"}},
		{Type: "output", LabelNames: []string{"name"}},
	},
}

var variableSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "type"}, {Name: "default"}, {Name: "description"},
		{Name: "sensitive"}, {Name: "nullable"}, {Name: "ephemeral"},
	},
}

var outputSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "description"}, {Name: "sensitive"}, {Name: "value"}},
}

// ReadModule reads the inputs and outputs of the module whose source files
// (*.tf and *.tf.json, override files excluded) are in dir. Object-typed
// inputs keep their full structure, optional() attributes and defaults.
func ReadModule(dir string) (*Module, diag.Diagnostics) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Cannot read module directory", Detail: err.Error()}}
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") {
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(n, ".json"), ".tf")
		if (strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json")) && base != "override" && !strings.HasSuffix(base, "_override") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	parser := hclparse.NewParser()
	mod := &Module{}
	var diags diag.Diagnostics
	for _, n := range names {
		path := filepath.Join(dir, n)
		var f *hcl.File
		src, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Cannot read module file", Detail: err.Error()})
			continue
		}
		hds := hcldepth.File(src, path)
		if !hds.HasErrors() {
			if strings.HasSuffix(n, ".json") {
				f, hds = parser.ParseJSON(src, path)
			} else {
				f, hds = parser.ParseHCL(src, path)
			}
		}
		diags = append(diags, diag.FromHCL(hds)...)
		if f == nil {
			continue
		}
		content, _, hds := f.Body.PartialContent(moduleFileSchema)
		diags = append(diags, diag.FromHCL(hds)...)
		for _, b := range content.Blocks {
			switch b.Type {
			case "variable":
				in, ds := readInput(b)
				diags = append(diags, ds...)
				if in != nil {
					mod.Inputs = append(mod.Inputs, in)
				}
			case "output":
				out, ds := readOutput(b)
				diags = append(diags, ds...)
				mod.Outputs = append(mod.Outputs, out)
			}
		}
	}
	return mod, diags
}

func readInput(b *hcl.Block) (*Input, diag.Diagnostics) {
	content, hds := b.Body.Content(variableSchema)
	diags := diag.FromHCL(hds)
	in := &Input{Name: b.Labels[0], Type: cty.DynamicPseudoType, Nullable: true}
	if a, ok := content.Attributes["type"]; ok {
		ty, defaults, hds := typeexpr.TypeConstraintWithDefaults(a.Expr)
		if hds.HasErrors() {
			return nil, append(diags, diag.FromHCL(hds)...)
		}
		in.Type, in.Defaults = ty, defaults
	}
	if a, ok := content.Attributes["description"]; ok {
		diags = append(diags, literal(a, cty.String, func(v cty.Value) { in.Description = v.AsString() })...)
	}
	if a, ok := content.Attributes["sensitive"]; ok {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { in.Sensitive = v.True() })...)
	}
	if a, ok := content.Attributes["nullable"]; ok {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { in.Nullable = v.True() })...)
	}
	if a, ok := content.Attributes["default"]; ok {
		v, hds := a.Expr.Value(nil)
		if hds.HasErrors() {
			return nil, append(diags, diag.FromHCL(hds)...)
		}
		if in.Defaults != nil {
			v = in.Defaults.Apply(v)
		}
		conv, err := convert.Convert(v, in.Type)
		if err != nil {
			r := a.Expr.Range()
			return nil, append(diags, &diag.Diagnostic{
				Severity: diag.Error,
				Summary:  "Invalid default value for variable",
				Detail:   fmt.Sprintf("The default of %q does not match its type %s: %s.", in.Name, typeexpr.TypeString(in.Type), err),
				Subject:  &r,
				Path:     "var." + in.Name + ".default",
			})
		}
		in.Default = conv
	}
	return in, diags
}

func readOutput(b *hcl.Block) (*Output, diag.Diagnostics) {
	content, _, hds := b.Body.PartialContent(outputSchema)
	diags := diag.FromHCL(hds)
	out := &Output{Name: b.Labels[0]}
	if a, ok := content.Attributes["description"]; ok {
		diags = append(diags, literal(a, cty.String, func(v cty.Value) { out.Description = v.AsString() })...)
	}
	if a, ok := content.Attributes["sensitive"]; ok {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { out.Sensitive = v.True() })...)
	}
	return out, diags
}

// literal evaluates a constant attribute and converts it to want.
func literal(a *hcl.Attribute, want cty.Type, set func(cty.Value)) diag.Diagnostics {
	v, hds := a.Expr.Value(nil)
	if !hds.HasErrors() {
		var err error
		if v, err = convert.Convert(v, want); err == nil && !v.IsNull() && v.IsKnown() {
			set(v)
			return nil
		}
	}
	r := a.Expr.Range()
	return diag.Diagnostics{{
		Severity: diag.Error,
		Summary:  fmt.Sprintf("Invalid value for %q", a.Name),
		Detail:   fmt.Sprintf("%s must be a constant %s.", a.Name, want.FriendlyName()),
		Subject:  &r,
	}}
}
