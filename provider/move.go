package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A `moved` block whose `from` and `to` are of different resource types
// (Terraform 1.8 and OpenTofu 1.10 on) makes the engine ask the provider
// of the target type for the new state: MoveResourceState gets the
// source's type name, provider address, schema version and raw JSON
// state, and the target resource's MoveState entries say which sources
// they take and how. The engine then reads and plans the moved object as
// any other, so a move that keeps everything plans no change.

// publicRegistries are the hosts the engines complete a short provider
// source ("example/notes") with: a MoveFrom.Provider without a host
// matches the provider at either.
var publicRegistries = []string{"registry.terraform.io", "registry.opentofu.org"}

// checkMoves returns the mistakes of a resource's MoveState entries.
func checkMoves(resource string, moves []MoveFrom) []string {
	var errs []string
	for i, m := range moves {
		at := fmt.Sprintf("resource %s: MoveState[%d]", resource, i)
		if m.TypeName == "" {
			errs = append(errs, at+": TypeName is empty: name the resource type whose objects it takes")
		} else if !typeNameRE.MatchString(m.TypeName) {
			errs = append(errs, fmt.Sprintf("%s: TypeName %q: a type name is lower case letters, digits and underscores", at, m.TypeName))
		}
		if m.Move == nil {
			errs = append(errs, fmt.Sprintf("%s (%s): Move is nil", at, m.TypeName))
		}
		if m.Provider != "" {
			if !isAddress(m.Provider) {
				errs = append(errs, fmt.Sprintf("%s (%s): Provider %q is not a provider address: write NAMESPACE/NAME (example/notes) or HOST/NAMESPACE/NAME", at, m.TypeName, m.Provider))
			}
		}
		for _, v := range m.SchemaVersions {
			if v < 0 {
				errs = append(errs, fmt.Sprintf("%s (%s): SchemaVersions holds %d; schema versions are 0 or more", at, m.TypeName, v))
			}
		}
		// The first entry that accepts a source wins, so one that accepts
		// nothing an earlier entry does not is never used.
		for j, e := range moves[:i] {
			if m.TypeName != "" && e.TypeName == m.TypeName && providerCovers(e.Provider, m.Provider) && versionsCover(e.SchemaVersions, m.SchemaVersions) {
				errs = append(errs, fmt.Sprintf("%s (%s) is never used: MoveState[%d] comes first and accepts every source it does; remove it, or narrow the earlier entry's Provider or SchemaVersions", at, m.TypeName, j))
				break
			}
		}
	}
	return errs
}

// providerCovers reports whether every provider address the MoveFrom
// Provider b accepts, a accepts too.
func providerCovers(a, b string) bool {
	switch {
	case a == "":
		return true
	case b == "":
		return false
	case strings.EqualFold(a, b):
		return true
	}
	return strings.Count(a, "/") == 1 && providerMatches(a, b)
}

// versionsCover reports whether every version b accepts, a accepts too.
func versionsCover(a, b []int64) bool {
	if len(a) == 0 {
		return true
	}
	if len(b) == 0 {
		return false
	}
	for _, v := range b {
		if !slices.Contains(a, v) {
			return false
		}
	}
	return true
}

// providerMatches reports whether the MoveFrom Provider want accepts the
// provider address addr the engine sent.
func providerMatches(want, addr string) bool {
	if want == "" || strings.EqualFold(want, addr) {
		return true
	}
	if strings.Count(want, "/") != 1 {
		return false
	}
	for _, host := range publicRegistries {
		if strings.EqualFold(host+"/"+want, addr) {
			return true
		}
	}
	return false
}

// accepts reports whether m takes the source.
func (m *MoveFrom) accepts(src MoveSource) bool {
	return m.TypeName == src.TypeName && providerMatches(m.Provider, src.Provider) &&
		(len(m.SchemaVersions) == 0 || slices.Contains(m.SchemaVersions, src.SchemaVersion))
}

// describe says in words which sources m takes:
// "notes_old (provider example/notes, schema version 0, 1)".
func (m *MoveFrom) describe() string {
	var about []string
	if m.Provider != "" {
		about = append(about, "provider "+m.Provider)
	}
	if n := len(m.SchemaVersions); n > 0 {
		vs := make([]string, n)
		for i, v := range m.SchemaVersions {
			vs[i] = strconv.FormatInt(v, 10)
		}
		about = append(about, "schema version "+strings.Join(vs, ", "))
	}
	if about == nil {
		return m.TypeName
	}
	return m.TypeName + " (" + strings.Join(about, ", ") + ")"
}

