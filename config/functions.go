package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfkit/tfkit/diag"
)

// builtinFunctions are the functions Terraform provides (the names
// `terraform metadata functions -json` lists for Terraform 1.11) and those
// OpenTofu adds (base64gunzip, cidrcontains, urldecode), with their
// parameters as the engines name them in messages. Each may also be called
// as core::NAME. load's function table holds the same signatures
// (TestFunctionSignaturesMatchConfig), and the engines answer with them
// (TestFunctionArityMatchesEngine).
var builtinFunctions = map[string]funcSig{
	"abs":              {params: []string{"num"}},
	"abspath":          {params: []string{"path"}},
	"alltrue":          {params: []string{"list"}},
	"anytrue":          {params: []string{"list"}},
	"base64decode":     {params: []string{"str"}},
	"base64encode":     {params: []string{"str"}},
	"base64gunzip":     {params: []string{"str"}},
	"base64gzip":       {params: []string{"str"}},
	"base64sha256":     {params: []string{"str"}},
	"base64sha512":     {params: []string{"str"}},
	"basename":         {params: []string{"path"}},
	"bcrypt":           {params: []string{"str"}, variadic: true},
	"can":              {params: []string{"expression"}},
	"ceil":             {params: []string{"num"}},
	"chomp":            {params: []string{"str"}},
	"chunklist":        {params: []string{"list", "size"}},
	"cidrcontains":     {params: []string{"containing_prefix", "contained_ip_or_prefix"}},
	"cidrhost":         {params: []string{"prefix", "hostnum"}},
	"cidrnetmask":      {params: []string{"prefix"}},
	"cidrsubnet":       {params: []string{"prefix", "newbits", "netnum"}},
	"cidrsubnets":      {params: []string{"prefix"}, variadic: true},
	"coalesce":         {variadic: true},
	"coalescelist":     {variadic: true},
	"compact":          {params: []string{"list"}},
	"concat":           {variadic: true},
	"contains":         {params: []string{"list", "value"}},
	"csvdecode":        {params: []string{"str"}},
	"dirname":          {params: []string{"path"}},
	"distinct":         {params: []string{"list"}},
	"element":          {params: []string{"list", "index"}},
	"endswith":         {params: []string{"str", "suffix"}},
	"ephemeralasnull":  {params: []string{"value"}},
	"file":             {params: []string{"path"}},
	"filebase64":       {params: []string{"path"}},
	"filebase64sha256": {params: []string{"path"}},
	"filebase64sha512": {params: []string{"path"}},
	"fileexists":       {params: []string{"path"}},
	"filemd5":          {params: []string{"path"}},
	"fileset":          {params: []string{"path", "pattern"}},
	"filesha1":         {params: []string{"path"}},
	"filesha256":       {params: []string{"path"}},
	"filesha512":       {params: []string{"path"}},
	"flatten":          {params: []string{"list"}},
	"floor":            {params: []string{"num"}},
	"format":           {params: []string{"format"}, variadic: true},
	"formatdate":       {params: []string{"format", "time"}},
	"formatlist":       {params: []string{"format"}, variadic: true},
	"indent":           {params: []string{"spaces", "str"}},
	"index":            {params: []string{"list", "value"}},
	"issensitive":      {params: []string{"value"}},
	"join":             {params: []string{"separator"}, variadic: true},
	"jsondecode":       {params: []string{"str"}},
	"jsonencode":       {params: []string{"val"}},
	"keys":             {params: []string{"inputMap"}},
	"length":           {params: []string{"value"}},
	"log":              {params: []string{"num", "base"}},
	"lookup":           {params: []string{"inputMap", "key"}, variadic: true},
	"lower":            {params: []string{"str"}},
	"matchkeys":        {params: []string{"values", "keys", "searchset"}},
	"max":              {variadic: true},
	"md5":              {params: []string{"str"}},
	"merge":            {variadic: true},
	"min":              {variadic: true},
	"nonsensitive":     {params: []string{"value"}},
	"one":              {params: []string{"list"}},
	"parseint":         {params: []string{"number", "base"}},
	"pathexpand":       {params: []string{"path"}},
	"plantimestamp":    {},
	"pow":              {params: []string{"num", "power"}},
	"range":            {variadic: true},
	"regex":            {params: []string{"pattern", "string"}},
	"regexall":         {params: []string{"pattern", "string"}},
	"replace":          {params: []string{"str", "substr", "replace"}},
	"reverse":          {params: []string{"list"}},
	"rsadecrypt":       {params: []string{"ciphertext", "privatekey"}},
	"sensitive":        {params: []string{"value"}},
	"setintersection":  {params: []string{"first_set"}, variadic: true},
	"setproduct":       {variadic: true},
	"setsubtract":      {params: []string{"a", "b"}},
	"setunion":         {params: []string{"first_set"}, variadic: true},
	"sha1":             {params: []string{"str"}},
	"sha256":           {params: []string{"str"}},
	"sha512":           {params: []string{"str"}},
	"signum":           {params: []string{"num"}},
	"slice":            {params: []string{"list", "start_index", "end_index"}},
	"sort":             {params: []string{"list"}},
	"split":            {params: []string{"separator", "str"}},
	"startswith":       {params: []string{"str", "prefix"}},
	"strcontains":      {params: []string{"str", "substr"}},
	"strrev":           {params: []string{"str"}},
	"substr":           {params: []string{"str", "offset", "length"}},
	"sum":              {params: []string{"list"}},
	"templatefile":     {params: []string{"path", "vars"}},
	"templatestring":   {params: []string{"template", "vars"}},
	"textdecodebase64": {params: []string{"source", "encoding"}},
	"textencodebase64": {params: []string{"string", "encoding"}},
	"timeadd":          {params: []string{"timestamp", "duration"}},
	"timecmp":          {params: []string{"timestamp_a", "timestamp_b"}},
	"timestamp":        {},
	"title":            {params: []string{"str"}},
	"tobool":           {params: []string{"v"}},
	"tolist":           {params: []string{"v"}},
	"tomap":            {params: []string{"v"}},
	"tonumber":         {params: []string{"v"}},
	"toset":            {params: []string{"v"}},
	"tostring":         {params: []string{"v"}},
	"transpose":        {params: []string{"values"}},
	"trim":             {params: []string{"str", "cutset"}},
	"trimprefix":       {params: []string{"str", "prefix"}},
	"trimspace":        {params: []string{"str"}},
	"trimsuffix":       {params: []string{"str", "suffix"}},
	"try":              {variadic: true},
	"upper":            {params: []string{"str"}},
	"urldecode":        {params: []string{"str"}},
	"urlencode":        {params: []string{"str"}},
	"uuid":             {},
	"uuidv5":           {params: []string{"namespace", "name"}},
	"values":           {params: []string{"mapping"}},
	"yamldecode":       {params: []string{"src"}},
	"yamlencode":       {params: []string{"value"}},
	"zipmap":           {params: []string{"keys", "values"}},
}

