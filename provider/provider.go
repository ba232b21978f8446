package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Provider is a Terraform provider: its own configuration schema and its
// elements, by type name ("docstore_document") or function name
// ("canonical_json").
type Provider struct {
	// Schema is the provider block's schema; it may be empty.
	Schema Schema
	// Configure receives the provider block's values before any resource
	// or data source operation and returns what those operations find in
	// Context.Client (an API client, a root directory...). It may be nil.
	Configure func(ctx *Context, config Values) any

	Resources          map[string]*Resource
	DataSources        map[string]*DataSource
	EphemeralResources map[string]*EphemeralResource
	Functions          map[string]*Function
}

// Resource is a managed resource type. Operations receive a Context for
// diagnostics and return the new state as Values. Keys missing from the
// returned Values keep the value the framework passed in (the plan for
// Create and Update, the prior state for Read), so an operation returns
// only what it sets; a key present with nil sets null.
type Resource struct {
	Schema Schema

	// Create makes the resource from the plan and returns its state.
	Create func(ctx *Context, plan Values) Values
	// Read returns the resource's current state, or nil when it no longer
	// exists (Terraform then plans to create it again).
	Read func(ctx *Context, state Values) Values
	// Update changes the resource from the prior state to the plan. It may
	// be nil when every attribute the user can set has RequiresReplace.
	Update func(ctx *Context, prior, plan Values) Values
	// Delete removes the resource.
	Delete func(ctx *Context, state Values)
	// Import returns the state of an existing resource from the id given
	// to `terraform import` or an import block, with at least the
	// attributes Read needs; Read then fills in the rest. Nil: the resource
	// cannot be imported.
	Import func(ctx *Context, id string) Values
	// UpgradeState turns the state written under an older Schema.Version
	// (decoded from its JSON: maps, []any, strings, json.Number, bools)
	// into Values of the current schema.
	UpgradeState func(ctx *Context, version int64, old map[string]any) Values
	// MoveState lists the other resource types whose objects a `moved`
	// block may turn into objects of this one (Terraform 1.8 and OpenTofu
	// 1.10 on): the first entry that accepts the source makes the new
	// state. Empty: such a move is refused.
	MoveState []MoveFrom
	// ValidateConfig checks a configuration beyond what the schema says.
	// Values may be Unknown.
	ValidateConfig func(ctx *Context, config Values)
	// ModifyPlan may change the plan the framework made (defaults,
	// replacements, unknown computed values are already in it). Prior is
	// nil on create.
	ModifyPlan func(ctx *Context, prior, plan Values) Values
}

// MoveFrom accepts the objects of one source resource type for a `moved`
// block whose `to` is of the resource type that lists it in MoveState.
type MoveFrom struct {
	// TypeName is the source's resource type ("notes_old_note").
	TypeName string
	// Provider, when set, is the source's provider: "example/notes" for
	// that provider from either public registry (registry.terraform.io or
	// registry.opentofu.org, which the engines complete a short source
	// with), or "HOST/NAMESPACE/NAME" for exactly that address. Empty
	// accepts the type from any provider.
	Provider string
	// SchemaVersions, when set, are the source's schema versions accepted;
	// empty accepts any.
	SchemaVersions []int64
	// Move turns the source object's state, decoded from its JSON (maps,
	// []any, strings, json.Number, bools: the source's schema is not known
	// here), into Values of this resource's schema. Attributes it leaves
	// out are null. An error diagnostic refuses the move.
	Move func(ctx *Context, source MoveSource, state map[string]any) Values
}

// MoveSource is the object a `moved` block moves, as the engine describes
// it.
type MoveSource struct {
	// TypeName is its resource type, Provider its provider's address
	// ("registry.terraform.io/example/notes") and SchemaVersion the schema
	// version its state was written with.
	TypeName, Provider string
	SchemaVersion      int64
}

// DataSource is a data source type: Read gets the configuration and
// returns the state, configuration included.
type DataSource struct {
	Schema Schema
	// Read returns the data source's values; keys it leaves out keep the
	// configuration's value.
	Read func(ctx *Context, config Values) Values
	// ValidateConfig checks a configuration beyond what the schema says.
	ValidateConfig func(ctx *Context, config Values)
}

