package load

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// Early evaluation (OpenTofu 1.8): a module source may be built from
// variables and locals whose values are known before anything is planned.
// The loader evaluates such a source while it reads the module tree, before
// the evaluator runs, from what the engine would know at that point: root
// variables from their inputs and defaults, a child module's variables from
// the arguments of its module block, locals, path.* and terraform.workspace.
// Anything else (resources, data sources, module outputs, count and each)
// makes the source unknown, an error as in OpenTofu.

// staticScope evaluates the variables and locals of one module statically.
type staticScope struct {
	l      *loader
	m      *Module
	vars   map[string]staticValue
	locals map[string]staticValue
	busy   map[string]bool
	// inputs are the root variables' inputs (root module only).
	inputs map[string]rootInput
	parse  *evaluator
}

// staticValue is a value, or why it is not known before planning.
type staticValue struct {
	v   cty.Value
	why string
}

// static returns the static scope of m, made once.
func (l *loader) static(m *Module) *staticScope {
	if s := l.statics[m]; s != nil {
		return s
	}
	s := &staticScope{l: l, m: m, vars: map[string]staticValue{}, locals: map[string]staticValue{}, busy: map[string]bool{}}
	if l.parents[m] == nil {
		opts := Options{}
		if l.opts != nil {
			opts = *l.opts
		}
		// The evaluator reads the inputs again and reports their problems;
		// these diagnostics would repeat them.
		s.parse = &evaluator{root: m, opts: &opts, rootDir: l.root}
		s.inputs = s.parse.rootInputs()
	}
	if l.statics == nil {
		l.statics = map[*Module]*staticScope{}
	}
	l.statics[m] = s
	return s
}

// staticSource evaluates the source of call c in m; ok is false when a
// diagnostic was reported instead.
func (l *loader) staticSource(m *Module, c *CallDecl) (string, bool) {
	v, why := l.static(m).eval(c.SourceExpr)
	r := c.SourceExpr.Range()
	fail := func(detail string) (string, bool) {
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
			Summary: "Invalid module source",
			Detail:  "OpenTofu evaluates a module source before planning (early evaluation), from variables, locals, path and terraform.workspace alone; " + detail,
			Subject: &r, Suggestion: "build the source from variables and locals whose values do not depend on resources, data sources or module outputs"})
		return "", false
	}
	switch {
	case why != "":
		return fail(why)
	case !v.IsWhollyKnown():
		return fail("its value is not known before planning")
	case containsSensitive(v):
		l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Sensitive value not allowed",
			Detail: "Sensitive values, or values derived from sensitive values, cannot be used as module." + c.Name + ".source.", Subject: &r})
		return "", false
	}
	v, _ = v.UnmarkDeep()
	if v.IsNull() {
		return fail("its value is null")
	}
	sv, err := convert.Convert(v, cty.String)
	if err != nil {
		return fail("its value is " + v.Type().FriendlyName() + ", not a string")
	}
	return sv.AsString(), true
}

// eval evaluates expr with what is known before planning.
func (s *staticScope) eval(expr hcl.Expression) (cty.Value, string) {
	vars := map[string]map[string]cty.Value{}
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: s.l.funcs}
	for _, tr := range expr.Variables() {
		root := tr.RootName()
		var name string
		if len(tr) > 1 {
			if a, ok := tr[1].(hcl.TraverseAttr); ok {
				name = a.Name
			}
		}
		var sv staticValue
		switch root {
		case "var", "local":
			if name == "" {
				return cty.DynamicVal, "it refers to " + root + " as a whole"
			}
			if root == "var" {
				sv = s.variable(name)
			} else {
				sv = s.local(name)
			}
			if sv.why != "" {
				return cty.DynamicVal, sv.why
			}
			if vars[root] == nil {
				vars[root] = map[string]cty.Value{}
			}
			vars[root][name] = sv.v
		case "path":
			ctx.Variables["path"] = cty.ObjectVal(map[string]cty.Value{
				"module": cty.StringVal(s.m.Dir), "root": cty.StringVal("."), "cwd": cty.StringVal(s.l.root)})
		case "terraform":
			ctx.Variables["terraform"] = cty.ObjectVal(map[string]cty.Value{"workspace": cty.StringVal(s.l.opts.workspace())})
		case "tofu":
			if s.l.engine != tffile.OpenTofu {
				return cty.DynamicVal, "it refers to tofu, which only OpenTofu knows"
			}
			ctx.Variables["tofu"] = cty.ObjectVal(map[string]cty.Value{"workspace": cty.StringVal(s.l.opts.workspace())})
		default:
			r := tr.SourceRange()
			return cty.DynamicVal, fmt.Sprintf("it refers to %s (%s:%d,%d), which is known only when the configuration is planned", traversalName(tr), r.Filename, r.Start.Line, r.Start.Column)
		}
	}
	for root, m := range vars {
		ctx.Variables[root] = cty.ObjectVal(m)
	}
	v, hd := expr.Value(ctx)
	if hd.HasErrors() {
		return cty.DynamicVal, "it cannot be evaluated: " + hd.Error()
	}
	return v, ""
}

