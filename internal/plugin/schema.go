package plugin

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"
	"google.golang.org/protobuf/encoding/protowire"
)

// GetProviderSchema asks the plugin for its schemas, in the form
// `terraform providers schema -json` writes them. Error diagnostics from
// the provider are an error.
func (c *Client) GetProviderSchema(ctx context.Context) (*tfjson.ProviderSchema, error) {
	method := "GetProviderSchema"
	if c.protocol == 5 {
		method = "GetSchema"
	}
	resp, err := c.call(ctx, method, nil)
	if err != nil {
		return nil, err
	}
	d := &decoder{protocol: c.protocol}
	ps, diags, err := d.providerSchema(resp)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	if len(diags) > 0 {
		return nil, fmt.Errorf("%s: the provider reported: %s", method, strings.Join(diags, "; "))
	}
	return ps, nil
}

// decoder decodes protocol messages; protocol 5 and 6 differ in a few
// field numbers.
type decoder struct{ protocol int }

// fields calls f for each field of a message.
func fields(b []byte, f func(num protowire.Number, typ protowire.Type, v []byte, n uint64) error) error {
	for len(b) > 0 {
		num, typ, l := protowire.ConsumeTag(b)
		if l < 0 {
			return protowire.ParseError(l)
		}
		b = b[l:]
		var v []byte
		var n uint64
		switch typ {
		case protowire.BytesType:
			v, l = protowire.ConsumeBytes(b)
		case protowire.VarintType:
			n, l = protowire.ConsumeVarint(b)
		default:
			l = protowire.ConsumeFieldValue(num, typ, b)
		}
		if l < 0 {
			return protowire.ParseError(l)
		}
		b = b[l:]
		if err := f(num, typ, v, n); err != nil {
			return err
		}
	}
	return nil
}

func (d *decoder) providerSchema(b []byte) (*tfjson.ProviderSchema, []string, error) {
	ps := &tfjson.ProviderSchema{
		ResourceSchemas:          map[string]*tfjson.Schema{},
		DataSourceSchemas:        map[string]*tfjson.Schema{},
		EphemeralResourceSchemas: map[string]*tfjson.Schema{},
		Functions:                map[string]*tfjson.FunctionSignature{},
	}
	var diags []string
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
		var err error
		switch num {
		case 1:
			ps.ConfigSchema, err = d.schema(v)
		case 2:
			err = d.schemaEntry(v, ps.ResourceSchemas)
		case 3:
			err = d.schemaEntry(v, ps.DataSourceSchemas)
		case 4:
			var msg string
			if msg, err = diagnostic(v); msg != "" {
				diags = append(diags, msg)
			}
		case 7:
			err = d.functionEntry(v, ps.Functions)
		case 8:
			err = d.schemaEntry(v, ps.EphemeralResourceSchemas)
		}
		return err
	})
	return ps, diags, err
}

// mapEntry splits a map entry message into its key and value.
func mapEntry(b []byte) (string, []byte, error) {
	var key string
	var val []byte
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
		switch num {
		case 1:
			key = string(v)
		case 2:
			val = v
		}
		return nil
	})
	return key, val, err
}

func (d *decoder) schemaEntry(b []byte, into map[string]*tfjson.Schema) error {
	k, v, err := mapEntry(b)
	if err != nil {
		return err
	}
	s, err := d.schema(v)
	if err != nil {
		return fmt.Errorf("schema of %s: %w", k, err)
	}
	into[k] = s
	return nil
}

func (d *decoder) schema(b []byte) (*tfjson.Schema, error) {
	s := &tfjson.Schema{Block: &tfjson.SchemaBlock{}}
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		var err error
		switch num {
		case 1:
			s.Version = n
		case 2:
			s.Block, err = d.block(v)
		}
		return err
	})
	return s, err
}

func stringKind(n uint64) tfjson.SchemaDescriptionKind {
	if n == 1 {
		return tfjson.SchemaDescriptionKindMarkdown
	}
	return tfjson.SchemaDescriptionKindPlain
}

func (d *decoder) block(b []byte) (*tfjson.SchemaBlock, error) {
	// StringKind PLAIN is protobuf's default, so it is never sent.
	blk := &tfjson.SchemaBlock{DescriptionKind: tfjson.SchemaDescriptionKindPlain}
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		switch num {
		case 2:
			name, a, err := d.attribute(v)
			if err != nil {
				return err
			}
			if blk.Attributes == nil {
				blk.Attributes = map[string]*tfjson.SchemaAttribute{}
			}
			blk.Attributes[name] = a
		case 3:
			name, nb, err := d.nestedBlock(v)
			if err != nil {
				return err
			}
			if blk.NestedBlocks == nil {
				blk.NestedBlocks = map[string]*tfjson.SchemaBlockType{}
			}
			blk.NestedBlocks[name] = nb
		case 4:
			blk.Description = string(v)
		case 5:
			blk.DescriptionKind = stringKind(n)
		case 6:
			blk.Deprecated = n != 0
		}
		return nil
	})
	return blk, err
}

