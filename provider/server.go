package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"

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
}

func newElementType(s *Schema) elementType {
	obj := s.typ()
	return elementType{schema: s, obj: obj, tf: obj.tfType()}
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
		functions:    map[string]*tfprotov6.Function{},
	}
	resp := &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities:       &tfprotov6.ServerCapabilities{},
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

// panicSite returns " (at file.go:LINE)" for the frame that panicked.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	sawPanic := false
	for {
		fr, more := frames.Next()
		if sawPanic && !strings.HasPrefix(fr.Function, "runtime.") {
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

// protoDiags converts diagnostics, parsing their paths.
func protoDiags(ds Diagnostics) []*tfprotov6.Diagnostic {
	out := make([]*tfprotov6.Diagnostic, 0, len(ds))
	for _, d := range ds {
		pd := &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: d.Summary, Detail: d.Detail}
		if d.Severity == Warning {
			pd.Severity = tfprotov6.DiagnosticSeverityWarning
		}
		if d.Path != "" {
			ap, err := ParsePath(d.Path)
			if err != nil {
				pd.Detail += fmt.Sprintf("\n\n(The provider gave an invalid attribute path: %v.)", err)
			} else {
				pd.Attribute = ap
			}
		}
		out = append(out, pd)
	}
	return out
}

func errorDiag(summary string, err error) []*tfprotov6.Diagnostic {
	d := &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: err.Error()}
	if pe, ok := err.(*pathError); ok {
		d.Detail = pe.msg
		d.Attribute = pe.path.tf()
	}
	return []*tfprotov6.Diagnostic{d}
}

func unknownType(kind, name string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  fmt.Sprintf("Unknown %s type %q", kind, name),
		Detail:   "This provider does not have it; check the type name and the provider version.",
	}}
}

// decode unmarshals a DynamicValue of an element's type.
func (et *elementType) decode(dv *tfprotov6.DynamicValue) (tftypes.Value, error) {
	if dv == nil {
		return tftypes.NewValue(et.tf, nil), nil
	}
	return dv.Unmarshal(et.tf)
}

// toValues converts a known object to Values; nil for null.
func (et *elementType) toValues(v tftypes.Value) (Values, error) {
	if v.IsNull() {
		return nil, nil
	}
	g, err := et.obj.toGo(v, &path{})
	if err != nil {
		return nil, err
	}
	return Values(g.(map[string]any)), nil
}

// fromValues converts Values returned by user code; keys missing from it
// take their value from base (when base is an object).
func (et *elementType) fromValues(v Values, base tftypes.Value) (tftypes.Value, error) {
	var attrs map[string]tftypes.Value
	if !base.IsNull() && base.IsKnown() {
		if err := base.As(&attrs); err != nil {
			return tftypes.Value{}, err
		}
	}
	out := make(map[string]tftypes.Value, len(et.obj.attrs))
	root := &path{}
	for k := range v {
		if _, ok := et.obj.attrs[k]; !ok {
			return tftypes.Value{}, root.attr(k).errorf("the schema has no attribute %q%s", k, suggest(k, et.obj.sortedNames()))
		}
	}
	for n, at := range et.obj.attrs {
		gv, set := v[n]
		if !set {
			if bv, ok := attrs[n]; ok {
				out[n] = bv
			} else {
				out[n] = tftypes.NewValue(at.tfType(), nil)
			}
			continue
		}
		tv, err := elemFromGo(at, gv, root.attr(n), false)
		if err != nil {
			return tftypes.Value{}, err
		}
		out[n] = tv
	}
	return tftypes.NewValue(et.tf, out), nil
}

func (et *elementType) dynamic(v tftypes.Value) (*tfprotov6.DynamicValue, error) {
	dv, err := tfprotov6.NewDynamicValue(et.tf, v)
	if err != nil {
		return nil, err
	}
	return &dv, nil
}

