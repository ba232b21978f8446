package tffile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2"
	hcljson "github.com/hashicorp/hcl/v2/json"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/config/hclguard"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// jsonFile is a Terraform JSON file parsed, before it is read into the
// model (which, with schemas, needs the required_providers of every file
// of the module).
type jsonFile struct {
	pos  *positions
	root jsonValue
}

// parseJSONFile parses a .tf.json file; the diagnostics say where it is
// not JSON, not an object, or nested too deeply.
func parseJSONFile(name string, src []byte) (*jsonFile, diag.Diagnostics) {
	if hd := hclguard.JSON(src, name, hcl.InitialPos); hd.HasErrors() {
		return nil, diag.FromHCL(hd)
	}
	f := &jsonFile{pos: newPositions(name, src)}
	root, err := parseJSON(src)
	if err != nil || root.kind != 'o' {
		rng := f.pos.at(0)
		msg := "The file is not a JSON object."
		if err != nil {
			msg = err.Error() + "."
			var syn *json.SyntaxError
			switch {
			case errors.As(err, &syn):
				rng = f.pos.at(max(syn.Offset-1, 0))
			case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
				rng = f.pos.at(int64(len(src)))
				msg = "The JSON ends before the value does."
			}
		}
		return nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Invalid JSON", Detail: msg, Subject: &rng}}
	}
	f.root = root
	return f, nil
}

// jsonReader reads one JSON file into the model.
type jsonReader struct {
	pos *positions
	ds  diag.Diagnostics
	// providers are the provider schemas by local name; nil without
	// schemas.
	providers map[string]*schema.Provider
	// headers leaves top-level bodies empty but those of the types in
	// bodiesOf (ReadHeaders).
	headers  bool
	bodiesOf []string
}

// errorf reports a problem with the value that starts at offset.
func (r *jsonReader) errorf(offset int64, format string, args ...any) {
	rng := r.pos.at(offset)
	r.ds = append(r.ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported Terraform JSON",
		Detail: fmt.Sprintf(format, args...), Subject: &rng})
}

// read reads the top-level blocks of the file (only those of the given
// type when only is not "").
func (f *jsonFile) read(providers map[string]*schema.Provider, only string) (*config.Config, diag.Diagnostics) {
	r := &jsonReader{pos: f.pos, providers: providers}
	return f.readWith(r, only), r.ds
}

// readWith reads the top-level blocks of the file with r, which collects
// the diagnostics.
func (f *jsonFile) readWith(r *jsonReader, only string) *config.Config {
	cfg := &config.Config{}
	for i, k := range f.root.keys {
		typ, v := k.name, f.root.items[i]
		if typ == "//" || (only != "" && typ != only) {
			continue
		}
		n, ok := topLabels(typ)
		if !ok {
			r.errorf(v.offset, "%q is not a Terraform block type", typ)
			continue
		}
		body := &config.Body{}
		r.nested(body, nil, typ, r.keyRange(k), n, nil, nil, v, nil)
		for _, it := range body.Items {
			cfg.Add(it.(*config.Block))
		}
	}
	return cfg
}

// members are the key-value pairs of an object; anything else is an
// error.
func (r *jsonReader) members(v jsonValue) ([]jsonKey, []jsonValue) {
	if v.kind != 'o' {
		r.errorf(v.offset, "expected an object")
		return nil, nil
	}
	return v.keys, v.items
}

// objects reports whether vs are one or more objects.
func objects(vs []jsonValue) bool {
	for _, v := range vs {
		if v.kind != 'o' {
			return false
		}
	}
	return len(vs) > 0
}

// bodies are the bodies of a block: one object, or an array of them.
func bodies(v jsonValue) []jsonValue {
	if v.kind == 'a' {
		return v.items
	}
	return []jsonValue{v}
}

