package provider

import (
	"fmt"
	"regexp"
	"slices"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// Schema is what an element (the provider block, a resource, a data
// source, an ephemeral resource) accepts and exposes: attributes and
// nested blocks. Version counts schema changes of a resource: raise it
// when old state needs Resource.UpgradeState.
type Schema struct {
	Version     int64
	Description string
	// Deprecated, when not empty, marks the whole element deprecated and
	// says what to use instead.
	Deprecated string
	Attributes map[string]*Attribute
	Blocks     map[string]*Block
}

// Attribute is a field of a schema: a type and behavior flags.
//
// The flags, and what each valid combination means:
//
//	Optional            may be set; null (or Default) when not
//	Computed            read-only: set by the provider, never by the user
//	Optional, Computed  may be set; when not, the provider's value
//	Required            must be set
//
// Every other combination (none; Required with Computed or Optional) is
// refused when the provider is built.
type Attribute struct {
	Type Type
	// Nested, instead of Type, makes the attribute a nested attribute
	// (protocol 6): an object, or a list, set or map of objects, each with
	// its own attributes.
	Nested *Nested

	Required, Optional, Computed bool

	// Default is the value planned for an Optional attribute the
	// configuration leaves out, as a Go value of its Type, in each object
	// of a nested block or nested attribute too. Terraform then sees the
	// attribute as optional and computed.
	Default any
	// RequiresReplace plans a replacement (destroy, then create) when the
	// attribute's value changes. Top-level attributes of resources only.
	RequiresReplace bool
	// UseStateForUnknown keeps a Computed attribute's prior state value in
	// plans instead of "known after apply": for values that never change
	// once created, such as an id. Top-level attributes of resources only.
	UseStateForUnknown bool
	// WriteOnly passes the configuration's value to Create and Update
	// without keeping it in plans or the state (Terraform 1.11 and OpenTofu
	// 1.11 on): for secrets, which may then be ephemeral values. A change
	// of it alone plans nothing. Optional or Required; a resource's own
	// attributes only.
	WriteOnly bool
	// Validators check the configured value when the engine validates a
	// configuration, at the attribute's path (rule[1].port): LengthBetween,
	// RegexMatches, OneOf, Between, ConflictsWith, RequiresWith,
	// ExactlyOneOf, AtLeastOneOf, or your own.
	Validators []Validator

	Sensitive   bool
	Description string
	// Deprecated, when not empty, marks the attribute deprecated and says
	// what to use instead.
	Deprecated string
}

// Nesting is how a nested block or nested attribute repeats.
type Nesting int

const (
	// NestingSingle is at most one block or object; null when absent.
	NestingSingle Nesting = iota
	// NestingList is an ordered list.
	NestingList
	// NestingSet is an unordered set: each distinct value once.
	NestingSet
	// NestingMap is a map of objects by key (nested attributes only).
	NestingMap
)

func (n Nesting) String() string {
	switch n {
	case NestingList:
		return "list"
	case NestingSet:
		return "set"
	case NestingMap:
		return "map"
	}
	return "single"
}

// Block is a nested block type: `item { ... }` in a configuration.
type Block struct {
	Nesting            Nesting
	MinItems, MaxItems int // MaxItems 0: no limit
	Description        string
	Deprecated         string
	Attributes         map[string]*Attribute
	Blocks             map[string]*Block
}

// Nested is the object of a nested attribute and how it repeats.
type Nested struct {
	Nesting    Nesting
	Attributes map[string]*Attribute
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Meta-arguments of each kind of configuration block: an attribute or
// block of the same name at the top of an element could never be set
// (count = 1 sets the resource's count).
var (
	resourceMeta = []string{"connection", "count", "depends_on", "for_each", "lifecycle", "provider", "provisioner"}
	dataMeta     = []string{"count", "depends_on", "for_each", "lifecycle", "provider"}
	// ephemeral blocks take the meta-arguments of data blocks.
	ephemeralMeta = dataMeta
	providerMeta  = []string{"alias", "version"}
)

// nameRE is what Terraform accepts as an attribute or block name.
var nameRE = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// checkName returns the problems of a name at path at; meta, for the
// element's own names, are those its block keeps for meta-arguments.
func checkName(element, what, at, name, block string, meta []string) []string {
	var errs []string
	if !nameRE.MatchString(name) {
		errs = append(errs, fmt.Sprintf("%s: %s %s: a name is lower case letters, digits and underscores, not starting with a digit", element, what, at))
	}
	if slices.Contains(meta, name) {
		errs = append(errs, fmt.Sprintf("%s: %s %s: %q is a meta-argument of %s blocks, so a configuration could never set it: choose another name", element, what, at, name, block))
	}
	return errs
}

// check returns every problem of the schema, each naming the attribute
// path. resource is true for a resource's schema, where plan modifiers
// apply; block names the configuration block ("resource", "data",
// "ephemeral", "provider") whose meta-arguments its names must avoid.
func (s *Schema) check(element string, resource bool, block string, meta []string) []string {
	var errs []string
	for _, n := range sortedKeys(s.Attributes) {
		errs = append(errs, checkName(element, "attribute", n, n, block, meta)...)
		errs = append(errs, checkAttribute(element, n, s.Attributes[n], resource, true, false)...)
	}
	for _, n := range sortedKeys(s.Blocks) {
		errs = append(errs, checkName(element, "block", n, n, block, meta)...)
		errs = append(errs, checkBlock(element, n, s.Blocks[n])...)
	}
	errs = append(errs, checkValidators(element, "", s.Attributes, s.Blocks)...)
	if !resource {
		for _, at := range defaultsIn("", s.Attributes, s.Blocks) {
			errs = append(errs, fmt.Sprintf("%s: attribute %s: Default is planned for resources only (data sources, ephemeral resources and provider configurations have no plan, so the value would stay null); read a null value as the default in Read, Open or Configure", element, at))
		}
	}
	return append(errs, checkDuplicates(element, "", s.Attributes, s.Blocks)...)
}

// defaultsIn returns the paths of the attributes with a Default in a body,
// at every depth.
func defaultsIn(prefix string, attrs map[string]*Attribute, blocks map[string]*Block) []string {
	var out []string
	for _, n := range sortedKeys(attrs) {
		a := attrs[n]
		if a == nil {
			continue
		}
		if a.Default != nil {
			out = append(out, prefix+n)
		}
		if a.Nested != nil {
			out = append(out, defaultsIn(prefix+n+".", a.Nested.Attributes, nil)...)
		}
	}
	for _, n := range sortedKeys(blocks) {
		if b := blocks[n]; b != nil {
			out = append(out, defaultsIn(prefix+n+".", b.Attributes, b.Blocks)...)
		}
	}
	return out
}

// checkDuplicates refuses a name used by both an attribute and a block of
// one body: a configuration could not say which it sets, and the engines
// refuse the schema.
func checkDuplicates(element, prefix string, attrs map[string]*Attribute, blocks map[string]*Block) []string {
	var errs []string
	for _, n := range sortedKeys(blocks) {
		if _, ok := attrs[n]; ok {
			errs = append(errs, fmt.Sprintf("%s: %s%s is the name of both an attribute and a block: rename one of them", element, prefix, n))
		}
	}
	return errs
}

// checkType returns what is wrong with a Type built by hand (a nil element
// or attribute type, a custom type without a base), or "".
func checkType(t Type) string {
	switch t := t.(type) {
	case nil:
		return "the type is nil"
	case collection:
		if t.elem == nil {
			return t.kind + " element type is nil"
		}
		return checkType(t.elem)
	case objectType:
		for _, n := range t.sortedNames() {
			if t.attrs[n] == nil {
				return fmt.Sprintf("object attribute %q has a nil type", n)
			}
			if p := checkType(t.attrs[n]); p != "" {
				return fmt.Sprintf("object attribute %q: %s", n, p)
			}
		}
	case customType:
		if t.c == nil {
			return "Custom was given a nil CustomType"
		}
		switch b := t.c.Base().(type) {
		case nil:
			return fmt.Sprintf("custom type %s has a nil Base", t.c.Name())
		case customType:
			return fmt.Sprintf("custom type %s has a custom Base; use the built-in type underneath", t.c.Name())
		default:
			return checkType(b)
		}
	}
	return ""
}

func checkBlock(element, at string, b *Block) []string {
	var errs []string
	if b == nil {
		return []string{fmt.Sprintf("%s: block %s is nil", element, at)}
	}
	for _, n := range sortedKeys(b.Blocks) {
		errs = append(errs, checkName(element, "block", at+"."+n, n, "", nil)...)
	}
	for _, n := range sortedKeys(b.Attributes) {
		errs = append(errs, checkName(element, "attribute", at+"."+n, n, "", nil)...)
	}
	errs = append(errs, checkDuplicates(element, at+".", b.Attributes, b.Blocks)...)
	errs = append(errs, checkValidators(element, at+".", b.Attributes, b.Blocks)...)
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: block %s: ", element, at)+fmt.Sprintf(format, args...))
	}
	switch {
	case b.Nesting == NestingMap:
		fail("map nesting is for nested attributes; use NestingList or NestingSet")
	case b.Nesting < NestingSingle || b.Nesting > NestingMap:
		fail("unknown nesting %d", b.Nesting)
	case b.MinItems < 0 || b.MaxItems < 0:
		fail("MinItems and MaxItems cannot be negative")
	case b.Nesting == NestingSingle && (b.MinItems != b.MaxItems || b.MinItems > 1):
		// The engines refuse any other limits on a single block.
		fail("a NestingSingle block takes MinItems and MaxItems both 0 (the block is optional) or both 1 (required), not %d and %d", b.MinItems, b.MaxItems)
	case b.MaxItems != 0 && b.MaxItems < b.MinItems:
		fail("MaxItems %d is below MinItems %d", b.MaxItems, b.MinItems)
	}
	for _, n := range sortedKeys(b.Attributes) {
		errs = append(errs, checkAttribute(element, at+"."+n, b.Attributes[n], false, false, false)...)
	}
	for _, n := range sortedKeys(b.Blocks) {
		errs = append(errs, checkBlock(element, at+"."+n, b.Blocks[n])...)
	}
	return errs
}

// checkAttribute returns the problems of attribute a at path at; top is
// true for an element's own attributes, readOnly inside a nested attribute
// that is Computed and not Optional, whose whole value the provider sets
// (its attributes may be Computed too, as none comes from the
// configuration).
func checkAttribute(element, at string, a *Attribute, resource, top, readOnly bool) []string {
	var errs []string
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s: attribute %s: ", element, at)+fmt.Sprintf(format, args...))
	}
	if a == nil {
		fail("is nil")
		return errs
	}
	switch {
	case !a.Required && !a.Optional && !a.Computed:
		fail("set one of Required, Optional or Computed (or Optional and Computed)")
	case a.Required && a.Computed && a.Optional:
		fail("Required, Optional and Computed cannot all be set: use Required, or Optional and Computed")
	case a.Required && a.Computed:
		fail("Required and Computed cannot both be set: a required value comes from the configuration; use Optional and Computed for a value the provider sets when the configuration does not")
	case a.Required && a.Optional:
		fail("Required and Optional cannot both be set: use one of them")
	}
	typeOK := false
	switch {
	case a.Type == nil && a.Nested == nil:
		fail("set Type or Nested")
	case a.Type != nil && a.Nested != nil:
		fail("set Type or Nested, not both")
	case a.Type != nil:
		if p := checkType(a.Type); p != "" {
			fail("Type: %s", p)
		} else {
			typeOK = true
		}
	case len(a.Nested.Attributes) == 0:
		fail("Nested has no attributes: give the nested object its attributes (or use a Type such as Bool for a value without any)")
	default:
		typeOK = true
	}
	if a.Default != nil {
		switch {
		case !a.Optional:
			fail("Default needs Optional: only an attribute the configuration may leave out can have a default")
		case typeOK && nestedOK(a.Nested):
			if v, err := elemFromGo(a.typ(), a.Default, (&path{}).attr(at), false); err != nil {
				fail("Default: %v", err)
			} else if !v.IsFullyKnown() {
				fail("Default: a default is a value known before apply, not Unknown; for a value the provider chooses when the configuration leaves it out, drop Default, add Computed and set the attribute in Create")
			}
		}
	}
	if a.RequiresReplace && !(resource && top) {
		fail("RequiresReplace is supported on a resource's own attributes only")
	}
	if a.UseStateForUnknown && (!(resource && top) || !a.Computed) {
		fail("UseStateForUnknown needs Computed and is supported on a resource's own attributes only")
	}
	if a.WriteOnly && (!(resource && top) || a.Computed || a.Default != nil || a.RequiresReplace || a.UseStateForUnknown) {
		fail("WriteOnly is for a resource's own attributes that the configuration alone sets: no Computed, Default, RequiresReplace or UseStateForUnknown, which need a value in the plan or the state")
	}
	if a.Computed && !top && !readOnly {
		fail("Computed attributes inside nested blocks or nested attributes are not supported; make the attribute computed at the top level, or make the nested attribute around it Computed and not Optional, so that the provider sets the whole of it")
	}
	if a.Nested != nil {
		errs = append(errs, checkValidators(element, at+".", a.Nested.Attributes, nil)...)
		if a.Nested.Nesting > NestingMap || a.Nested.Nesting < NestingSingle {
			fail("unknown nesting %d", a.Nested.Nesting)
		}
		for _, n := range sortedKeys(a.Nested.Attributes) {
			errs = append(errs, checkName(element, "attribute", at+"."+n, n, "", nil)...)
			errs = append(errs, checkAttribute(element, at+"."+n, a.Nested.Attributes[n], false, false, readOnly || (a.Computed && !a.Optional))...)
		}
	}
	return errs
}

