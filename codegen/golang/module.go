package golang

import (
	"bytes"
	"fmt"
	"go/format"

	"github.com/tfkit/tfkit/schema"
)

// ModuleOptions tune a generated module package.
type ModuleOptions struct {
	// Package is the Go package name (required; see PackageName).
	Package string
	// Source and Version are written into every module call.
	Source, Version string
}

// moduleData is what zz_module.go is made from.
type moduleData struct {
	Header  string
	Package string
	Source  string
	Version string
	Inputs  *structData
	Outputs []*getterData
}

// GenerateModule returns the Go package for one module: zz_module.go with a
// Module handle, an Inputs struct (one field per variable, typed after its
// type constraint) and a getter per output.
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
	inputs := &structData{Name: "Inputs", Summary: "are the module's input variables."}
	for _, in := range m.Inputs {
		what := "Required."
		if !in.Required() {
			what = "Optional: the module has a default."
		}
		if in.Sensitive {
			what += " Sensitive."
		}
		inputs.Fields = append(inputs.Fields, &fieldData{
			Name:   goNames[in.Name],
			TFName: in.Name,
			GoType: "tfkit.Value[" + goType(in.Type) + "]",
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
	data := moduleData{Header: Header, Package: opts.Package, Source: opts.Source, Version: opts.Version, Inputs: inputs, Outputs: outputs}
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, "module", data); err != nil {
		panic(fmt.Sprintf("golang: template module: %v", err)) // a bug in the templates
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("format generated zz_module.go: %w", err)
	}
	return []File{{Path: "zz_module.go", Data: src}}, nil
}
