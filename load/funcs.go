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
	"errors"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

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
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/tffile"
)

// functions is Terraform's function table as far as tfkit implements it.
// Relative paths given to file functions and abspath are relative to the
// root module directory, Terraform's working directory; pathexpand reads
// HOME from env (Options.Env), never from the process. Functions whose
// result changes on every run (timestamp, uuid, bcrypt) return unknown
// values, as in a plan.
func functions(baseDir string, env []string, engine tffile.Engine, both bool) map[string]function.Function {
	home := homeDir(env)
	f := map[string]function.Function{
		"abs": stdlib.AbsoluteFunc, "ceil": stdlib.CeilFunc, "floor": stdlib.FloorFunc,
		"log": withoutStack(stdlib.LogFunc), "max": stdlib.MaxFunc, "min": stdlib.MinFunc,
		"parseint": stdlib.ParseIntFunc, "pow": withoutStack(stdlib.PowFunc), "signum": stdlib.SignumFunc,

		"chomp": stdlib.ChompFunc, "format": unknownForDynamicArgs(stdlib.FormatFunc, cty.String), "formatlist": unknownForDynamicArgs(stdlib.FormatListFunc, cty.List(cty.String)),
		"indent": withoutStack(stdlib.IndentFunc), "join": stdlib.JoinFunc, "lower": stdlib.LowerFunc,
		"regex": stdlib.RegexFunc, "regexall": stdlib.RegexAllFunc, "split": stdlib.SplitFunc,
		"strrev": stdlib.ReverseFunc, "substr": stdlib.SubstrFunc, "title": stdlib.TitleFunc,
		"trim": stdlib.TrimFunc, "trimprefix": stdlib.TrimPrefixFunc, "trimsuffix": stdlib.TrimSuffixFunc,
		"trimspace": stdlib.TrimSpaceFunc, "upper": stdlib.UpperFunc,
		"replace":     replaceFunc,
		"startswith":  startsWithFunc,
		"endswith":    endsWithFunc,
		"strcontains": strContainsFunc,

		"chunklist": stdlib.ChunklistFunc, "coalescelist": stdlib.CoalesceListFunc,
		"compact": stdlib.CompactFunc, "concat": stdlib.ConcatFunc, "contains": refusingNull(stdlib.ContainsFunc, 1),
		"distinct": stdlib.DistinctFunc, "element": elementFunc, "flatten": flattenFunc,
		"index": indexFunc, "keys": stdlib.KeysFunc, "lookup": wholeAwareLookup,
		"merge": stdlib.MergeFunc, "range": stdlib.RangeFunc, "reverse": stdlib.ReverseListFunc,
		"setintersection": stdlib.SetIntersectionFunc, "setproduct": stdlib.SetProductFunc,
		"setsubtract": stdlib.SetSubtractFunc, "setunion": stdlib.SetUnionFunc,
		"slice": stdlib.SliceFunc, "sort": stdlib.SortFunc, "values": stdlib.ValuesFunc,
		"zipmap": stdlib.ZipmapFunc, "length": lengthFunc, "one": oneFunc, "sum": sumFunc,
		"alltrue": allTrueFunc, "anytrue": anyTrueFunc, "coalesce": collection.CoalesceFunc,

		"csvdecode": stdlib.CSVDecodeFunc, "jsondecode": stdlib.JSONDecodeFunc, "jsonencode": stdlib.JSONEncodeFunc,
		"base64decode": base64DecodeFunc, "base64encode": encoding.Base64EncodeFunc,
		"urlencode": encoding.URLEncodeFunc,

		"formatdate": stdlib.FormatDateFunc, "timeadd": stdlib.TimeAddFunc,
		"timestamp": impure("timestamp()", cty.String, nil, nil),
		"uuid":      impure("uuid()", cty.String, nil, nil),
		"bcrypt":    bcryptFunc,
		"uuidv5":    uuid.V5Func,

		"md5": crypto.Md5Func, "sha1": crypto.Sha1Func, "sha256": crypto.Sha256Func, "sha512": crypto.Sha512Func,

		"cidrhost": cidrHostFunc, "cidrnetmask": cidrNetmaskFunc, "cidrsubnet": cidrSubnetFunc,
		"cidrsubnets": cidrSubnetsFunc,

		"abspath": absPathFunc(baseDir), "basename": filesystem.BasenameFunc, "dirname": filesystem.DirnameFunc,
		"pathexpand":       pathExpandFunc(home),
		"file":             fileFunc(baseDir, home, false),
		"filebase64":       fileFunc(baseDir, home, true),
		"fileexists":       fileExistsFunc(baseDir, home),
		"fileset":          fileSetFunc(baseDir),
		"try":              wholeAwareTry(tryfunc.TryFunc),
		"can":              wholeAwareTry(tryfunc.CanFunc),
		"tobool":           toFunc(cty.Bool),
		"tonumber":         toFunc(cty.Number),
		"tostring":         toFunc(cty.String),
		"tolist":           toFunc(cty.List(cty.DynamicPseudoType)),
		"toset":            toFunc(cty.Set(cty.DynamicPseudoType)),
		"tomap":            toFunc(cty.Map(cty.DynamicPseudoType)),
		"transpose":        transposeFunc,
		"matchkeys":        matchKeysFunc,
		"timecmp":          timeCmpFunc,
		"plantimestamp":    impure("plantimestamp()", cty.String, nil, nil),
		"sensitive":        sensitiveFunc,
		"nonsensitive":     nonsensitiveFunc,
		"issensitive":      issensitiveFunc,
		"rsadecrypt":       rsaDecryptFunc,
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
		"ephemeralasnull":  ephemeralAsNullFunc,
	}
	f["templatefile"] = templateFileFunc(baseDir, f, both)
	f["templatestring"] = templateStringFunc(f, both)
	if engine == tffile.OpenTofu {
		for name, fn := range openTofuFunctions() {
			f[name] = fn
		}
	}
	// core:: names every built-in function, so that a provider's function
	// of the same name cannot hide it.
	// (Names first: a key added while ranging over a map may be visited
	// by the same range, which made core::core:: names.)
	names := make([]string, 0, len(f))
	for name := range f {
		names = append(names, name)
	}
	for _, name := range names {
		f["core::"+name] = f[name]
	}
	return f
}

