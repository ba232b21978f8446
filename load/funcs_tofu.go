package load

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/url"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// openTofuFunctions are the built-in functions OpenTofu has and Terraform
// does not; eval offers them when it reads for OpenTofu.
func openTofuFunctions() map[string]function.Function {
	return map[string]function.Function{
		"base64gunzip": base64GunzipFunc,
		"cidrcontains": cidrContainsFunc,
		"urldecode":    urlDecodeFunc,
	}
}

// base64GunzipFunc decodes Base64 and then gunzips, the inverse of
// base64gzip; sensitivity passes through.
var base64GunzipFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "str", Type: cty.String, AllowMarked: true}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		str, marks := args[0].Unmark()
		data, err := base64.StdEncoding.DecodeString(str.AsString())
		if err != nil {
			shown := str.AsString()
			if len(marks) > 0 {
				shown = "(sensitive value)"
			}
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to decode base64 data %s", shown)
		}
		r, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to gunzip bytestream: %w", err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to read gunzip raw data: %w", err)
		}
		return cty.StringVal(string(out)).WithMarks(marks), nil
	},
})

// urlDecodeFunc undoes urlencode (query escaping: "+" is a space).
var urlDecodeFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "str", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		s, err := url.QueryUnescape(args[0].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to decode URL '%s': %v", s, err)
		}
		return cty.StringVal(s), nil
	},
})

// cidrContainsFunc reports whether a CIDR prefix contains an IP address,
// or all of another prefix, of the same address family; addresses are
// read as the cidr functions read them (terraformCIDR).
var cidrContainsFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "containing_prefix", Type: cty.String},
		{Name: "contained_ip_or_prefix", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		prefix, addr := args[0].AsString(), args[1].AsString()
		_, containing, err := net.ParseCIDR(terraformCIDR(prefix))
		if err != nil {
			return cty.UnknownVal(cty.Bool), err
		}
		first := terraformIP(addr)
		var last net.IP
		if first == nil {
			_, contained, err := net.ParseCIDR(terraformCIDR(addr))
			if err != nil {
				return cty.UnknownVal(cty.Bool), fmt.Errorf("invalid IP address or prefix: %s", addr)
			}
			first, last = contained.IP, lastAddress(contained)
		}
		if (first.To4() == nil) != (containing.IP.To4() == nil) {
			return cty.UnknownVal(cty.Bool), fmt.Errorf("address family mismatch: %s vs. %s", prefix, addr)
		}
		in := containing.Contains(first)
		if last != nil {
			in = in && containing.Contains(last)
		}
		return cty.BoolVal(in), nil
	},
})

// lastAddress is the highest address of a prefix.
func lastAddress(n *net.IPNet) net.IP {
	ip := n.IP
	if v4 := ip.To4(); v4 != nil {
		ip = v4
	}
	ones, bits := n.Mask.Size()
	hostBits := uint(bits - ones)
	v := new(big.Int).SetBytes(ip)
	v.Or(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), hostBits), big.NewInt(1)))
	out := v.FillBytes(make([]byte, len(ip)))
	return net.IP(out)
}
