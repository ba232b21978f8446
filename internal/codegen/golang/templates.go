package golang

import (
	"go/doc/comment"
	"strconv"
	"strings"
	"text/template"
)

// The templates get typed data (packageData, fileData, moduleData); every
// name they print was made unique and valid by newPackage.
//
// Their output is already what go/format would make of it, so that
// generation does not parse and print every file again (that was most of
// its time): top-level doc comments go through the doc function, which
// formats them as gofmt does, and one-line functions through fn, which
// breaks them as gofmt does; everything else is written in gofmt's layout.
// The golden tests hold every case, and the whole aws schema when it is
// there, to being a fixed point of go/format.

var templates = template.Must(template.New("golang").Funcs(template.FuncMap{
	"doc": doc,
	"fn":  fn,
	"q":   strconv.Quote,
}).Parse(providerTemplate + elementTemplate + moduleTemplate + commonTemplate))

const providerTemplate = `{{define "provider"}}{{.Header}}

// Package {{.Package}} holds typed tfkit bindings for the {{.Source}} provider.
package {{.Package}}

import (
{{- if .Provider.UsesMaps}}
	"maps"
	"slices"
{{end}}
	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
)

// The provider as required_providers names it.
const (
	ProviderName    = {{q .Name}}
	ProviderSource  = {{q .Source}}
	ProviderVersion = {{q .Version}}
)

// Provider is a provider "{{.Name}}" block.
type Provider struct{ h *tfkit.Provider }
{{template "structs" .Provider}}
// NewProvider declares a provider "{{.Name}}" block and records the
// provider's source and version in required_providers.
func NewProvider(stack *tfkit.Stack, cfg ProviderConfig) *Provider {
	tfkit.Helper()
	return &Provider{tfkit.NewProvider(stack, ProviderName, tfkit.Fields(cfg)).Source(ProviderSource, ProviderVersion)}
}

// Provider returns the untyped handle, for Alias, Set and Append. It is
// nil for a nil *Provider, whose use tfkit reports at the caller's line.
func (x *Provider) Provider() *tfkit.Provider {
	if x == nil {
		return nil
	}
	return x.h
}

// Block implements tfkit.Element: the provider used as a value, or given to
// a resource's Provider, is a reference to this configuration.
func (x *Provider) Block() *config.Block { return x.Provider().Block() }

// The functions of this package report mistakes at their callers' lines.
func init() { tfkit.HelperPackage() }
{{- if .UsesRef}}

// ref is the body of the getters of attributes of resources and data
// sources, out of line: inlined into each of them, it made the aws
// package take a third more CPU time and memory to compile.
//
//go:noinline
func ref[T any, H interface{ Ref(...string) tfkit.Expr }](h H, name string) tfkit.Value[T] {
	return tfkit.As[T](h.Ref(name))
}
{{- end}}
{{- if .UsesAttr}}

// attr is the body of the getters of the references into nested blocks,
// out of line like ref.
//
//go:noinline
func attr[T any](x tfkit.Expr, name string) tfkit.Value[T] {
	return tfkit.As[T](x.Attr(name))
}
{{- end}}
{{end}}`

const elementTemplate = `{{define "element"}}{{.Element.Header}}

package {{.Package}}

import (
{{- if .Element.UsesMaps}}
	"maps"
	"slices"
{{end}}
	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
)
{{with .Element}}
{{doc .TypeDoc}}type {{.GoName}} struct{ h *tfkit.{{.Handle}} }
{{template "structs" .}}
{{doc .NewDoc}}func New{{.GoName}}(stack *tfkit.Stack, name string, cfg {{.Config.Name}}) *{{.GoName}} {
	tfkit.Helper()
	stack.RequireProvider(ProviderName, ProviderSource, ProviderVersion)
	return &{{.GoName}}{tfkit.New{{.Handle}}(stack, {{q .TFType}}, name, tfkit.Fields(cfg))}
}

// {{.Handle}} returns the untyped handle, for meta-arguments and
// references to nested attributes: x.{{.Handle}}().Count(2). It is nil for
// a nil *{{.GoName}}, whose use tfkit reports at the caller's line.
func (x *{{.GoName}}) {{.Handle}}() *tfkit.{{.Handle}} {
	if x == nil {
		return nil
	}
	return x.h
}

// Block implements tfkit.Element: used as a value, the handle is a
// reference to the {{if eq .Kind "data"}}data source{{else}}resource{{end}}.
{{fn (print "func (x *" .GoName ") Block() *config.Block") (print "return x." .Handle "().Block()")}}
{{$el := .}}{{range .Getters}}
{{.Source $el.GoName $el.Handle}}
{{end}}{{range .Blocks}}
{{.Source $el.GoName $el.Handle}}
{{end}}{{range .Refs}}
{{.Source}}
{{end}}{{end}}{{end}}`

