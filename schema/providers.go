package schema

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"
)

// ReadProviders reads the output of `terraform providers schema -json` (or
// `tofu providers schema -json`) and returns the providers sorted by source
// address. The format version is checked: an unsupported one is an error
// naming the version.
func ReadProviders(r io.Reader) ([]*Provider, error) {
	var raw tfjson.ProviderSchemas
	dec := json.NewDecoder(r)
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", err)
	}
	if err := checkNulls(&raw); err != nil {
		return nil, fmt.Errorf("read provider schemas: %w", err)
	}
	sources := make([]string, 0, len(raw.Schemas))
	for src := range raw.Schemas {
		sources = append(sources, src)
	}
	sort.Strings(sources)
	out := make([]*Provider, 0, len(sources))
	for _, src := range sources {
		ps := raw.Schemas[src]
		p := &Provider{Source: src, Config: &Block{}}
		if ps.ConfigSchema != nil && ps.ConfigSchema.Block != nil {
			p.Config = convertBlock(ps.ConfigSchema.Block)
		}
		p.Resources = convertResources(ps.ResourceSchemas)
		p.DataSources = convertResources(ps.DataSourceSchemas)
		p.EphemeralResources = convertResources(ps.EphemeralResourceSchemas)
		p.Functions = convertFunctions(ps.Functions)
		out = append(out, p)
	}
	return out, nil
}

func convertResources(in map[string]*tfjson.Schema) []*Resource {
	out := make([]*Resource, 0, len(in))
	for typ, s := range in {
		r := &Resource{Type: typ, Version: int64(s.Version), Block: &Block{}}
		if s.Block != nil {
			r.Block = convertBlock(s.Block)
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}

func convertBlock(in *tfjson.SchemaBlock) *Block {
	b := &Block{
		Description:     in.Description,
		DescriptionKind: string(in.DescriptionKind),
		Deprecated:      in.Deprecated,
		Attributes:      convertAttributes(in.Attributes),
	}
	for name, nb := range in.NestedBlocks {
		n := &NestedBlock{
			Name:     name,
			Nesting:  convertNesting(nb.NestingMode),
			MinItems: int(nb.MinItems),
			MaxItems: int(nb.MaxItems),
			Block:    &Block{},
		}
		if nb.Block != nil {
			n.Block = convertBlock(nb.Block)
		}
		b.Blocks = append(b.Blocks, n)
	}
	sort.Slice(b.Blocks, func(i, j int) bool { return b.Blocks[i].Name < b.Blocks[j].Name })
	return b
}

func convertAttributes(in map[string]*tfjson.SchemaAttribute) []*Attribute {
	out := make([]*Attribute, 0, len(in))
	for name, a := range in {
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
				Nesting:    convertNesting(nt.NestingMode),
				Attributes: convertAttributes(nt.Attributes),
				MinItems:   int(nt.MinItems),
				MaxItems:   int(nt.MaxItems),
			}
			attr.Type = attr.NestedType.ImpliedType()
		}
		out = append(out, attr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func convertNesting(m tfjson.SchemaNestingMode) Nesting {
	switch m {
	case tfjson.SchemaNestingModeGroup:
		return NestingGroup
	case tfjson.SchemaNestingModeList:
		return NestingList
	case tfjson.SchemaNestingModeSet:
		return NestingSet
	case tfjson.SchemaNestingModeMap:
		return NestingMap
	}
	return NestingSingle
}

func convertFunctions(in map[string]*tfjson.FunctionSignature) []*Function {
	out := make([]*Function, 0, len(in))
	for name, f := range in {
		fn := &Function{
			Name:        name,
			Description: f.Description,
			Summary:     f.Summary,
			Deprecation: f.DeprecationMessage,
			ReturnType:  f.ReturnType,
		}
		for _, p := range f.Parameters {
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

// checkNulls refuses a document with null where a schema, attribute,
// block or function parameter belongs, which no engine writes and which
// the conversion would otherwise dereference. The error names the place,
// as a path of JSON keys.
func checkNulls(raw *tfjson.ProviderSchemas) error {
	for src, ps := range raw.Schemas {
		at := "provider_schemas." + src
		if ps == nil {
			return fmt.Errorf("%s is null", at)
		}
		if ps.ConfigSchema != nil && ps.ConfigSchema.Block != nil {
			if err := checkBlockNulls(ps.ConfigSchema.Block, at+".provider.block"); err != nil {
				return err
			}
		}
		for kind, m := range map[string]map[string]*tfjson.Schema{
			"resource_schemas": ps.ResourceSchemas, "data_source_schemas": ps.DataSourceSchemas,
			"ephemeral_resource_schemas": ps.EphemeralResourceSchemas,
		} {
			for typ, sch := range m {
				if sch == nil {
					return fmt.Errorf("%s.%s.%s is null", at, kind, typ)
				}
				if sch.Block != nil {
					if err := checkBlockNulls(sch.Block, at+"."+kind+"."+typ+".block"); err != nil {
						return err
					}
				}
			}
		}
		for name, f := range ps.Functions {
			if f == nil {
				return fmt.Errorf("%s.functions.%s is null", at, name)
			}
			for i, p := range f.Parameters {
				if p == nil {
					return fmt.Errorf("%s.functions.%s.parameters[%d] is null", at, name, i)
				}
			}
		}
	}
	return nil
}

func checkBlockNulls(b *tfjson.SchemaBlock, at string) error {
	if err := checkAttributeNulls(b.Attributes, at+".attributes"); err != nil {
		return err
	}
	for name, nb := range b.NestedBlocks {
		if nb == nil {
			return fmt.Errorf("%s.block_types.%s is null", at, name)
		}
		if nb.Block != nil {
			if err := checkBlockNulls(nb.Block, at+".block_types."+name+".block"); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkAttributeNulls(attrs map[string]*tfjson.SchemaAttribute, at string) error {
	for name, a := range attrs {
		if a == nil {
			return fmt.Errorf("%s.%s is null", at, name)
		}
		if a.AttributeNestedType != nil {
			if err := checkAttributeNulls(a.AttributeNestedType.Attributes, at+"."+name+".nested_type.attributes"); err != nil {
				return err
			}
		}
	}
	return nil
}