// keepEquivalent returns next with each top-level attribute that means
// the same as in base replaced by base's value, so that a different
// spelling (JSON whitespace, a time zone) never shows as a change.
func (et *elementType) keepEquivalent(next, base tftypes.Value) tftypes.Value {
	if next.IsNull() || base.IsNull() || !next.IsKnown() || !base.IsKnown() {
		return next
	}
	var n, b map[string]tftypes.Value
	if next.As(&n) != nil || base.As(&b) != nil {
		return next
	}
	changed := false
	for name, at := range et.obj.attrs {
		if _, custom := at.(customType); !custom {
			continue
		}
		nv, bv := n[name], b[name]
		if !nv.IsKnown() || !bv.IsKnown() || nv.IsNull() || bv.IsNull() || primitiveEqual(nv, bv) {
			continue
		}
		if at.equal(nv, bv) {
			n[name] = bv
			changed = true
		}
	}
	if !changed {
		return next
	}
	return tftypes.NewValue(et.tf, n)
}

// stillUnknown names the first top-level attribute of v that is unknown.
func stillUnknown(v tftypes.Value) string {
	var m map[string]tftypes.Value
	if v.IsNull() || v.As(&m) != nil {
		return ""
	}
	for _, n := range sortedKeys(m) {
		if !m[n].IsFullyKnown() {
			return n
		}
	}
	return ""
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

func (s *server) ValidateProviderConfig(ctx context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	resp := &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}
	v, err := s.providerType.decode(req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid provider configuration", err)
		return resp, nil
	}
	resp.Diagnostics = validateKnown(&s.providerType, v, "Invalid provider configuration")
	return resp, nil
}

// validateKnown runs the custom types' checks on a configuration's
// known values.
func validateKnown(et *elementType, v tftypes.Value, summary string) []*tfprotov6.Diagnostic {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	if err := validateValue(et.obj, v, &path{}); err != nil {
		return errorDiag(summary, err)
	}
	return nil
}

func validateValue(t Type, v tftypes.Value, p *path) error {
	if !v.IsKnown() || v.IsNull() {
		return nil
	}
	switch t := t.(type) {
	case customType:
		return t.validateWire(v, p)
	case objectType:
		var m map[string]tftypes.Value
		if err := v.As(&m); err != nil {
			return err
		}
		for _, n := range t.sortedNames() {
			if ev, ok := m[n]; ok {
				if err := validateValue(t.attrs[n], ev, p.attr(n)); err != nil {
					return err
				}
			}
		}
	case collection:
		if !hasCustom(t.elem) {
			return nil
		}
		if t.kind == "map" {
			var m map[string]tftypes.Value
			if err := v.As(&m); err != nil {
				return err
			}
			for _, k := range sortedKeys(m) {
				if err := validateValue(t.elem, m[k], p.key(k)); err != nil {
					return err
				}
			}
			return nil
		}
		var l []tftypes.Value
		if err := v.As(&l); err != nil {
			return err
		}
		for i, ev := range l {
			ep := p.index(i)
			if t.kind == "set" {
				ep = p // a set element has no position Terraform can show
			}
			if err := validateValue(t.elem, ev, ep); err != nil {
				return err
			}
		}
	}
	return nil
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

func (s *server) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	resp := &tfprotov6.ConfigureProviderResponse{}
	v, err := s.providerType.decode(req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid provider configuration", err)
		return resp, nil
	}
	vals, err := s.providerType.toValues(v)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid provider configuration", err)
		return resp, nil
	}
	if vals == nil {
		vals = Values{}
	}
	if s.p.Configure == nil {
		return resp, nil
	}
	c := s.newContext(ctx, "provider", "Configure")
	var client any
	run(c, func() { client = s.p.Configure(c, vals) })
	resp.Diagnostics = protoDiags(c.diags)
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

func (s *server) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	v, err := et.decode(req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	if resp.Diagnostics = validateKnown(et, v, "Invalid "+req.TypeName+" configuration"); len(resp.Diagnostics) > 0 {
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	if r.ValidateConfig != nil && !v.IsNull() {
		vals, err := et.toValues(v)
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid configuration", err)
			return resp, nil
		}
		c := s.newContext(ctx, req.TypeName, "ValidateConfig")
		run(c, func() { r.ValidateConfig(c, vals) })
		resp.Diagnostics = protoDiags(c.diags)
	}
	return resp, nil
}

