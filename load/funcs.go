package load

import (
	"bytes"
	"compress/gzip"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"hash"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/go-cty-funcs/cidr"
	"github.com/hashicorp/go-cty-funcs/collection"
	"github.com/hashicorp/go-cty-funcs/crypto"
	"github.com/hashicorp/go-cty-funcs/encoding"
	"github.com/hashicorp/go-cty-funcs/filesystem"
	"github.com/hashicorp/go-cty-funcs/uuid"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	yaml "github.com/zclconf/go-cty-yaml"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/tfkit/tfkit/internal/hcldepth"
)

// functions is Terraform's function table as far as tfkit implements it.
// Relative paths given to file functions and abspath are relative to the
// root module directory, Terraform's working directory; pathexpand reads
// HOME from env (Options.Env), never from the process. Functions whose
// result changes on every run (timestamp, uuid, bcrypt) return unknown
// values, as in a plan.
func functions(baseDir string, env []string) map[string]function.Function {
	f := map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "floor": stdlib.FloorFunc,
		"log": stdlib.LogFunc, "max": stdlib.MaxFunc, "min": stdlib.MinFunc,
		"parseint": stdlib.ParseIntFunc, "pow": stdlib.PowFunc, "signum": stdlib.SignumFunc,

		"chomp": stdlib.ChompFunc, "format": stdlib.FormatFunc, "formatlist": stdlib.FormatListFunc,
		"indent": stdlib.IndentFunc, "join": stdlib.JoinFunc, "lower": stdlib.LowerFunc,
		"regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc, "split": stdlib.SplitFunc,
		"strrev": stdlib.ReverseFunc, "substr": stdlib.SubstrFunc, "title": stdlib.TitleFunc,
		"trim": stdlib.TrimFunc, "trimprefix": stdlib.TrimPrefixFunc, "trimsuffix": stdlib.TrimSuffixFunc,
		"trimspace": stdlib.TrimSpaceFunc, "upper": stdlib.UpperFunc,
		"replace":     replaceFunc,
		"startswith":  startsWithFunc,
		"endswith":    endsWithFunc,
		"strcontains": strContainsFunc,

		"chunklist": stdlib.ChunklistFunc, "coalescelist": stdlib.CoalesceListFunc,
		"compact": stdlib.CompactFunc, "concat": stdlib.ConcatFunc, "contains": stdlib.ContainsFunc,
		"distinct": stdlib.DistinctFunc, "element": stdlib.ElementFunc, "flatten": stdlib.FlattenFunc,
		"index": indexFunc, "keys": stdlib.KeysFunc, "lookup": wholeAwareLookup,
		"merge": stdlib.MergeFunc, "range": stdlib.RangeFunc, "reverse": stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc, "setproduct": stdlib.SetProductFunc,
		"setsubtract": stdlib.SetSubtractFunc, "setunion": stdlib.SetUnionFunc,
		"slice": stdlib.SliceFunc, "sort": stdlib.SortFunc, "values": stdlib.ValuesFunc,
		"zipmap": stdlib.ZipmapFunc, "length": lengthFunc, "one": oneFunc, "sum": sumFunc,
		"alltrue": allTrueFunc, "anytrue": anyTrueFunc, "coalesce": collection.CoalesceFunc,

		"csvdecode": stdlib.CSVDecodeFunc, "jsondecode": stdlib.JSONDecodeFunc, "jsonencode": stdlib.JSONEncodeFunc,
		"base64decode": encoding.Base64DecodeFunc, "base64encode": encoding.Base64EncodeFunc,
		"urlencode": encoding.URLEncodeFunc,

		"formatdate": stdlib.FormatDateFunc, "timeadd": stdlib.TimeAddFunc,
		"timestamp": impure("timestamp()", cty.String, 0),
		"uuid":      impure("uuid()", cty.String, 0),
		"bcrypt":    impure("bcrypt()", cty.String, 1),
		"uuidv5":    uuid.V5Func,

		"md5": crypto.Md5Func, "sha1": crypto.Sha1Func, "sha256": crypto.Sha256Func, "sha512": crypto.Sha512Func,

		"cidrhost": cidr.HostFunc, "cidrnetmask": cidr.NetmaskFunc, "cidrsubnet": cidr.SubnetFunc,
		"cidrsubnets": cidr.SubnetsFunc,

		"abspath": absPathFunc(baseDir), "basename": filesystem.BasenameFunc, "dirname": filesystem.DirnameFunc,
		"pathexpand":       pathExpandFunc(env),
		"file":             filesystem.MakeFileFunc(baseDir, false),
		"filebase64":       filesystem.MakeFileFunc(baseDir, true),
		"fileexists":       filesystem.MakeFileExistsFunc(baseDir),
		"fileset":          filesystem.MakeFileSetFunc(baseDir),
		"try":              wholeAwareTry(tryfunc.TryFunc),
		"can":              wholeAwareTry(tryfunc.CanFunc),
		"tobool":           stdlib.MakeToFunc(cty.Bool),
		"tonumber":         stdlib.MakeToFunc(cty.Number),
		"tostring":         stdlib.MakeToFunc(cty.String),
		"tolist":           stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
		"toset":            stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
		"tomap":            stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
		"transpose":        transposeFunc,
		"matchkeys":        matchKeysFunc,
		"timecmp":          timeCmpFunc,
		"plantimestamp":    impure("plantimestamp()", cty.String, 0),
		"sensitive":        identityFunc,
		"nonsensitive":     identityFunc,
		"issensitive":      notTracked("issensitive()", cty.Bool),
		"rsadecrypt":       crypto.RsaDecryptFunc,
		"base64sha256":     stringHash(sha256.New, base64.StdEncoding.EncodeToString),
		"base64sha512":     stringHash(sha512.New, base64.StdEncoding.EncodeToString),
		"base64gzip":       base64GzipFunc,
		"filemd5":          fileHash(baseDir, md5.New, hex.EncodeToString),
		"filesha1":         fileHash(baseDir, sha1.New, hex.EncodeToString),
		"filesha256":       fileHash(baseDir, sha256.New, hex.EncodeToString),
		"filesha512":       fileHash(baseDir, sha512.New, hex.EncodeToString),
		"filebase64sha256": fileHash(baseDir, sha256.New, base64.StdEncoding.EncodeToString),
		"filebase64sha512": fileHash(baseDir, sha512.New, base64.StdEncoding.EncodeToString),
		"templatefile":     function.Function{},
		"templatestring":   function.Function{},
		"yamldecode":       yaml.YAMLDecodeFunc,
		"yamlencode":       yaml.YAMLEncodeFunc,
		"textencodebase64": textEncodeBase64Func,
		"textdecodebase64": textDecodeBase64Func,
		"ephemeralasnull":  identityFunc,
	}
	f["templatefile"] = templateFileFunc(baseDir, f)
	f["templatestring"] = templateStringFunc(f)
	return f
}

