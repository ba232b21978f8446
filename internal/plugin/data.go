package plugin

import (
	"context"
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
	"google.golang.org/protobuf/encoding/protowire"
)

// Values cross the protocol as DynamicValue messages holding MessagePack
// in go-cty's layout, encoded and decoded with the schema's implied type
// (go-cty's own msgpack package, which the engines use too).

// ConfigureProvider configures the provider with config, an object of the
// provider schema's type with every attribute present (null when unset).
// terraformVersion is what the provider is told the engine's version is.
// Error diagnostics from the provider are an error.
func (c *Client) ConfigureProvider(ctx context.Context, terraformVersion string, config cty.Value, ty cty.Type) error {
	method := "ConfigureProvider"
	if c.protocol == 5 {
		method = "Configure"
	}
	dv, err := dynamicValue(config, ty)
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	var req []byte
	req = protowire.AppendTag(req, 1, protowire.BytesType)
	req = protowire.AppendString(req, terraformVersion)
	req = protowire.AppendTag(req, 2, protowire.BytesType)
	req = protowire.AppendBytes(req, dv)
	resp, err := c.call(ctx, method, req)
	if err != nil {
		return err
	}
	var diags []string
	err = fields(resp, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
		if num == 1 {
			msg, err := diagnostic(v)
			if msg != "" {
				diags = append(diags, msg)
			}
			return err
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	if len(diags) > 0 {
		return fmt.Errorf("%s", strings.Join(diags, "; "))
	}
	return nil
}

// ReadDataSource reads data source typeName with config, an object of
// the data source schema's type ty (computed attributes null), and
// returns its state, of type ty. Error diagnostics from the provider are
// an error; so is a read the provider defers.
func (c *Client) ReadDataSource(ctx context.Context, typeName string, config cty.Value, ty cty.Type) (cty.Value, error) {
	dv, err := dynamicValue(config, ty)
	if err != nil {
		return cty.NilVal, fmt.Errorf("ReadDataSource: %w", err)
	}
	var req []byte
	req = protowire.AppendTag(req, 1, protowire.BytesType)
	req = protowire.AppendString(req, typeName)
	req = protowire.AppendTag(req, 2, protowire.BytesType)
	req = protowire.AppendBytes(req, dv)
	resp, err := c.call(ctx, "ReadDataSource", req)
	if err != nil {
		return cty.NilVal, err
	}
	var state []byte
	var diags []string
	deferred := false
	err = fields(resp, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
		switch num {
		case 1:
			state = dynamicBytes(v)
		case 2:
			msg, err := diagnostic(v)
			if msg != "" {
				diags = append(diags, msg)
			}
			return err
		case 3:
			deferred = true
		}
		return nil
	})
	switch {
	case err != nil:
		return cty.NilVal, fmt.Errorf("ReadDataSource: %w", err)
	case len(diags) > 0:
		return cty.NilVal, fmt.Errorf("%s", strings.Join(diags, "; "))
	case deferred:
		return cty.NilVal, fmt.Errorf("the provider deferred reading %s", typeName)
	case state == nil:
		return cty.NilVal, fmt.Errorf("ReadDataSource: the provider returned no state for %s", typeName)
	}
	v, err := ctymsgpack.Unmarshal(state, ty)
	if err != nil {
		return cty.NilVal, fmt.Errorf("ReadDataSource: the state of %s: %w", typeName, err)
	}
	return v, nil
}

// dynamicValue encodes a DynamicValue message holding v as MessagePack.
func dynamicValue(v cty.Value, ty cty.Type) ([]byte, error) {
	mp, err := ctymsgpack.Marshal(v, ty)
	if err != nil {
		return nil, err
	}
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.BytesType)
	return protowire.AppendBytes(b, mp), nil
}

// dynamicBytes returns the MessagePack of a DynamicValue message; nil
// when it has none.
func dynamicBytes(b []byte) []byte {
	var out []byte
	_ = fields(b, func(num protowire.Number, _ protowire.Type, v []byte, _ uint64) error {
		if num == 1 {
			out = append([]byte{}, v...)
		}
		return nil
	})
	return out
}
