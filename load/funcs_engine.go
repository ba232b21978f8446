package load

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/go-cty-funcs/cidr"
	"github.com/hashicorp/go-cty-funcs/crypto"
	"github.com/hashicorp/go-cty-funcs/filesystem"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// The functions in this file answer as Terraform does where the libraries
// tfkit builds on answer otherwise: the cases under
// testdata/functions, asked of the engine, are the proof
// (TestFunctionCases). An error is an argument error ("Invalid function
// argument") or a call error ("Error in function call") as in Terraform.

// lookupFunc is Terraform's lookup(map, key[, default]): the default is
// optional and may be null; a map's result has the type its elements and
// the default unify to, an object's the type of the attribute (or of the
// default when it lacks it).
var lookupFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "inputMap", Type: cty.DynamicPseudoType, AllowMarked: true},
		{Name: "key", Type: cty.String, AllowMarked: true},
	},
	VarParam: &function.Parameter{Name: "default", Type: cty.DynamicPseudoType,
		AllowUnknown: true, AllowDynamicType: true, AllowNull: true, AllowMarked: true},
	Type: func(args []cty.Value) (cty.Type, error) {
		if len(args) > 3 {
			return cty.NilType, fmt.Errorf("lookup() takes two or three arguments, got %d", len(args))
		}
		m, _ := args[0].Unmark()
		key, _ := args[1].Unmark()
		ty := m.Type()
		switch {
		case ty.IsObjectType():
			if !key.IsKnown() {
				return cty.DynamicPseudoType, nil
			}
			if ty.HasAttribute(key.AsString()) {
				return ty.AttributeType(key.AsString()), nil
			}
			if len(args) == 3 {
				return args[2].Type(), nil
			}
			return cty.NilType, function.NewArgErrorf(0, "the given object has no attribute %q", key.AsString())
		case ty.IsMapType():
			if len(args) == 3 && args[2].Type() != cty.DynamicPseudoType {
				u, _ := convert.UnifyUnsafe([]cty.Type{ty.ElementType(), args[2].Type()})
				if u == cty.NilType {
					return cty.NilType, function.NewArgErrorf(2, "the default value must have the same type as the map elements")
				}
				return u, nil
			}
			return ty.ElementType(), nil
		}
		return cty.NilType, function.NewArgErrorf(0, "lookup() requires a map as the first argument")
	},
	Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
		m, mmarks := args[0].Unmark()
		key, kmarks := args[1].Unmark()
		if !m.IsKnown() || !key.IsKnown() {
			return cty.UnknownVal(ret).WithMarks(mmarks, kmarks), nil
		}
		k := key.AsString()
		var v cty.Value
		switch {
		case m.Type().IsObjectType() && m.Type().HasAttribute(k):
			v = m.GetAttr(k)
		case m.Type().IsMapType() && m.HasIndex(key).True():
			v = m.Index(key)
		case len(args) == 3:
			v = args[2]
		case m.Type().IsMapType():
			return cty.NilVal, fmt.Errorf("lookup failed to find key %q", k)
		default:
			return cty.NilVal, function.NewArgErrorf(0, "the given object has no attribute %q", k)
		}
		v, vmarks := v.Unmark()
		if ret != cty.DynamicPseudoType {
			var err error
			if v, err = convert.Convert(v, ret); err != nil {
				return cty.NilVal, function.NewArgError(2, err)
			}
		}
		return v.WithMarks(mmarks, kmarks, vmarks), nil
	},
})

// lengthFunc is Terraform's length: of a string its characters, of a
// collection its elements, of a tuple or object its elements or
// attributes.
var lengthFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType,
		AllowDynamicType: true, AllowUnknown: true, AllowMarked: true}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		if ty == cty.String || ty == cty.DynamicPseudoType || ty.IsCollectionType() || ty.IsTupleType() || ty.IsObjectType() {
			return cty.Number, nil
		}
		return cty.NilType, errors.New("argument must be a string, a collection type, or a structural type")
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		ty := v.Type()
		switch {
		case ty.IsTupleType():
			return cty.NumberIntVal(int64(len(ty.TupleElementTypes()))).WithMarks(marks), nil
		case ty.IsObjectType():
			return cty.NumberIntVal(int64(len(ty.AttributeTypes()))).WithMarks(marks), nil
		case !v.IsKnown():
			if ty == cty.String {
				r, err := stdlib.Strlen(v)
				return r.WithMarks(marks), err
			}
			return cty.UnknownVal(cty.Number).WithMarks(marks), nil
		case ty == cty.String:
			r, err := stdlib.Strlen(v)
			return r.WithMarks(marks), err
		}
		r, err := stdlib.Length(v)
		return r.WithMarks(marks), err
	},
})

