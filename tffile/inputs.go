package tffile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// ReadModule reads the interface of the module whose configuration files
// are in dir: its inputs (variable blocks) and outputs, in declaration
// order, from the configuration as Terraform sees it (override files
// merged). Object-typed inputs keep their full structure, optional()
// attributes and defaults. A directory without configuration files is a
// module without inputs or outputs. ReadModuleFor reads it as another
// engine does.
func ReadModule(dir string) (*schema.Module, diag.Diagnostics) {
	return ReadModuleFor(dir, Terraform)
}

// ReadModuleFor is ReadModule for engine e, with the files e reads
// (DirNamesFor): with OpenTofu, .tofu and .tofu.json files count, and
// x.tofu hides x.tf.
func ReadModuleFor(dir string, e Engine) (*schema.Module, diag.Diagnostics) {
	primary, overrides, err := DirNamesFor(dir, e)
	if err != nil {
		return nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Cannot read module directory", Detail: err.Error()}}
	}
	var diags diag.Diagnostics
	var srcs []Source
	for _, n := range append(primary, overrides...) {
		p := filepath.Join(dir, n)
		src, err := os.ReadFile(p)
		if err != nil {
			diags = append(diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Cannot read module file", Detail: err.Error()})
			continue
		}
		srcs = append(srcs, Source{Name: p, Src: src})
	}
	mod := &schema.Module{}
	if len(srcs) == 0 {
		return mod, diags
	}
	m, ds := Read(srcs, Options{Engine: e})
	diags = append(diags, ds...)
	for _, b := range m.Config.Blocks {
		if len(b.Labels) != 1 {
			// The reader has said what is wrong with the block.
			continue
		}
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
	return mod, diags
}

// readInput reads a variable block; nil when its type or default cannot
// be read, which leaves the input out.
func readInput(b *config.Block) (*schema.Input, diag.Diagnostics) {
	var diags diag.Diagnostics
	in := &schema.Input{Name: b.Labels[0], Type: cty.DynamicPseudoType, Nullable: true}
	if a := b.Body.Attribute("type"); a != nil {
		x, ds := source(a)
		if ds != nil {
			return nil, append(diags, ds...)
		}
		ty, defaults, hds := config.VariableType(x)
		if hds.HasErrors() {
			return nil, append(diags, diag.FromHCL(hds)...)
		}
		in.Type, in.Defaults = ty, defaults
	}
	if a := b.Body.Attribute("description"); a != nil {
		diags = append(diags, literal(a, cty.String, func(v cty.Value) { in.Description = v.AsString() })...)
	}
	if a := b.Body.Attribute("sensitive"); a != nil {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { in.Sensitive = v.True() })...)
	}
	if a := b.Body.Attribute("nullable"); a != nil {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { in.Nullable = v.True() })...)
	}
	if a := b.Body.Attribute("ephemeral"); a != nil {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { in.Ephemeral = v.True() })...)
	}
	if a := b.Body.Attribute("default"); a != nil {
		x, ds := source(a)
		if ds != nil {
			return nil, append(diags, ds...)
		}
		v, hds := x.Value(nil)
		if hds.HasErrors() {
			return nil, append(diags, diag.FromHCL(hds)...)
		}
		if in.Defaults != nil {
			v = in.Defaults.Apply(v)
		}
		conv, err := convert.Convert(v, in.Type)
		if err != nil {
			d := InvalidDefault(in.Type, err, x.Range())
			d.Path = "var." + in.Name + ".default"
			return nil, append(diags, d)
		}
		in.Default = conv
	}
	return in, diags
}

// InvalidDefault is the error for a variable's default that its type
// constraint ty does not accept, at subject (the default), in the
// engines' words; err, from converting the default to ty, says why. The
// hint is the type the default must have. Path is the caller's to set.
func InvalidDefault(ty cty.Type, err error, subject hcl.Range) *diag.Diagnostic {
	msg := err.Error()
	var pe cty.PathError
	if errors.As(err, &pe) && len(pe.Path) > 0 {
		// Where in the value, as the engines write it: .x: or [0]:.
		msg = pathText(pe.Path) + ": " + msg
	}
	return &diag.Diagnostic{
		Severity:   diag.Error,
		Summary:    "Invalid default value for variable",
		Detail:     fmt.Sprintf("This default value is not compatible with the variable's type constraint: %s.", msg),
		Subject:    &subject,
		Suggestion: fmt.Sprintf("give a default of type %s, or change the type", typeexpr.TypeString(ty)),
	}
}

// readOutput reads an output block's description and sensitivity.
func readOutput(b *config.Block) (*schema.Output, diag.Diagnostics) {
	var diags diag.Diagnostics
	out := &schema.Output{Name: b.Labels[0]}
	if a := b.Body.Attribute("description"); a != nil {
		diags = append(diags, literal(a, cty.String, func(v cty.Value) { out.Description = v.AsString() })...)
	}
	if a := b.Body.Attribute("sensitive"); a != nil {
		diags = append(diags, literal(a, cty.Bool, func(v cty.Value) { out.Sensitive = v.True() })...)
	}
	return out, diags
}

// source is the expression an attribute was read from, which type
// constraints and constants are evaluated from as Terraform does.
func source(a *config.Attribute) (hcl.Expression, diag.Diagnostics) {
	if a.Source != nil {
		return a.Source, nil
	}
	r := a.Range
	return nil, diag.Diagnostics{{
		Severity: diag.Error,
		Summary:  fmt.Sprintf("Invalid value for %q", a.Name),
		Detail:   fmt.Sprintf("%s could not be read.", a.Name),
		Subject:  &r,
	}}
}

// literal evaluates a constant attribute and converts it to want.
func literal(a *config.Attribute, want cty.Type, set func(cty.Value)) diag.Diagnostics {
	x, ds := source(a)
	if ds != nil {
		return ds
	}
	v, hds := x.Value(nil)
	if !hds.HasErrors() {
		var err error
		if v, err = convert.Convert(v, want); err == nil && !v.IsNull() && v.IsKnown() {
			set(v)
			return nil
		}
	}
	r := x.Range()
	return diag.Diagnostics{{
		Severity: diag.Error,
		Summary:  fmt.Sprintf("Invalid value for %q", a.Name),
		Detail:   fmt.Sprintf("%s must be a constant %s.", a.Name, want.FriendlyName()),
		Subject:  &r,
	}}
}

// pathText is a path into a value as the engines print it: .name,
// ["key"], [0].
func pathText(p cty.Path) string {
	var b strings.Builder
	for _, step := range p {
		switch s := step.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			switch {
			case s.Key.Type() == cty.String && s.Key.IsKnown() && !s.Key.IsNull():
				fmt.Fprintf(&b, "[%q]", s.Key.AsString())
			case s.Key.Type() == cty.Number && s.Key.IsKnown() && !s.Key.IsNull():
				b.WriteString("[" + s.Key.AsBigFloat().Text('f', -1) + "]")
			default:
				b.WriteString("[...]")
			}
		}
	}
	return b.String()
}