func (s *server) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp := &tfprotov6.UpgradeResourceStateResponse{}
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	if req.RawState == nil || req.RawState.JSON == nil {
		resp.Diagnostics = []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Unsupported state format",
			Detail:  req.TypeName + ": the state has no JSON form (a flatmap state from Terraform 0.11 or older); refresh it with a newer provider version first."}}
		return resp, nil
	}
	var old map[string]any
	dec := json.NewDecoder(strings.NewReader(string(req.RawState.JSON)))
	dec.UseNumber()
	if err := dec.Decode(&old); err != nil {
		resp.Diagnostics = errorDiag("Invalid state", fmt.Errorf("%s: the state is not a JSON object: %v", req.TypeName, err))
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	var v tftypes.Value
	var err error
	switch {
	case req.Version == r.Schema.Version:
		v, err = et.obj.fromGo(old, &path{}, true)
	case req.Version > r.Schema.Version:
		err = fmt.Errorf("the state was written by a newer version of the provider (schema version %d; this one knows up to %d): use that provider version or newer", req.Version, r.Schema.Version)
	default:
		c := s.newContext(ctx, req.TypeName, "UpgradeState")
		var nv Values
		run(c, func() { nv = r.UpgradeState(c, req.Version, old) })
		resp.Diagnostics = protoDiags(c.diags)
		if c.HasError() {
			return resp, nil
		}
		v, err = et.fromValues(nv, tftypes.NewValue(et.tf, nil))
	}
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("State does not match the schema of "+req.TypeName, err)...)
		return resp, nil
	}
	resp.UpgradedState, err = et.dynamic(v)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Internal error encoding state", err)...)
	}
	return resp, nil
}

func (s *server) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp := &tfprotov6.ReadResourceResponse{Private: req.Private}
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	prior, err := et.decode(req.CurrentState)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid state", err)
		return resp, nil
	}
	resp.NewState = req.CurrentState
	if prior.IsNull() {
		return resp, nil
	}
	vals, err := et.toValues(prior)
	if err != nil {
		resp.Diagnostics = errorDiag("State does not match the schema of "+req.TypeName, err)
		return resp, nil
	}
	r := s.p.Resources[req.TypeName]
	c := s.newContext(ctx, req.TypeName, "Read")
	var nv Values
	run(c, func() { nv = r.Read(c, vals) })
	resp.Diagnostics = protoDiags(c.diags)
	if c.HasError() {
		return resp, nil
	}
	if nv == nil {
		resp.NewState, _ = et.dynamic(tftypes.NewValue(et.tf, nil))
		return resp, nil
	}
	next, err := et.fromValues(nv, prior)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag(req.TypeName+": Read returned a state that does not match the schema", err)...)
		return resp, nil
	}
	next = et.keepEquivalent(next, prior)
	if resp.NewState, err = et.dynamic(next); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Internal error encoding state", err)...)
	}
	return resp, nil
}