func (d *decoder) attribute(b []byte) (string, *tfjson.SchemaAttribute, error) {
	var name string
	a := &tfjson.SchemaAttribute{DescriptionKind: tfjson.SchemaDescriptionKindPlain}
	writeOnly := protowire.Number(11)
	if d.protocol == 5 {
		writeOnly = 10
	}
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		switch {
		case num == 1:
			name = string(v)
		case num == 2:
			t, err := ctyType(v)
			if err != nil {
				return fmt.Errorf("attribute %s: %w", name, err)
			}
			a.AttributeType = t
		case num == 3:
			a.Description = string(v)
		case num == 4:
			a.Required = n != 0
		case num == 5:
			a.Optional = n != 0
		case num == 6:
			a.Computed = n != 0
		case num == 7:
			a.Sensitive = n != 0
		case num == 8:
			a.DescriptionKind = stringKind(n)
		case num == 9:
			a.Deprecated = n != 0
		case num == 10 && d.protocol == 6:
			nt, err := d.object(v)
			if err != nil {
				return fmt.Errorf("attribute %s: %w", name, err)
			}
			a.AttributeNestedType = nt
		case num == writeOnly:
			a.WriteOnly = n != 0
		}
		return nil
	})
	return name, a, err
}

var nestingModes = map[uint64]tfjson.SchemaNestingMode{
	1: tfjson.SchemaNestingModeSingle,
	2: tfjson.SchemaNestingModeList,
	3: tfjson.SchemaNestingModeSet,
	4: tfjson.SchemaNestingModeMap,
	5: tfjson.SchemaNestingModeGroup,
}

func (d *decoder) nestedBlock(b []byte) (string, *tfjson.SchemaBlockType, error) {
	var name string
	nb := &tfjson.SchemaBlockType{Block: &tfjson.SchemaBlock{}}
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		var err error
		switch num {
		case 1:
			name = string(v)
		case 2:
			nb.Block, err = d.block(v)
		case 3:
			nb.NestingMode = nestingModes[n]
		case 4:
			nb.MinItems = n
		case 5:
			nb.MaxItems = n
		}
		return err
	})
	return name, nb, err
}

func (d *decoder) object(b []byte) (*tfjson.SchemaNestedAttributeType, error) {
	o := &tfjson.SchemaNestedAttributeType{Attributes: map[string]*tfjson.SchemaAttribute{}}
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		switch num {
		case 1:
			name, a, err := d.attribute(v)
			if err != nil {
				return err
			}
			o.Attributes[name] = a
		case 3:
			o.NestingMode = nestingModes[n]
		case 4:
			o.MinItems = n
		case 5:
			o.MaxItems = n
		}
		return nil
	})
	return o, err
}

func (d *decoder) functionEntry(b []byte, into map[string]*tfjson.FunctionSignature) error {
	k, v, err := mapEntry(b)
	if err != nil {
		return err
	}
	f := &tfjson.FunctionSignature{}
	err = fields(v, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
		var err error
		switch num {
		case 1:
			var p *tfjson.FunctionParameter
			if p, err = parameter(v); err == nil {
				f.Parameters = append(f.Parameters, p)
			}
		case 2:
			f.VariadicParameter, err = parameter(v)
		case 3:
			err = fields(v, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
				if num == 1 {
					t, err := ctyType(v)
					f.ReturnType = t
					return err
				}
				return nil
			})
		case 4:
			f.Summary = string(v)
		case 5:
			f.Description = string(v)
		case 7:
			f.DeprecationMessage = string(v)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("function %s: %w", k, err)
	}
	into[k] = f
	return nil
}

func parameter(b []byte) (*tfjson.FunctionParameter, error) {
	p := &tfjson.FunctionParameter{}
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		switch num {
		case 1:
			p.Name = string(v)
		case 2:
			t, err := ctyType(v)
			if err != nil {
				return fmt.Errorf("parameter %s: %w", p.Name, err)
			}
			p.Type = t
		case 3:
			p.IsNullable = n != 0
		case 5:
			p.Description = string(v)
		}
		return nil
	})
	return p, err
}

// diagnostic returns the text of an error diagnostic, "" for a warning.
func diagnostic(b []byte) (string, error) {
	var severity uint64
	var summary, detail string
	err := fields(b, func(num protowire.Number, _ protowire.Type, v []byte, n uint64) error {
		switch num {
		case 1:
			severity = n
		case 2:
			summary = string(v)
		case 3:
			detail = string(v)
		}
		return nil
	})
	if severity != 1 {
		return "", err
	}
	if detail != "" {
		summary += ": " + detail
	}
	return summary, err
}

// ctyType decodes a type in the JSON form the protocol carries.
func ctyType(b []byte) (cty.Type, error) {
	var t cty.Type
	if err := json.Unmarshal(b, &t); err != nil {
		return cty.NilType, fmt.Errorf("type %s: %w", b, err)
	}
	return t, nil
}

// SchemasJSON returns schemas in the format of `terraform providers
// schema -json`, with the provider under source.
func SchemasJSON(source string, ps *tfjson.ProviderSchema) ([]byte, error) {
	out := tfjson.ProviderSchemas{FormatVersion: "1.0", Schemas: map[string]*tfjson.ProviderSchema{source: ps}}
	return json.MarshalIndent(out, "", "  ")
}
