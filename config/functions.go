package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/diag"
)

// builtinFunctions are the functions Terraform provides (the names
// `terraform metadata functions -json` lists for Terraform 1.11) and those
// OpenTofu adds (base64gunzip, cidrcontains, urldecode). Each may also be
// called as core::NAME.
var builtinFunctions = map[string]bool{
	"abs": true, "abspath": true, "alltrue": true, "anytrue": true, "base64decode": true,
	"base64encode": true, "base64gunzip": true, "base64gzip": true, "base64sha256": true,
	"base64sha512": true, "basename": true, "bcrypt": true, "can": true, "ceil": true,
	"chomp": true, "chunklist": true, "cidrcontains": true, "cidrhost": true,
	"cidrnetmask": true, "cidrsubnet": true, "cidrsubnets": true, "coalesce": true,
	"coalescelist": true, "compact": true, "concat": true, "contains": true,
	"csvdecode": true, "dirname": true, "distinct": true, "element": true, "endswith": true,
	"ephemeralasnull": true, "file": true, "filebase64": true, "filebase64sha256": true,
	"filebase64sha512": true, "fileexists": true, "filemd5": true, "fileset": true,
	"filesha1": true, "filesha256": true, "filesha512": true, "flatten": true,
	"floor": true, "format": true, "formatdate": true, "formatlist": true, "indent": true,
	"index": true, "issensitive": true, "join": true, "jsondecode": true,
	"jsonencode": true, "keys": true, "length": true, "log": true, "lookup": true,
	"lower": true, "matchkeys": true, "max": true, "md5": true, "merge": true, "min": true,
	"nonsensitive": true, "one": true, "parseint": true, "pathexpand": true,
	"plantimestamp": true, "pow": true, "range": true, "regex": true, "regexall": true,
	"replace": true, "reverse": true, "rsadecrypt": true, "sensitive": true,
	"setintersection": true, "setproduct": true, "setsubtract": true, "setunion": true,
	"sha1": true, "sha256": true, "sha512": true, "signum": true, "slice": true,
	"sort": true, "split": true, "startswith": true, "strcontains": true, "strrev": true,
	"substr": true, "sum": true, "templatefile": true, "templatestring": true,
	"textdecodebase64": true, "textencodebase64": true, "timeadd": true, "timecmp": true,
	"timestamp": true, "title": true, "tobool": true, "tolist": true, "tomap": true,
	"tonumber": true, "toset": true, "tostring": true, "transpose": true, "trim": true,
	"trimprefix": true, "trimspace": true, "trimsuffix": true, "try": true, "upper": true,
	"urldecode": true, "urlencode": true, "uuid": true, "uuidv5": true, "values": true,
	"yamldecode": true, "yamlencode": true, "zipmap": true,
}

// IsBuiltinFunction reports whether name is one of Terraform's (or
// OpenTofu's) built-in functions, with or without the core:: prefix.
func IsBuiltinFunction(name string) bool {
	return builtinFunctions[strings.TrimPrefix(name, "core::")]
}

// BuiltinFunctions returns the built-in function names, sorted.
func BuiltinFunctions() []string {
	out := make([]string, 0, len(builtinFunctions))
	for n := range builtinFunctions {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// FunctionCall is a function called in an expression.
type FunctionCall struct {
	Name string
	// Range is where the call is, when known (calls in raw HCL); zero
	// otherwise.
	Range hcl.Range
}

// FunctionCalls returns the function calls in e, in order.
func FunctionCalls(e Expr) []FunctionCall {
	var out []FunctionCall
	Walk(e, func(e Expr) {
		switch e := e.(type) {
		case *Call:
			out = append(out, FunctionCall{Name: e.Name})
		case *Raw:
			if e.Syntax == nil {
				return
			}
			_ = hclsyntax.VisitAll(e.Syntax, func(n hclsyntax.Node) hcl.Diagnostics {
				if c, ok := n.(*hclsyntax.FunctionCallExpr); ok {
					out = append(out, FunctionCall{Name: c.Name, Range: c.NameRange})
				}
				return nil
			})
		}
	})
	return out
}

// checkFunctions reports calls of functions that do not exist: names that
// are neither built in nor provider::NAME::FUNC of a provider the
// configuration requires.
func (v *validator) checkFunctions(e Expr, sc scope) {
	for _, c := range FunctionCalls(e) {
		if IsBuiltinFunction(c.Name) {
			continue
		}
		rng := sc.rng
		if c.Range.Filename != "" && sc.rng.Filename == "" {
			rng = c.Range
		}
		if rest, ok := strings.CutPrefix(c.Name, "provider::"); ok {
			name, fn, ok := strings.Cut(rest, "::")
			if !ok || !ValidIdentifier(name) || !ValidIdentifier(fn) {
				v.errorAt(rng, sc.path, "Invalid provider function name",
					fmt.Sprintf("%q is not a provider function name, which has the form provider::NAME::FUNCTION.", c.Name), "")
				continue
			}
			if !v.requiredProviders[name] {
				v.errorAt(rng, sc.path, fmt.Sprintf("Call to function of an unrequired provider %q", name),
					fmt.Sprintf("%s() is a function of provider %q, which this configuration's required_providers does not name; Terraform only offers the functions of required providers.", c.Name, name),
					fmt.Sprintf("add %s to required_providers in the terraform block", name))
			}
			continue
		}
		v.errorAt(rng, sc.path, fmt.Sprintf("Call to unknown function %q", c.Name),
			fmt.Sprintf("There is no function named %q in Terraform or OpenTofu.", c.Name),
			diag.DidYouMean(strings.TrimPrefix(c.Name, "core::"), BuiltinFunctions()))
	}
}
