package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"
)

// ReadProviders reads the output of `terraform providers schema -json` (or
// `tofu providers schema -json`) and returns the providers sorted by source
// address. The format version is checked: an unsupported one is an error
// naming the version. JSON that does not parse is an error with the line
// and column; a type that is not one (["mapp", "string"]) is an error with
// its line, column and path in the document; an empty resource, data
// source, attribute or block name and an unknown nesting_mode are errors
// naming where they are in the document.
func ReadProviders(r io.Reader) ([]*Provider, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", err)
	}
	raw, err := decode(src)
	if err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", locate(src, err))
	}
	sources := make([]string, 0, len(raw.Schemas))
	for src := range raw.Schemas {
		sources = append(sources, src)
	}
	sort.Strings(sources)
	out := make([]*Provider, 0, len(sources))
	c := &converter{}
	for _, src := range sources {
		ps := raw.Schemas[src]
		where := &path{key: src, keyed: true, part: "provider_schemas"}
		if src == "" {
			c.fail(where, "the provider source address is empty")
		}
		if ps == nil {
			c.fail(where, "is null; a provider's schema is an object")
			continue
		}
		p := &Provider{Source: src, Config: &Block{}}
		if ps.ConfigSchema != nil && ps.ConfigSchema.Block != nil {
			p.Config = c.block(ps.ConfigSchema.Block, &path{up: where, part: ".provider.block"})
		}
		p.Resources = c.resources(ps.ResourceSchemas, &path{up: where, part: ".resource_schemas"}, "resource type")
		p.DataSources = c.resources(ps.DataSourceSchemas, &path{up: where, part: ".data_source_schemas"}, "data source type")
		p.EphemeralResources = c.resources(ps.EphemeralResourceSchemas, &path{up: where, part: ".ephemeral_resource_schemas"}, "ephemeral resource type")
		p.Functions = c.functions(ps.Functions, &path{up: where, part: ".functions"})
		out = append(out, p)
	}
	if c.err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", c.err)
	}
	return out, nil
}

// ReadProvidersFile reads a provider schemas file as ReadProviders does;
// errors start with the file name, and for JSON that does not parse, the
// line and column: "schema.json:3:17: read provider schemas: ...".
func ReadProvidersFile(path string) ([]*Provider, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ps, err := ReadProviders(f)
	if err != nil {
		var se *SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s:%d:%d: read provider schemas: %w", path, se.Line, se.Column, se.Err)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ps, nil
}

// SyntaxError is JSON that does not parse (or holds a value of the wrong
// type), with where: 1-based line and column.
type SyntaxError struct {
	Line, Column int
	Err          error
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// locate turns a JSON decoding error with a byte offset into a
// *SyntaxError; others are returned as they are.
func locate(src []byte, err error) error {
	var offset int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && !json.Valid(src):
		// Offset counts the bytes read, the offending one included. (In a
		// document that parses, a syntax error is a type's, whose offset
		// is in the type's own text.)
		offset = max(syn.Offset-1, 0)
	case errors.As(err, &typ):
		offset = typ.Offset
	case errors.Is(err, io.ErrUnexpectedEOF) || err.Error() == "unexpected end of JSON input":
		offset = int64(len(src))
	}
	if offset < 0 {
		// A type that is not one: cty says what, not where.
		return locateType(src, err)
	}
	line, col := lineCol(src, int(offset))
	return &SyntaxError{Line: line, Column: col, Err: err}
}

// decode reads the document as json.Unmarshal into a
// tfjson.ProviderSchemas does, errors included, with fewer passes over the
// text: json.Unmarshal checks the whole text, then hands the value to
// ProviderSchemas.UnmarshalJSON, which checks and decodes it again.
func decode(src []byte) (*tfjson.ProviderSchemas, error) {
	raw := &tfjson.ProviderSchemas{}
	value := bytes.Trim(src, " \t\r\n") // JSON's white space
	if bytes.Equal(value, []byte("null")) || !json.Valid(src) {
		// json.Unmarshal leaves the value alone for null, and has the
		// error (located in the whole text) for text that does not parse.
		return raw, json.Unmarshal(src, raw)
	}
	return raw, raw.UnmarshalJSON(value)
}

// converter turns terraform-json's schema types into this package's,
// remembering the first problem it finds.
type converter struct{ err error }

// path is where a value is in the document, for messages; it is spelled
// out only for a problem.
type path struct {
	up    *path
	part  string // as written
	key   string // then ["key"] when keyed
	keyed bool
	index int // then [index] when indexed
	// indexed says index is set.
	indexed bool
}

func (p *path) String() string {
	var b strings.Builder
	p.write(&b)
	return b.String()
}

func (p *path) write(b *strings.Builder) {
	if p.up != nil {
		p.up.write(b)
	}
	b.WriteString(p.part)
	if p.keyed {
		fmt.Fprintf(b, "[%q]", p.key)
	}
	if p.indexed {
		fmt.Fprintf(b, "[%d]", p.index)
	}
}

func (c *converter) fail(where *path, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
	}
}

