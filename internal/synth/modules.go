package synth

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/hashicorp/hcl/v2"

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
	read := map[string]*schema.Module{}
	iface := func(source string) *schema.Module {
		m, ok := read[source]
		if !ok {
			path := filepath.Join(dir, filepath.FromSlash(source))
			primary, _, err := tffile.DirNamesFor(path, engine)
			if err == nil && len(primary) > 0 {
				var ds diag.Diagnostics
				if m, ds = tffile.ReadModuleFor(path, engine); ds.HasErrors() {
					m = nil
				}
			}
			read[source] = m
		}
		return m
	}
	var ds diag.Diagnostics
	for _, s := range p.app.Stacks {
		cfg, _ := p.Config(s)
		calls := map[string]*schema.Module{}
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
			ds = append(ds, checkInputs(b, m)...)
		}
		if len(calls) > 0 {
			for _, b := range cfg.Blocks {
				switch b.Type {
				case "moved", "import", "removed":
					// Their addresses name resources inside modules
					// (module.net.aws_instance.web), not outputs.
					continue
				}
				ds = append(ds, checkOutputReads(b.Body, b.Address(), b.DeclRange, calls)...)
			}
		}
	}
	return ds
}

// checkInputs reports the arguments of module block b that module m does
// not declare, and m's required inputs that b does not set.
func checkInputs(b *config.Block, m *schema.Module) diag.Diagnostics {
	var ds diag.Diagnostics
	declared := map[string]bool{}
	var names []string
	for _, in := range m.Inputs {
		declared[in.Name] = true
		names = append(names, in.Name)
	}
	set := map[string]bool{}
	for _, a := range b.Body.Attributes() {
		set[a.Name] = true
		if moduleMeta[a.Name] || declared[a.Name] {
			continue
		}
		ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported argument",
			Detail:  fmt.Sprintf("An argument named %q is not expected here: the module %s has no variable %q.", a.Name, sourceOf(b), a.Name),
			Subject: subject(a.Range, b.DeclRange), Path: b.Address() + "." + a.Name,
			Suggestion: diag.DidYouMean(a.Name, names)})
	}
	for _, in := range m.Inputs {
		if in.Required() && !set[in.Name] {
			ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
				Detail:  fmt.Sprintf("The argument %q is required, but no definition was found: variable %q of the module %s has no default.", in.Name, in.Name, sourceOf(b)),
				Subject: subject(b.DeclRange, hcl.Range{}), Path: b.Address() + "." + in.Name,
				Suggestion: fmt.Sprintf("set %s in the module's inputs", in.Name)})
		}
	}
	return ds
}

// checkOutputReads reports the reads of module.NAME.OUTPUT, anywhere in
// body (at path, declared at rng), where the local module of call NAME
// has no output OUTPUT.
func checkOutputReads(body *config.Body, path string, rng hcl.Range, calls map[string]*schema.Module) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, it := range body.Items {
		switch it := it.(type) {
		case *config.Attribute:
			for _, tr := range config.Variables(it.Expr) {
				name, out, ok := moduleOutputRead(tr)
				if !ok {
					continue
				}
				m := calls[name]
				if m == nil || hasOutput(m, out) {
					continue
				}
				var outs []string
				for _, o := range m.Outputs {
					outs = append(outs, o.Name)
				}
				sort.Strings(outs)
				ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported attribute",
					Detail:  fmt.Sprintf("module.%s has no output %q: its module declares no such output.", name, out),
					Subject: subject(it.Range, rng), Path: path + "." + it.Name,
					Suggestion: diag.DidYouMean(out, outs)})
			}
		case *config.Block:
			ds = append(ds, checkOutputReads(it.Body, path+"."+it.Type, rangeOr(it.DeclRange, rng), calls)...)
		}
	}
	return ds
}

// moduleOutputRead splits module.NAME.OUTPUT, module.NAME[KEY].OUTPUT.
func moduleOutputRead(tr hcl.Traversal) (name, out string, ok bool) {
	if len(tr) < 3 || tr.RootName() != "module" {
		return "", "", false
	}
	n, ok := tr[1].(hcl.TraverseAttr)
	if !ok {
		return "", "", false
	}
	i := 2
	if _, index := tr[2].(hcl.TraverseIndex); index {
		i = 3
	}
	if len(tr) <= i {
		return "", "", false
	}
	o, ok := tr[i].(hcl.TraverseAttr)
	if !ok {
		return "", "", false
	}
	return n.Name, o.Name, true
}

func hasOutput(m *schema.Module, name string) bool {
	for _, o := range m.Outputs {
		if o.Name == name {
			return true
		}
	}
	return false
}

func sourceOf(b *config.Block) string {
	if a := b.Body.Attribute("source"); a != nil {
		if s, ok := config.LiteralString(a.Expr); ok {
			return s
		}
	}
	return b.Address()
}

func rangeOr(r, def hcl.Range) hcl.Range {
	if r.Filename == "" && r.Start.Line == 0 {
		return def
	}
	return r
}

func subject(r, def hcl.Range) *hcl.Range {
	r = rangeOr(r, def)
	if r.Filename == "" && r.Start.Line == 0 {
		return nil
	}
	return &r
}
