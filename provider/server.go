package provider

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// server serves a Provider over protocol 6. It converts Terraform's
// values to Go values and back, plans (defaults, unknown computed values,
// replacements, semantic equality) and turns panics in user code into
// diagnostics.
type server struct {
	p *Provider

	providerType elementType
	resources    map[string]*elementType
	dataSources  map[string]*elementType
	ephemerals   map[string]*elementType
	schemaResp   *tfprotov6.GetProviderSchemaResponse
	functions    map[string]*tfprotov6.Function

	mu     sync.RWMutex
	client any
}

// elementType caches an element's object type in both forms, so that
// requests do not rebuild them.
type elementType struct {
	schema *Schema
	obj    objectType
	tf     tftypes.Type
	// defaulted names, sorted, the element's own attributes (not
	// write-only, which plans keep null) and blocks that hold an attribute
	// with a Default inside.
	defaulted []string
}

func newElementType(s *Schema) elementType {
	obj := s.typ()
	et := elementType{schema: s, obj: obj, tf: obj.tfType()}
	for _, n := range obj.names {
		if a := s.Attributes[n]; a != nil && a.Nested != nil && !a.WriteOnly && holdsDefault(a.Nested.Attributes, nil) {
			et.defaulted = append(et.defaulted, n)
		}
		if b := s.Blocks[n]; b != nil && holdsDefault(b.Attributes, b.Blocks) {
			et.defaulted = append(et.defaulted, n)
		}
	}
	return et
}

// holdsDefault reports whether an attribute of a body, at any depth, has
// a Default.
func holdsDefault(attrs map[string]*Attribute, blocks map[string]*Block) bool {
	for _, a := range attrs {
		if a.Default != nil || (a.Nested != nil && holdsDefault(a.Nested.Attributes, nil)) {
			return true
		}
	}
	for _, b := range blocks {
		if holdsDefault(b.Attributes, b.Blocks) {
			return true
		}
	}
	return false
}

// NewServer checks p and returns it as a protocol 6 provider server, for
// tf6server or for embedding in other plugin machinery.
func NewServer(p *Provider) (tfprotov6.ProviderServer, error) {
	return newServer(p)
}

func newServer(p *Provider) (*server, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	s := &server{
		p:            p,
		providerType: newElementType(&p.Schema),
		resources:    map[string]*elementType{},
		dataSources:  map[string]*elementType{},
		ephemerals:   map[string]*elementType{},
		functions:    map[string]*tfprotov6.Function{},
	}
	resp := &tfprotov6.GetProviderSchemaResponse{
		// Terraform sends a moved block across resource types only to a
		// provider that says it takes moves (OpenTofu to any): always
		// saying so, every engine shows MoveResourceState's error, which
		// names what the target resource takes.
		ServerCapabilities:       &tfprotov6.ServerCapabilities{MoveResourceState: true},
		Provider:                 p.Schema.proto(),
		ResourceSchemas:          map[string]*tfprotov6.Schema{},
		DataSourceSchemas:        map[string]*tfprotov6.Schema{},
		Functions:                map[string]*tfprotov6.Function{},
		EphemeralResourceSchemas: map[string]*tfprotov6.Schema{},
		ListResourceSchemas:      map[string]*tfprotov6.Schema{},
		ActionSchemas:            map[string]*tfprotov6.ActionSchema{},
	}
	for n, r := range p.Resources {
		et := newElementType(&r.Schema)
		s.resources[n] = &et
		resp.ResourceSchemas[n] = r.Schema.proto()
	}
	for n, d := range p.DataSources {
		et := newElementType(&d.Schema)
		s.dataSources[n] = &et
		resp.DataSourceSchemas[n] = d.Schema.proto()
	}
	for n, e := range p.EphemeralResources {
		et := newElementType(&e.Schema)
		s.ephemerals[n] = &et
		resp.EphemeralResourceSchemas[n] = e.Schema.proto()
	}
	for n, f := range p.Functions {
		pf := f.proto()
		s.functions[n] = pf
		resp.Functions[n] = pf
	}
	s.schemaResp = resp
	return s, nil
}

func (f *Function) proto() *tfprotov6.Function {
	pf := &tfprotov6.Function{
		Summary:            f.Summary,
		Description:        f.Description,
		DescriptionKind:    tfprotov6.StringKindMarkdown,
		DeprecationMessage: f.Deprecated,
		Return:             &tfprotov6.FunctionReturn{Type: f.Return.tfType()},
	}
	for _, prm := range f.Parameters {
		pf.Parameters = append(pf.Parameters, prm.proto())
	}
	if f.Variadic != nil {
		pf.VariadicParameter = f.Variadic.proto()
	}
	return pf
}

func (p Parameter) proto() *tfprotov6.FunctionParameter {
	return &tfprotov6.FunctionParameter{
		Name:            p.Name,
		Type:            p.Type.tfType(),
		Description:     p.Description,
		DescriptionKind: tfprotov6.StringKindMarkdown,
		AllowNullValue:  p.AllowNull,
	}
}

// newContext makes the Context of one operation.
func (s *server) newContext(ctx context.Context, typeName, op string) *Context {
	s.mu.RLock()
	client := s.client
	s.mu.RUnlock()
	return &Context{Context: ctx, Client: client, TypeName: typeName, Operation: op}
}

// run calls user code, turning a panic into an error diagnostic naming
// the element, the operation and where the panic happened; the provider
// process keeps serving.
func run(c *Context, f func()) {
	defer func() {
		if r := recover(); r != nil {
			c.Error("", fmt.Sprintf("%s: %s failed: the provider panicked", c.TypeName, c.Operation),
				fmt.Sprintf("panic: %v%s\n\nThis is a bug in the provider; the provider keeps running.", r, panicSite()))
		}
	}()
	f()
}

// recoverRPC, deferred by each request that may reach user code, turns a
// panic outside an operation's run (a custom type's methods, called while
// converting or comparing values) into an error diagnostic naming the
// element and the request, so that the provider process keeps serving
// instead of crashing the engine's run with a stack trace.
func recoverRPC(typeName, rpc string, diags *[]*tfprotov6.Diagnostic) {
	if r := recover(); r != nil {
		*diags = append(*diags, panicDiag(typeName, rpc, r))
	}
}

// panicDiag is the diagnostic for the panic r, called while it unwinds.
func panicDiag(typeName, rpc string, r any) *tfprotov6.Diagnostic {
	return &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  fmt.Sprintf("%s: %s failed: the provider panicked", typeName, rpc),
		Detail:   fmt.Sprintf("panic: %v%s\n\nThis is a bug in the provider; the provider keeps running.", r, panicSite()),
	}
}

// panicSite returns " (at file.go:LINE)" for the frame that panicked.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	sawPanic := false
	for {
		fr, more := frames.Next()
		// The accessors of Values panic on a value of another type: the
		// line to show is the provider's own, which called one.
		if sawPanic && !strings.HasPrefix(fr.Function, "runtime.") && !isAccessor(fr.Function) {
			file := fr.File
			if i := strings.LastIndexByte(file, '/'); i >= 0 {
				if j := strings.LastIndexByte(file[:i], '/'); j >= 0 {
					file = file[j+1:]
				}
			}
			return fmt.Sprintf(" (at %s:%d in %s)", file, fr.Line, fr.Function)
		}
		if fr.Function == "runtime.gopanic" {
			sawPanic = true
		}
		if !more {
			return ""
		}
	}
}

// isAccessor reports whether a function is one of the accessors of Values
// or what they call.
func isAccessor(fn string) bool {
	const pkg = "github.com/tfkit/tfkit/provider."
	rest, ok := strings.CutPrefix(fn, pkg)
	return ok && (strings.HasPrefix(rest, "Values.") || strings.HasPrefix(rest, "accessor["))
}

// protoDiags converts diagnostics, parsing their paths.
func protoDiags(ds Diagnostics) []*tfprotov6.Diagnostic { return protoDiagsAt(ds, nil, nil) }

