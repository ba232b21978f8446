package config

import (
	"github.com/hashicorp/hcl/v2"
)

// Config is one Terraform configuration (one root module, one stack): its
// top-level blocks in declaration order.
type Config struct {
	Blocks []*Block
}

// Add appends blocks in declaration order.
func (c *Config) Add(blocks ...*Block) { c.Blocks = append(c.Blocks, blocks...) }

// BlocksOfType returns the top-level blocks of one type, in order.
func (c *Config) BlocksOfType(typ string) []*Block {
	var out []*Block
	for _, b := range c.Blocks {
		if b.Type == typ {
			out = append(out, b)
		}
	}
	return out
}

// Block is a Terraform block: `resource "aws_vpc" "main" { ... }`, a nested
// `lifecycle { ... }`, `provisioner "local-exec" { ... }`, `dynamic "x" { ... }`.
type Block struct {
	// Type is the block type keyword: resource, data, lifecycle, ...
	Type string
	// Labels are the block labels in order, such as ["aws_vpc", "main"].
	Labels []string
	// Body holds the attributes and nested blocks in order; never nil.
	Body *Body
	// DeclRange is where the block was declared: a Go file:line, a .tsx
	// line or a .tf range.
	DeclRange hcl.Range
	// TypeRange is where the block type was written: its keyword, or in
	// JSON the property naming it. LabelRanges are where the labels were
	// written, one for each label. OpenBraceRange and CloseBraceRange are
	// the braces of the body (in JSON, of the body's object). They are
	// known for blocks read from .tf and .tf.json files only: zero, and
	// LabelRanges nil, for blocks built any other way.
	TypeRange                       hcl.Range
	LabelRanges                     []hcl.Range
	OpenBraceRange, CloseBraceRange hcl.Range
	// Trivia is the block's comments and blank lines as written, for
	// blocks parsed with ParseBodyWithTrivia; nil otherwise.
	Trivia *Trivia
}

// NewBlock returns a block with an empty body.
func NewBlock(typ string, labels ...string) *Block {
	// The block and its body in one allocation.
	bb := &blockAndBody{}
	bb.Block = Block{Type: typ, Labels: labels, Body: &bb.body}
	return &bb.Block
}

// blockAndBody holds a Block together with its Body.
type blockAndBody struct {
	Block
	body Body
}

// Address is the Terraform address of a top-level block: aws_vpc.main,
// data.aws_ami.x, module.net, var.region, output.id, provider.aws.west,
// local block bodies as "locals" (Kind.Address). Nested blocks, and blocks
// of no kind, give their type and labels.
func (b *Block) Address() string {
	k, ok := KindOf(b.Type)
	if !ok {
		return joinAddress(b.Type, b.Labels)
	}
	if k.Refer == ByConfiguration && len(b.Labels) == len(k.Labels) {
		if alias, ok := b.Body.StringAttr("alias"); ok {
			return k.Address(b.Labels, alias)
		}
	}
	return k.Address(b.Labels)
}

// Body is the ordered content of a block: attributes and nested blocks.
type Body struct {
	Items []Item
	// Trailing holds the comments and blank lines after the last item, as
	// in Trivia.Before, for bodies parsed with ParseBodyWithTrivia.
	Trailing []string
}

// Item is an *Attribute or a *Block inside a Body.
type Item interface{ bodyItem() }

func (*Attribute) bodyItem() {}
func (*Block) bodyItem()     {}

// Attribute is `name = expr` inside a body.
type Attribute struct {
	Name string
	Expr Expr
	// Range is where the attribute was set; may be zero when unknown.
	Range hcl.Range
	// Source is the expression the attribute was parsed from, in the
	// syntax of its file, for evaluators that evaluate it as Terraform
	// does; nil for attributes built any other way.
	Source hcl.Expression
	// Trivia is the attribute's comments and blank lines as written, for
	// attributes parsed with ParseBodyWithTrivia; nil otherwise.
	Trivia *Trivia
}

// Attribute returns the named attribute, or nil.
func (b *Body) Attribute(name string) *Attribute {
	for _, it := range b.Items {
		if a, ok := it.(*Attribute); ok && a.Name == name {
			return a
		}
	}
	return nil
}

// Set sets an attribute, replacing an earlier one of the same name in place
// (keeping its position) or appending it.
func (b *Body) Set(name string, e Expr) *Attribute {
	if a := b.Attribute(name); a != nil {
		a.Expr = e
		return a
	}
	a := &Attribute{Name: name, Expr: e}
	b.Items = append(b.Items, a)
	return a
}

// Remove deletes the named attribute if present.
func (b *Body) Remove(name string) {
	for i, it := range b.Items {
		if a, ok := it.(*Attribute); ok && a.Name == name {
			b.Items = append(b.Items[:i], b.Items[i+1:]...)
			return
		}
	}
}

// AppendBlock appends a nested block and returns it.
func (b *Body) AppendBlock(nb *Block) *Block {
	if nb.Body == nil {
		nb.Body = &Body{}
	}
	b.Items = append(b.Items, nb)
	return nb
}

// Blocks returns the nested blocks of one type, in order.
func (b *Body) Blocks(typ string) []*Block {
	var out []*Block
	for _, it := range b.Items {
		if nb, ok := it.(*Block); ok && nb.Type == typ {
			out = append(out, nb)
		}
	}
	return out
}

// Attributes returns the attributes in order.
func (b *Body) Attributes() []*Attribute {
	var out []*Attribute
	for _, it := range b.Items {
		if a, ok := it.(*Attribute); ok {
			out = append(out, a)
		}
	}
	return out
}

// StringAttr returns the value of an attribute that is a literal string (or
// a template without interpolations).
func (b *Body) StringAttr(name string) (string, bool) {
	a := b.Attribute(name)
	if a == nil {
		return "", false
	}
	return LiteralString(a.Expr)
}