// absPathFunc is abspath with relative paths resolved against baseDir,
// the directory terraform runs in, not the process's working directory.
func absPathFunc(baseDir string) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		RefineResult: func(b *cty.RefinementBuilder) *cty.RefinementBuilder {
			return b.NotNull()
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if !filepath.IsAbs(p) {
				p = filepath.Join(baseDir, p)
			}
			return cty.StringVal(filepath.ToSlash(filepath.Clean(p))), nil
		},
	})
}

// pathExpandFunc is pathexpand with the home directory from env's HOME;
// without one, a path starting with ~ expands to an unknown value.
func pathExpandFunc(env []string) function.Function {
	home := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == "HOME" {
			home = v
		}
	}
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if p != "~" && !strings.HasPrefix(p, "~/") {
				return args[0], nil
			}
			if home == "" {
				return cty.UnknownVal(cty.String).Mark(reason("pathexpand: HOME is not set in the evaluation's environment")), nil
			}
			return cty.StringVal(filepath.Join(home, p[1:])), nil
		},
	})
}

// impure stands for a function whose result differs on every run: during
// planning its value is unknown, so it is here too.
func impure(name string, ret cty.Type, nargs int) function.Function {
	params := make([]function.Parameter, nargs)
	for i := range params {
		params[i] = function.Parameter{Name: "arg", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true}
	}
	return function.New(&function.Spec{
		Params:   params,
		VarParam: &function.Parameter{Name: "more", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true},
		Type:     function.StaticReturnType(ret),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.UnknownVal(ret).Mark(reason(name + " changes on every run")), nil
		},
	})
}

var lengthFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowDynamicType: true, AllowUnknown: true, AllowMarked: true}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		if v.Type() == cty.String {
			r, err := stdlib.Strlen(v)
			return r.WithMarks(marks), err
		}
		r, err := stdlib.Length(v)
		return r.WithMarks(marks), err
	},
})

// replace treats a search string wrapped in slashes as a regular
// expression, as Terraform does.
var replaceFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "str", Type: cty.String}, {Name: "substr", Type: cty.String}, {Name: "replace", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		sub := args[1].AsString()
		if len(sub) > 1 && strings.HasPrefix(sub, "/") && strings.HasSuffix(sub, "/") {
			return stdlib.RegexReplace(args[0], cty.StringVal(sub[1:len(sub)-1]), args[2])
		}
		return stdlib.Replace(args[0], args[1], args[2])
	},
})