// at records the element's type and the values an operation receives, for
// the paths of its diagnostics.
func (c *Context) at(et *elementType, wire map[string]any) *Context {
	c.shape, c.wire = et, wire
	return c
}

// proto converts the operation's diagnostics.
func (c *Context) proto() []*tfprotov6.Diagnostic { return protoDiagsAt(c.diags, c.shape, c.wire) }

// protoDiagsAt converts diagnostics, turning their paths into the engine's
// with enginePath.
func protoDiagsAt(ds Diagnostics, et *elementType, wire map[string]any) []*tfprotov6.Diagnostic {
	out := make([]*tfprotov6.Diagnostic, 0, len(ds))
	for _, d := range ds {
		pd := &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: d.Summary, Detail: d.Detail}
		if d.Severity == Warning {
			pd.Severity = tfprotov6.DiagnosticSeverityWarning
		}
		if d.Path != "" {
			ap, note, err := enginePath(d.Path, et, wire)
			switch {
			case err != nil:
				pd.Detail += fmt.Sprintf("\n\n(The provider gave an invalid attribute path: %v.)", err)
			case note != "" && pd.Detail != "":
				pd.Detail += "\n\n" + note
			case note != "":
				pd.Detail = note
			}
			pd.Attribute = ap
		}
		out = append(out, pd)
	}
	return out
}

// errorDiag is an error diagnostic for err, at its path when it has one,
// as far as the engines can follow that path in et's configuration (see
// engineReach).
func (et *elementType) errorDiag(summary string, err error) []*tfprotov6.Diagnostic {
	d := &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: err.Error()}
	if pe, ok := err.(*pathError); ok {
		if pe.hidden != "" && et.sensitiveAt(pe.path) {
			d.Detail = (&pathError{path: pe.path, msg: pe.hidden}).Error()
		}
		// The detail keeps the path: the engine shows the attribute's line
		// only when the configuration sets it, and a state's computed
		// attributes it never does.
		d.Attribute = pe.path.tf()
		if et != nil && d.Attribute != nil {
			steps := d.Attribute.Steps()
			d.Attribute = tftypes.NewAttributePathWithSteps(steps[:et.engineReach(steps)])
		}
	}
	return []*tfprotov6.Diagnostic{d}
}

// unknownType is the engines' diagnostic for a type the provider does not
// offer (Invalid resource type, Invalid data source, Invalid ephemeral
// resource), kind being resource, data source or ephemeral resource.
func unknownType(kind, name string) []*tfprotov6.Diagnostic {
	summary, noun := "Invalid "+kind, kind
	if kind == "resource" {
		summary, noun = "Invalid resource type", "resource type"
	}
	return []*tfprotov6.Diagnostic{{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  summary,
		Detail:   fmt.Sprintf("This provider does not support %s %q; check the type name and the provider version.", noun, name),
	}}
}

// decode reads a configuration, plan or state as wire values; nil for
// null.
func (et *elementType) decode(dv *tfprotov6.DynamicValue) (map[string]any, error) {
	if dv == nil {
		return nil, nil
	}
	data := dv.MsgPack
	if data == nil && dv.JSON != nil {
		// JSON is allowed by the protocol but not sent by today's
		// engines: take the slow path through tftypes.
		tv, err := dv.Unmarshal(et.tf)
		if err != nil {
			return nil, err
		}
		mp, err := tfprotov6.NewDynamicValue(et.tf, tv)
		if err != nil {
			return nil, err
		}
		data = mp.MsgPack
	}
	if data == nil {
		return nil, nil
	}
	return decodeObject(data, et.obj)
}

// decodeLazy is decode that leaves each attribute encoded (rawWire).
func (et *elementType) decodeLazy(dv *tfprotov6.DynamicValue) (map[string]any, error) {
	if dv == nil || dv.MsgPack == nil {
		return et.decode(dv)
	}
	return decodeObjectLazy(dv.MsgPack, et.obj)
}

// dynamic encodes wire values.
func (et *elementType) dynamic(m map[string]any) (*tfprotov6.DynamicValue, error) {
	var w mpWriter
	var v any
	if m != nil {
		v = m
	}
	if err := encode(&w, v, et.obj, &path{}, true); err != nil {
		return nil, err
	}
	return &tfprotov6.DynamicValue{MsgPack: w.b}, nil
}

func (et *elementType) null() *tfprotov6.DynamicValue {
	return &tfprotov6.DynamicValue{MsgPack: []byte{0xc0}}
}

// toValues turns wire values into user Values; nil for null.
func (et *elementType) toValues(m map[string]any) (Values, error) {
	if m == nil {
		return nil, nil
	}
	u, err := toUser(m, et.obj, &path{})
	if err != nil {
		return nil, err
	}
	return Values(u.(map[string]any)), nil
}

// fromValues turns Values returned by user code into wire values; keys
// missing from v keep base's value.
func (et *elementType) fromValues(v Values, base map[string]any) (map[string]any, error) {
	m, _, err := et.fromValuesEncoded(v, base)
	return m, err
}

// fromValuesEncoded is fromValues that also returns the MessagePack
// encoding of the result, which it makes anyway to check the types.
func (et *elementType) fromValuesEncoded(v Values, base map[string]any) (map[string]any, *tfprotov6.DynamicValue, error) {
	out := make(map[string]any, len(et.obj.attrs))
	for n := range et.obj.attrs {
		out[n] = base[n]
	}
	root := &path{}
	for _, k := range sortedKeys(v) { // the first error by name, every time
		uv := v[k]
		at, ok := et.obj.attrs[k]
		if !ok {
			return nil, nil, root.attr(k).errorf("the schema has no attribute %q%s", k, suggest(k, et.obj.sortedNames()))
		}
		w, err := fromUser(uv, at, root.attr(k))
		if err != nil {
			return nil, nil, err
		}
		out[k] = w
	}
	for n, a := range et.schema.Attributes {
		if a.WriteOnly {
			out[n] = nil // in the configuration only, never in a plan or a state
		}
	}
	// Encoding checks every value against the schema; errors name the
	// attribute.
	var w mpWriter
	if err := encode(&w, out, et.obj, root, true); err != nil {
		return nil, nil, err
	}
	// What the operation returned in other shapes than decoding gives is
	// read back from its encoding, so that the comparisons with the plan
	// or the configuration see wire values only, whatever Go shapes the
	// types accept back ([]string, map[string]string, Values, an int), and
	// a set's repeated elements dropped.
	if !w.reshaped {
		return out, &tfprotov6.DynamicValue{MsgPack: w.b}, nil
	}
	enc, err := decodeObjectLazy(w.b, et.obj)
	if err != nil {
		return nil, nil, err
	}
	for k := range v {
		if out[k], err = full(enc[k], et.obj.attrs[k]); err != nil {
			return nil, nil, err
		}
	}
	return out, &tfprotov6.DynamicValue{MsgPack: w.b}, nil
}

// keepEquivalent replaces each value of a custom type in next, at any
// depth, that means the same as the one at its place in base with base's,
// so that a different spelling (JSON whitespace, a time zone) never shows
// as a change.
func (et *elementType) keepEquivalent(next, base map[string]any) (changed bool) {
	if next == nil || base == nil {
		return false
	}
	for name, at := range et.obj.attrs {
		if !hasCustom(at) {
			continue
		}
		if v, kept := keepSame(next[name], base[name], at, false); kept {
			next[name] = v
			changed = true
		}
	}
	return changed
}