// nested adds the blocks of type typ (inside blocks of types) written as v,
// with nlabels labels still to read. typeRange is where the type was
// written, labelRanges where the labels read so far were. schemaOf gives
// the schema of a block's body by its labels; nil for none.
func (r *jsonReader) nested(body *config.Body, types []string, typ string, typeRange hcl.Range, nlabels int, labels []string, labelRanges []hcl.Range, v jsonValue, schemaOf func(labels []string) *schema.Block) {
	if nlabels > 0 && v.kind == 'a' && (types != nil || objects(v.items)) {
		// provisioner: [{"local-exec": {...}}, ...] keeps their order;
		// top-level blocks may be grouped so too, in objects keyed by
		// their labels.
		for _, it := range v.items {
			r.nested(body, types, typ, typeRange, nlabels, labels, labelRanges, it, schemaOf)
		}
		return
	}
	if nlabels > 0 {
		keys, items := r.members(v)
		for i, k := range keys {
			r.nested(body, types, typ, typeRange, nlabels-1, append(labels[:len(labels):len(labels)], k.name),
				append(labelRanges[:len(labelRanges):len(labelRanges)], r.keyRange(k)), items[i], schemaOf)
		}
		return
	}
	inner := append(types[:len(types):len(types)], typ)
	for _, bv := range bodies(v) {
		nb := config.NewBlock(typ, labels...)
		// Where the body opens, or the array of bodies, as HCL's JSON
		// parser places blocks.
		nb.DeclRange = r.pos.at(bv.offset)
		if v.kind == 'a' {
			nb.DeclRange = r.pos.at(v.offset)
		}
		nb.TypeRange, nb.LabelRanges = typeRange, labelRanges
		if bv.kind == 'o' {
			nb.OpenBraceRange, nb.CloseBraceRange = r.pos.at(bv.offset), r.pos.span(bv.end-1, bv.end)
		}
		var sch *schema.Block
		if schemaOf != nil {
			sch = schemaOf(labels)
		} else if r.providers != nil && schemaBody(inner) {
			sch = r.elementSchema(inner, labels, bv)
		}
		if !r.headers || types != nil || slices.Contains(r.bodiesOf, typ) {
			nb.Body = r.body(inner, bv, sch)
		}
		body.AppendBlock(nb)
	}
}

// body reads a block body of types. sch is the schema of the body (for
// a dynamic block, of the blocks it generates); nil when unknown.
func (r *jsonReader) body(types []string, v jsonValue, sch *schema.Block) *config.Body {
	body := &config.Body{}
	last := types[len(types)-1]
	if v.kind != 'o' {
		r.errorf(v.offset, "the body of a %s block must be an object", last)
		return body
	}
	guide := sch
	if last == "dynamic" {
		guide = nil // its own arguments; the schema is its content's
	}
	for i, k := range v.keys {
		val := v.items[i]
		if k.name == "//" {
			continue
		}
		if nlabels, ok := ownBlock(types, k.name); ok {
			// Terraform's own blocks have no schema, but for the
			// data sources of a check block (schemaOf nil).
			var schemaOf func([]string) *schema.Block
			switch {
			case k.name == "dynamic" && sch != nil:
				schemaOf = func(labels []string) *schema.Block {
					if nb := sch.NestedBlock(labels[0]); nb != nil {
						return nb.Block
					}
					return nil
				}
			case k.name == "content" && last == "dynamic":
				schemaOf = func([]string) *schema.Block { return sch }
			}
			r.nested(body, types, k.name, r.keyRange(k), nlabels, nil, nil, val, schemaOf)
			continue
		}
		rng := r.pos.span(k.offset, val.end)
		if literalBody(types) {
			body.Items = append(body.Items, &config.Attribute{Name: k.name, Expr: r.value(val), Range: rng, Source: r.source(val)})
			continue
		}
		if guide != nil {
			if nb := guide.NestedBlock(k.name); nb != nil {
				n := 0
				if nb.Nesting == schema.NestingMap {
					n = 1
				}
				r.nested(body, types, k.name, r.keyRange(k), n, nil, nil, val, func([]string) *schema.Block { return nb.Block })
				continue
			}
			// An attribute is an argument whatever its value, a list
			// or set of objects too: native syntax may write one as
			// blocks, but in JSON Terraform reads the objects as the
			// argument's value.
		}
		body.Items = append(body.Items, &config.Attribute{Name: k.name, Expr: r.attr(types, k.name, val), Range: rng, Source: r.source(val)})
	}
	return body
}

// keyRange is where the property name k was written, its quotes
// included.
func (r *jsonReader) keyRange(k jsonKey) hcl.Range {
	start := r.pos.skip(k.offset)
	end := start + 1
	for end < len(r.pos.src) && r.pos.src[end] != '"' {
		if r.pos.src[end] == '\\' {
			end++
		}
		end++
	}
	return r.pos.span(int64(start), int64(min(end+1, len(r.pos.src))))
}

// source is the value v as HCL's JSON syntax reads it, for evaluating it
// as Terraform does (strings are templates then, but where Terraform
// says otherwise).
func (r *jsonReader) source(v jsonValue) hcl.Expression {
	start := r.pos.skip(v.offset)
	end := min(max(int(v.end), start), len(r.pos.src))
	x, hd := hcljson.ParseExpressionWithStartPos(r.pos.src[start:end], r.pos.name, r.pos.pos(start))
	if hd.HasErrors() {
		return nil
	}
	return x
}

// BlocksAsAttribute returns the block schema standing for the objects of a
// list or set of objects attribute, which Terraform lets configurations
// write as nested blocks; every attribute of the object is optional there.
// Nested attributes (protocol 6) are never written as blocks.
func BlocksAsAttribute(a *schema.Attribute) (*schema.Block, bool) {
	t := a.Type
	if a.NestedType != nil || !(t.IsListType() || t.IsSetType()) || !t.ElementType().IsObjectType() {
		return nil, false
	}
	obj := &schema.Block{}
	names := make([]string, 0, len(t.ElementType().AttributeTypes()))
	for name := range t.ElementType().AttributeTypes() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		obj.Attributes = append(obj.Attributes, &schema.Attribute{Name: name, Type: t.ElementType().AttributeType(name), Optional: true})
	}
	return obj, true
}