// EphemeralResource is an ephemeral resource type (`ephemeral "type"
// "name" {}`, Terraform 1.10 and OpenTofu 1.11 on): Open gets the
// configuration and returns a result that the engine uses during one run
// and never keeps in a plan or the state, such as a secret for a
// write-only attribute or a provider configuration. As for a data source,
// each attribute is an argument (Required or Optional) or a result
// (Computed), or both (Optional and Computed).
type EphemeralResource struct {
	Schema Schema
	// Open returns the result: every computed attribute the configuration
	// leaves null (nil for null); keys it leaves out keep the
	// configuration's value. It is called only with a known configuration.
	// Context.SetPrivate keeps data for Renew and Close (a lease id), and
	// Context.SetRenewAt asks for Renew at a time.
	Open func(ctx *Context, config Values) Values
	// Renew extends what Open acquired (a lease) when the time given to
	// SetRenewAt comes, while the engine still uses the result; it gets
	// only the private data (Context.Private) and may call SetRenewAt
	// again. Nil: Open may not call SetRenewAt.
	Renew func(ctx *Context)
	// Close releases what Open acquired once the engine no longer needs
	// the result; it gets only the private data. It may be nil.
	Close func(ctx *Context)
	// ValidateConfig checks a configuration beyond what the schema says.
	// Values may be Unknown.
	ValidateConfig func(ctx *Context, config Values)
}

// Function is a provider-defined function, called in configurations as
// provider::NAME::FUNCTION(...).
type Function struct {
	Summary     string
	Description string
	Deprecated  string
	Parameters  []Parameter
	// Variadic, when set, takes any number of further arguments.
	Variadic *Parameter
	Return   Type
	// Call gets one Go value per argument (variadic ones at the end) and
	// returns the result. An error diagnostic fails the call; use
	// Context.ArgumentError to point at one argument.
	Call func(ctx *Context, args []any) any
}

// Parameter is one parameter of a Function.
type Parameter struct {
	Name        string
	Type        Type
	Description string
	// AllowNull lets the argument be null (nil); otherwise Terraform
	// refuses a null argument before calling.
	AllowNull bool
}

// Context is passed to every operation: the request's context, the
// provider's configured client and the diagnostics of the operation.
type Context struct {
	context.Context
	// Client is what Provider.Configure returned.
	Client any
	// TypeName is the element's name ("docstore_document"), Operation the
	// operation ("Create").
	TypeName, Operation string

	diags       Diagnostics
	argument    *int64
	argumentMsg string
	// shape and wire are the element's type and the values the operation
	// received, which turn diagnostic paths into the engine's (see
	// enginePath); shape is nil where there is no element.
	shape *elementType
	wire  map[string]any
	// replace holds the names given to RequiresReplace.
	replace []string
	// private is the object's private state by key, for the operations of
	// a resource object (hasPrivate), decoded from privateIn when first
	// used; privateSet records a SetPrivate.
	hasPrivate, privateSet bool
	privateIn              []byte
	private                map[string][]byte
	// renewable is set in an ephemeral resource's Open and Renew, where
	// SetRenewAt records renewAt.
	renewable bool
	renewAt   time.Time
}

// Severity is the severity of a Diagnostic.
type Severity int

const (
	// Error fails the operation.
	Error Severity = iota
	// Warning is shown and the operation goes on.
	Warning
)

// Diagnostic is an error or warning for the user. Path, when set, is the
// attribute it is about, written as in configurations (`hostname`,
// `tags["env"]`, `rule[2].port`): Terraform then shows the configuration
// line that set it.
type Diagnostic struct {
	Severity Severity
	Summary  string
	Detail   string
	Path     string
}

// Diagnostics is a list of diagnostics.
type Diagnostics []Diagnostic

// HasError reports whether any diagnostic is an error.
func (d Diagnostics) HasError() bool {
	for _, x := range d {
		if x.Severity == Error {
			return true
		}
	}
	return false
}

// Error adds an error diagnostic at an attribute path ("" for none). An
// operation with an error fails.
func (c *Context) Error(path, summary, detail string) {
	c.diags = append(c.diags, Diagnostic{Severity: Error, Summary: summary, Detail: detail, Path: path})
}

// Warning adds a warning diagnostic at an attribute path ("" for none).
func (c *Context) Warning(path, summary, detail string) {
	c.diags = append(c.diags, Diagnostic{Severity: Warning, Summary: summary, Detail: detail, Path: path})
}

// ArgumentError fails a function call, pointing at argument index (from
// 0).
func (c *Context) ArgumentError(index int, message string) {
	i := int64(index)
	c.argument = &i
	c.argumentMsg = message
	c.Error("", message, "")
}

// RequiresReplace, called in ModifyPlan, makes a change of the named
// attribute or block (one of the resource's own) plan a replacement, as
// the attribute's RequiresReplace flag does for every change: for changes
// only some of which need a new object, such as a disk that may grow in
// place but not shrink. It does nothing when the value does not change, or
// on create. Elsewhere than in ModifyPlan it is an error.
func (c *Context) RequiresReplace(name string) {
	if c.Operation != "ModifyPlan" {
		c.Error("", fmt.Sprintf("%s: %s called RequiresReplace(%q)", c.TypeName, c.Operation, name),
			"RequiresReplace plans a replacement, and works in ModifyPlan only. This is a bug in the provider.")
		return
	}
	c.replace = append(c.replace, name)
}