// keepSame returns next with the values of custom types that mean the same
// as their counterparts in base replaced by base's, and whether it
// replaced any. List elements are matched by position, map elements by
// key, set elements by meaning (a whole set that means the same is base).
// With plan, for a planned value that base, the prior state, may replace
// only where the engines allow it: they check a plan inside blocks and
// nested attribute objects, but take the value of an attribute's Type only
// as the configuration's or the prior state's whole, so such a value is
// base when all of it means the same, else next.
func keepSame(next, base any, t Type, plan bool) (any, bool) {
	// Known parts of a partly unknown value are kept too: the plan made
	// again at apply, when everything is known, keeps them, and must not
	// change what this plan knew.
	if next == nil || base == nil || next == Unknown || !IsKnown(base) || !hasCustom(t) {
		return next, false
	}
	n, err1 := full(next, t)
	b, err2 := full(base, t)
	if err1 != nil || err2 != nil {
		return next, false
	}
	if plan && !holdsBody(t) {
		if wireEqual(n, b, t) {
			return base, true
		}
		return next, false
	}
	switch t := t.(type) {
	case customType:
		if wireEqual(n, b, t) {
			return base, true
		}
	case collection:
		if t.kind == "map" {
			return keepSameByKey(n, b, func(string) Type { return t.elem }, next, plan)
		}
		nl, ok1 := n.([]any)
		bl, ok2 := b.([]any)
		if !ok1 || !ok2 {
			break
		}
		out, hit := make([]any, len(nl)), false
		if t.kind == "list" {
			for i, e := range nl {
				out[i] = e
				if i < len(bl) {
					v, kept := keepSame(e, bl[i], t.elem, plan)
					out[i], hit = v, hit || kept
				}
			}
		} else {
			// Each element takes the first unused element of base that
			// means the same, trying the one at its own position first.
			used := make([]bool, len(bl))
			all := len(nl) == len(bl)
			for i, e := range nl {
				out[i] = e
				j := -1
				if i < len(bl) && wireEqual(e, bl[i], t.elem) {
					j = i
				} else {
					for k := range bl {
						if !used[k] && wireEqual(e, bl[k], t.elem) {
							j = k
							break
						}
					}
				}
				if j < 0 || used[j] {
					all = false
					continue
				}
				used[j] = true
				out[i], hit = bl[j], true
			}
			if all {
				return base, true
			}
		}
		if hit {
			return out, true
		}
	case objectType:
		return keepSameByKey(n, b, func(k string) Type { return t.attrs[k] }, next, plan)
	}
	return next, false
}

// holdsBody reports whether t is the object of a block or nested attribute,
// or a collection of them.
func holdsBody(t Type) bool {
	if c, ok := t.(collection); ok {
		t = c.elem
	}
	o, ok := t.(objectType)
	return ok && o.body
}

// keepSameByKey is keepSame for the elements of a map or the attributes
// of an object, n and b, matched by key (typ gives each one's type); next
// is returned when nothing is kept; plan is keepSame's.
func keepSameByKey(n, b any, typ func(string) Type, next any, plan bool) (any, bool) {
	nm, ok1 := n.(map[string]any)
	bm, ok2 := b.(map[string]any)
	if !ok1 || !ok2 {
		return next, false
	}
	out, hit := make(map[string]any, len(nm)), false
	for k, e := range nm {
		v, kept := keepSame(e, bm[k], typ(k), plan)
		out[k], hit = v, hit || kept
	}
	if !hit {
		return next, false
	}
	return out, true
}

// changedPlanned names the first top-level attribute or block that the plan
// knew and next holds another value for (with nullFree, only among those
// the plan does not leave null: a data source's configuration leaves its
// computed attributes null). The engine refuses such a state too
// ("inconsistent result after apply"), but without naming the operation or
// the rule.
func (et *elementType) changedPlanned(next, planned map[string]any, nullFree bool) string {
	for _, n := range et.obj.sortedNames() {
		pv := planned[n]
		if nullFree && pv == nil {
			continue
		}
		if IsKnown(pv) && !wireEqual(next[n], pv, et.obj.attrs[n]) {
			return n
		}
	}
	return ""
}

// changedDetail explains changedPlanned's finding; from is what had the
// value ("the plan", "the configuration") and open what it leaves for the
// provider to set ("unknown", "null"). The values of a Sensitive attribute
// are never shown.
func (et *elementType) changedDetail(op, name, from, open string, had, got any) string {
	if et.schema.Blocks[name] != nil {
		// A block's contents come from the configuration alone: "make it
		// Computed" is no advice there. Say where the value changed.
		at, h, g := firstDiff(had, got, et.obj.attrs[name], (&path{}).attr(name))
		what := "another value at " + at.String()
		hs, ok1 := showWire(h, at.typ)
		gs, ok2 := showWire(g, at.typ)
		hl, isList1 := h.([]any)
		gl, isList2 := g.([]any)
		switch {
		case at.String() == name && (isList1 || h == nil) && (isList2 || g == nil) && len(hl) != len(gl):
			blocks := func(n int) string {
				if n == 1 {
					return "1 " + name + " block"
				}
				return fmt.Sprintf("%d %s blocks", n, name)
			}
			what = fmt.Sprintf("%s (%s has %d)", blocks(len(gl)), from, len(hl))
		case ok1 && ok2 && !et.sensitiveAt(at.path):
			what += fmt.Sprintf(": %s (%s has %s)", gs, from, hs)
		}
		return fmt.Sprintf("%s returned %s. %s may set only computed attributes %s leaves %s, "+
			"and the attributes of a block never are: leave %s out of the returned Values to keep the value. This is a bug in the provider.",
			op, what, op, from, open, name)
	}
	what := "another value"
	t := et.obj.attrs[name]
	h, ok1 := showWire(had, t)
	g, ok2 := showWire(got, t)
	sensitive := false
	if a := et.schema.Attributes[name]; a != nil && a.Sensitive {
		ok1, sensitive = false, true
	}
	switch {
	case ok1 && ok2:
		what = fmt.Sprintf("%s (%s has %s)", g, from, h)
	case !sensitive && had != nil && got != nil:
		// A list, map or object: say where inside it.
		at, hv, gv := firstDiff(had, got, t, (&path{}).attr(name))
		if at.String() != name {
			what += " at " + at.String()
			hs, ok1 := showWire(hv, at.typ)
			gs, ok2 := showWire(gv, at.typ)
			if ok1 && ok2 && !et.sensitiveAt(at.path) {
				what += fmt.Sprintf(": %s (%s has %s)", gs, from, hs)
			}
		}
	}
	return fmt.Sprintf("%s returned %s. %s may set only computed attributes %s leaves %s: "+
		"leave %s out of the returned Values to keep the value, or make it Computed. This is a bug in the provider.",
		op, what, op, from, open, name)
}

// showWire writes a null, string, number or bool wire value for a
// message; ok is false for anything larger.
func showWire(v any, t Type) (s string, ok bool) {
	v, err := full(v, t)
	if err != nil {
		return "", false
	}
	switch x := v.(type) {
	case nil:
		return "null", true
	case string:
		return quoteShort(x), true
	case bool:
		return strconv.FormatBool(x), true
	}
	if f, ok := toBigFloat(v); ok {
		return f.Text('g', 20), true
	}
	return "", false
}

// typedPath is a path into a value and the type of the value there.
type typedPath struct {
	path *path
	typ  Type
}

func (p typedPath) String() string { return p.path.String() }

// firstDiff finds where got, a wire value of type t at p, differs from
// had: the path of the first difference inside lists, maps and objects
// of the same shape, and the two values there.
func firstDiff(had, got any, t Type, p *path) (typedPath, any, any) {
	h, err1 := full(had, t)
	g, err2 := full(got, t)
	if err1 != nil || err2 != nil {
		return typedPath{p, t}, had, got
	}
	switch t := t.(type) {
	case objectType:
		hm, ok1 := h.(map[string]any)
		gm, ok2 := g.(map[string]any)
		if ok1 && ok2 {
			for _, n := range t.sortedNames() {
				if !wireEqual(hm[n], gm[n], t.attrs[n]) {
					return firstDiff(hm[n], gm[n], t.attrs[n], p.attr(n))
				}
			}
		}
	case collection:
		switch t.kind {
		case "list":
			hl, ok1 := h.([]any)
			gl, ok2 := g.([]any)
			if ok1 && ok2 && len(hl) == len(gl) {
				for i := range hl {
					if !wireEqual(hl[i], gl[i], t.elem) {
						return firstDiff(hl[i], gl[i], t.elem, p.index(i))
					}
				}
			}
		case "map":
			hm, ok1 := h.(map[string]any)
			gm, ok2 := g.(map[string]any)
			if ok1 && ok2 && len(hm) == len(gm) {
				for _, k := range sortedKeys(hm) {
					gv, ok := gm[k]
					if !ok {
						break
					}
					if !wireEqual(hm[k], gv, t.elem) {
						return firstDiff(hm[k], gv, t.elem, p.key(k))
					}
				}
			}
		}
	}
	return typedPath{p, t}, h, g
}