// boolFold is alltrue (all) or anytrue: a null element counts as false;
// alltrue is unknown at the first unknown element before a false one,
// anytrue is true at any true element and unknown otherwise if any is.
func boolFold(all bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			sawUnknown := false
			for it := args[0].ElementIterator(); it.Next(); {
				_, e := it.Element()
				switch {
				case !e.IsKnown():
					if all {
						return cty.UnknownVal(cty.Bool), nil
					}
					sawUnknown = true
				case e.IsNull() || e.False():
					if all {
						return cty.False, nil
					}
				case !all:
					return cty.True, nil
				}
			}
			if sawUnknown {
				return cty.UnknownVal(cty.Bool), nil
			}
			return cty.BoolVal(all), nil
		},
	})
}

var (
	allTrueFunc = boolFold(true)
	anyTrueFunc = boolFold(false)
)

// refusing is f with its parameter i (the variadic one for i < 0) no
// longer accepting null, as Terraform's version of f does not.
func refusingNull(f function.Function, i int) function.Function {
	params := f.Params()
	vp := f.VarParam()
	if i >= 0 {
		params[i].AllowNull = false
	} else if vp != nil {
		c := *vp
		c.AllowNull = false
		vp = &c
	}
	return function.New(&function.Spec{
		Params:   params,
		VarParam: vp,
		Type:     f.ReturnTypeForValues,
		Impl:     func(args []cty.Value, _ cty.Type) (cty.Value, error) { return f.Call(args) },
	})
}

// unknownForDynamicArgs is f answering an unknown of any type when one of
// its variadic arguments has no type yet (an untyped null or an unknown
// of any type), as the cty release Terraform is built with does for
// format and formatlist. ret is f's return type, which does not depend on
// its arguments: the arguments are checked against f's parameters before
// the wrapper's Type is asked, and once more when f is called, so asking
// f for its type would check them a third time.
func unknownForDynamicArgs(f function.Function, ret cty.Type) function.Function {
	params := f.Params() // a copy each time it is asked for
	return function.New(&function.Spec{
		Params:   params,
		VarParam: f.VarParam(),
		Type: func(args []cty.Value) (cty.Type, error) {
			for _, a := range args[len(params):] {
				if a.Type() == cty.DynamicPseudoType {
					return cty.DynamicPseudoType, nil
				}
			}
			return ret, nil
		},
		Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
			if ret == cty.DynamicPseudoType {
				return cty.DynamicVal, nil
			}
			return f.Call(args)
		},
	})
}

// elementFunc is element refusing a negative index, as Terraform does
// (cty counts it from the end).
var elementFunc = function.New(&function.Spec{
	Params: stdlib.ElementFunc.Params(),
	Type:   stdlib.ElementFunc.ReturnTypeForValues,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if i := args[1]; i.IsKnown() && !i.IsNull() && i.Type() == cty.Number && i.LessThan(cty.Zero).True() {
			return cty.NilVal, errors.New("cannot use element function with a negative index")
		}
		return stdlib.ElementFunc.Call(args)
	},
})

// flattenFunc is Terraform's flatten: the elements of nested lists, sets
// and tuples in one tuple; unknown of any type while an element it would
// flatten is unknown and may be a sequence (cty's own flatten is unknown
// while any element is).
var flattenFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		if !ty.IsListType() && !ty.IsSetType() && !ty.IsTupleType() {
			return cty.NilType, errors.New("can only flatten lists, sets and tuples")
		}
		elems, known := flatten(args[0], nil)
		if !known {
			return cty.DynamicPseudoType, nil
		}
		tys := make([]cty.Type, len(elems))
		for i, e := range elems {
			tys[i] = e.Type()
		}
		return cty.Tuple(tys), nil
	},
	Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
		elems, known := flatten(args[0], nil)
		if !known {
			return cty.DynamicVal, nil
		}
		if len(elems) == 0 {
			return cty.EmptyTupleVal, nil
		}
		return cty.TupleVal(elems), nil
	},
})