// Private returns what an operation of the same resource object stored
// under key with SetPrivate, nil when nothing: what Create stored, Read,
// Update, Delete and ModifyPlan find; what the source object's operations
// stored, a MoveFrom's Move finds; what an ephemeral resource's Open
// stored, its Renew and Close find.
func (c *Context) Private(key string) []byte {
	if !c.loadPrivate("Private") {
		return nil
	}
	return c.private[key]
}

// SetPrivate stores value under key with the resource object, in the state
// but hidden from configurations and outputs, for the object's later
// operations; nil removes the key. Create, Update, Read, Import, a
// MoveFrom's Move and ModifyPlan (for the apply of the plan) may set it,
// and an ephemeral resource's Open and Renew, for its Renew and Close (the
// engine holds it in memory only).
func (c *Context) SetPrivate(key string, value []byte) {
	if !c.loadPrivate("SetPrivate") {
		return
	}
	if c.Operation == "Delete" || c.Operation == "Close" {
		c.Error("", fmt.Sprintf("%s: %s called SetPrivate(%q)", c.TypeName, c.Operation, key),
			"Nothing of a deleted object or a closed ephemeral resource is kept. This is a bug in the provider.")
		return
	}
	if value == nil {
		delete(c.private, key)
	} else {
		c.private[key] = value
	}
	c.privateSet = true
}

// SetRenewAt, called in an ephemeral resource's Open or Renew, asks the
// engine to call Renew once t has come, if it still uses the result then:
// for a lease that expires. A Renew that does not call it is the last.
// Elsewhere, or without a Renew, it is an error.
func (c *Context) SetRenewAt(t time.Time) {
	if !c.renewable {
		c.Error("", fmt.Sprintf("%s: %s called SetRenewAt", c.TypeName, c.Operation),
			"SetRenewAt asks for a renewal of an ephemeral resource, and works in its Open and Renew only. This is a bug in the provider.")
		return
	}
	c.renewAt = t
}

// loadPrivate decodes the private state on first use, reporting whether
// the operation has one: elsewhere than in a resource object's operations
// it is an error. Private data of another form is read as empty.
func (c *Context) loadPrivate(method string) bool {
	if !c.hasPrivate {
		c.Error("", fmt.Sprintf("%s: %s called %s", c.TypeName, c.Operation, method),
			"Private state belongs to a resource object or an opened ephemeral resource: Create, Read, Update, Delete, Import, ModifyPlan and MoveState may use it, and Open, Renew and Close. This is a bug in the provider.")
		return false
	}
	if c.private != nil {
		return true
	}
	c.private = map[string][]byte{}
	if len(c.privateIn) > 0 {
		if err := json.Unmarshal(c.privateIn, &c.private); err != nil {
			c.Warning("", c.TypeName+": the private state was not written by Context.SetPrivate",
				fmt.Sprintf("The state holds private data of another form (%v), perhaps from an earlier version of the provider: %s finds no key in it, and a SetPrivate replaces it.", err, c.Operation))
			c.private = map[string][]byte{}
		}
	}
	return true
}

// withPrivate gives a resource object's operation its private state.
func (c *Context) withPrivate(b []byte) *Context {
	c.hasPrivate, c.privateIn = true, b
	return c
}

// privateOut is the private state to keep after the operation: what it
// received unless it called SetPrivate.
func (c *Context) privateOut() []byte {
	if !c.privateSet {
		return c.privateIn
	}
	if len(c.private) == 0 {
		return nil
	}
	b, _ := json.Marshal(c.private) // a map of byte slices always encodes
	return b
}

// HasError reports whether the operation has an error so far.
func (c *Context) HasError() bool { return c.diags.HasError() }

// Diagnostics returns the diagnostics added so far.
func (c *Context) Diagnostics() Diagnostics { return c.diags }

var typeNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// checkDeclared returns the mistakes of the name n of an element of kind
// ("resource", "function"; what names it, "a type" or "a function") and of
// a nil declaration.
func checkDeclared(kind, what, n string, isNil bool) []string {
	var errs []string
	if !typeNameRE.MatchString(n) {
		errs = append(errs, fmt.Sprintf("%s %q: %s name is lower case letters, digits and underscores", kind, n, what))
	}
	if isNil {
		errs = append(errs, fmt.Sprintf("%s %s is nil", kind, n))
	}
	return errs
}