// quoteShort quotes s for a message, cut to its first 57 bytes (whole
// characters) and "..." when longer than 60: a diagnostic never repeats a
// configuration's megabytes.
func quoteShort(s string) string {
	if len(s) > 60 {
		n := 57
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "..."
	}
	return strconv.Quote(s)
}

// stillUnknown names, sorted, the top-level attributes of m that are not
// wholly known.
func stillUnknown(m map[string]any) []string {
	var names []string
	for _, n := range sortedKeys(m) {
		if !IsKnown(m[n]) {
			names = append(names, n)
		}
	}
	return names
}

// unknownInState is the error for a state that an operation left with
// unknown values, which a state can never hold; nil when every value is
// known. The engine's own error names neither the operation nor the
// attribute.
func unknownInState(typeName, op string, m map[string]any) *tfprotov6.Diagnostic {
	names := stillUnknown(m)
	if len(names) == 0 {
		return nil
	}
	list, values := strings.Join(names, ", "), "an unknown value"
	if len(names) > 1 {
		values = "unknown values"
	}
	return &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  fmt.Sprintf("%s: %s left %s in %s", typeName, op, values, list),
		Detail: fmt.Sprintf("A state (or an ephemeral resource's result) cannot hold unknown values: after %s every attribute, at any depth, must have a value (or nil for null). "+
			"Set %s; Unknown belongs in plans only. This is a bug in the provider.", op, list),
		Attribute: tftypes.NewAttributePath().WithAttributeName(names[0]),
	}
}

// ---- provider ----

func (s *server) GetMetadata(ctx context.Context, req *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	resp := &tfprotov6.GetMetadataResponse{ServerCapabilities: s.schemaResp.ServerCapabilities}
	for _, n := range sortedKeys(s.p.Resources) {
		resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: n})
	}
	for _, n := range sortedKeys(s.p.DataSources) {
		resp.DataSources = append(resp.DataSources, tfprotov6.DataSourceMetadata{TypeName: n})
	}
	for _, n := range sortedKeys(s.p.EphemeralResources) {
		resp.EphemeralResources = append(resp.EphemeralResources, tfprotov6.EphemeralResourceMetadata{TypeName: n})
	}
	for _, n := range sortedKeys(s.p.Functions) {
		resp.Functions = append(resp.Functions, tfprotov6.FunctionMetadata{Name: n})
	}
	return resp, nil
}

func (s *server) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return s.schemaResp, nil
}

func (s *server) GetResourceIdentitySchemas(ctx context.Context, req *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: map[string]*tfprotov6.ResourceIdentitySchema{}}, nil
}

// validateConfig decodes a configuration and checks its known values
// against the custom types and the attributes' Validators; it returns the
// user Values (nil when null) and the wire values they came from.
func validateConfig(et *elementType, dv *tfprotov6.DynamicValue, summary string) (Values, map[string]any, []*tfprotov6.Diagnostic) {
	m, err := et.decode(dv)
	if err != nil {
		return nil, nil, et.errorDiag(summary, err)
	}
	// The engines plan what a configuration sets for a computed attribute,
	// which the provider's value would then contradict.
	var readOnly []*tfprotov6.Diagnostic
	for _, n := range et.obj.sortedNames() {
		if a := et.schema.Attributes[n]; a != nil && a.Computed && !a.Optional && m[n] != nil {
			readOnly = append(readOnly, &tfprotov6.Diagnostic{
				Severity:  tfprotov6.DiagnosticSeverityError,
				Summary:   "Cannot set read-only attribute " + n,
				Detail:    n + " is read-only: the provider sets its value, and a configuration cannot. Remove the line that sets it; expressions elsewhere may read it.",
				Attribute: tftypes.NewAttributePath().WithAttributeName(n),
			})
		}
	}
	if readOnly != nil {
		return nil, nil, readOnly
	}
	vals, err := et.toValues(m)
	if err != nil {
		return nil, nil, et.errorDiag(summary, err)
	}
	var ds Diagnostics
	validateBody(et.schema.Attributes, et.schema.Blocks, vals, &path{}, summary, &ds)
	if ds != nil {
		return nil, nil, protoDiagsAt(ds, et, m)
	}
	return vals, m, nil
}

func hasCustom(t Type) bool {
	switch t := t.(type) {
	case customType:
		return true
	case collection:
		return hasCustom(t.elem)
	case objectType:
		for _, a := range t.attrs {
			if hasCustom(a) {
				return true
			}
		}
	}
	return false
}

func (s *server) ValidateProviderConfig(ctx context.Context, req *tfprotov6.ValidateProviderConfigRequest) (resp *tfprotov6.ValidateProviderConfigResponse, _ error) {
	resp = &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}
	defer recoverRPC("provider", "ValidateProviderConfig", &resp.Diagnostics)
	_, _, resp.Diagnostics = validateConfig(&s.providerType, req.Config, "Invalid provider configuration")
	return resp, nil
}

func (s *server) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (resp *tfprotov6.ConfigureProviderResponse, _ error) {
	resp = &tfprotov6.ConfigureProviderResponse{}
	defer recoverRPC("provider", "ConfigureProvider", &resp.Diagnostics)
	vals, wire, diags := validateConfig(&s.providerType, req.Config, "Invalid provider configuration")
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	if vals == nil {
		vals = Values{}
	}
	if s.p.Configure == nil {
		return resp, nil
	}
	c := s.newContext(ctx, "provider", "Configure").at(&s.providerType, wire)
	var client any
	run(c, func() { client = s.p.Configure(c, vals) })
	resp.Diagnostics = c.proto()
	if !c.HasError() {
		s.mu.Lock()
		s.client = client
		s.mu.Unlock()
	}
	return resp, nil
}

func (s *server) StopProvider(ctx context.Context, req *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

// ---- resources ----

func (s *server) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (resp *tfprotov6.ValidateResourceConfigResponse, _ error) {
	resp = &tfprotov6.ValidateResourceConfigResponse{}
	defer recoverRPC(req.TypeName, "ValidateResourceConfig", &resp.Diagnostics)
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	vals, wire, diags := validateConfig(et, req.Config, "Invalid "+req.TypeName+" configuration")
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	if req.ClientCapabilities == nil || !req.ClientCapabilities.WriteOnlyAttributesAllowed {
		for _, n := range et.obj.sortedNames() {
			if a := et.schema.Attributes[n]; a != nil && a.WriteOnly && wire[n] != nil {
				resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
					Severity:  tfprotov6.DiagnosticSeverityError,
					Summary:   "Write-only attribute " + n + " needs a newer engine",
					Detail:    n + " is write-only, which Terraform 1.11 and OpenTofu 1.11 and later support: upgrade the engine, or leave " + n + " out.",
					Attribute: tftypes.NewAttributePath().WithAttributeName(n),
				})
			}
		}
		if resp.Diagnostics != nil {
			return resp, nil
		}
	}
	r := s.p.Resources[req.TypeName]
	if r.ValidateConfig != nil && vals != nil {
		c := s.newContext(ctx, req.TypeName, "ValidateConfig").at(et, wire)
		run(c, func() { r.ValidateConfig(c, vals) })
		resp.Diagnostics = c.proto()
	}
	return resp, nil
}