// homeDir is HOME in env, or "".
func homeDir(env []string) string {
	home := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == "HOME" {
			home = v
		}
	}
	return home
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
func pathExpandFunc(home string) function.Function {
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

func stringPredicate(x string, f func(s, x string) bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "str", Type: cty.String}, {Name: x, Type: cty.String}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.BoolVal(f(args[0].AsString(), args[1].AsString())), nil
		},
	})
}

// toFunc is Terraform's tobool, tonumber, tostring, tolist, toset or
// tomap: cty's conversion with the marks of the value kept on the parts
// they concern, as Terraform converts marked values (a sensitive element
// leaves the other elements of tomap or tolist not sensitive; a set, which
// cannot hold marked elements, is marked as a whole), and an error about a
// sensitive value that does not show it.
func toFunc(want cty.Type) function.Function {
	base := stdlib.MakeToFunc(want)
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "v", Type: cty.DynamicPseudoType,
			AllowNull: true, AllowUnknown: true, AllowMarked: true, AllowDynamicType: true}},
		Type: func(args []cty.Value) (cty.Type, error) {
			uv, _ := args[0].UnmarkDeep()
			return base.ReturnTypeForValues([]cty.Value{uv})
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			uv, pvms := args[0].UnmarkDeepWithPaths()
			ret, err := base.Call([]cty.Value{uv})
			if err != nil {
				if containsSensitive(args[0]) {
					return cty.NilVal, function.NewArgErrorf(0, "cannot convert this sensitive %s to %s", uv.Type().FriendlyName(), want.FriendlyNameForConstraint())
				}
				return cty.NilVal, err
			}
			return remark(ret, pvms), nil
		},
	})
}

// startsWithFunc is Terraform's startswith: a string not yet known but
// built with a known start ("id-${aws_instance.web.id}") answers from that
// start when it decides, as the plan does, so that a count or condition
// testing the prefix is known before apply.
var startsWithFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "str", Type: cty.String, AllowUnknown: true},
		{Name: "prefix", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.Bool),
	RefineResult: func(b *cty.RefinementBuilder) *cty.RefinementBuilder {
		return b.NotNull()
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		prefix := args[1].AsString()
		if !args[0].IsKnown() {
			if prefix == "" {
				return cty.True, nil
			}
			if known := args[0].Range().StringPrefix(); known != "" {
				if strings.HasPrefix(known, prefix) {
					return cty.True, nil
				}
				if len(known) >= len(prefix) {
					return cty.False, nil
				}
			}
			return cty.UnknownVal(cty.Bool), nil
		}
		return cty.BoolVal(strings.HasPrefix(args[0].AsString(), prefix)), nil
	},
})

