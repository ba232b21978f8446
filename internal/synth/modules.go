package synth

import (
	"path/filepath"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/localmod"
	"github.com/tfkit/tfkit/schema"
	"github.com/tfkit/tfkit/tffile"
)

// moduleMeta are the arguments of a module block that are not the
// module's inputs.
var moduleMeta = map[string]bool{"source": true, "version": true, "count": true, "for_each": true, "depends_on": true, "providers": true}

// moduleDiagnostics checks each call of a local module (a literal source
// starting with ./ or ../, relative to the project directory dir) against
// the module's variables and outputs, as terraform validate does once the
// stack is written: an input the module does not declare, a required one
// the call does not set, and a read of an output it does not have. A
// module that cannot be read is left to the copy of local modules, which
// reports it.
func (p *Plan) moduleDiagnostics(dir string, o Options) diag.Diagnostics {
	engine := tffile.Terraform
	if o.Engine == "opentofu" {
		engine = tffile.OpenTofu
	}
	read := map[string]*config.ModuleInterface{}
	iface := func(source string) *config.ModuleInterface {
		m, ok := read[source]
		if !ok {
			path := filepath.Join(dir, filepath.FromSlash(source))
			primary, _, err := tffile.DirNamesFor(path, engine)
			if err == nil && len(primary) > 0 {
				if sm, ds := tffile.ReadModuleFor(path, engine); !ds.HasErrors() {
					m = interfaceOf(sm)
				}
			}
			read[source] = m
		}
		return m
	}
	var ds diag.Diagnostics
	for _, s := range p.app.Stacks {
		cfg, _ := p.Config(s)
		calls := map[string]*config.ModuleInterface{}
		for _, b := range cfg.Blocks {
			if b.Type != "module" || len(b.Labels) != 1 {
				continue
			}
			a := b.Body.Attribute("source")
			if a == nil {
				continue
			}
			source, ok := config.LiteralString(a.Expr)
			if !ok || !localmod.IsLocal(source) {
				continue
			}
			m := iface(source)
			if m == nil {
				continue
			}
			calls[b.Labels[0]] = m
			ds = append(ds, m.CheckCall(moduleCall(b, source))...)
		}
		if len(calls) > 0 {
			for _, b := range cfg.Blocks {
				switch b.Type {
				case "moved", "import", "removed":
					// Their addresses name resources inside modules
					// (module.net.aws_instance.web), not outputs.
					continue
				}
				ds = append(ds, config.CheckOutputReads(b.Body, b.Address(), b.DeclRange, calls)...)
			}
		}
	}
	return ds
}

// interfaceOf is the interface of module m, as config checks calls of it.
func interfaceOf(m *schema.Module) *config.ModuleInterface {
	out := &config.ModuleInterface{}
	for _, in := range m.Inputs {
		out.Variables = append(out.Variables, config.ModuleVariable{Name: in.Name, Required: in.Required()})
	}
	for _, o := range m.Outputs {
		out.Outputs = append(out.Outputs, o.Name)
	}
	return out
}

// moduleCall is module block b, of the local module at source, as config
// checks it: the messages name the module by its source, which the front
// end's user wrote, and its inputs as the front ends call them.
func moduleCall(b *config.Block, source string) config.ModuleCall {
	c := config.ModuleCall{Address: b.Address(), Module: "the module " + source, InputsIn: "the module's inputs", DeclRange: b.DeclRange}
	for _, a := range b.Body.Attributes() {
		if !moduleMeta[a.Name] {
			c.Arguments = append(c.Arguments, config.ModuleArgument{Name: a.Name, Range: a.Range})
		}
	}
	return c
}