func (s *server) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (resp *tfprotov6.UpgradeResourceStateResponse, _ error) {
	resp = &tfprotov6.UpgradeResourceStateResponse{}
	defer recoverRPC(req.TypeName, "UpgradeResourceState", &resp.Diagnostics)
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	old, diag := rawStateObject(req.TypeName, req.RawState)
	if diag != nil {
		resp.Diagnostics = []*tfprotov6.Diagnostic{diag}
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	var state map[string]any
	var err error
	switch {
	case req.Version == r.Schema.Version:
		// Attributes a provider removed without raising the version are
		// dropped, as the SDKs drop them: nothing could ever read them.
		state, err = stateFromJSON(et, dropUndefined(old, et.obj).(map[string]any))
	case req.Version > r.Schema.Version:
		err = fmt.Errorf("the state was written by a newer version of the provider (schema version %d; this one knows up to %d): use that provider version or newer", req.Version, r.Schema.Version)
	default:
		c := s.newContext(ctx, req.TypeName, "UpgradeState").at(et, nil)
		var nv Values
		run(c, func() { nv = r.UpgradeState(c, req.Version, old) })
		resp.Diagnostics = c.proto()
		if c.HasError() {
			return resp, nil
		}
		if state, err = et.fromValues(withOldText(et, nv), nil); err != nil {
			suffix := fmt.Sprintf(" (upgrading from schema version %d)", req.Version)
			if pe, ok := err.(*pathError); ok {
				pe.msg += suffix
				if pe.hidden != "" {
					pe.hidden += suffix
				}
			} else {
				err = fmt.Errorf("%w%s", err, suffix)
			}
			resp.Diagnostics = append(resp.Diagnostics, et.errorDiag(req.TypeName+": UpgradeState returned a state that does not match the schema", err)...)
			return resp, nil
		}
		d := unknownInState(req.TypeName, "UpgradeState", state)
		if d == nil {
			// A required attribute left out would be set again by the
			// next plan: a replacement, with RequiresReplace.
			d = unsetRequired(et, req.TypeName, "UpgradeState", state)
		}
		if d != nil {
			resp.Diagnostics = append(resp.Diagnostics, d)
			return resp, nil
		}
	}
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag("State does not match the schema of "+req.TypeName, err)...)
		return resp, nil
	}
	resp.UpgradedState, err = et.dynamic(state)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag("State does not match the schema of "+req.TypeName, err)...)
	}
	return resp, nil
}

// dropUndefined returns the JSON value v of type t without the object
// attributes that t does not have, at any depth.
func dropUndefined(v any, t Type) any {
	switch t := t.(type) {
	case objectType:
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := make(map[string]any, len(m))
		for k, e := range m {
			if at, ok := t.attrs[k]; ok {
				out[k] = dropUndefined(e, at)
			}
		}
		return out
	case collection:
		switch c := v.(type) {
		case []any:
			out := make([]any, len(c))
			for i, e := range c {
				out[i] = dropUndefined(e, t.elem)
			}
			return out
		case map[string]any:
			out := make(map[string]any, len(c))
			for k, e := range c {
				out[k] = dropUndefined(e, t.elem)
			}
			return out
		}
	}
	return v
}

// stateFromJSON turns a state's JSON (decoded with json.Number) into wire
// values of the schema, checking every attribute.
func stateFromJSON(et *elementType, old map[string]any) (map[string]any, error) {
	var w mpWriter
	if err := encode(&w, old, et.obj, &path{}, true); err != nil {
		return nil, err
	}
	return decodeObject(w.b, et.obj)
}

func (s *server) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (resp *tfprotov6.ReadResourceResponse, _ error) {
	resp = &tfprotov6.ReadResourceResponse{Private: req.Private, NewState: req.CurrentState}
	defer recoverRPC(req.TypeName, "ReadResource", &resp.Diagnostics)
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	prior, err := et.decode(req.CurrentState)
	if err != nil {
		resp.Diagnostics = et.errorDiag("State does not match the schema of "+req.TypeName, err)
		return resp, nil
	}
	if prior == nil {
		return resp, nil
	}
	vals, err := et.toValues(prior)
	if err != nil {
		resp.Diagnostics = et.errorDiag("State does not match the schema of "+req.TypeName, err)
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	c := s.newContext(ctx, req.TypeName, "Read").at(et, prior).withPrivate(req.Private)
	var nv Values
	run(c, func() { nv = r.Read(c, vals) })
	resp.Diagnostics = c.proto()
	resp.Private = c.privateOut()
	if c.HasError() {
		return resp, nil
	}
	if nv == nil {
		resp.NewState = et.null()
		return resp, nil
	}
	next, encoded, err := et.fromValuesEncoded(nv, prior)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag(req.TypeName+": Read returned a state that does not match the schema", err)...)
		return resp, nil
	}
	if d := unknownInState(req.TypeName, "Read", next); d != nil {
		resp.Diagnostics = append(resp.Diagnostics, d)
		return resp, nil
	}
	resp.NewState = encoded
	if et.keepEquivalent(next, prior) {
		if resp.NewState, err = et.dynamic(next); err != nil {
			resp.Diagnostics = append(resp.Diagnostics, et.errorDiag("Internal error encoding state", err)...)
		}
	}
	return resp, nil
}

func (s *server) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (resp *tfprotov6.PlanResourceChangeResponse, _ error) {
	resp = &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate, PlannedState: req.ProposedNewState}
	defer recoverRPC(req.TypeName, "PlanResourceChange", &resp.Diagnostics)
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	// Without ModifyPlan no user code sees the values: attributes stay
	// encoded unless the plan must look inside them.
	decode := et.decode
	if r.ModifyPlan == nil {
		decode = et.decodeLazy
	}
	prior, err1 := decode(req.PriorState)
	proposed, err2 := decode(req.ProposedNewState)
	config, err3 := decode(req.Config)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			resp.Diagnostics = et.errorDiag("Invalid plan request for "+req.TypeName, err)
			return resp, nil
		}
	}
	if proposed == nil {
		return resp, nil // destroy
	}
	planned, replace, err := planChange(et, prior, proposed, config)
	if err != nil {
		resp.Diagnostics = et.errorDiag("Cannot plan "+req.TypeName, err)
		return resp, nil
	}
	if r.ModifyPlan != nil {
		c := s.newContext(ctx, req.TypeName, "ModifyPlan").at(et, planned).withPrivate(req.PriorPrivate)
		pv, err1 := et.toValues(prior)
		nv, err2 := et.toValues(planned)
		if err := errors.Join(err1, err2); err != nil {
			resp.Diagnostics = et.errorDiag("Cannot plan "+req.TypeName, err)
			return resp, nil
		}
		var out Values
		run(c, func() { out = r.ModifyPlan(c, pv, nv) })
		resp.Diagnostics = c.proto()
		resp.PlannedPrivate = c.privateOut()
		if c.HasError() {
			return resp, nil
		}
		if out != nil {
			next, err := et.fromValues(out, planned)
			if err != nil {
				resp.Diagnostics = append(resp.Diagnostics, et.errorDiag(req.TypeName+": ModifyPlan returned a plan that does not match the schema", err)...)
				return resp, nil
			}
			if d := et.checkModifiedPlan(req.TypeName, out, planned, next, prior, config); d != nil {
				resp.Diagnostics = append(resp.Diagnostics, d)
				return resp, nil
			}
			planned = next
		}
		for _, n := range c.replace {
			if _, ok := et.obj.attrs[n]; !ok {
				resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
					Severity: tfprotov6.DiagnosticSeverityError,
					Summary:  fmt.Sprintf("%s: ModifyPlan called RequiresReplace(%q), which the schema does not have", req.TypeName, n),
					Detail:   fmt.Sprintf("RequiresReplace takes the name of one of the resource's own attributes or blocks%s. This is a bug in the provider.", suggest(n, et.obj.sortedNames())),
				})
				return resp, nil
			}
		}
		replace = replacedBy(et, out, c.replace, planned, prior, config, replace)
	}
	resp.RequiresReplace = replace
	if resp.PlannedState, err = et.dynamic(planned); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag("Internal error encoding plan", err)...)
	}
	return resp, nil
}