func (s *server) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedPrivate: req.PriorPrivate}
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	prior, err1 := et.decode(req.PriorState)
	proposed, err2 := et.decode(req.ProposedNewState)
	config, err3 := et.decode(req.Config)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid plan request", err)
			return resp, nil
		}
	}
	resp.PlannedState = req.ProposedNewState
	if proposed.IsNull() {
		return resp, nil // destroy
	}
	r := s.p.Resources[req.TypeName]
	planned, replace, err := planChange(et, prior, proposed, config)
	if err != nil {
		resp.Diagnostics = errorDiag("Internal error planning "+req.TypeName, err)
		return resp, nil
	}
	if r.ModifyPlan != nil {
		c := s.newContext(ctx, req.TypeName, "ModifyPlan")
		pv, err1 := et.toValues(prior)
		nv, err2 := et.toValues(planned)
		if err1 != nil || err2 != nil {
			resp.Diagnostics = errorDiag("Internal error planning "+req.TypeName, fmt.Errorf("%v %v", err1, err2))
			return resp, nil
		}
		var out Values
		run(c, func() { out = r.ModifyPlan(c, pv, nv) })
		resp.Diagnostics = protoDiags(c.diags)
		if c.HasError() {
			return resp, nil
		}
		if out != nil {
			if planned, err = et.fromValues(out, planned); err != nil {
				resp.Diagnostics = append(resp.Diagnostics, errorDiag(req.TypeName+": ModifyPlan returned a plan that does not match the schema", err)...)
				return resp, nil
			}
		}
	}
	resp.RequiresReplace = replace
	if resp.PlannedState, err = et.dynamic(planned); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Internal error encoding plan", err)...)
	}
	return resp, nil
}

// planChange applies the schema's behavior to the engine's proposed new
// state: defaults, computed values unknown until apply, the prior value
// kept where it means the same as the configuration, and the attributes
// whose change forces replacement. Only top-level attributes carry these
// behaviors (Check refuses them deeper), so nested values pass through
// untouched however large they are.
func planChange(et *elementType, prior, proposed, config tftypes.Value) (tftypes.Value, []*tftypes.AttributePath, error) {
	var plan, cfg, old map[string]tftypes.Value
	if err := proposed.As(&plan); err != nil {
		return proposed, nil, err
	}
	if err := config.As(&cfg); err != nil {
		return proposed, nil, err
	}
	create := prior.IsNull()
	if !create {
		if err := prior.As(&old); err != nil {
			return proposed, nil, err
		}
	}
	attrs := et.schema.Attributes
	for _, n := range et.obj.names {
		a, isAttr := attrs[n]
		if !isAttr {
			continue
		}
		cv := cfg[n]
		at := et.obj.attrs[n]
		switch {
		case cv.IsNull() && a.Default != nil:
			dv, err := elemFromGo(at, a.Default, (&path{}).attr(n), false)
			if err != nil {
				return proposed, nil, err
			}
			plan[n] = dv
		case cv.IsNull() && a.Computed && create:
			plan[n] = tftypes.NewValue(at.tfType(), tftypes.UnknownValue)
		case !create && !cv.IsNull() && cv.IsKnown() && hasCustom(at):
			if ov := old[n]; !ov.IsNull() && valuesEqual(ov, cv, at) {
				plan[n] = ov
			}
		}
	}
	var replace []*tftypes.AttributePath
	if !create {
		changed := false
		for _, n := range et.obj.names {
			if !valuesEqual(plan[n], old[n], et.obj.attrs[n]) {
				changed = true
				if a, ok := attrs[n]; ok && a.RequiresReplace {
					replace = append(replace, tftypes.NewAttributePath().WithAttributeName(n))
				}
			}
		}
		if changed {
			for _, n := range et.obj.names {
				a, ok := attrs[n]
				if !ok || !a.Computed || a.UseStateForUnknown || a.Default != nil || !cfg[n].IsNull() {
					continue
				}
				plan[n] = tftypes.NewValue(et.obj.attrs[n].tfType(), tftypes.UnknownValue)
			}
		}
		if len(replace) > 0 {
			// A replacement creates a new object: every computed value is
			// new, including those kept with UseStateForUnknown.
			for _, n := range et.obj.names {
				a, ok := attrs[n]
				if ok && a.Computed && a.Default == nil && cfg[n].IsNull() {
					plan[n] = tftypes.NewValue(et.obj.attrs[n].tfType(), tftypes.UnknownValue)
				}
			}
		}
	}
	return tftypes.NewValue(et.tf, plan), replace, nil
}

