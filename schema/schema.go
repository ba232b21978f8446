package schema

import (
	"github.com/zclconf/go-cty/cty"
)

// Provider is the schema of one provider.
type Provider struct {
	// Source is the provider's full source address, such as
	// registry.terraform.io/hashicorp/random.
	Source string
	// Config is the provider block's schema; it may be empty.
	Config *Block
	// Resources, DataSources and EphemeralResources are sorted by type name.
	Resources          []*Resource
	DataSources        []*Resource
	EphemeralResources []*Resource
	// Functions are sorted by name.
	Functions []*Function
}

// Name returns the provider's local name, the last part of its source
// address: "random" for registry.terraform.io/hashicorp/random.
func (p *Provider) Name() string {
	for i := len(p.Source) - 1; i >= 0; i-- {
		if p.Source[i] == '/' {
			return p.Source[i+1:]
		}
	}
	return p.Source
}

// Namespace returns the namespace part of the source address, "hashicorp"
// for registry.terraform.io/hashicorp/random, or "" when there is none.
func (p *Provider) Namespace() string {
	parts := splitSource(p.Source)
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2]
}

func splitSource(s string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// Resource returns the managed resource schema of one type, or nil.
func (p *Provider) Resource(typ string) *Resource { return find(p.Resources, typ) }

// DataSource returns the data source schema of one type, or nil.
func (p *Provider) DataSource(typ string) *Resource { return find(p.DataSources, typ) }

// EphemeralResource returns the ephemeral resource schema of one type, or
// nil.
func (p *Provider) EphemeralResource(typ string) *Resource {
	return find(p.EphemeralResources, typ)
}

func find(rs []*Resource, typ string) *Resource {
	lo, hi := 0, len(rs)
	for lo < hi {
		mid := (lo + hi) / 2
		if rs[mid].Type < typ {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(rs) && rs[lo].Type == typ {
		return rs[lo]
	}
	return nil
}

// Resource is the schema of a managed resource, data source or ephemeral
// resource type.
type Resource struct {
	Type    string
	Version int64
	Block   *Block
}

// Block is the schema of a block body: its attributes and nested block
// types, each sorted by name.
type Block struct {
	Attributes      []*Attribute
	Blocks          []*NestedBlock
	Description     string
	DescriptionKind string // "plain" or "markdown"
	Deprecated      bool
}

// Attribute returns the named attribute, or nil.
func (b *Block) Attribute(name string) *Attribute {
	for _, a := range b.Attributes {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// NestedBlock returns the named nested block type, or nil.
func (b *Block) NestedBlock(name string) *NestedBlock {
	for _, nb := range b.Blocks {
		if nb.Name == name {
			return nb
		}
	}
	return nil
}

// Attribute is one attribute of a block or of a nested attribute type.
type Attribute struct {
	Name string
	// Type is the attribute's type. For attributes with a NestedType it is
	// the type the nested object implies.
	Type cty.Type
	// NestedType is set for protocol 6 nested attributes.
	NestedType *Object

	Required, Optional, Computed bool
	Sensitive, Deprecated        bool
	WriteOnly                    bool
	Description                  string
	DescriptionKind              string
}

// ComputedOnly reports whether only the provider sets this attribute.
func (a *Attribute) ComputedOnly() bool { return a.Computed && !a.Optional && !a.Required }

// Nesting is how a nested block or nested attribute type repeats.
type Nesting int

const (
	// NestingSingle allows at most one block, whose value may be null.
	NestingSingle Nesting = iota
	// NestingGroup allows at most one block, never null.
	NestingGroup
	// NestingList is an ordered list of blocks.
	NestingList
	// NestingSet is an unordered set of blocks.
	NestingSet
	// NestingMap is a map of blocks keyed by label.
	NestingMap
)

var nestingNames = [...]string{"single", "group", "list", "set", "map"}

func (n Nesting) String() string {
	if int(n) < len(nestingNames) {
		return nestingNames[n]
	}
	return "unknown"
}

// NestedBlock is a nested block type inside a block.
type NestedBlock struct {
	Name     string
	Nesting  Nesting
	MinItems int
	MaxItems int // 0 means no limit
	Block    *Block
}

// Object is a protocol 6 nested attribute type: attributes nested under one
// attribute, repeated according to Nesting.
type Object struct {
	Nesting    Nesting
	Attributes []*Attribute
	MinItems   int
	MaxItems   int
}

// Function is a provider-defined function.
type Function struct {
	Name        string
	Description string
	Summary     string
	Deprecation string
	ReturnType  cty.Type
	Parameters  []*Parameter
	Variadic    *Parameter // nil when the function is not variadic
}

// Parameter is one function parameter.
type Parameter struct {
	Name        string
	Description string
	Type        cty.Type
	AllowNull   bool
}