const moduleTemplate = `{{define "module"}}{{.Header}}

// Package {{.Package}} holds typed tfkit bindings for the module {{.Source}}.
package {{.Package}}

import (
	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
)

// Where the module comes from, as every call writes it.
const (
	ModuleSource  = {{q .Source}}
	ModuleVersion = {{q .Version}}
)

{{doc .TypeDoc}}type Module struct{ h *tfkit.Module }
{{with .Inputs}}{{template "struct" .}}{{end}}{{range .Objects}}{{template "struct" .}}{{end}}
// New declares a module call named name in stack.
func New(stack *tfkit.Stack, name string, in Inputs) *Module {
	tfkit.Helper()
	return &Module{tfkit.NewModule(stack, name, tfkit.ModuleConfig{Source: ModuleSource, Version: ModuleVersion, Inputs: tfkit.Fields(in)})}
}

// Module returns the untyped handle, for Count, ForEach, DependsOn and
// Providers.
func (x *Module) Module() *tfkit.Module { return x.handle() }

// Block implements tfkit.Element: used as a value, the handle is a
// reference to the module call.
func (x *Module) Block() *config.Block { return x.handle().Block() }

// handle is the untyped handle; nil for a nil *Module, whose use tfkit
// reports at the caller's line.
func (x *Module) handle() *tfkit.Module {
	if x == nil {
		return nil
	}
	return x.h
}

// The functions of this package report mistakes at their callers' lines.
func init() { tfkit.HelperPackage() }
{{range .Outputs}}
{{doc .OutputDoc}}{{fn (print "func (x *Module) " .Name "() tfkit.Value[" .Type "]") (print "return tfkit.As[" .Type "](x.handle().Output(" (q .TFName) "))")}}
{{end}}{{end}}`

// A struct's fields are indented comments, which gofmt leaves as they are;
// a comment line between two fields also keeps gofmt from aligning them.
const commonTemplate = `{{define "structs"}}{{with .Config}}{{template "struct" .}}{{end}}{{range .Structs}}{{template "struct" .}}{{end}}{{end}}

{{define "struct"}}
{{doc .TypeDoc}}type {{.Name}} struct {
{{- range .Fields}}
{{.Source}}{{end}}
}
{{if .Object}}
// TerraformValue writes the set fields as an object.
{{fn (print "func (o " .Name ") TerraformValue() any") "return tfkit.Fields(o)"}}
{{end}}{{with .Map}}
{{doc $.MapDoc}}type {{.}} map[string]{{$.Name}}

// TerraformValue writes a labeled {{$.BlockName}} block per key.
func (m {{.}}) TerraformValue() any {
	blocks := make([]tfkit.NestedBlock, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		blocks = append(blocks, tfkit.Block(tfkit.Fields(m[k])).Labeled(k))
	}
	return blocks
}
{{end}}{{end}}`

// Source is a getter's doc comment and declaration; the receiver is a
// *recv, whose untyped handle the method handle returns. Getters are most
// of a provider's code, so they are written here rather than by the
// template, which is slower at it, and each is one call of the package's
// ref (see the provider template).
func (g *getterData) Source(recv, handle string) string {
	return doc(g.GetterDoc()) + fn("func (x *"+recv+") "+g.Name+"() tfkit.Value["+g.Type+"]",
		"return ref["+g.Type+"](x."+handle+"(), "+strconv.Quote(g.TFName)+")")
}

// Source is a struct field with its comment lines, indented, without the
// final newline.
func (f *fieldData) Source() string {
	var b strings.Builder
	for _, l := range f.Doc {
		if l == "" {
			b.WriteString("\t//\n")
		} else {
			b.WriteString("\t// " + l + "\n")
		}
	}
	tag := f.TFName
	if f.Block {
		tag += ",block"
	}
	b.WriteString("\t" + f.Name + " " + f.GoType + " `tf:\"" + tag + "\"`")
	return b.String()
}