func (s *server) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp := &tfprotov6.ApplyResourceChangeResponse{Private: req.PlannedPrivate}
	et, ok := s.resources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TypeName)
		return resp, nil
	}
	prior, err1 := et.decode(req.PriorState)
	planned, err2 := et.decode(req.PlannedState)
	for _, err := range []error{err1, err2} {
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid apply request", err)
			return resp, nil
		}
	}
	r := s.p.Resources[req.TypeName]
	priorVals, err1 := et.toValues(prior)
	planVals, err2 := et.toValues(planned)
	for _, err := range []error{err1, err2} {
		if err != nil {
			resp.Diagnostics = errorDiag("State does not match the schema of "+req.TypeName, err)
			return resp, nil
		}
	}
	var c *Context
	var nv Values
	switch {
	case planned.IsNull():
		c = s.newContext(ctx, req.TypeName, "Delete")
		run(c, func() { r.Delete(c, priorVals) })
		resp.Diagnostics = protoDiags(c.diags)
		if c.HasError() {
			resp.NewState = req.PriorState
		} else {
			resp.NewState, _ = et.dynamic(tftypes.NewValue(et.tf, nil))
		}
		return resp, nil
	case prior.IsNull():
		c = s.newContext(ctx, req.TypeName, "Create")
		run(c, func() { nv = r.Create(c, planVals) })
	default:
		c = s.newContext(ctx, req.TypeName, "Update")
		if r.Update == nil {
			c.Error("", req.TypeName+": this resource cannot be updated in place", "The provider has no Update; mark the changed attributes RequiresReplace.")
		} else {
			run(c, func() { nv = r.Update(c, priorVals, planVals) })
		}
	}
	resp.Diagnostics = protoDiags(c.diags)
	if nv == nil {
		if c.HasError() {
			if prior.IsNull() {
				resp.NewState, _ = et.dynamic(tftypes.NewValue(et.tf, nil))
			} else {
				resp.NewState = req.PriorState
			}
			return resp, nil
		}
		nv = Values{}
	}
	next, err := et.fromValues(nv, planned)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag(fmt.Sprintf("%s: %s returned a state that does not match the schema", req.TypeName, c.Operation), err)...)
		resp.NewState = req.PriorState
		if prior.IsNull() {
			resp.NewState, _ = et.dynamic(tftypes.NewValue(et.tf, nil))
		}
		return resp, nil
	}
	next = et.keepEquivalent(next, planned)
	if n := stillUnknown(next); n != "" && !c.HasError() {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
			Severity:  tfprotov6.DiagnosticSeverityError,
			Summary:   fmt.Sprintf("%s: %s left %s unknown", req.TypeName, c.Operation, n),
			Detail:    "A computed attribute must have a value (or nil for null) after " + c.Operation + "; this is a bug in the provider.",
			Attribute: tftypes.NewAttributePath().WithAttributeName(n),
		})
		next = nullUnknowns(et, next)
	}
	if resp.NewState, err = et.dynamic(next); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Internal error encoding state", err)...)
	}
	return resp, nil
}

// nullUnknowns replaces unknown top-level attributes with null: a state
// may not hold unknown values.
func nullUnknowns(et *elementType, v tftypes.Value) tftypes.Value {
	var m map[string]tftypes.Value
	if v.As(&m) != nil {
		return v
	}
	for n, x := range m {
		if !x.IsFullyKnown() {
			m[n] = tftypes.NewValue(et.obj.attrs[n].tfType(), nil)
		}
	}
	return tftypes.NewValue(et.tf, m)
}

func (s *server) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	resp := &tfprotov6.ImportResourceStateResponse{}
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
	c := s.newContext(ctx, req.TypeName, "Import")
	var nv Values
	run(c, func() { nv = r.Import(c, req.ID) })
	resp.Diagnostics = protoDiags(c.diags)
	if c.HasError() {
		return resp, nil
	}
	if nv == nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Cannot import non-existent remote object",
			Detail:  fmt.Sprintf("%s %q does not exist.", req.TypeName, req.ID)})
		return resp, nil
	}
	v, err := et.fromValues(nv, tftypes.NewValue(et.tf, nil))
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag(req.TypeName+": Import returned a state that does not match the schema", err)...)
		return resp, nil
	}
	dv, err := et.dynamic(v)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Internal error encoding state", err)...)
		return resp, nil
	}
	resp.ImportedResources = []*tfprotov6.ImportedResource{{TypeName: req.TypeName, State: dv}}
	return resp, nil
}