// elementSchema is the schema of a resource, data source, ephemeral
// resource or provider body (types ending in its kind), by the provider
// that serves it: the provider meta-argument when set, else the type's
// prefix.
func (r *jsonReader) elementSchema(types []string, labels []string, v jsonValue) *schema.Block {
	kind := types[len(types)-1]
	if len(labels) == 0 {
		return nil
	}
	if kind == "provider" {
		if p := r.providers[labels[0]]; p != nil {
			return p.Config
		}
		return nil
	}
	if len(labels) != 2 {
		return nil
	}
	typ := labels[0]
	name := ImpliedProvider(typ)
	if v.kind == 'o' {
		for i, k := range v.keys {
			if k.name != "provider" {
				continue
			}
			name = ""
			if pv := v.items[i]; pv.kind == 's' {
				if x, ds := config.ParseExpression(pv.str, r.pos.name, hcl.InitialPos); !ds.HasErrors() {
					if trs, ok := config.StaticReferences(x); ok && len(trs) == 1 {
						name = trs[0].RootName()
					}
				}
			}
		}
	}
	p := r.providers[name]
	if p == nil {
		return nil
	}
	var rs *schema.Resource
	switch kind {
	case "data":
		rs = p.DataSource(typ)
	case "ephemeral":
		rs = p.EphemeralResource(typ)
	default:
		rs = p.Resource(typ)
	}
	if rs == nil {
		return nil
	}
	return rs.Block
}

// attr converts an argument's value, with the arguments Terraform reads
// as expressions or references rather than templates.
func (r *jsonReader) attr(types []string, name string, v jsonValue) config.Expr {
	if v.kind != 's' && config.ArgRead(types, name) == config.TypeConstraint {
		// Terraform reads a type constraint from a JSON string only.
		r.errorf(v.offset, "a variable's type is a string holding a type constraint, such as \"string\" or \"list(number)\"")
		return config.Null()
	}
	if expressionArgument(types, name) {
		return r.exprValue(v)
	}
	return r.value(v)
}

// stringStart is where the text of the string value v starts: past its
// opening quote.
func (r *jsonReader) stringStart(v jsonValue) hcl.Pos {
	p := r.pos.at(v.offset).Start
	p.Column++
	p.Byte++
	return p
}

// exprValue reads strings as expression text (references, keywords, type
// constraints), inside arrays and objects too.
func (r *jsonReader) exprValue(v jsonValue) config.Expr {
	switch v.kind {
	case 's':
		x, ds := config.ParseExpression(v.str, r.pos.name, r.stringStart(v))
		if ds.HasErrors() {
			r.ds = append(r.ds, ds...)
			return config.Null()
		}
		return x
	case 'a':
		t := &config.Tuple{}
		for _, it := range v.items {
			t.Items = append(t.Items, r.exprValue(it))
		}
		return t
	case 'o':
		o := &config.Object{}
		for i, k := range v.keys {
			key, ds := config.ParseExpression(k.name, r.pos.name, hcl.InitialPos)
			if ds.HasErrors() {
				key = config.String(k.name)
			}
			if rk, ok := key.(*config.Reference); ok && len(rk.Traversal) == 1 {
				key = config.String(k.name)
			}
			o.Items = append(o.Items, config.ObjectItem{Key: key, Value: r.exprValue(v.items[i])})
		}
		return o
	}
	return r.value(v)
}

// value converts a JSON value: strings are templates.
func (r *jsonReader) value(v jsonValue) config.Expr {
	switch v.kind {
	case 's':
		x, ds := config.ParseTemplate(v.str, r.pos.name, r.stringStart(v))
		if ds.HasErrors() {
			r.ds = append(r.ds, ds...)
			return config.Null()
		}
		return x
	case 'n':
		n, err := cty.ParseNumberVal(string(v.num))
		if err != nil {
			r.errorf(v.offset, "invalid number %s", v.num)
			return config.Null()
		}
		return &config.Literal{Val: n}
	case 'b':
		return config.Bool(v.b)
	case '0':
		return config.Null()
	case 'a':
		t := &config.Tuple{}
		for _, it := range v.items {
			t.Items = append(t.Items, r.value(it))
		}
		return t
	case 'o':
		o := &config.Object{}
		for i, k := range v.keys {
			if k.name == "//" {
				continue
			}
			o.Items = append(o.Items, config.ObjectItem{Key: config.String(k.name), Value: r.value(v.items[i])})
		}
		return o
	}
	return config.Null()
}