// Check returns an error listing every problem of the provider's
// definition: invalid flag combinations, defaults of the wrong type,
// missing operations, bad names. Each problem names the element and the
// attribute path. Serve and the test harness call it first, so that a
// mistake stops the provider before any user sees a plan.
func (p *Provider) Check() error {
	var errs []string
	errs = append(errs, p.Schema.check("provider", false, "provider", providerMeta)...)
	for _, n := range sortedKeys(p.Resources) {
		r := p.Resources[n]
		if errs = append(errs, checkDeclared("resource", "a type", n, r == nil)...); r == nil {
			continue
		}
		errs = append(errs, r.Schema.check("resource "+n, true, "resource", resourceMeta)...)
		for _, op := range []struct {
			name string
			set  bool
		}{{"Create", r.Create != nil}, {"Read", r.Read != nil}, {"Delete", r.Delete != nil}} {
			if !op.set {
				errs = append(errs, fmt.Sprintf("resource %s: %s is nil", n, op.name))
			}
		}
		if names := updatable(&r.Schema); r.Update == nil && len(names) > 0 {
			errs = append(errs, fmt.Sprintf("resource %s: Update is nil, but %s can change without replacing the resource: write Update, or set RequiresReplace on %s", n, strings.Join(names, ", "), them(len(names))))
		}
		if r.Schema.Version < 0 {
			errs = append(errs, fmt.Sprintf("resource %s: Schema.Version is %d: versions count up from 0", n, r.Schema.Version))
		}
		if r.Schema.Version > 0 && r.UpgradeState == nil {
			errs = append(errs, fmt.Sprintf("resource %s: Schema.Version is %d but UpgradeState is nil", n, r.Schema.Version))
		}
		errs = append(errs, checkMoves(n, r.MoveState)...)
	}
	for _, n := range sortedKeys(p.DataSources) {
		d := p.DataSources[n]
		if errs = append(errs, checkDeclared("data source", "a type", n, d == nil)...); d == nil {
			continue
		}
		errs = append(errs, d.Schema.check("data source "+n, false, "data", dataMeta)...)
		if d.Read == nil {
			errs = append(errs, fmt.Sprintf("data source %s: Read is nil", n))
		}
	}
	for _, n := range sortedKeys(p.EphemeralResources) {
		e := p.EphemeralResources[n]
		if errs = append(errs, checkDeclared("ephemeral resource", "a type", n, e == nil)...); e == nil {
			continue
		}
		errs = append(errs, e.Schema.check("ephemeral resource "+n, false, "ephemeral", ephemeralMeta)...)
		if e.Open == nil {
			errs = append(errs, fmt.Sprintf("ephemeral resource %s: Open is nil", n))
		}
		if e.Schema.Version != 0 {
			// The engines never store an ephemeral result, so nothing
			// could be upgraded.
			errs = append(errs, fmt.Sprintf("ephemeral resource %s: Schema.Version is %d, but an ephemeral resource has no stored state to upgrade: leave it 0", n, e.Schema.Version))
		}
	}
	for _, n := range sortedKeys(p.Functions) {
		f := p.Functions[n]
		if errs = append(errs, checkDeclared("function", "a function", n, f == nil)...); f == nil {
			continue
		}
		if f.Call == nil {
			errs = append(errs, fmt.Sprintf("function %s: Call is nil", n))
		}
		if f.Return == nil {
			errs = append(errs, fmt.Sprintf("function %s: Return is nil", n))
		} else if p := checkType(f.Return); p != "" {
			errs = append(errs, fmt.Sprintf("function %s: Return: %s", n, p))
		}
		for i, prm := range f.Parameters {
			if prm.Type == nil {
				errs = append(errs, fmt.Sprintf("function %s: parameter %d (%s) has no Type", n, i, prm.Name))
			} else if p := checkType(prm.Type); p != "" {
				errs = append(errs, fmt.Sprintf("function %s: parameter %d (%s): %s", n, i, prm.Name, p))
			}
		}
		if f.Variadic != nil && f.Variadic.Type == nil {
			errs = append(errs, fmt.Sprintf("function %s: variadic parameter has no Type", n))
		} else if f.Variadic != nil {
			if p := checkType(f.Variadic.Type); p != "" {
				errs = append(errs, fmt.Sprintf("function %s: variadic parameter: %s", n, p))
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	sort.Strings(errs)
	return errors.New("invalid provider definition:\n  " + strings.Join(errs, "\n  "))
}

// updatable names, sorted, the attributes and blocks of s a configuration
// can change without RequiresReplace: changing them needs Update.
func updatable(s *Schema) []string {
	var names []string
	for n, a := range s.Attributes {
		if a != nil && (a.Required || a.Optional) && !a.RequiresReplace {
			names = append(names, n)
		}
	}
	for n := range s.Blocks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
