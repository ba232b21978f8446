package load

import (
	"fmt"
	"math/big"
	"net"
	"strings"

	gocidr "github.com/apparentlymart/go-cidr/cidr"
	"github.com/hashicorp/go-cty-funcs/cidr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/gocty"
)

// The cidr functions as Terraform has them: a prefix's IPv4 address may
// have parts written with leading zeros ("010.0.0.0/8" is 10.0.0.0/8, as
// Go read it before 1.17), and cidrhost's host number and cidrsubnet's
// network number are whole numbers of any size, with no limit of 32 on
// cidrsubnet's new bits other than the address's length.

// terraformCIDR rewrites the IPv4 part of prefix (the whole address, or
// the end of an IPv6 one) without leading zeros, when the rewritten
// prefix parses; otherwise it returns prefix as it is, so that a failure
// quotes what was written.
func terraformCIDR(prefix string) string {
	addr, bits, ok := strings.Cut(prefix, "/")
	if !ok {
		return prefix
	}
	rewritten := withoutLeadingZeros(addr) + "/" + bits
	if _, _, err := net.ParseCIDR(rewritten); err != nil {
		return prefix
	}
	return rewritten
}

// terraformIP is net.ParseIP reading addr as Terraform does (see
// terraformCIDR).
func terraformIP(addr string) net.IP { return net.ParseIP(withoutLeadingZeros(addr)) }

// withoutLeadingZeros is addr with the decimal parts of its IPv4 address
// (the whole address, or the end of an IPv6 one) without leading zeros.
func withoutLeadingZeros(addr string) string {
	head, v4 := "", addr
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		head, v4 = addr[:i+1], addr[i+1:]
	}
	if !strings.Contains(v4, ".") {
		return addr
	}
	parts := strings.Split(v4, ".")
	for i, p := range parts {
		if len(p) > 1 && strings.Trim(p, "0123456789") == "" {
			if p = strings.TrimLeft(p, "0"); p == "" {
				p = "0"
			}
			parts[i] = p
		}
	}
	return head + strings.Join(parts, ".")
}

// parseCIDR is net.ParseCIDR of terraformCIDR(prefix), its error quoting
// prefix.
func parseCIDR(prefix string) (*net.IPNet, error) {
	_, network, err := net.ParseCIDR(terraformCIDR(prefix))
	if err != nil {
		return nil, fmt.Errorf("invalid CIDR expression: %w", &net.ParseError{Type: "CIDR address", Text: prefix})
	}
	return network, nil
}

// withTerraformCIDR calls f with its first argument, a prefix, as
// terraformCIDR rewrites it.
func withTerraformCIDR(f function.Function) function.Function {
	spec := &function.Spec{
		Params: f.Params(),
		Type:   f.ReturnTypeForValues,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			args = append([]cty.Value(nil), args...)
			args[0] = cty.StringVal(terraformCIDR(args[0].AsString()))
			return f.Call(args)
		},
	}
	if p := f.VarParam(); p != nil {
		spec.VarParam = p
	}
	return function.New(spec)
}

var cidrHostFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "prefix", Type: cty.String}, {Name: "hostnum", Type: cty.Number}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		var host *big.Int
		if err := gocty.FromCtyValue(args[1], &host); err != nil {
			return cty.UnknownVal(cty.String), err
		}
		network, err := parseCIDR(args[0].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		ip, err := gocidr.HostBig(network, host)
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		return cty.StringVal(ip.String()), nil
	},
})

var cidrSubnetFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "prefix", Type: cty.String}, {Name: "newbits", Type: cty.Number}, {Name: "netnum", Type: cty.Number}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		var newbits int
		if err := gocty.FromCtyValue(args[1], &newbits); err != nil {
			return cty.UnknownVal(cty.String), err
		}
		var num *big.Int
		if err := gocty.FromCtyValue(args[2], &num); err != nil {
			return cty.UnknownVal(cty.String), err
		}
		network, err := parseCIDR(args[0].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		subnet, err := gocidr.SubnetBig(network, newbits, num)
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		return cty.StringVal(subnet.String()), nil
	},
})

var cidrSubnetsFunc = withTerraformCIDR(cidr.SubnetsFunc)