func (c *converter) resources(in map[string]*tfjson.Schema, where *path, noun string) []*Resource {
	out := make([]*Resource, 0, len(in))
	for typ, s := range in {
		at := &path{up: where, key: typ, keyed: true}
		if strings.TrimSpace(typ) == "" {
			c.fail(at, "the %s name is empty", noun)
		}
		r := &Resource{Type: typ, Block: &Block{}}
		if s == nil {
			c.fail(at, "is null; a schema is an object")
		} else {
			r.Version = int64(s.Version)
			if s.Block != nil {
				r.Block = c.block(s.Block, &path{up: at, part: ".block"})
			}
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}

func (c *converter) block(in *tfjson.SchemaBlock, where *path) *Block {
	b := &Block{
		Description:     in.Description,
		DescriptionKind: string(in.DescriptionKind),
		Deprecated:      in.Deprecated,
		Attributes:      c.attributes(in.Attributes, &path{up: where, part: ".attributes"}),
	}
	for name, nb := range in.NestedBlocks {
		at := &path{up: where, part: ".block_types", key: name, keyed: true}
		if strings.TrimSpace(name) == "" {
			c.fail(at, "the block type name is empty")
		}
		n := &NestedBlock{Name: name, Block: &Block{}}
		if nb == nil {
			c.fail(at, "is null; a nested block type is an object")
		} else {
			n.Nesting = c.nesting(nb.NestingMode, at)
			n.MinItems, n.MaxItems = int(nb.MinItems), int(nb.MaxItems)
			if nb.Block != nil {
				n.Block = c.block(nb.Block, &path{up: at, part: ".block"})
			}
		}
		b.Blocks = append(b.Blocks, n)
	}
	sort.Slice(b.Blocks, func(i, j int) bool { return b.Blocks[i].Name < b.Blocks[j].Name })
	return b
}

func (c *converter) attributes(in map[string]*tfjson.SchemaAttribute, where *path) []*Attribute {
	out := make([]*Attribute, 0, len(in))
	for name, a := range in {
		at := &path{up: where, key: name, keyed: true}
		if strings.TrimSpace(name) == "" {
			c.fail(at, "the attribute name is empty")
		}
		if a == nil {
			c.fail(at, "is null; an attribute is an object")
			continue
		}
		attr := &Attribute{
			Name:            name,
			Type:            a.AttributeType,
			Required:        a.Required,
			Optional:        a.Optional,
			Computed:        a.Computed,
			Sensitive:       a.Sensitive,
			Deprecated:      a.Deprecated,
			WriteOnly:       a.WriteOnly,
			Description:     a.Description,
			DescriptionKind: string(a.DescriptionKind),
		}
		if nt := a.AttributeNestedType; nt != nil {
			attr.NestedType = &Object{
				Nesting:    c.nesting(nt.NestingMode, &path{up: at, part: ".nested_type"}),
				Attributes: c.attributes(nt.Attributes, &path{up: at, part: ".nested_type.attributes"}),
				MinItems:   int(nt.MinItems),
				MaxItems:   int(nt.MaxItems),
			}
			attr.Type = attr.NestedType.ImpliedType()
		} else if a.AttributeType == cty.NilType {
			c.fail(at, "the attribute has neither a type nor a nested_type")
		}
		out = append(out, attr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (c *converter) nesting(m tfjson.SchemaNestingMode, where *path) Nesting {
	switch m {
	case tfjson.SchemaNestingModeSingle:
		return NestingSingle
	case tfjson.SchemaNestingModeGroup:
		return NestingGroup
	case tfjson.SchemaNestingModeList:
		return NestingList
	case tfjson.SchemaNestingModeSet:
		return NestingSet
	case tfjson.SchemaNestingModeMap:
		return NestingMap
	}
	c.fail(where, "nesting_mode %q is none of single, group, list, set and map", string(m))
	return NestingSingle
}

func (c *converter) functions(in map[string]*tfjson.FunctionSignature, where *path) []*Function {
	out := make([]*Function, 0, len(in))
	for name, f := range in {
		at := &path{up: where, key: name, keyed: true}
		if f == nil {
			c.fail(at, "is null; a function signature is an object")
			continue
		}
		fn := &Function{
			Name:        name,
			Description: f.Description,
			Summary:     f.Summary,
			Deprecation: f.DeprecationMessage,
			ReturnType:  f.ReturnType,
		}
		for i, p := range f.Parameters {
			if p == nil {
				c.fail(&path{up: at, part: ".parameters", index: i, indexed: true}, "is null; a parameter is an object")
				continue
			}
			fn.Parameters = append(fn.Parameters, convertParameter(p))
		}
		if f.VariadicParameter != nil {
			fn.Variadic = convertParameter(f.VariadicParameter)
		}
		out = append(out, fn)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func convertParameter(p *tfjson.FunctionParameter) *Parameter {
	return &Parameter{Name: p.Name, Description: p.Description, Type: p.Type, AllowNull: p.IsNullable}
}

// ImpliedType is the cty type of a nested attribute value.
func (o *Object) ImpliedType() cty.Type {
	attrs := make(map[string]cty.Type, len(o.Attributes))
	var optional []string
	for _, a := range o.Attributes {
		attrs[a.Name] = a.Type
		if !a.Required {
			optional = append(optional, a.Name)
		}
	}
	obj := cty.ObjectWithOptionalAttrs(attrs, optional)
	switch o.Nesting {
	case NestingList:
		return cty.List(obj)
	case NestingSet:
		return cty.Set(obj)
	case NestingMap:
		return cty.Map(obj)
	}
	return obj
}

// ImpliedType is the cty object type a block's values have, with nested
// blocks as lists, sets, maps or single objects according to their nesting.
func (b *Block) ImpliedType() cty.Type {
	attrs := make(map[string]cty.Type, len(b.Attributes)+len(b.Blocks))
	for _, a := range b.Attributes {
		attrs[a.Name] = a.Type
	}
	for _, nb := range b.Blocks {
		t := nb.Block.ImpliedType()
		switch nb.Nesting {
		case NestingList:
			t = cty.List(t)
		case NestingSet:
			t = cty.Set(t)
		case NestingMap:
			t = cty.Map(t)
		}
		attrs[nb.Name] = t
	}
	return cty.Object(attrs)
}