// nestedOK reports whether n, if set, can make a type: every attribute of
// it, at any depth, is set and valid (Check reports those that are not).
func nestedOK(n *Nested) bool {
	if n == nil {
		return true
	}
	for _, a := range n.Attributes {
		if a == nil || (a.Type == nil) == (a.Nested == nil) || (a.Type != nil && checkType(a.Type) != "") || !nestedOK(a.Nested) {
			return false
		}
	}
	return true
}

// typ is the Type of an attribute's values.
func (a *Attribute) typ() Type {
	if a.Nested == nil {
		return a.Type
	}
	return a.Nested.typ()
}

func (n *Nested) typ() Type {
	obj := objectOf(n.Attributes, nil, true)
	switch n.Nesting {
	case NestingList:
		return List(obj)
	case NestingSet:
		return Set(obj)
	case NestingMap:
		return Map(obj)
	}
	return obj
}

// objectOf is the object type of a block body or nested attribute object.
func objectOf(attrs map[string]*Attribute, blocks map[string]*Block, nested bool) objectType {
	t := objectType{attrs: make(map[string]Type, len(attrs)+len(blocks)), body: true}
	for n, a := range attrs {
		t.attrs[n] = a.typ()
		if nested && !a.Required {
			if t.optional == nil {
				t.optional = map[string]struct{}{}
			}
			t.optional[n] = struct{}{}
		}
	}
	for n, b := range blocks {
		t.attrs[n] = b.typ()
	}
	t.names = sortedKeys(t.attrs)
	return t
}

