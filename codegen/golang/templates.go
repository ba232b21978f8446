package golang

// The templates get typed data (packageData, fileData); every name they
// print was made unique and valid by newPackage.

const providerTemplate = `{{define "provider"}}{{.Header}}

// Package {{.Package}} holds typed tfkit bindings for the {{.Source}} provider.
package {{.Package}}

import (
	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
)

// The provider as required_providers names it.
const (
	ProviderName    = {{printf "%q" .Name}}
	ProviderSource  = {{printf "%q" .Source}}
	ProviderVersion = {{printf "%q" .Version}}
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

// Provider returns the untyped handle, for Alias, Set and Append.
func (x *Provider) Provider() *tfkit.Provider { return x.h }

// Block implements tfkit.Element: the provider used as a value, or given to
// a resource's Provider, is a reference to this configuration.
func (x *Provider) Block() *config.Block { return x.h.Block() }
{{end}}`

const elementTemplate = `{{define "element"}}{{.Element.Header}}

package {{.Package}}

import (
	"github.com/tfkit/tfkit"
	"github.com/tfkit/tfkit/config"
)
{{with .Element}}
{{if eq .Kind "data"}}// {{.GoName}} is a data "{{.TFType}}" block.{{else}}// {{.GoName}} is a resource "{{.TFType}}" block.{{end}}{{if .Doc}}
//{{end}}
{{- range .Doc}}
//{{if .}} {{.}}{{end}}{{end}}
type {{.GoName}} struct{ h *tfkit.{{.Handle}} }

{{template "structs" .}}
// New{{.GoName}} declares {{if eq .Kind "data"}}data{{else}}resource{{end}} "{{.TFType}}" named name in stack.{{if .Deprecated}}
//
// Deprecated: the provider's schema marks {{.TFType}} as deprecated.{{end}}
func New{{.GoName}}(stack *tfkit.Stack, name string, cfg {{.Config.Name}}) *{{.GoName}} {
	tfkit.Helper()
	stack.RequireProvider(ProviderName, ProviderSource, ProviderVersion)
	return &{{.GoName}}{tfkit.New{{.Handle}}(stack, {{printf "%q" .TFType}}, name, tfkit.Fields(cfg))}
}

// {{.Handle}} returns the untyped handle, for meta-arguments and
// references to nested attributes: x.{{.Handle}}().Count(2).
func (x *{{.GoName}}) {{.Handle}}() *tfkit.{{.Handle}} { return x.h }

// Block implements tfkit.Element: used as a value, the handle is a
// reference to the {{if eq .Kind "data"}}data source{{else}}resource{{end}}.
func (x *{{.GoName}}) Block() *config.Block { return x.h.Block() }
{{$el := .}}{{range .Getters}}
// {{.Name}} returns a reference to {{.TFName}}.{{range .Doc}}
//{{if .}} {{.}}{{end}}{{end}}
func (x *{{$el.GoName}}) {{.Name}}() tfkit.Value[{{.Type}}] { return tfkit.As[{{.Type}}](x.h.Ref({{printf "%q" .TFName}})) }
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
	ModuleSource  = {{printf "%q" .Source}}
	ModuleVersion = {{printf "%q" .Version}}
)

// Module is a module call of {{.Source}}.
type Module struct{ h *tfkit.Module }
{{with .Inputs}}{{template "struct" .}}{{end}}{{range .Objects}}{{template "struct" .}}{{end}}
// New declares a module call named name in stack.
func New(stack *tfkit.Stack, name string, in Inputs) *Module {
	tfkit.Helper()
	return &Module{tfkit.NewModule(stack, name, tfkit.ModuleConfig{Source: ModuleSource, Version: ModuleVersion, Inputs: tfkit.Fields(in)})}
}

// Module returns the untyped handle, for Count, ForEach, DependsOn and
// Providers.
func (x *Module) Module() *tfkit.Module { return x.h }

// Block implements tfkit.Element: used as a value, the handle is a
// reference to the module call.
func (x *Module) Block() *config.Block { return x.h.Block() }
{{range .Outputs}}
// {{.Name}} returns a reference to the output {{.TFName}}.{{range .Doc}}
//{{if .}} {{.}}{{end}}{{end}}
func (x *Module) {{.Name}}() tfkit.Value[{{.Type}}] { return tfkit.As[{{.Type}}](x.h.Output({{printf "%q" .TFName}})) }
{{end}}{{end}}`

const commonTemplate = `{{define "structs"}}{{with .Config}}{{template "struct" .}}{{end}}{{range .Structs}}{{template "struct" .}}{{end}}{{end}}

{{define "struct"}}
// {{.Name}} {{.Summary}}{{if .Doc}}
//{{end}}{{range .Doc}}
//{{if .}} {{.}}{{end}}{{end}}
type {{.Name}} struct {
{{- range .Fields}}
{{range .Doc}}	//{{if .}} {{.}}{{end}}
{{end}}	{{.Name}} {{.GoType}} ` + "`" + `tf:"{{.TFName}}{{if .Block}},block{{end}}"` + "`" + `{{end}}
}
{{if .Object}}
// TerraformValue writes the set fields as an object.
func (o {{.Name}}) TerraformValue() any { return tfkit.Fields(o) }
{{end}}{{end}}`