// planChange applies the schema's behavior to the engine's proposed new
// state: defaults, computed values unknown until apply, the prior value
// kept where it means the same as the configuration, and the attributes
// whose change forces replacement. Only top-level attributes carry these
// behaviors but defaults (Check refuses them deeper), so nested values
// without defaults pass through untouched however large they are.
func planChange(et *elementType, prior, proposed, config map[string]any) (map[string]any, []*tftypes.AttributePath, error) {
	plan := make(map[string]any, len(proposed))
	for k, v := range proposed {
		plan[k] = v
	}
	create := prior == nil
	attrs := et.schema.Attributes
	for _, n := range et.obj.names {
		a, isAttr := attrs[n]
		if !isAttr {
			continue
		}
		if a.WriteOnly {
			plan[n] = nil
			continue
		}
		cv := config[n]
		at := et.obj.attrs[n]
		switch {
		case cv == nil && a.Default != nil:
			dv, err := fromUser(a.Default, at, (&path{}).attr(n))
			if err != nil {
				return nil, nil, err
			}
			// A state that means the default keeps its text ("90s" for
			// a default of 90*time.Second, which is written "1m30s").
			plan[n], _ = keepSame(dv, prior[n], at, true)
		case cv == nil && a.Computed && create:
			plan[n] = Unknown
		case cv == nil && a.Computed:
			// The provider's value stays until something changes (below).
			// The engines propose the prior value for every other computed
			// attribute the configuration leaves out, but null for an
			// optional and computed nested attribute, which would plan to
			// remove the value on every run.
			plan[n] = prior[n]
		case !create && cv != nil && hasCustom(at):
			plan[n], _ = keepSame(plan[n], prior[n], at, true)
		}
	}
	// Inside nested blocks and nested attributes, whose values all come
	// from the configuration, each object takes the defaults of what it
	// leaves null, keeping the state's text where it means the same.
	for _, n := range et.defaulted {
		at := et.obj.attrs[n]
		cv, err := full(config[n], at)
		if err != nil {
			return nil, nil, err
		}
		if cv == nil {
			continue
		}
		var v any
		if a := attrs[n]; a != nil {
			v, err = withDefaults(cv, a.Nested.Nesting, a.Nested.Attributes, nil, (&path{}).attr(n))
		} else {
			b := et.schema.Blocks[n]
			v, err = withDefaults(cv, b.Nesting, b.Attributes, b.Blocks, (&path{}).attr(n))
		}
		if err != nil {
			return nil, nil, err
		}
		plan[n], _ = keepSame(v, prior[n], at, true)
	}
	if !create {
		// Blocks keep the state's text of their custom values the same way;
		// Terraform accepts a planned value equal to the prior one for a
		// configured attribute.
		for n := range et.schema.Blocks {
			if at := et.obj.attrs[n]; config[n] != nil && hasCustom(at) {
				plan[n], _ = keepSame(plan[n], prior[n], at, true)
			}
		}
	}
	var replace []*tftypes.AttributePath
	if !create {
		changed := false
		for _, n := range et.obj.names {
			if !wireEqual(plan[n], prior[n], et.obj.attrs[n]) {
				changed = true
				if a, ok := attrs[n]; ok && a.RequiresReplace {
					replace = append(replace, tftypes.NewAttributePath().WithAttributeName(n))
				}
			}
		}
		for _, n := range et.obj.names {
			a, ok := attrs[n]
			if !ok || !a.Computed || a.Default != nil || config[n] != nil {
				continue
			}
			// A replacement creates a new object: every computed value is
			// new, including those kept with UseStateForUnknown.
			if len(replace) > 0 || (changed && !a.UseStateForUnknown) {
				plan[n] = Unknown
			}
		}
	}
	return plan, replace, nil
}

// withDefaults returns v, the configuration's wire value of a block or
// nested attribute at p (nesting, with objects of attrs and blocks), with
// each attribute it leaves null that has a Default set to it, at any
// depth.
func withDefaults(v any, nesting Nesting, attrs map[string]*Attribute, blocks map[string]*Block, p *path) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		if nesting != NestingMap {
			return bodyDefaults(v, attrs, blocks, p)
		}
		out := make(map[string]any, len(v))
		for k, e := range v {
			o, err := withDefaults(e, NestingSingle, attrs, blocks, p.key(k))
			if err != nil {
				return nil, err
			}
			out[k] = o
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			o, err := withDefaults(e, NestingSingle, attrs, blocks, p.elem(nesting.String(), i))
			if err != nil {
				return nil, err
			}
			out[i] = o
		}
		return out, nil
	}
	return v, nil // null or unknown
}