func (b *Block) typ() Type {
	obj := objectOf(b.Attributes, b.Blocks, false)
	switch b.Nesting {
	case NestingList:
		return List(obj)
	case NestingSet:
		return Set(obj)
	}
	return obj
}

func (s *Schema) typ() objectType { return objectOf(s.Attributes, s.Blocks, false) }

// proto returns the schema in protocol 6 form.
func (s *Schema) proto() *tfprotov6.Schema {
	return &tfprotov6.Schema{
		Version: s.Version,
		Block: &tfprotov6.SchemaBlock{
			Description:        s.Description,
			DescriptionKind:    tfprotov6.StringKindMarkdown,
			Deprecated:         s.Deprecated != "",
			DeprecationMessage: s.Deprecated,
			Attributes:         protoAttributes(s.Attributes),
			BlockTypes:         protoBlocks(s.Blocks),
		},
	}
}

func protoAttributes(attrs map[string]*Attribute) []*tfprotov6.SchemaAttribute {
	out := make([]*tfprotov6.SchemaAttribute, 0, len(attrs))
	for _, n := range sortedKeys(attrs) {
		a := attrs[n]
		pa := &tfprotov6.SchemaAttribute{
			Name:               n,
			Description:        a.Description,
			DescriptionKind:    tfprotov6.StringKindMarkdown,
			Required:           a.Required,
			Optional:           a.Optional,
			Computed:           a.Computed || a.Default != nil,
			Sensitive:          a.Sensitive,
			WriteOnly:          a.WriteOnly,
			Deprecated:         a.Deprecated != "",
			DeprecationMessage: a.Deprecated,
		}
		if a.Nested != nil {
			pa.NestedType = &tfprotov6.SchemaObject{
				Nesting:    protoObjectNesting(a.Nested.Nesting),
				Attributes: protoAttributes(a.Nested.Attributes),
			}
		} else {
			pa.Type = a.Type.tfType()
		}
		out = append(out, pa)
	}
	return out
}