// funcSig is what a function takes: its parameters, in order, and with
// variadic any number of arguments after them.
type funcSig struct {
	params   []string
	variadic bool
}

// tofuParams are the parameters OpenTofu names otherwise.
var tofuParams = map[string][]string{"templatestring": {"data", "vars"}}

// IsBuiltinFunction reports whether name is one of Terraform's (or
// OpenTofu's) built-in functions, with or without the core:: prefix.
func IsBuiltinFunction(name string) bool {
	_, ok := builtinFunctions[strings.TrimPrefix(name, "core::")]
	return ok
}

// BuiltinFunctionParams returns the parameters of a built-in function as
// Terraform names them, and whether it takes more arguments after them;
// ok is false for a name that is not one.
func BuiltinFunctionParams(name string) (params []string, variadic, ok bool) {
	sig, ok := builtinFunctions[strings.TrimPrefix(name, "core::")]
	return slices.Clone(sig.params), sig.variadic, ok
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
	// Args is the number of arguments; with ExpandFinal the last one is a
	// list expanded into arguments (f(list...)), which makes their number
	// known only when it is evaluated.
	Args        int
	ExpandFinal bool
	// Range is where the call is, when known (calls in raw HCL); zero
	// otherwise. CloseParen is its closing parenthesis and ArgStarts where
	// each argument starts, known with Range.
	Range      hcl.Range
	CloseParen hcl.Range
	ArgStarts  []hcl.Range
}

// FunctionCalls returns the function calls in e, in order.
func FunctionCalls(e Expr) []FunctionCall {
	var out []FunctionCall
	Walk(e, func(e Expr) {
		switch e := e.(type) {
		case *Call:
			out = append(out, FunctionCall{Name: e.Name, Args: len(e.Args), ExpandFinal: e.ExpandFinal})
		case *Raw:
			if e.Syntax == nil {
				return
			}
			_ = hclsyntax.VisitAll(e.Syntax, func(n hclsyntax.Node) hcl.Diagnostics {
				if c, ok := n.(*hclsyntax.FunctionCallExpr); ok {
					starts := make([]hcl.Range, len(c.Args))
					for i, a := range c.Args {
						starts[i] = a.StartRange()
					}
					out = append(out, FunctionCall{Name: c.Name, Args: len(c.Args), ExpandFinal: c.ExpandFinal,
						Range: c.NameRange, CloseParen: c.CloseParenRange, ArgStarts: starts})
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
		rng := sc.rng
		raw := c.Range.Filename != "" && sc.rng.Filename == ""
		if raw {
			rng = c.Range
		}
		if sig, ok := builtinFunctions[strings.TrimPrefix(c.Name, "core::")]; ok {
			v.checkArity(c, sig, rng, raw, sc)
			continue
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

// checkArity reports a call of a built-in function with fewer arguments
// than it takes, or more, in the engines' words (HCL's), where they place
// them in raw HCL; an argument list expanded with ... is counted when it
// is evaluated, not here.
func (v *validator) checkArity(c FunctionCall, sig funcSig, rng hcl.Range, raw bool, sc scope) {
	if c.ExpandFinal {
		return
	}
	name := strings.TrimPrefix(c.Name, "core::")
	params := sig.params
	if p, ok := tofuParams[name]; ok && v.tofu {
		params = p
	}
	switch {
	case c.Args < len(params):
		at := " "
		if sig.variadic {
			at = " at least "
		}
		if raw {
			rng = c.CloseParen
		}
		v.errorAt(rng, sc.path, "Not enough function arguments",
			fmt.Sprintf("Function %q expects%s%d argument(s). Missing value for %q.", c.Name, at, len(params), params[c.Args]),
			fmt.Sprintf("give %s(%s)", c.Name, strings.Join(params, ", ")))
	case c.Args > len(params) && !sig.variadic:
		if raw && len(c.ArgStarts) > len(params) {
			rng = c.ArgStarts[len(params)]
		}
		v.errorAt(rng, sc.path, "Too many function arguments",
			fmt.Sprintf("Function %q expects only %d argument(s).", c.Name, len(params)),
			fmt.Sprintf("give %s(%s)", c.Name, strings.Join(params, ", ")))
	}
}