// flatten appends the leaves of the sequence v to out; known is false
// when an unknown element may be a sequence.
func flatten(v cty.Value, out []cty.Value) ([]cty.Value, bool) {
	if !v.IsKnown() {
		return out, false
	}
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		ty := e.Type()
		seq := ty.IsListType() || ty.IsSetType() || ty.IsTupleType()
		switch {
		case !e.IsKnown() && (seq || ty == cty.DynamicPseudoType):
			return out, false
		case seq && !e.IsNull():
			var known bool
			if out, known = flatten(e, out); !known {
				return out, false
			}
		default:
			out = append(out, e)
		}
	}
	return out, true
}

// indexFunc is Terraform's index(list, value): the position of the first
// element equal to value (cty's stdlib index is element access instead).
var indexFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}, {Name: "value", Type: cty.DynamicPseudoType}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		l := args[0]
		if !(l.Type().IsListType() || l.Type().IsTupleType()) {
			return cty.NilVal, errors.New("argument must be a list or tuple")
		}
		if !l.IsKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		if l.LengthInt() == 0 {
			return cty.NilVal, errors.New("cannot search an empty list")
		}
		i := 0
		for it := l.ElementIterator(); it.Next(); i++ {
			_, e := it.Element()
			eq, err := stdlib.Equal(e, args[1])
			if err != nil {
				return cty.NilVal, err
			}
			if !eq.IsKnown() {
				return cty.UnknownVal(cty.Number), nil
			}
			if eq.True() {
				return cty.NumberIntVal(int64(i)), nil
			}
		}
		return cty.NilVal, errors.New("item not found")
	},
})

// matchKeysFunc is matchkeys(values, keys, searchset): the values whose
// key at the same index is in searchset, keys and searchset compared
// after converting to the type they unify to.
var matchKeysFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "values", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "keys", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "searchset", Type: cty.List(cty.DynamicPseudoType)},
	},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty, _ := convert.UnifyUnsafe([]cty.Type{args[1].Type(), args[2].Type()})
		if ty == cty.NilType {
			return cty.NilType, function.NewArgErrorf(1, "types of searchset and keys must match")
		}
		return args[0].Type(), nil
	},
	Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
		if !args[0].IsKnown() || !args[1].IsKnown() {
			return cty.UnknownVal(ret), nil
		}
		if args[0].LengthInt() != args[1].LengthInt() {
			return cty.NilVal, errors.New("length of keys and values should be equal")
		}
		if !args[1].IsWhollyKnown() {
			return cty.UnknownVal(ret), nil
		}
		ty, _ := convert.UnifyUnsafe([]cty.Type{args[1].Type(), args[2].Type()})
		keys, err := convert.Convert(args[1], ty)
		if err != nil {
			return cty.NilVal, function.NewArgError(1, err)
		}
		search, err := convert.Convert(args[2], ty)
		if err != nil {
			return cty.NilVal, function.NewArgError(2, err)
		}
		vals := args[0].AsValueSlice()
		var out []cty.Value
		i := 0
		for it := keys.ElementIterator(); it.Next(); i++ {
			_, k := it.Element()
			for st := search.ElementIterator(); st.Next(); {
				_, s := st.Element()
				if eq := k.Equals(s); eq.IsKnown() && eq.True() {
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

// sumFunc is sum(list): the total of a non-empty list, set or tuple of
// numbers.
var sumFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v := args[0]
		ty := v.Type()
		if !(ty.IsListType() || ty.IsSetType() || ty.IsTupleType()) {
			return cty.NilVal, function.NewArgErrorf(0, "argument must be list, set, or tuple. Received %s", ty.FriendlyName())
		}
		if !v.IsWhollyKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		if v.LengthInt() == 0 {
			return cty.NilVal, function.NewArgErrorf(0, "cannot sum an empty list")
		}
		total := cty.Zero
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			n, err := convert.Convert(e, cty.Number)
			if err != nil || n.IsNull() {
				return cty.NilVal, function.NewArgErrorf(0, "argument must be list, set, or tuple of number values")
			}
			total = total.Add(n)
		}
		return total, nil
	},
})

var transposeFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "values", Type: cty.Map(cty.List(cty.String))}},
	Type:   function.StaticReturnType(cty.Map(cty.List(cty.String))),
	Impl: func(args []cty.Value, ret cty.Type) (cty.Value, error) {
		if !args[0].IsWhollyKnown() {
			return cty.UnknownVal(ret), nil
		}
		out := map[string][]cty.Value{}
		for it := args[0].ElementIterator(); it.Next(); {
			k, l := it.Element()
			for li := l.ElementIterator(); li.Next(); {
				_, e := li.Element()
				if e.IsNull() {
					return cty.NilVal, errors.New("input list must not contain null string")
				}
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

// cidrNetmaskFunc is cidrnetmask refusing IPv6 prefixes, as Terraform
// does, and reading prefixes as Terraform does (terraformCIDR).
var cidrNetmaskFunc = function.New(&function.Spec{
	Params: cidr.NetmaskFunc.Params(),
	Type:   cidr.NetmaskFunc.ReturnTypeForValues,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		prefix := terraformCIDR(args[0].AsString())
		if ip, _, err := net.ParseCIDR(prefix); err == nil && ip.To4() == nil {
			return cty.NilVal, fmt.Errorf("IPv6 addresses cannot have a netmask: %s", args[0].AsString())
		}
		return cidr.NetmaskFunc.Call([]cty.Value{cty.StringVal(prefix)})
	},
})

// rsaDecryptFunc is rsadecrypt with its failures reported against the
// argument at fault.
var rsaDecryptFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "ciphertext", Type: cty.String}, {Name: "privatekey", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		if _, err := base64.StdEncoding.DecodeString(args[0].AsString()); err != nil {
			return cty.NilVal, function.NewArgErrorf(0, "failed to decode input %q: cipher text must be base64-encoded", args[0].AsString())
		}
		v, err := crypto.RsaDecryptFunc.Call(args)
		switch {
		case err == nil:
			return v, nil
		case strings.Contains(err.Error(), "no key found"):
			return cty.NilVal, function.NewArgErrorf(1, "invalid private key: ssh: no key found")
		case strings.Contains(err.Error(), "key"):
			return cty.NilVal, function.NewArgErrorf(1, "invalid private key: %s", strings.TrimPrefix(err.Error(), "failed to parse key: "))
		}
		return cty.NilVal, fmt.Errorf("failed to decrypt: %s", err)
	},
})

// impure stands for a function whose result differs on every run: during
// planning its value is unknown, so it is here too. It takes nargs
// arguments of the given types, then optional ones of the type of the
// last when variadic is set.
func impure(name string, ret cty.Type, params []function.Parameter, variadic *function.Parameter) function.Function {
	return function.New(&function.Spec{
		Params:   params,
		VarParam: variadic,
		Type:     function.StaticReturnType(ret),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.UnknownVal(ret).Mark(reason(name + " changes on every run")), nil
		},
	})
}

var bcryptFunc = impure("bcrypt()", cty.String,
	[]function.Parameter{{Name: "str", Type: cty.String, AllowUnknown: true, AllowDynamicType: true}},
	&function.Parameter{Name: "cost", Type: cty.Number, AllowUnknown: true})

// fileFunc is file (or filebase64): the contents of a file of the
// configuration, relative to the root module directory; ~ is HOME from
// the evaluation's environment.
func fileFunc(baseDir, home string, b64 bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			given := args[0].AsString()
			p, ok := expandHome(given, home)
			if !ok {
				return cty.UnknownVal(cty.String).Mark(reason("file: HOME is not set in the evaluation's environment")), nil
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(baseDir, p)
			}
			src, err := os.ReadFile(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return cty.NilVal, function.NewArgErrorf(0, "no file exists at %q; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource", given)
			case err != nil:
				return cty.NilVal, function.NewArgErrorf(0, "failed to read file: %v", relativeErr(err, given))
			case b64:
				return cty.StringVal(base64.StdEncoding.EncodeToString(src)), nil
			case !utf8.Valid(src):
				return cty.NilVal, function.NewArgErrorf(0, "contents of %q are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead", given)
			}
			return cty.StringVal(string(src)), nil
		},
	})
}

// expandHome replaces a leading ~ by home; ok is false when there is one
// but no home.
func expandHome(p, home string) (string, bool) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, true
	}
	if home == "" {
		return "", false
	}
	return filepath.Join(home, p[1:]), true
}