func protoObjectNesting(n Nesting) tfprotov6.SchemaObjectNestingMode {
	switch n {
	case NestingList:
		return tfprotov6.SchemaObjectNestingModeList
	case NestingSet:
		return tfprotov6.SchemaObjectNestingModeSet
	case NestingMap:
		return tfprotov6.SchemaObjectNestingModeMap
	}
	return tfprotov6.SchemaObjectNestingModeSingle
}

func protoBlocks(blocks map[string]*Block) []*tfprotov6.SchemaNestedBlock {
	out := make([]*tfprotov6.SchemaNestedBlock, 0, len(blocks))
	for _, n := range sortedKeys(blocks) {
		b := blocks[n]
		nesting := tfprotov6.SchemaNestedBlockNestingModeSingle
		switch b.Nesting {
		case NestingList:
			nesting = tfprotov6.SchemaNestedBlockNestingModeList
		case NestingSet:
			nesting = tfprotov6.SchemaNestedBlockNestingModeSet
		}
		out = append(out, &tfprotov6.SchemaNestedBlock{
			TypeName: n,
			Nesting:  nesting,
			MinItems: int64(b.MinItems),
			MaxItems: int64(b.MaxItems),
			Block: &tfprotov6.SchemaBlock{
				Description:        b.Description,
				DescriptionKind:    tfprotov6.StringKindMarkdown,
				Deprecated:         b.Deprecated != "",
				DeprecationMessage: b.Deprecated,
				Attributes:         protoAttributes(b.Attributes),
				BlockTypes:         protoBlocks(b.Blocks),
			},
		})
	}
	return out
}
