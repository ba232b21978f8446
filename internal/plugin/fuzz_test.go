package plugin

import (
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// schemaResponse builds a small GetProviderSchema response by hand: one
// resource with a string attribute, a nested attribute and a set block,
// and one function.
func schemaResponse() []byte {
	msg := func(fields ...[]byte) []byte {
		var b []byte
		for _, f := range fields {
			b = append(b, f...)
		}
		return b
	}
	bytesField := func(n protowire.Number, v []byte) []byte {
		b := protowire.AppendTag(nil, n, protowire.BytesType)
		return protowire.AppendBytes(b, v)
	}
	varint := func(n protowire.Number, v uint64) []byte {
		b := protowire.AppendTag(nil, n, protowire.VarintType)
		return protowire.AppendVarint(b, v)
	}
	attr := msg(bytesField(1, []byte("name")), bytesField(2, []byte(`"string"`)), varint(4, 1))
	nested := msg(bytesField(1, []byte("servers")), bytesField(10, msg(bytesField(1, attr), varint(3, 2))), varint(5, 1))
	inner := msg(bytesField(2, msg(bytesField(1, []byte("key")), bytesField(2, []byte(`"string"`)), varint(4, 1))))
	block := msg(bytesField(2, attr), bytesField(2, nested), bytesField(3, msg(bytesField(1, []byte("item")), bytesField(2, inner), varint(3, 3))), bytesField(4, []byte("a thing")))
	schema := msg(varint(1, 2), bytesField(2, block))
	fn := msg(bytesField(1, msg(bytesField(1, []byte("json")), bytesField(2, []byte(`"string"`)))), bytesField(3, bytesField(1, []byte(`"string"`))))
	return msg(
		bytesField(1, msg(bytesField(2, msg()))),
		bytesField(2, msg(bytesField(1, []byte("x_thing")), bytesField(2, schema))),
		bytesField(7, msg(bytesField(1, []byte("canonical")), bytesField(2, fn))),
	)
}

func TestDecodeHandBuiltSchema(t *testing.T) {
	d := &decoder{protocol: 6}
	ps, diags, err := d.providerSchema(schemaResponse())
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	r := ps.ResourceSchemas["x_thing"]
	if r == nil || r.Version != 2 || r.Block.Description != "a thing" {
		t.Fatalf("resource %+v", r)
	}
	if a := r.Block.Attributes["name"]; a == nil || !a.Required || a.AttributeType.FriendlyName() != "string" {
		t.Errorf("name %+v", a)
	}
	if a := r.Block.Attributes["servers"]; a == nil || a.AttributeNestedType == nil || a.AttributeNestedType.NestingMode != "list" || !a.Optional {
		t.Errorf("servers %+v", a)
	}
	if b := r.Block.NestedBlocks["item"]; b == nil || b.NestingMode != "set" || b.Block.Attributes["key"] == nil {
		t.Errorf("item %+v", b)
	}
	if f := ps.Functions["canonical"]; f == nil || len(f.Parameters) != 1 || f.ReturnType.FriendlyName() != "string" {
		t.Errorf("function %+v", f)
	}
}

// FuzzProviderSchema decodes arbitrary bytes as a schema response, as a
// broken provider could send: an error or a schema, never a panic.
func FuzzProviderSchema(f *testing.F) {
	f.Add(schemaResponse())
	f.Add([]byte{0x0a, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, protocol := range []int{5, 6} {
			d := &decoder{protocol: protocol}
			_, _, _ = d.providerSchema(data)
		}
	})
}