func stringPredicate(f func(s, x string) bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}, {Name: "x", Type: cty.String}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.BoolVal(f(args[0].AsString(), args[1].AsString())), nil
		},
	})
}

var (
	startsWithFunc  = stringPredicate(strings.HasPrefix)
	endsWithFunc    = stringPredicate(strings.HasSuffix)
	strContainsFunc = stringPredicate(strings.Contains)
)

var oneFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type: func(args []cty.Value) (cty.Type, error) {
		t := args[0].Type()
		switch {
		case t.IsListType() || t.IsSetType():
			return t.ElementType(), nil
		case t.IsTupleType():
			ts := t.TupleElementTypes()
			if len(ts) == 0 {
				return cty.DynamicPseudoType, nil
			}
			if len(ts) == 1 {
				return ts[0], nil
			}
			return cty.NilType, function.NewArgErrorf(0, "must be a list, set or tuple with one or no elements")
		}
		return cty.NilType, function.NewArgErrorf(0, "must be a list, set or tuple")
	},
	Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
		v := args[0]
		switch n := v.LengthInt(); n {
		case 0:
			return cty.NullVal(ret), nil
		case 1:
			it := v.ElementIterator()
			it.Next()
			_, e := it.Element()
			return e, nil
		default:
			return cty.NilVal, function.NewArgErrorf(0, "must have one or no elements, not %d", n)
		}
	},
})

var sumFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v := args[0]
		if !v.CanIterateElements() || v.LengthInt() == 0 {
			return cty.NilVal, function.NewArgErrorf(0, "must be a non-empty list or set of numbers")
		}
		total := cty.Zero
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			n, err := convert.Convert(e, cty.Number)
			if err != nil || n.IsNull() {
				return cty.NilVal, function.NewArgErrorf(0, "every element must be a number")
			}
			if !n.IsKnown() {
				return cty.UnknownVal(cty.Number), nil
			}
			total = total.Add(n)
		}
		return total, nil
	},
})

func boolFold(all bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			result := all
			for it := args[0].ElementIterator(); it.Next(); {
				_, e := it.Element()
				if !e.IsKnown() {
					return cty.UnknownVal(cty.Bool), nil
				}
				if e.IsNull() {
					continue
				}
				if all && e.False() {
					result = false
				}
				if !all && e.True() {
					result = true
				}
			}
			return cty.BoolVal(result), nil
		},
	})
}

var (
	allTrueFunc = boolFold(true)
	anyTrueFunc = boolFold(false)
)

var transposeFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "values", Type: cty.Map(cty.List(cty.String))}},
	Type:   function.StaticReturnType(cty.Map(cty.List(cty.String))),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		out := map[string][]cty.Value{}
		for it := args[0].ElementIterator(); it.Next(); {
			k, l := it.Element()
			for li := l.ElementIterator(); li.Next(); {
				_, e := li.Element()
				out[e.AsString()] = append(out[e.AsString()], k)
			}
		}
		if len(out) == 0 {
			return cty.MapValEmpty(cty.List(cty.String)), nil
		}
		m := map[string]cty.Value{}
		for k, vs := range out {
			m[k] = cty.ListVal(vs)
		}
		return cty.MapVal(m), nil
	},
})

// templateFileFunc renders a template file with the given variables and
// the other functions (but not templatefile itself).
func templateFileFunc(baseDir string, funcs map[string]function.Function) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}, {Name: "vars", Type: cty.DynamicPseudoType}},
		Type:   function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if !filepath.IsAbs(p) {
				p = filepath.Join(baseDir, p)
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return cty.NilVal, function.NewArgErrorf(0, "cannot read template: %v", err)
			}
			hd := hcldepth.Template(src, args[0].AsString(), hcl.InitialPos)
			var expr hclsyntax.Expression
			if !hd.HasErrors() {
				expr, hd = hclsyntax.ParseTemplate(src, args[0].AsString(), hcl.InitialPos)
			}
			if hd.HasErrors() {
				return cty.NilVal, function.NewArgErrorf(0, "invalid template: %s", hd.Error())
			}
			vars := args[1]
			if !vars.Type().IsObjectType() && !vars.Type().IsMapType() {
				return cty.NilVal, function.NewArgErrorf(1, "must be a map or object")
			}
			if !vars.IsWhollyKnown() {
				return cty.DynamicVal, nil
			}
			fs := map[string]function.Function{}
			for n, fn := range funcs {
				if n != "templatefile" && n != "templatestring" {
					fs[n] = fn
				}
			}
			ctx := &hcl.EvalContext{Variables: vars.AsValueMap(), Functions: fs}
			for _, tr := range expr.Variables() {
				if _, ok := ctx.Variables[tr.RootName()]; !ok {
					return cty.NilVal, function.NewArgErrorf(1, "vars map does not contain key %q, referenced at %s", tr.RootName(), tr.SourceRange().String())
				}
			}
			v, hd := expr.Value(ctx)
			if hd.HasErrors() {
				return cty.NilVal, function.NewArgErrorf(0, "%s", hd.Error())
			}
			return v, nil
		},
	})
}