// bodyDefaults is withDefaults for one object.
func bodyDefaults(obj map[string]any, attrs map[string]*Attribute, blocks map[string]*Block, p *path) (map[string]any, error) {
	out := maps.Clone(obj)
	var err error
	for n, a := range attrs {
		switch {
		case obj[n] == nil && a.Default != nil:
			out[n], err = fromUser(a.Default, a.typ(), p.attr(n))
		case a.Nested != nil:
			out[n], err = withDefaults(obj[n], a.Nested.Nesting, a.Nested.Attributes, nil, p.attr(n))
		}
		if err != nil {
			return nil, err
		}
	}
	for n, b := range blocks {
		if out[n], err = withDefaults(obj[n], b.Nesting, b.Attributes, b.Blocks, p.attr(n)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkModifiedPlan keeps, for each attribute ModifyPlan returned
// (out), the framework's text where the value means the same as its plan
// (planned), and returns an error for the first value the engine would
// refuse in a plan: one that differs from what the configuration sets
// (unless it is the prior state's, meaning the same), or any value for an
// attribute the configuration leaves null that is neither computed nor
// defaulted. The engine's own error names neither ModifyPlan nor the rule.
func (et *elementType) checkModifiedPlan(typeName string, out Values, planned, next, prior, config map[string]any) *tfprotov6.Diagnostic {
	for _, n := range sortedKeys(out) {
		t := et.obj.attrs[n]
		if wireEqual(next[n], planned[n], t) {
			next[n] = planned[n]
			continue
		}
		cv, nv := config[n], next[n]
		if wireEqual(nv, cv, t) || (prior != nil && prior[n] != nil && cv != nil && wireEqual(nv, prior[n], t)) {
			continue
		}
		summary := fmt.Sprintf("%s: ModifyPlan changed %s, which the configuration sets", typeName, n)
		if a, ok := et.schema.Attributes[n]; ok {
			if a.Computed && !a.Optional {
				continue
			}
			if cv == nil && (a.Computed || a.Default != nil) {
				continue
			}
			if cv == nil {
				summary = fmt.Sprintf("%s: ModifyPlan set %s, which is not computed", typeName, n)
			}
		} else if cv == nil {
			summary = fmt.Sprintf("%s: ModifyPlan set block %s, which the configuration does not write", typeName, n)
		}
		return &tfprotov6.Diagnostic{
			Severity:  tfprotov6.DiagnosticSeverityError,
			Summary:   summary,
			Detail:    et.changedDetail("ModifyPlan", n, "the configuration", "null", cv, nv),
			Attribute: tftypes.NewAttributePath().WithAttributeName(n),
		}
	}
	return nil
}

// replacedBy adds to replace the RequiresReplace attributes whose value
// ModifyPlan (out) changed from the prior state, and the attributes and
// blocks ModifyPlan named with Context.RequiresReplace (asked) whose value
// changes. When that makes the plan a replacement, every computed value it
// did not set becomes unknown, as planChange does: the new object gets new
// ones, and a kept id would make Create's new id a change of a planned
// value.
func replacedBy(et *elementType, out Values, asked []string, planned, prior, config map[string]any, replace []*tftypes.AttributePath) []*tftypes.AttributePath {
	if prior == nil {
		return replace
	}
	var added []*tftypes.AttributePath
	names := sortedKeys(out)
	for _, n := range asked {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for _, n := range names {
		a := et.schema.Attributes[n]
		_, returned := out[n]
		byFlag := returned && a != nil && a.RequiresReplace
		if !(byFlag || slices.Contains(asked, n)) || wireEqual(planned[n], prior[n], et.obj.attrs[n]) {
			continue
		}
		p := tftypes.NewAttributePath().WithAttributeName(n)
		if !slices.ContainsFunc(replace, p.Equal) {
			added = append(added, p)
		}
	}
	if len(added) == 0 {
		return replace
	}
	if len(replace) == 0 {
		for n, a := range et.schema.Attributes {
			if _, set := out[n]; !set && a.Computed && a.Default == nil && config[n] == nil {
				planned[n] = Unknown
			}
		}
	}
	return append(replace, added...)
}

func (s *server) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (resp *tfprotov6.ApplyResourceChangeResponse, _ error) {
	resp = &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate}
	defer func() {
		if resp.NewState == nil {
			// A panic before the state was decided keeps the prior state:
			// a null one would make the engine forget the object.
			resp.NewState = req.PriorState
		}
	}()
	defer recoverRPC(req.TypeName, "ApplyResourceChange", &resp.Diagnostics)
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	prior, err1 := et.decode(req.PriorState)
	planned, err2 := et.decode(req.PlannedState)
	// Create and Update find write-only values, which only the
	// configuration holds, in the plan.
	withConfig, config := planned, map[string]any(nil)
	var err5 error
	for n, a := range et.schema.Attributes {
		if !a.WriteOnly || planned == nil || err5 != nil {
			continue
		}
		if config == nil {
			config, err5 = et.decode(req.Config)
			withConfig = maps.Clone(planned)
		}
		withConfig[n] = config[n]
	}
	priorVals, err3 := et.toValues(prior)
	planVals, err4 := et.toValues(withConfig)
	if err := errors.Join(err1, err2, err3, err4, err5); err != nil {
		resp.Diagnostics = et.errorDiag("State does not match the schema of "+req.TypeName, err)
		resp.NewState = req.PriorState
		return resp, nil
	}
	// failed is the state after a failed operation: unchanged, or none
	// for a create.
	failed := req.PriorState
	if prior == nil {
		failed = et.null()
	}
	r := s.p.Resources[req.TypeName]
	var c *Context
	var nv Values
	switch {
	case planned == nil:
		c = s.newContext(ctx, req.TypeName, "Delete").at(et, prior).withPrivate(req.PlannedPrivate)
		run(c, func() { r.Delete(c, priorVals) })
		resp.Diagnostics = c.proto()
		resp.NewState = et.null()
		if c.HasError() {
			resp.NewState = req.PriorState
		}
		return resp, nil
	case prior == nil:
		c = s.newContext(ctx, req.TypeName, "Create").at(et, withConfig).withPrivate(req.PlannedPrivate)
		run(c, func() { nv = r.Create(c, planVals) })
	default:
		c = s.newContext(ctx, req.TypeName, "Update").at(et, withConfig).withPrivate(req.PlannedPrivate)
		if r.Update == nil {
			c.Error("", req.TypeName+": this resource cannot be updated in place", "The provider has no Update; mark the changed attributes RequiresReplace.")
		} else {
			run(c, func() { nv = r.Update(c, priorVals, planVals) })
		}
	}
	resp.Diagnostics = c.proto()
	resp.Private = c.privateOut()
	if nv == nil {
		if c.HasError() {
			resp.NewState = failed
			return resp, nil
		}
		nv = Values{}
	}
	next, err := et.fromValues(nv, planned)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag(fmt.Sprintf("%s: %s returned a state that does not match the schema", req.TypeName, c.Operation), err)...)
		resp.NewState = failed
		return resp, nil
	}
	et.keepEquivalent(next, planned)
	if n := et.changedPlanned(next, planned, false); n != "" {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
			Severity:  tfprotov6.DiagnosticSeverityError,
			Summary:   fmt.Sprintf("%s: %s changed %s, which the plan had", req.TypeName, c.Operation, n),
			Detail:    et.changedDetail(c.Operation, n, "the plan", "unknown", planned[n], next[n]),
			Attribute: tftypes.NewAttributePath().WithAttributeName(n),
		})
		resp.NewState = failed
		return resp, nil
	}
	if d := unknownInState(req.TypeName, c.Operation, next); d != nil {
		if !c.HasError() {
			resp.Diagnostics = append(resp.Diagnostics, d)
		}
		// A state may not hold unknown values.
		for k, v := range next {
			if !IsKnown(v) {
				next[k] = nil
			}
		}
	}
	if resp.NewState, err = et.dynamic(next); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag("Internal error encoding state", err)...)
		resp.NewState = failed
	}
	return resp, nil
}

func (s *server) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (resp *tfprotov6.ImportResourceStateResponse, _ error) {
	resp = &tfprotov6.ImportResourceStateResponse{}
	defer recoverRPC(req.TypeName, "ImportResourceState", &resp.Diagnostics)
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	if r.Import == nil {
		resp.Diagnostics = []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Import not supported", Detail: req.TypeName + " resources cannot be imported."}}
		return resp, nil
	}
	c := s.newContext(ctx, req.TypeName, "Import").at(et, nil).withPrivate(nil)
	var nv Values
	run(c, func() { nv = r.Import(c, req.ID) })
	resp.Diagnostics = c.proto()
	if c.HasError() {
		return resp, nil
	}
	if nv == nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Cannot import non-existent remote object",
			Detail:  fmt.Sprintf("%s %q does not exist.", req.TypeName, req.ID)})
		return resp, nil
	}
	state, err := et.fromValues(nv, nil)
	var dv *tfprotov6.DynamicValue
	if err == nil {
		dv, err = et.dynamic(state)
	}
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag(req.TypeName+": Import returned a state that does not match the schema", err)...)
		return resp, nil
	}
	if d := unknownInState(req.TypeName, "Import", state); d != nil {
		resp.Diagnostics = append(resp.Diagnostics, d)
		return resp, nil
	}
	resp.ImportedResources = []*tfprotov6.ImportedResource{{TypeName: req.TypeName, State: dv, Private: c.privateOut()}}
	return resp, nil
}

func (s *server) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return &tfprotov6.UpgradeResourceIdentityResponse{Diagnostics: unsupported("Resource identity")}, nil
}

func unsupported(what string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError,
		Summary: what + " is not supported", Detail: "This provider does not implement it."}}
}

// ---- data sources ----

func (s *server) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (resp *tfprotov6.ValidateDataResourceConfigResponse, _ error) {
	resp = &tfprotov6.ValidateDataResourceConfigResponse{}
	defer recoverRPC(req.TypeName, "ValidateDataResourceConfig", &resp.Diagnostics)
	et, ok := s.dataSources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("data source", req.TypeName)
		return resp, nil
	}
	resp.Diagnostics = s.validateElement(ctx, req.TypeName, et, req.Config, s.p.DataSources[req.TypeName].ValidateConfig)
	return resp, nil
}

// configValues decodes the configuration of a data source or an ephemeral
// resource typeName as the wire form and as operations read it.
func (et *elementType) configValues(typeName string, dv *tfprotov6.DynamicValue) (map[string]any, Values, []*tfprotov6.Diagnostic) {
	config, err := et.decode(dv)
	var vals Values
	if err == nil {
		vals, err = et.toValues(config)
	}
	if err != nil {
		return nil, nil, et.errorDiag("Invalid "+typeName+" configuration", err)
	}
	return config, vals, nil
}

// validateElement checks the configuration of a data source or an
// ephemeral resource: the schema's rules and validators, then the
// element's own ValidateConfig (validate, which may be nil).
func (s *server) validateElement(ctx context.Context, typeName string, et *elementType, config *tfprotov6.DynamicValue, validate func(*Context, Values)) []*tfprotov6.Diagnostic {
	vals, wire, diags := validateConfig(et, config, "Invalid "+typeName+" configuration")
	if diags != nil || validate == nil || vals == nil {
		return diags
	}
	c := s.newContext(ctx, typeName, "ValidateConfig").at(et, wire)
	run(c, func() { validate(c, vals) })
	return c.proto()
}