func (s *server) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (resp *tfprotov6.MoveResourceStateResponse, _ error) {
	resp = &tfprotov6.MoveResourceStateResponse{}
	defer recoverRPC(req.TargetTypeName, "MoveResourceState", &resp.Diagnostics)
	et, ok := s.resources[req.TargetTypeName]
	if !ok {
		resp.Diagnostics = unknownType("resource", req.TargetTypeName)
		return resp, nil
	}
	target := req.TargetTypeName
	src := MoveSource{TypeName: req.SourceTypeName, Provider: req.SourceProviderAddress, SchemaVersion: req.SourceSchemaVersion}
	r := s.p.Resources[target]
	var move *MoveFrom
	for i := range r.MoveState {
		if r.MoveState[i].accepts(src) {
			move = &r.MoveState[i]
			break
		}
	}
	if move == nil {
		resp.Diagnostics = []*tfprotov6.Diagnostic{refusedMove(target, src, r.MoveState)}
		return resp, nil
	}
	old, diag := rawStateObject(src.TypeName, req.SourceState)
	if diag != nil {
		resp.Diagnostics = []*tfprotov6.Diagnostic{diag}
		return resp, nil
	}
	c := s.newContext(ctx, target, "MoveState").at(et, nil).withPrivate(req.SourcePrivate)
	var nv Values
	run(c, func() { nv = move.Move(c, src, old) })
	resp.Diagnostics = c.proto()
	if c.HasError() {
		return resp, nil
	}
	if nv == nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
			Severity: tfprotov6.DiagnosticSeverityError,
			Summary:  fmt.Sprintf("%s: MoveState returned no state for %s", target, src.TypeName),
			Detail:   "Move returns the moved object's state in the schema of " + target + "; to refuse a move, add an error diagnostic (ctx.Error) saying why. This is a bug in the provider.",
		})
		return resp, nil
	}
	state, err := et.fromValues(withOldText(et, nv), nil)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag(target+": MoveState returned a state that does not match the schema", err)...)
		return resp, nil
	}
	if d := unknownInState(target, "MoveState", state); d != nil {
		resp.Diagnostics = append(resp.Diagnostics, d)
		return resp, nil
	}
	if d := unsetRequired(et, target, "MoveState", state); d != nil {
		resp.Diagnostics = append(resp.Diagnostics, d)
		return resp, nil
	}
	if resp.TargetState, err = et.dynamic(state); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, et.errorDiag("Internal error encoding state", err)...)
		return resp, nil
	}
	resp.TargetPrivate = c.privateOut()
	if !c.privateSet && !ownPrivate(resp.TargetPrivate) {
		// Private data of another form belongs to the source's provider
		// (another one, or another SDK): it means nothing to this type.
		resp.TargetPrivate = nil
	}
	return resp, nil
}

// refusedMove is the error for a move that no MoveState entry accepts.
func refusedMove(target string, src MoveSource, moves []MoveFrom) *tfprotov6.Diagnostic {
	from := fmt.Sprintf("%s (provider %s, schema version %d)", src.TypeName, src.Provider, src.SchemaVersion)
	if src.Provider == "" {
		from = fmt.Sprintf("%s (schema version %d)", src.TypeName, src.SchemaVersion)
	}
	d := &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  fmt.Sprintf("Cannot move %s to %s", src.TypeName, target),
	}
	if len(moves) == 0 {
		d.Detail = fmt.Sprintf("A moved block turns an object of %s into one of %s, but %s takes the state of no other resource type. "+
			"Remove the moved block, and keep the object with a removed block (lifecycle { destroy = false }) for the old address and an import block for the new one, if %s can be imported.",
			from, target, target, target)
		return d
	}
	accepted := make([]string, len(moves))
	for i := range moves {
		accepted[i] = moves[i].describe()
	}
	d.Detail = fmt.Sprintf("A moved block turns an object of %s into one of %s, which takes the state of %s only. "+
		"Move an object of one of those, or remove the moved block.",
		from, target, strings.Join(accepted, "; "))
	return d
}

// rawStateObject decodes a stored state's JSON (numbers as json.Number)
// for UpgradeState and MoveState; a state without a JSON form, or not an
// object, is an error diagnostic.
func rawStateObject(typeName string, raw *tfprotov6.RawState) (map[string]any, *tfprotov6.Diagnostic) {
	if raw == nil || raw.JSON == nil {
		return nil, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Unsupported state format",
			Detail:  typeName + ": the state has no JSON form (a flatmap state from Terraform 0.11 or older); refresh it with a newer provider version first."}
	}
	v, err := decodeJSON(string(raw.JSON))
	old, ok := v.(map[string]any)
	if err == nil && !ok {
		err = fmt.Errorf("a JSON %s", jsonKind(v))
	}
	if err != nil {
		return nil, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Invalid state",
			Detail:  fmt.Sprintf("%s: the state is not a JSON object: %v", typeName, err)}
	}
	return old, nil
}

