package config

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// ModuleInterface is what a module offers its callers: its variables and
// its outputs. The loader builds it from its evaluation index, synthesis
// from the module's directory read into the schema model.
type ModuleInterface struct {
	Variables []ModuleVariable
	Outputs   []string
}

// ModuleVariable is a variable of a module; Required when it has no
// default.
type ModuleVariable struct {
	Name     string
	Required bool
}

// ModuleCall is a module block as its interface is checked.
type ModuleCall struct {
	// Address is the call's address in its module (module.net), which the
	// diagnostics' paths begin with.
	Address string
	// Module names the called module in the messages (`module "net"`,
	// "the module ./modules/net"), and InputsIn where the caller writes
	// the inputs ("the module block module.net", "the module's inputs"):
	// each front end in its own terms.
	Module, InputsIn string
	// Arguments are the call's inputs, meta-arguments left out, in the
	// order written.
	Arguments []ModuleArgument
	DeclRange hcl.Range
	// OpenBrace is where the block's body opens, when it was read from a
	// file: the engines report a missing argument there.
	OpenBrace hcl.Range
}

// ModuleArgument is an input a module call sets.
type ModuleArgument struct {
	Name  string
	Range hcl.Range
}

// CheckCall reports, as terraform validate does once the configuration
// is written, the arguments of call that m declares no variable for and
// the variables m requires that call does not set.
func (m *ModuleInterface) CheckCall(call ModuleCall) diag.Diagnostics {
	var ds diag.Diagnostics
	declared := map[string]bool{}
	names := make([]string, 0, len(m.Variables))
	for _, v := range m.Variables {
		declared[v.Name] = true
		names = append(names, v.Name)
	}
	// Sorted, so that a suggestion does not depend on the order of
	// declarations.
	sort.Strings(names)
	set := map[string]bool{}
	for _, a := range call.Arguments {
		set[a.Name] = true
		if declared[a.Name] {
			continue
		}
		ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported argument",
			Detail:  fmt.Sprintf("An argument named %q is not expected here: %s has no variable %q.", a.Name, call.Module, a.Name),
			Subject: subjectOf(a.Range, call.DeclRange), Path: call.Address + "." + a.Name,
			Suggestion: diag.DidYouMean(a.Name, names)})
	}
	for _, v := range m.Variables {
		if v.Required && !set[v.Name] {
			ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Missing required argument",
				Detail:  fmt.Sprintf("The argument %q is required, but no definition was found: variable %q of %s has no default.", v.Name, v.Name, call.Module),
				Subject: subjectOf(call.OpenBrace, call.DeclRange), Path: call.Address + "." + v.Name,
				Suggestion: fmt.Sprintf("set %s in %s", v.Name, call.InputsIn)})
		}
	}
	return ds
}

// CheckOutputReads reports the reads of module.NAME.OUTPUT anywhere in
// body (at path, declared at rng) where the module of call NAME (calls,
// by name; the calls not in it are not checked) has no output OUTPUT.
func CheckOutputReads(body *Body, path string, rng hcl.Range, calls map[string]*ModuleInterface) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, it := range body.Items {
		switch it := it.(type) {
		case *Attribute:
			for _, tr := range Variables(it.Expr) {
				name, out, ok := moduleOutputRead(tr)
				if !ok {
					continue
				}
				m := calls[name]
				if m == nil || m.hasOutput(out) {
					continue
				}
				outs := append([]string(nil), m.Outputs...)
				sort.Strings(outs)
				ds = append(ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported attribute",
					Detail:  fmt.Sprintf("module.%s has no output %q: its module declares no such output.", name, out),
					Subject: subjectOf(it.Range, rng), Path: path + "." + it.Name,
					Suggestion: diag.DidYouMean(out, outs)})
			}
		case *Block:
			ds = append(ds, CheckOutputReads(it.Body, path+"."+it.Type, rangeOr(it.DeclRange, rng), calls)...)
		}
	}
	return ds
}

func (m *ModuleInterface) hasOutput(name string) bool {
	for _, o := range m.Outputs {
		if o == name {
			return true
		}
	}
	return false
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

// subjectOf is r, else def, else none.
func subjectOf(r, def hcl.Range) *hcl.Range {
	r = rangeOr(r, def)
	if r.Filename == "" && r.Start.Line == 0 {
		return nil
	}
	return &r
}