// relativeErr names the path as the configuration gave it, not as
// resolved against the root module directory.
func relativeErr(err error, given string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: given, Err: pe.Err}
	}
	return err
}

// templateStringArg checks templatestring's first argument: Terraform
// renders only templates read from elsewhere (a reference), never a
// literal or a template expression written in place.
func templateStringArg(arg cty.Value) (cty.Value, error) {
	closure := customdecode.ExpressionClosureFromVal(arg)
	switch closure.Expression.(type) {
	case *hclsyntax.TemplateExpr, *hclsyntax.TemplateWrapExpr:
		return cty.NilVal, function.NewArgErrorf(0, "invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere, and so does not support providing a literal template; consider using a template string expression instead")
	case *hclsyntax.ScopeTraversalExpr, *hclsyntax.RelativeTraversalExpr, *hclsyntax.IndexExpr:
	default:
		return cty.NilVal, function.NewArgErrorf(0, "invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax")
	}
	v, hd := closure.Value()
	if hd.HasErrors() {
		return cty.NilVal, function.NewArgErrorf(0, "%s", hd.Error())
	}
	v, err := convert.Convert(v, cty.String)
	if err != nil {
		return cty.NilVal, function.NewArgError(0, err)
	}
	if v.IsNull() {
		return cty.NilVal, function.NewArgErrorf(0, "argument must not be null")
	}
	return v, nil
}

// withoutStack is f with the goroutine stack cut from the error of a
// panic in its implementation (pow and log of a result that is not a
// number, indent by a negative count): the message stays Terraform's,
// and the same on every run.
func withoutStack(f function.Function) function.Function {
	return function.New(&function.Spec{
		Params:   f.Params(),
		VarParam: f.VarParam(),
		Type:     f.ReturnTypeForValues,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			v, err := f.Call(args)
			if err != nil {
				if msg, _, cut := strings.Cut(err.Error(), "\ngoroutine "); cut {
					return cty.NilVal, errors.New(msg)
				}
			}
			return v, err
		},
	})
}

// base64DecodeFunc is base64decode: the text a base64 string encodes,
// which must be UTF-8.
var base64DecodeFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "str", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		s := args[0].AsString()
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return cty.NilVal, fmt.Errorf("failed to decode base64 data %q", s)
		}
		if !utf8.Valid(b) {
			return cty.NilVal, errors.New("the result of decoding the provided string is not valid UTF-8")
		}
		return cty.StringVal(string(b)), nil
	},
})

// fileExistsFunc is fileexists: whether a regular file is at the path,
// relative to the root module directory; a directory is an error.
func fileExistsFunc(baseDir, home string) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			given := args[0].AsString()
			p, ok := expandHome(given, home)
			if !ok {
				return cty.UnknownVal(cty.Bool).Mark(reason("fileexists: HOME is not set in the evaluation's environment")), nil
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(baseDir, p)
			}
			fi, err := os.Stat(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return cty.False, nil
			case err != nil:
				return cty.NilVal, fmt.Errorf("failed to stat %s", given)
			case fi.IsDir():
				return cty.NilVal, fmt.Errorf("%q is a directory, not a file", given)
			case !fi.Mode().IsRegular():
				return cty.NilVal, fmt.Errorf("%q is not a regular file", given)
			}
			return cty.True, nil
		},
	})
}

// fileSetFunc is fileset with the errors naming the pattern as given,
// relative to the root module directory rather than absolute.
func fileSetFunc(baseDir string) function.Function {
	f := filesystem.MakeFileSetFunc(baseDir)
	return function.New(&function.Spec{
		Params: f.Params(),
		Type:   f.ReturnTypeForValues,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			v, err := f.Call(args)
			if err != nil {
				msg := strings.ReplaceAll(err.Error(), baseDir+string(filepath.Separator), "")
				if rest, ok := strings.CutPrefix(msg, "failed to glob pattern ("); ok {
					if pat, why, ok := strings.Cut(rest, "): "); ok {
						msg = fmt.Sprintf("failed to glob pattern %q: %s", pat, why)
					}
				}
				return cty.NilVal, errors.New(msg)
			}
			return v, nil
		},
	})
}