// jsonKind names the kind of a decoded JSON value.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "array"
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	}
	return "object"
}

// unsetRequired is the error for a state an operation made from scratch
// with a required attribute null, which the next plan would set again, as
// a replacement when it has RequiresReplace; nil when every one is set.
func unsetRequired(et *elementType, typeName, op string, state map[string]any) *tfprotov6.Diagnostic {
	var names []string
	for _, n := range sortedKeys(et.schema.Attributes) {
		if a := et.schema.Attributes[n]; a.Required && !a.WriteOnly && state[n] == nil {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	list := strings.Join(names, ", ")
	return &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  fmt.Sprintf("%s: %s left %s unset", typeName, op, list),
		Detail: fmt.Sprintf("%s required: a state without %s plans a change (or a replacement) right after %s. "+
			"Set %s in the returned Values from the old state. This is a bug in the provider.", isAre(list, len(names)), them(len(names)), op, list),
		Attribute: tftypes.NewAttributePath().WithAttributeName(names[0]),
	}
}

func isAre(list string, n int) string {
	if n == 1 {
		return list + " is"
	}
	return list + " are"
}

// ownPrivate reports whether private data is empty or what SetPrivate
// writes.
func ownPrivate(b []byte) bool {
	if len(b) == 0 {
		return true
	}
	var m map[string][]byte
	return json.Unmarshal(b, &m) == nil
}

// withOldText returns the Values that UpgradeState or a move returned
// with each value of a custom type that is still the text the old state's
// JSON held ("90s" for a Duration: what Encode refuses and the type's
// Validate and Decode accept) decoded, at any depth, so that passing an
// old value on works as it does for a json.Number.
func withOldText(et *elementType, v Values) Values {
	var out Values
	for k, x := range v {
		at, ok := et.obj.attrs[k]
		if !ok || !hasCustom(at) {
			continue
		}
		if y, changed := oldText(x, at); changed {
			if out == nil {
				out = make(Values, len(v))
				for k2, x2 := range v {
					out[k2] = x2
				}
			}
			out[k] = y
		}
	}
	if out == nil {
		return v
	}
	return out
}

func oldText(v any, t Type) (any, bool) {
	if v == nil || v == Unknown {
		return v, false
	}
	switch t := t.(type) {
	case customType:
		if _, err := t.c.Encode(v); err == nil {
			return v, false
		}
		if t.c.Validate(v) != nil {
			return v, false
		}
		u, err := t.c.Decode(v)
		if err != nil {
			return v, false
		}
		return u, true
	case collection:
		if !hasCustom(t.elem) {
			return v, false
		}
		if t.kind == "map" {
			m, ok := asMap(v)
			if !ok {
				return v, false
			}
			out, hit := make(map[string]any, len(m)), false
			for k, e := range m {
				y, changed := oldText(e, t.elem)
				out[k], hit = y, hit || changed
			}
			return out, hit
		}
		l, ok := asList(v)
		if !ok {
			return v, false
		}
		out, hit := make([]any, len(l)), false
		for i, e := range l {
			y, changed := oldText(e, t.elem)
			out[i], hit = y, hit || changed
		}
		return out, hit
	case objectType:
		m, ok := asMap(v)
		if !ok {
			return v, false
		}
		out, hit := make(map[string]any, len(m)), false
		for k, e := range m {
			at, known := t.attrs[k]
			if !known {
				out[k] = e // the encoder names it
				continue
			}
			y, changed := oldText(e, at)
			out[k], hit = y, hit || changed
		}
		return out, hit
	}
	return v, false
}

// isAddress reports whether addr is a provider source address:
// NAMESPACE/NAME or HOST/NAMESPACE/NAME.
func isAddress(addr string) bool {
	parts := strings.Split(addr, "/")
	// A namespace has no dots: "registry.terraform.io/example" lacks the
	// provider's name.
	return (len(parts) == 2 || len(parts) == 3) && !slices.Contains(parts, "") && !strings.ContainsAny(addr, " \t") &&
		!(len(parts) == 2 && strings.Contains(parts[0], "."))
}

// addressError is the error of Serve and ServeReattach for an address
// that is not a provider source address, which an engine would never
// match with a configuration's required_providers.
func addressError(addr string) error {
	if isAddress(addr) {
		return nil
	}
	return fmt.Errorf("%q is not a provider source address: write HOST/NAMESPACE/NAME, such as registry.terraform.io/example/notes, as the configuration's required_providers source says it", addr)
}