func (s *server) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (resp *tfprotov6.ReadDataSourceResponse, _ error) {
	resp = &tfprotov6.ReadDataSourceResponse{}
	defer recoverRPC(req.TypeName, "ReadDataSource", &resp.Diagnostics)
	et, ok := s.dataSources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("data source", req.TypeName)
		return resp, nil
	}
	config, vals, diags := et.configValues(req.TypeName, req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	d := s.p.DataSources[req.TypeName]
	c := s.newContext(ctx, req.TypeName, "Read").at(et, config)
	var nv Values
	run(c, func() { nv = d.Read(c, vals) })
	resp.Diagnostics = c.proto()
	if c.HasError() {
		return resp, nil
	}
	resp.State, diags = et.readResult(req.TypeName, "Read", "A data source's Read", config, nv)
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	return resp, nil
}

// readResult checks and encodes what a data source's Read or an ephemeral
// resource's Open (op; who is "A data source's Read") returned for the
// configuration config: every computed attribute the configuration leaves
// null set, what it sets unchanged, nothing unknown. On a mistake it
// returns nil and the diagnostics saying what is wrong.
func (et *elementType) readResult(typeName, op, who string, config map[string]any, nv Values) (*tfprotov6.DynamicValue, []*tfprotov6.Diagnostic) {
	if nv == nil {
		nv = Values{}
	}
	// The configuration leaves computed attributes null, so one that Read
	// leaves out would be null in the state without a word: a value
	// forgotten. Null is returned as nil.
	var unset []string
	for _, n := range sortedKeys(et.schema.Attributes) {
		if _, ok := nv[n]; !ok && et.schema.Attributes[n].Computed && config[n] == nil {
			unset = append(unset, n)
		}
	}
	if len(unset) > 0 {
		return nil, []*tfprotov6.Diagnostic{{
			Severity: tfprotov6.DiagnosticSeverityError,
			Summary:  fmt.Sprintf("%s: %s left %s unset", typeName, op, strings.Join(unset, ", ")),
			Detail: fmt.Sprintf("%s returns every computed attribute the configuration leaves null: "+
				"set %s in the returned Values (nil for null). This is a bug in the provider.", who, strings.Join(unset, ", ")),
		}}
	}
	next, err := et.fromValues(nv, config)
	if err != nil {
		return nil, et.errorDiag(fmt.Sprintf("%s: %s returned values that do not match the schema", typeName, op), err)
	}
	if d := unknownInState(typeName, op, next); d != nil {
		return nil, []*tfprotov6.Diagnostic{d}
	}
	et.keepEquivalent(next, config)
	if n := et.changedPlanned(next, config, true); n != "" {
		return nil, []*tfprotov6.Diagnostic{{
			Severity:  tfprotov6.DiagnosticSeverityError,
			Summary:   fmt.Sprintf("%s: %s changed %s, which the configuration sets", typeName, op, n),
			Detail:    et.changedDetail(op, n, "the configuration", "null", config[n], next[n]),
			Attribute: tftypes.NewAttributePath().WithAttributeName(n),
		}}
	}
	out, err := et.dynamic(next)
	if err != nil {
		return nil, et.errorDiag("Internal error encoding state", err)
	}
	return out, nil
}

// ---- functions ----

func (s *server) GetFunctions(ctx context.Context, req *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{Functions: s.functions}, nil
}

func (s *server) CallFunction(ctx context.Context, req *tfprotov6.CallFunctionRequest) (resp *tfprotov6.CallFunctionResponse, _ error) {
	resp = &tfprotov6.CallFunctionResponse{}
	defer func() {
		if r := recover(); r != nil {
			d := panicDiag(req.Name, "CallFunction", r)
			resp.Error = &tfprotov6.FunctionError{Text: d.Summary + ": " + d.Detail}
		}
		// Both engines end the text with a period of their own ("Call to
		// function ... failed: TEXT."), which would double one here.
		if resp.Error != nil {
			resp.Error.Text = strings.TrimRight(strings.TrimSpace(resp.Error.Text), ".")
		}
	}()
	f, ok := s.p.Functions[req.Name]
	if !ok {
		resp.Error = &tfprotov6.FunctionError{Text: fmt.Sprintf("unknown function %q", req.Name)}
		return resp, nil
	}
	args := make([]any, len(req.Arguments))
	for i, dv := range req.Arguments {
		var prm *Parameter
		switch {
		case i < len(f.Parameters):
			prm = &f.Parameters[i]
		case f.Variadic != nil:
			prm = f.Variadic
		default:
			resp.Error = &tfprotov6.FunctionError{Text: fmt.Sprintf("%s takes %d arguments, got %d", req.Name, len(f.Parameters), len(req.Arguments))}
			return resp, nil
		}
		idx := int64(i)
		if dv == nil || (len(dv.MsgPack) == 0 && len(dv.JSON) == 0) {
			// OpenTofu sends a null argument so; Terraform as MessagePack
			// nil. Either reaches Call as nil.
			continue
		}
		v, err := dv.Unmarshal(prm.Type.tfType())
		if err == nil {
			args[i], err = elemToGo(prm.Type, v, &path{})
		}
		if err != nil {
			resp.Error = &tfprotov6.FunctionError{Text: fmt.Sprintf("argument %s: %v", prm.Name, err), FunctionArgument: &idx}
			return resp, nil
		}
	}
	c := s.newContext(ctx, req.Name, "Call")
	var out any
	run(c, func() { out = f.Call(c, args) })
	if c.HasError() {
		var msgs []string
		for _, d := range c.diags {
			if d.Severity == Error {
				m := d.Summary
				if d.Detail != "" {
					m += ": " + d.Detail
				}
				msgs = append(msgs, m)
			}
		}
		resp.Error = &tfprotov6.FunctionError{Text: strings.Join(msgs, "; "), FunctionArgument: c.argument}
		return resp, nil
	}
	rv, err := elemFromGo(f.Return, out, &path{}, false)
	if err != nil {
		resp.Error = &tfprotov6.FunctionError{Text: fmt.Sprintf("%s returned a value of the wrong type: %v", req.Name, err)}
		return resp, nil
	}
	if at, ok := firstUnknown(rv); ok {
		// The engines call a function only with known arguments: an
		// unknown result would plan "known after apply" and then apply
		// as null, silently.
		where := ""
		if at != "" {
			where = " at " + at
		}
		resp.Error = &tfprotov6.FunctionError{Text: fmt.Sprintf("%s returned an unknown value%s: a function gets only known arguments, so its result must be known; return the value it computes, or fail the call with ctx.Error", req.Name, where)}
		return resp, nil
	}
	dv, err := tfprotov6.NewDynamicValue(f.Return.tfType(), rv)
	if err != nil {
		resp.Error = &tfprotov6.FunctionError{Text: err.Error()}
		return resp, nil
	}
	resp.Result = &dv
	return resp, nil
}

// firstUnknown finds an unknown value inside v, and where it is ("" for v
// itself, else a path such as [1].name).
func firstUnknown(v tftypes.Value) (string, bool) {
	if v.IsFullyKnown() {
		return "", false
	}
	at, found := "", false
	_ = tftypes.Walk(v, func(p *tftypes.AttributePath, e tftypes.Value) (bool, error) {
		if found {
			return false, nil
		}
		if !e.IsKnown() {
			found = true
			for _, step := range p.Steps() {
				switch s := step.(type) {
				case tftypes.AttributeName:
					if at != "" {
						at += "."
					}
					at += string(s)
				case tftypes.ElementKeyString:
					at += "[" + strconv.Quote(string(s)) + "]"
				case tftypes.ElementKeyInt:
					at += "[" + strconv.FormatInt(int64(s), 10) + "]"
				default:
					at += "[...]"
				}
			}
			return false, nil
		}
		return true, nil
	})
	return at, true
}

func (s *server) GenerateResourceConfig(ctx context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return &tfprotov6.GenerateResourceConfigResponse{Diagnostics: unsupported("Generating resource configuration")}, nil
}