// local evaluates a local value of the module statically.
func (s *staticScope) local(name string) staticValue {
	if sv, ok := s.locals[name]; ok {
		return sv
	}
	x := s.m.Locals[name]
	if x == nil {
		return staticValue{why: "local." + name + " is not declared in " + moduleLabel(s.m)}
	}
	if s.busy["local."+name] {
		return staticValue{why: "local." + name + " refers to itself"}
	}
	s.busy["local."+name] = true
	v, why := s.eval(x.Expr)
	delete(s.busy, "local."+name)
	if why != "" {
		why = "local." + name + ": " + why
	}
	sv := staticValue{v: v, why: why}
	s.locals[name] = sv
	return sv
}

// variable evaluates an input variable of the module statically: from the
// root's inputs or the parent's module block, else its default.
func (s *staticScope) variable(name string) staticValue {
	if sv, ok := s.vars[name]; ok {
		return sv
	}
	sv := s.variableValue(name)
	if sv.why != "" {
		sv.why = "var." + name + ": " + sv.why
	}
	s.vars[name] = sv
	return sv
}

func (s *staticScope) variableValue(name string) staticValue {
	decl := s.m.Variables[name]
	if decl == nil {
		return staticValue{why: "not declared in " + moduleLabel(s.m)}
	}
	if decl.notConst {
		return staticValue{why: "it is declared as \"const = false\", and so cannot be used in a static context"}
	}
	ty := cty.DynamicPseudoType
	var defaults *typeexpr.Defaults
	if decl.Type != nil {
		t, d, hd := config.VariableType(decl.Type)
		if hd.HasErrors() {
			return staticValue{why: "invalid type: " + hd.Error()}
		}
		ty, defaults = t, d
	}
	var v cty.Value
	given := false
	if parent := s.l.parents[s.m]; parent == nil {
		if in, ok := s.inputs[name]; ok {
			v, given = in.value, true
			if in.raw {
				v, given = s.parse.parseRawInput(in, ty)
			}
		}
	} else if in := parent.Calls[s.m.Path[len(s.m.Path)-1]].Inputs[name]; in != nil {
		var why string
		v, why = s.l.static(parent).eval(in.Expr)
		if why != "" {
			return staticValue{why: "the module block's argument " + name + ": " + why}
		}
		given = true
	}
	if !given || (v.IsKnown() && v.IsNull() && nonNullable(decl)) {
		if decl.Default == nil {
			return staticValue{why: "no value given and no default"}
		}
		dv, hd := decl.Default.Value(nil)
		if hd.HasErrors() {
			return staticValue{why: "invalid default: " + hd.Error()}
		}
		v = dv
	}
	if !v.IsWhollyKnown() {
		return staticValue{why: "its value is not known"}
	}
	// A sensitive variable, or one given a sensitive value, stays
	// sensitive: OpenTofu refuses it where it evaluates early.
	sensitive := decl.Sensitive || containsSensitive(v)
	v, _ = v.UnmarkDeep()
	if defaults != nil {
		v = defaults.Apply(v)
	}
	cv, err := convert.Convert(v, ty)
	if err != nil {
		return staticValue{why: "the value is not " + typeexpr.TypeString(ty) + ": " + err.Error()}
	}
	if sensitive {
		cv = cv.Mark(sensitiveMark)
	}
	return staticValue{v: cv}
}

// staticBackend evaluates the settings of the root module's backend
// blocks as OpenTofu does before anything else (early evaluation): a
// setting that refers to what is known only when planning, or to a
// variable declared const = false, is an error at the setting; one made
// from a sensitive value is OpenTofu's error at the backend block, as the
// settings are stored in .terraform and in plan files.
func (l *loader) staticBackend(m *Module, cfg *config.Config) {
	if cfg == nil {
		return
	}
	for _, b := range cfg.Blocks {
		if b.Type != "terraform" {
			continue
		}
		for _, bb := range b.Body.Blocks("backend") {
			if len(bb.Labels) != 1 {
				continue
			}
			sensitive := false
			var settings func(body *config.Body, path string)
			settings = func(body *config.Body, path string) {
				for _, a := range body.Attributes() {
					if a.Source == nil || len(a.Source.Variables()) == 0 {
						continue
					}
					v, why := l.static(m).eval(a.Source)
					if why == "" && !v.IsWhollyKnown() {
						why = "its value is not known before planning"
					}
					if why != "" {
						r := a.Source.Range()
						l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
							Summary: "Invalid backend configuration",
							Detail:  "OpenTofu evaluates the backend settings before planning (early evaluation), from variables, locals, path and terraform.workspace alone; " + why,
							Subject: &r, Path: path + "." + a.Name,
							Suggestion: "build the setting from variables and locals whose values do not depend on resources, data sources or module outputs, or give it with tofu init -backend-config"})
						continue
					}
					if containsSensitive(v) {
						sensitive = true
					}
				}
				for _, it := range body.Items {
					if nb, ok := it.(*config.Block); ok {
						settings(nb.Body, path+"."+nb.Type)
					}
				}
			}
			settings(bb.Body, "terraform.backend."+bb.Labels[0])
			if sensitive {
				r := bb.DeclRange
				l.diags = append(l.diags, &diag.Diagnostic{Severity: diag.Error,
					Summary: "Backend config contains sensitive values",
					Detail:  "The backend configuration is stored in .terraform/terraform.tfstate as well as plan files. It is recommended to instead supply sensitive credentials via backend specific environment variables",
					Subject: &r, Suggestion: "give the sensitive setting through the backend's environment variables instead"})
			}
		}
	}
}
