package golang

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/schema"
)

// ModuleOptions tune a generated module package.
type ModuleOptions struct {
	// Package is the Go package name (required; see PackageName).
	Package string
	// Source and Version are written into every module call.
	Source, Version string
}

// TypeDoc is the doc comment of the Module type.
func (m moduleData) TypeDoc() []string {
	return []string{"Module is a module call of " + m.Source + "."}
}

// moduleData is what zz_module.go is made from.
type moduleData struct {
	Header  string
	Package string
	Source  string
	Version string
	Inputs  *structData
	// Objects are the structs of object-typed inputs, parents before
	// the objects nested in them.
	Objects []*structData
	Outputs []*getterData
}

// GenerateModule returns the Go package for one module: zz_module.go with a
// Module handle, an Inputs struct (one field per variable, typed after its
// type constraint), a struct per object type in the inputs and a getter per
// output.
func GenerateModule(m *schema.Module, opts ModuleOptions) ([]File, error) {
	if opts.Package == "" {
		panic("golang: GenerateModule needs a package name")
	}
	fields := newScope()
	var names []string
	for _, in := range m.Inputs {
		names = append(names, in.Name)
	}
	goNames := fields.claimAll(names, "Input")
	objects := &objectTypes{names: newScope("Module", "Inputs", "New", "ModuleSource", "ModuleVersion")}
	inputs := &structData{Name: "Inputs", Summary: "are the module's input variables."}
	for _, in := range m.Inputs {
		what := "Required."
		if !in.Required() {
			what = "Optional: the module has a default."
			// A sensitive input's default is not spelled out.
			if d := valueText(in.Default); len(d) <= maxDefaultText && !in.Sensitive {
				what = "Optional; defaults to " + d + "."
			}
		}
		if in.Sensitive {
			what += " Sensitive."
		}
		inputs.Fields = append(inputs.Fields, &fieldData{
			Name:   goNames[in.Name],
			TFName: in.Name,
			GoType: "tfkit.Value[" + objects.goType(in.Type, exported(in.Name), "var."+in.Name, in.Defaults) + "]",
			Doc:    append(docLines(in.Description), what),
		})
	}
	var outNames []string
	for _, o := range m.Outputs {
		outNames = append(outNames, o.Name)
	}
	getterNames := newScope("Module", "Block").claimAll(outNames, "Output")
	var outputs []*getterData
	for _, o := range m.Outputs {
		outputs = append(outputs, &getterData{Name: getterNames[o.Name], TFName: o.Name, Type: "any", Doc: docLines(o.Description)})
	}
	data := moduleData{Header: Header, Package: opts.Package, Source: opts.Source, Version: opts.Version, Inputs: inputs, Objects: objects.structs, Outputs: outputs}
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, "module", data); err != nil {
		panic(fmt.Sprintf("golang: template module: %v", err)) // a bug in the templates
	}
	// The template writes gofmt's layout itself (see templates.go).
	return []File{{Path: "zz_module.go", Data: buf.Bytes()}}, nil
}

// maxDefaultText is the longest default value a doc comment spells out;
// longer ones are only said to exist.
const maxDefaultText = 60

// objectTypes gives the object types of a module's inputs Go structs of
// their own, whose fields are tfkit.Values, as the structs of nested
// attributes are: each field takes a literal or an expression, optional()
// attributes may be left unset, and the struct renders as the object of
// the fields that are set.
type objectTypes struct {
	names   *scope
	structs []*structData
}

// goType is the Go type standing for t in a tfkit.Value; object types
// anywhere in t (in lists, sets, maps or other objects) become structs
// named after prefix. path names the place for doc comments
// (var.subnets[*], var.network.dns); defaults are the optional() defaults that apply to t.
func (o *objectTypes) goType(t cty.Type, prefix, path string, defaults *typeexpr.Defaults) string {
	switch {
	case t.IsListType() || t.IsSetType():
		return "[]" + o.goType(t.ElementType(), prefix, path+"[*]", childDefaults(defaults, ""))
	case t.IsMapType():
		return "map[string]" + o.goType(t.ElementType(), prefix, path+"[*]", childDefaults(defaults, ""))
	case t.IsObjectType():
		return o.object(t, prefix, path, defaults)
	}
	return goType(t)
}

// object adds the struct of one object type and returns its name.
func (o *objectTypes) object(t cty.Type, prefix, path string, defaults *typeexpr.Defaults) string {
	name := o.names.claim(prefix, "Object")
	s := &structData{Name: name, Summary: "is the object type of " + path + ".", Object: true}
	// The parent goes before the objects nested in it.
	o.structs = append(o.structs, s)
	attrs := t.AttributeTypes()
	tfNames := make([]string, 0, len(attrs))
	for n := range attrs {
		tfNames = append(tfNames, n)
	}
	sort.Strings(tfNames)
	// TerraformValue is the struct's method, not a field name.
	fieldNames := newScope("TerraformValue").claimAll(tfNames, "Attr")
	for _, n := range tfNames {
		what := "Required."
		if t.AttributeOptional(n) {
			what = "Optional."
			if defaults != nil {
				if d, ok := defaults.DefaultValues[n]; ok {
					// Terraform applies the defaults of the attributes
					// inside to the default, as to any value given.
					if child := childDefaults(defaults, n); child != nil {
						d = child.Apply(d)
					}
					what = "Optional; defaults to " + valueText(d) + "."
				}
			}
		}
		s.Fields = append(s.Fields, &fieldData{
			Name:   fieldNames[n],
			TFName: n,
			GoType: "tfkit.Value[" + o.goType(attrs[n], name+exported(n), path+"."+n, childDefaults(defaults, n)) + "]",
			Doc:    []string{what},
		})
	}
	return name
}

func childDefaults(d *typeexpr.Defaults, key string) *typeexpr.Defaults {
	if d == nil {
		return nil
	}
	return d.Children[key]
}

// valueText writes a constant value on one line, as HCL would: "a", 300,
// true, null, ["tcp"], {zone = "a"}.
func valueText(v cty.Value) string {
	var b strings.Builder
	writeValue(&b, v)
	return b.String()
}

func writeValue(b *strings.Builder, v cty.Value) {
	ty := v.Type()
	switch {
	case v.IsNull():
		b.WriteString("null")
	case !v.IsKnown():
		b.WriteString("(known after apply)")
	case ty == cty.String:
		fmt.Fprintf(b, "%q", v.AsString())
	case ty == cty.Number:
		b.WriteString(v.AsBigFloat().Text('f', -1))
	case ty == cty.Bool:
		fmt.Fprint(b, v.True())
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		b.WriteByte('[')
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			_, e := it.Element()
			writeValue(b, e)
		}
		b.WriteByte(']')
	case ty.IsMapType() || ty.IsObjectType():
		if v.LengthInt() == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{ ")
		i := 0
		for it := v.ElementIterator(); it.Next(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			k, e := it.Element()
			if key := k.AsString(); isRegular(key) {
				b.WriteString(key)
			} else {
				fmt.Fprintf(b, "%q", key)
			}
			b.WriteString(" = ")
			writeValue(b, e)
		}
		b.WriteString(" }")
	default:
		b.WriteString(ty.FriendlyName())
	}
}