var (
	endsWithFunc    = stringPredicate("suffix", strings.HasSuffix)
	strContainsFunc = stringPredicate("substr", strings.Contains)
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
			return cty.NilType, function.NewArgErrorf(0, "must be a list, set, or tuple value with either zero or one elements")
		}
		return cty.NilType, function.NewArgErrorf(0, "must be a list, set, or tuple value with either zero or one elements")
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

// templateFileFunc renders a template file with the given variables and
// the other functions (but not templatefile itself).
func templateFileFunc(baseDir string, funcs map[string]function.Function, both bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}, {Name: "vars", Type: cty.DynamicPseudoType}},
		Type:   function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			p := args[0].AsString()
			if !filepath.IsAbs(p) {
				p = filepath.Join(baseDir, p)
			}
			src, err := os.ReadFile(p)
			if errors.Is(err, fs.ErrNotExist) {
				return cty.NilVal, function.NewArgErrorf(0, "no file exists at %q; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource", args[0].AsString())
			}
			if err != nil {
				return cty.NilVal, function.NewArgErrorf(0, "cannot read template: %v", relativeErr(err, args[0].AsString()))
			}
			return renderTemplate(src, args[0].AsString(), args[1], funcs, both)
		},
	})
}

// renderTemplate is the result of the template src with vars and the
// functions other than templatefile and templatestring. While vars is
// not wholly known the result is unknown: a string, or of any type for a
// template that is one interpolation (its value is the interpolated
// value's). && and || evaluate both operands when both is set
// (evalLogicLike).
func renderTemplate(src []byte, name string, vars cty.Value, funcs map[string]function.Function, both bool) (cty.Value, error) {
	hd := hclguard.Template(src, name, hcl.InitialPos)
	var expr hclsyntax.Expression
	if !hd.HasErrors() {
		expr, hd = hclsyntax.ParseTemplate(src, name, hcl.InitialPos)
	}
	if hd.HasErrors() {
		return cty.NilVal, function.NewArgErrorf(0, "invalid template: %s", hd.Error())
	}
	evalLogicLike(both, expr)
	if !vars.Type().IsObjectType() && !vars.Type().IsMapType() {
		return cty.NilVal, function.NewArgErrorf(1, "invalid vars value: must be a map")
	}
	if !vars.IsWhollyKnown() {
		if _, one := expr.(*hclsyntax.TemplateWrapExpr); one {
			return cty.DynamicVal, nil
		}
		return cty.UnknownVal(cty.String), nil
	}
	fs := make(map[string]function.Function, len(funcs))
	for n, fn := range funcs {
		switch strings.TrimPrefix(n, "core::") {
		case "templatefile", "templatestring":
		default:
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
		// Not an argument's fault: "Error in function call", as the
		// engines report a template that fails.
		return cty.NilVal, errors.New(hd.Error())
	}
	return v, nil
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
				// A call error naming the path as given, as in Terraform.
				return cty.NilVal, relativeErr(err, args[0].AsString())
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
		// Terraform flushes before closing, which adds an empty block.
		if err := w.Flush(); err != nil {
			return cty.NilVal, err
		}
		if err := w.Close(); err != nil {
			return cty.NilVal, err
		}
		return cty.StringVal(base64.StdEncoding.EncodeToString(b.Bytes())), nil
	},
})

// timeCmpFunc is timecmp(a, b): -1, 0 or 1 comparing two RFC 3339 times.
var timeCmpFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "timestamp_a", Type: cty.String}, {Name: "timestamp_b", Type: cty.String}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		a, err := time.Parse(time.RFC3339, args[0].AsString())
		if err != nil {
			return cty.NilVal, function.NewArgErrorf(0, "not a valid RFC3339 timestamp: %v", err)
		}
		b, err := time.Parse(time.RFC3339, args[1].AsString())
		if err != nil {
			return cty.NilVal, function.NewArgErrorf(1, "not a valid RFC3339 timestamp: %v", err)
		}
		return cty.NumberIntVal(int64(a.Compare(b))), nil
	},
})
