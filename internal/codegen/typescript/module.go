package typescript

import (
	"strconv"
	"strings"

	"github.com/tfkit/tfkit/schema"
)

// ModuleOptions tune the declarations of a module.
type ModuleOptions struct {
	// Source is the module's source as module calls write it
	// (./modules/net, terraform-aws-modules/vpc/aws): <Module source=...>
	// with that source takes the module's inputs as props.
	Source string
	// Version is the version constraint, recorded in the header comment.
	Version string
}

// moduleReserved are the props of <Module> that are not inputs: an input of
// that name cannot be a prop.
var moduleReserved = []string{"children", "count", "depends_on", "for_each", "name", "providers", "ref", "source", "version"}

// GenerateModule returns the declarations for one module: an index.d.ts
// that adds its input variables, typed after their type constraints, to
// the ModuleTypes registry under its source. Outputs are not declared:
// Terraform gives them no types, and a ref to a module stays untyped.
func GenerateModule(m *schema.Module, opts ModuleOptions) ([]File, error) {
	g := &generator{imports: map[string]bool{}}
	it := &iface{name: "Inputs", doc: []string{"The input variables of module " + strconv.Quote(opts.Source) + `: the props of <Module source="` + opts.Source + `">.`}}
	for _, in := range m.Inputs {
		if contains(moduleReserved, in.Name) {
			what := "optional"
			if in.Required() {
				what = "required"
			}
			it.skipped = append(it.skipped, in.Name+" ("+what+")")
			continue
		}
		what := "Required."
		if !in.Required() {
			what = "Optional: the module has a default."
		}
		if in.Sensitive {
			what += " Sensitive."
		}
		f := field{name: propName(in.Name), typ: g.inputType(in.Type), optional: !in.Required(), doc: append(docLines(in.Description), what)}
		if f.optional {
			f.typ += " | null"
		}
		it.fields = append(it.fields, f)
	}

	var b strings.Builder
	b.WriteString(Header + "\n")
	b.WriteString("// TypeScript declarations for the module " + opts.Source)
	if opts.Version != "" {
		b.WriteString(" (" + opts.Version + ")")
	}
	b.WriteString(", by tfkit get --lang ts.\n")
	b.WriteString("// Include this file in the TypeScript project: <Module source=\"" + opts.Source + "\">\n")
	b.WriteString("// then takes the module's inputs as props.\n")
	var imports []string
	for _, n := range helperTypes {
		if g.imports[n] {
			imports = append(imports, n)
		}
	}
	if len(imports) > 0 {
		b.WriteString("\nimport type { " + strings.Join(imports, ", ") + " } from \"" + Module + "\";\n")
	} else {
		b.WriteString("\nexport {};\n")
	}
	b.WriteString("\ndeclare module \"" + Module + "\" {\n")
	b.WriteString("  interface ModuleTypes {\n")
	b.WriteString("    " + strconv.Quote(opts.Source) + ": Inputs;\n")
	b.WriteString("  }\n")
	b.WriteString("}\n")
	writeIface(&b, it)
	return []File{{Path: FileName, Data: []byte(b.String())}}, nil
}