func (s *server) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return &tfprotov6.MoveResourceStateResponse{Diagnostics: unsupported("Moving resource state between types")}, nil
}

func (s *server) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return &tfprotov6.UpgradeResourceIdentityResponse{Diagnostics: unsupported("Resource identity")}, nil
}

func unsupported(what string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError,
		Summary: what + " is not supported", Detail: "This provider does not implement it."}}
}

// ---- data sources ----

func (s *server) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateDataResourceConfigResponse{}
	et, ok := s.dataSources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("data source", req.TypeName)
		return resp, nil
	}
	v, err := et.decode(req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	if resp.Diagnostics = validateKnown(et, v, "Invalid "+req.TypeName+" configuration"); len(resp.Diagnostics) > 0 {
		return resp, nil
	}
	d := s.p.DataSources[req.TypeName]
	if d.ValidateConfig != nil && !v.IsNull() {
		vals, err := et.toValues(v)
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid configuration", err)
			return resp, nil
		}
		c := s.newContext(ctx, req.TypeName, "ValidateConfig")
		run(c, func() { d.ValidateConfig(c, vals) })
		resp.Diagnostics = protoDiags(c.diags)
	}
	return resp, nil
}

func (s *server) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	resp := &tfprotov6.ReadDataSourceResponse{}
	et, ok := s.dataSources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("data source", req.TypeName)
		return resp, nil
	}
	config, err := et.decode(req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	vals, err := et.toValues(config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	d := s.p.DataSources[req.TypeName]
	c := s.newContext(ctx, req.TypeName, "Read")
	var nv Values
	run(c, func() { nv = d.Read(c, vals) })
	resp.Diagnostics = protoDiags(c.diags)
	if c.HasError() {
		return resp, nil
	}
	if nv == nil {
		nv = Values{}
	}
	next, err := et.fromValues(nv, config)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag(req.TypeName+": Read returned values that do not match the schema", err)...)
		return resp, nil
	}
	next = et.keepEquivalent(next, config)
	if resp.State, err = et.dynamic(next); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, errorDiag("Internal error encoding state", err)...)
	}
	return resp, nil
}

// ---- functions ----

func (s *server) GetFunctions(ctx context.Context, req *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{Functions: s.functions}, nil
}

func (s *server) CallFunction(ctx context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	resp := &tfprotov6.CallFunctionResponse{}
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
	dv, err := tfprotov6.NewDynamicValue(f.Return.tfType(), rv)
	if err != nil {
		resp.Error = &tfprotov6.FunctionError{Text: err.Error()}
		return resp, nil
	}
	resp.Result = &dv
	return resp, nil
}

// ---- ephemeral resources: none ----

func (s *server) ValidateEphemeralResourceConfig(ctx context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return &tfprotov6.ValidateEphemeralResourceConfigResponse{Diagnostics: unknownType("ephemeral resource", req.TypeName)}, nil
}

func (s *server) OpenEphemeralResource(ctx context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return &tfprotov6.OpenEphemeralResourceResponse{Diagnostics: unknownType("ephemeral resource", req.TypeName)}, nil
}

func (s *server) RenewEphemeralResource(ctx context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return &tfprotov6.RenewEphemeralResourceResponse{Diagnostics: unknownType("ephemeral resource", req.TypeName)}, nil
}

func (s *server) CloseEphemeralResource(ctx context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return &tfprotov6.CloseEphemeralResourceResponse{Diagnostics: unknownType("ephemeral resource", req.TypeName)}, nil
}

func (s *server) GenerateResourceConfig(ctx context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return &tfprotov6.GenerateResourceConfigResponse{Diagnostics: unsupported("Generating resource configuration")}, nil
}