// maxOneLine bounds the functions gofmt keeps on one line: the header
// (func to the end of the signature) and the statement together, braces
// and blanks not counted, must be shorter (go/printer's funcBody, whose
// header size counts one column more).
const maxOneLine = 100

// fn writes a function with a one-statement body as gofmt does: on one
// line when it is short enough, else the statement on a line of its own.
func fn(header, stmt string) string {
	if len(header)+len(stmt) < maxOneLine {
		return header + " { " + stmt + " }"
	}
	return header + " {\n\t" + stmt + "\n}"
}

// doc writes the lines of a top-level doc comment as gofmt formats it
// (go/doc/comment: headings, link definitions, curly quotes, ...), each line
// "// text" or "//", ending in a newline.
func doc(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	text := strings.Join(lines, "\n") + "\n"
	if !plainDoc(lines) {
		var p comment.Parser
		var pr comment.Printer
		text = string(pr.Comment(p.Parse(text)))
	}
	var b strings.Builder
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			b.WriteString("//\n")
		case strings.HasPrefix(line, "\t"):
			b.WriteString("//" + line + "\n")
		default:
			b.WriteString("// " + line + "\n")
		}
	}
	return b.String()
}

// plainDoc reports whether a doc comment is one paragraph of plain text,
// which go/doc/comment prints exactly as it is: no blank line (so no
// heading), no line that could start a heading, a link definition or a
// code block, no doubled backquote or single quote (which become curly
// quotes).
func plainDoc(lines []string) bool {
	for _, l := range lines {
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "[") ||
			strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") ||
			strings.Contains(l, "``") || strings.Contains(l, "''") {
			return false
		}
	}
	return true
}

// Source is the doc comment and declaration of a handle's method returning
// the references into a nested block; the receiver is a *recv, whose
// untyped handle the method handle returns.
func (a *accessorData) Source(recv, handle string) string {
	return a.source("x *"+recv, "x."+handle+"().Ref(")
}

// source writes the method with the receiver recv; open starts the
// expression of the block's reference, to be followed by the quoted name
// and a closing parenthesis: "x.Resource().Ref(" on a handle, which takes a
// path, "r.x.Attr(" on references, which take one name.
func (a *accessorData) source(recv, open string) string {
	name, params := a.TFName, ""
	onHandle := strings.HasPrefix(open, "x.")
	where := "the " + a.TFName + " block"
	switch a.Step {
	case "0":
		if onHandle {
			name += "[0]"
		}
		where = "the " + a.TFName + " block (" + a.TFName + "[0])"
	case "*":
		if onHandle {
			name += "[*]"
		}
		where = "every " + a.TFName + " block (" + a.TFName + "[*]): their getters return lists, one element per block"
	case "i":
		params = "i int"
		where = "the " + a.TFName + " block at index i"
	case "key":
		params = "key string"
		where = "the " + a.TFName + " block labeled key"
	}
	x := open + strconv.Quote(name) + ")"
	switch {
	case a.Step == "0" && !onHandle:
		x += ".Index(0)"
	case a.Step == "*" && !onHandle:
		x = "tfkit.Splat(" + x + `, "")`
	case a.Step == "i":
		x += ".Index(i)"
	case a.Step == "key":
		x += ".Index(key)"
	}
	return doc([]string{a.Name + " returns the references into " + where + "."}) +
		fn("func ("+recv+") "+a.Name+"("+params+") "+a.Ref, "return "+a.Ref+"{"+x+"}")
}

// Source is the declaration of a type of references into a nested block,
// with its getters and methods.
func (r *refData) Source() string {
	lines := []string{r.Name + " holds the references into a block of " + r.Element + " at " + r.Path + "."}
	if r.Splat {
		lines = append(lines, "The path goes through a set of blocks: each getter returns a list, one element per block.")
	}
	var b strings.Builder
	b.WriteString(doc(lines) + "type " + r.Name + " struct{ x tfkit.Expr }\n")
	for _, g := range r.Getters {
		b.WriteString("\n" + doc(g.GetterDoc()) + fn("func (r "+r.Name+") "+g.Name+"() tfkit.Value["+g.Type+"]",
			"return attr["+g.Type+"](r.x, "+strconv.Quote(g.TFName)+")") + "\n")
	}
	for _, a := range r.Blocks {
		b.WriteString("\n" + a.source("r "+r.Name, "r.x.Attr(") + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
