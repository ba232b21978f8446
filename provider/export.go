package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/schema"
)

// Schema returns the provider's schema in tfkit's schema model, as
// `tfkit get` reads it, under the source address source (such as
// registry.terraform.io/tfkit/docstore). It is what the engine's
// `providers schema -json` reports for this provider, and needs no engine.
func (p *Provider) ExportSchema(source string) (*schema.Provider, error) {
	data, err := p.SchemaJSON(source)
	if err != nil {
		return nil, err
	}
	ps, err := schema.ReadProviders(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return ps[0], nil
}

// SchemaJSON returns the provider's schema in the format of `terraform
// providers schema -json`, under the source address source; a short
// NAMESPACE/NAME is completed with registry.terraform.io, as Terraform
// does.
func (p *Provider) SchemaJSON(source string) ([]byte, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	if strings.Count(source, "/") == 1 {
		source = "registry.terraform.io/" + source
	}
	ps := &tfjson.ProviderSchema{
		ConfigSchema:             jsonSchema(&p.Schema),
		ResourceSchemas:          map[string]*tfjson.Schema{},
		DataSourceSchemas:        map[string]*tfjson.Schema{},
		EphemeralResourceSchemas: map[string]*tfjson.Schema{},
		Functions:                map[string]*tfjson.FunctionSignature{},
	}
	for n, r := range p.Resources {
		ps.ResourceSchemas[n] = jsonSchema(&r.Schema)
	}
	for n, d := range p.DataSources {
		ps.DataSourceSchemas[n] = jsonSchema(&d.Schema)
	}
	for n, e := range p.EphemeralResources {
		ps.EphemeralResourceSchemas[n] = jsonSchema(&e.Schema)
	}
	for n, f := range p.Functions {
		sig := &tfjson.FunctionSignature{
			Description:        f.Description,
			Summary:            f.Summary,
			DeprecationMessage: f.Deprecated,
			ReturnType:         ctyOf(f.Return),
			Parameters:         []*tfjson.FunctionParameter{},
		}
		for _, prm := range f.Parameters {
			sig.Parameters = append(sig.Parameters, jsonParameter(prm))
		}
		if f.Variadic != nil {
			sig.VariadicParameter = jsonParameter(*f.Variadic)
		}
		ps.Functions[n] = sig
	}
	out := tfjson.ProviderSchemas{FormatVersion: "1.0", Schemas: map[string]*tfjson.ProviderSchema{source: ps}}
	return json.MarshalIndent(out, "", "  ")
}

func jsonParameter(p Parameter) *tfjson.FunctionParameter {
	return &tfjson.FunctionParameter{Name: p.Name, Description: p.Description, IsNullable: p.AllowNull, Type: ctyOf(p.Type)}
}

// ctyOf converts a Type to the cty type the engine sees: both speak the
// same JSON type notation.
func ctyOf(t Type) cty.Type {
	//lint:ignore SA1019 the JSON type notation is the one cty reads; no other public form converts tftypes to cty.
	data, err := t.tfType().MarshalJSON()
	if err != nil {
		panic(fmt.Sprintf("type %s has no JSON form: %v", t, err))
	}
	var ct cty.Type
	if err := json.Unmarshal(data, &ct); err != nil {
		panic(fmt.Sprintf("type %s: %s is not a cty type: %v", t, data, err))
	}
	return ct
}

func jsonSchema(s *Schema) *tfjson.Schema {
	return &tfjson.Schema{Version: uint64(s.Version), Block: jsonBlock(s.Description, s.Deprecated, s.Attributes, s.Blocks)}
}

func jsonBlock(desc, deprecated string, attrs map[string]*Attribute, blocks map[string]*Block) *tfjson.SchemaBlock {
	b := &tfjson.SchemaBlock{
		Description:     desc,
		DescriptionKind: tfjson.SchemaDescriptionKindMarkdown,
		Deprecated:      deprecated != "",
	}
	if len(attrs) > 0 {
		b.Attributes = jsonAttributes(attrs)
	}
	if len(blocks) > 0 {
		b.NestedBlocks = map[string]*tfjson.SchemaBlockType{}
		for n, nb := range blocks {
			mode := tfjson.SchemaNestingModeSingle
			switch nb.Nesting {
			case NestingList:
				mode = tfjson.SchemaNestingModeList
			case NestingSet:
				mode = tfjson.SchemaNestingModeSet
			}
			b.NestedBlocks[n] = &tfjson.SchemaBlockType{
				NestingMode: mode,
				MinItems:    uint64(nb.MinItems),
				MaxItems:    uint64(nb.MaxItems),
				Block:       jsonBlock(nb.Description, nb.Deprecated, nb.Attributes, nb.Blocks),
			}
		}
	}
	return b
}

func jsonAttributes(attrs map[string]*Attribute) map[string]*tfjson.SchemaAttribute {
	out := map[string]*tfjson.SchemaAttribute{}
	for n, a := range attrs {
		ja := &tfjson.SchemaAttribute{
			Description:     a.Description,
			DescriptionKind: tfjson.SchemaDescriptionKindMarkdown,
			Required:        a.Required,
			Optional:        a.Optional,
			Computed:        a.Computed || a.Default != nil,
			Sensitive:       a.Sensitive,
			WriteOnly:       a.WriteOnly,
			Deprecated:      a.Deprecated != "",
		}
		if a.Nested != nil {
			mode := tfjson.SchemaNestingModeSingle
			switch a.Nested.Nesting {
			case NestingList:
				mode = tfjson.SchemaNestingModeList
			case NestingSet:
				mode = tfjson.SchemaNestingModeSet
			case NestingMap:
				mode = tfjson.SchemaNestingModeMap
			}
			ja.AttributeNestedType = &tfjson.SchemaNestedAttributeType{NestingMode: mode, Attributes: jsonAttributes(a.Nested.Attributes)}
		} else {
			ja.AttributeType = ctyOf(a.Type)
		}
		out[n] = ja
	}
	return out
}