// indexFunc is Terraform's index(list, value): the position of the first
// element equal to value (cty's stdlib index is element access instead).
var indexFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}, {Name: "value", Type: cty.DynamicPseudoType}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		l := args[0]
		if !(l.Type().IsListType() || l.Type().IsTupleType()) {
			return cty.NilVal, function.NewArgErrorf(0, "must be a list or tuple")
		}
		if !l.IsWhollyKnown() || !args[1].IsWhollyKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		i := 0
		for it := l.ElementIterator(); it.Next(); i++ {
			_, e := it.Element()
			if eq := e.Equals(args[1]); eq.IsKnown() && eq.True() {
				return cty.NumberIntVal(int64(i)), nil
			}
		}
		return cty.NilVal, function.NewArgErrorf(1, "item not found")
	},
})

// identityFunc stands for sensitive and nonsensitive: tfkit does not track
// sensitivity, so the value passes through.
var identityFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowMarked: true, AllowDynamicType: true}},
	Type:   func(args []cty.Value) (cty.Type, error) { return args[0].Type(), nil },
	Impl:   func(args []cty.Value, _ cty.Type) (cty.Value, error) { return args[0], nil },
})

// notTracked is a function whose answer depends on what tfkit does not
// track; its result is unknown rather than a guess.
func notTracked(name string, ret cty.Type) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowMarked: true, AllowDynamicType: true}},
		Type:   function.StaticReturnType(ret),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.UnknownVal(ret).Mark(reason(name + " is not evaluated: tfkit does not track sensitivity")), nil
		},
	})
}

func stringHash(h func() hash.Hash, enc func([]byte) string) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			x := h()
			x.Write([]byte(args[0].AsString()))
			return cty.StringVal(enc(x.Sum(nil))), nil
		},
	})
}

func fileHash(baseDir string, h func() hash.Hash, enc func([]byte) string) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if !filepath.IsAbs(p) {
				p = filepath.Join(baseDir, p)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return cty.NilVal, function.NewArgErrorf(0, "cannot read %s: %v", args[0].AsString(), err)
			}
			x := h()
			x.Write(data)
			return cty.StringVal(enc(x.Sum(nil))), nil
		},
	})
}

var base64GzipFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "str", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		if _, err := w.Write([]byte(args[0].AsString())); err != nil {
			return cty.NilVal, err
		}
		if err := w.Close(); err != nil {
			return cty.NilVal, err
		}
		return cty.StringVal(base64.StdEncoding.EncodeToString(b.Bytes())), nil
	},
})

// matchKeysFunc is matchkeys(values, keys, searchset): the values whose
// key at the same index is in searchset.
var matchKeysFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "values", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "keys", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "searchset", Type: cty.List(cty.DynamicPseudoType)},
	},
	Type: func(args []cty.Value) (cty.Type, error) { return args[0].Type(), nil },
	Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
		if args[0].LengthInt() != args[1].LengthInt() {
			return cty.NilVal, function.NewArgErrorf(1, "length of keys and values should be equal")
		}
		if !args[1].IsWhollyKnown() || !args[2].IsWhollyKnown() {
			return cty.UnknownVal(ret), nil
		}
		vals := args[0].AsValueSlice()
		var out []cty.Value
		i := 0
		for it := args[1].ElementIterator(); it.Next(); i++ {
			_, k := it.Element()
			for st := args[2].ElementIterator(); st.Next(); {
				_, sv := st.Element()
				if k.Type().Equals(sv.Type()) && k.Equals(sv).True() {
					out = append(out, vals[i])
					break
				}
			}
		}
		if len(out) == 0 {
			return cty.ListValEmpty(ret.ElementType()), nil
		}
		return cty.ListVal(out), nil
	},
})

// timeCmpFunc is timecmp(a, b): -1, 0 or 1 comparing two RFC 3339 times.
var timeCmpFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "a", Type: cty.String}, {Name: "b", Type: cty.String}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		a, err := time.Parse(time.RFC3339, args[0].AsString())
		if err != nil {
			return cty.NilVal, function.NewArgErrorf(0, "not an RFC 3339 timestamp: %v", err)
		}
		b, err := time.Parse(time.RFC3339, args[1].AsString())
		if err != nil {
			return cty.NilVal, function.NewArgErrorf(1, "not an RFC 3339 timestamp: %v", err)
		}
		return cty.NumberIntVal(int64(a.Compare(b))), nil
	},
})
