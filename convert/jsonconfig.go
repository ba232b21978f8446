package convert

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/render"
)

// Terraform JSON (.tf.json) is read into the model by Terraform's JSON
// syntax rules, without provider schemas: a JSON object is a nested block
// only where Terraform itself defines one (lifecycle, provisioner,
// connection, dynamic, validation, ...); elsewhere it is an object value,
// which evaluates to what the block would (nested blocks are lists of
// objects in the resources view). The model is then written as HCL and
// converted as a .tf file would be, so diagnostics name lines of that HCL.

// jsonValue is a JSON value with object keys in their order.
type jsonValue struct {
	kind  byte // 's', 'n', 'b', '0' (null), 'a', 'o'
	str   string
	num   json.Number
	b     bool
	items []jsonValue
	keys  []string // for objects, parallel to items
	// offset is where the value starts in the file (perhaps before the
	// blanks, colon or comma that precede it).
	offset int64
}

func parseJSON(src []byte) (jsonValue, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	v, err := readJSON(dec)
	if err != nil {
		return v, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return v, fmt.Errorf("text after the JSON value")
	}
	return v, nil
}

func readJSON(dec *json.Decoder) (jsonValue, error) {
	off := dec.InputOffset()
	v, err := readJSONValue(dec)
	v.offset = off
	return v, err
}

func readJSONValue(dec *json.Decoder) (jsonValue, error) {
	tok, err := dec.Token()
	if err != nil {
		return jsonValue{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := jsonValue{kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return v, err
				}
				k, _ := kt.(string)
				item, err := readJSON(dec)
				if err != nil {
					return v, err
				}
				v.keys = append(v.keys, k)
				v.items = append(v.items, item)
			}
			_, err := dec.Token()
			return v, err
		case '[':
			v := jsonValue{kind: 'a'}
			for dec.More() {
				item, err := readJSON(dec)
				if err != nil {
					return v, err
				}
				v.items = append(v.items, item)
			}
			_, err := dec.Token()
			return v, err
		}
	case string:
		return jsonValue{kind: 's', str: t}, nil
	case json.Number:
		return jsonValue{kind: 'n', num: t}, nil
	case bool:
		return jsonValue{kind: 'b', b: t}, nil
	case nil:
		return jsonValue{kind: '0'}, nil
	}
	return jsonValue{}, fmt.Errorf("unexpected JSON token %v", tok)
}

// jsonReader converts one .tf.json file into the model.
type jsonReader struct {
	name string
	src  []byte
	ds   diag.Diagnostics
}

// errorf reports a problem with the value v, at its line and column.
func (r *jsonReader) errorf(v jsonValue, format string, args ...any) {
	rng := jsonRange(r.name, r.src, v.offset)
	r.ds = append(r.ds, &diag.Diagnostic{Severity: diag.Error, Summary: "Unsupported Terraform JSON",
		Detail: fmt.Sprintf(format, args...), Subject: &rng})
}

// jsonRange is the position of the value that starts at offset in src,
// past the blanks, colon or comma before it: file, line and column.
func jsonRange(name string, src []byte, offset int64) hcl.Range {
	offset = min(max(offset, 0), int64(len(src)))
	for offset < int64(len(src)) && strings.IndexByte(" \t\r\n:,", src[offset]) >= 0 {
		offset++
	}
	pos := hcl.Pos{Line: 1, Column: 1, Byte: int(offset)}
	for _, b := range src[:offset] {
		if b == '\n' {
			pos.Line, pos.Column = pos.Line+1, 1
			continue
		}
		pos.Column++
	}
	end := pos
	end.Column++
	end.Byte++
	return hcl.Range{Filename: name, Start: pos, End: end}
}

// jsonToHCL reads a .tf.json file and writes its configuration as HCL.
func jsonToHCL(f File) ([]byte, diag.Diagnostics) {
	root, err := parseJSON(f.Src)
	if err != nil || root.kind != 'o' {
		rng := jsonRange(f.Name, f.Src, 0)
		msg := "The file is not a JSON object."
		if err != nil {
			msg = err.Error() + "."
			var syn *json.SyntaxError
			switch {
			case errors.As(err, &syn):
				rng = jsonRange(f.Name, f.Src, max(syn.Offset-1, 0))
			case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
				rng = jsonRange(f.Name, f.Src, int64(len(f.Src)))
				msg = "The JSON ends before the value does."
			}
		}
		return nil, diag.Diagnostics{{Severity: diag.Error, Summary: "Invalid JSON", Detail: msg, Subject: &rng}}
	}
	r := &jsonReader{name: f.Name, src: f.Src}
	cfg := &config.Config{}
	for i, typ := range root.keys {
		v := root.items[i]
		switch typ {
		case "//":
		case "resource", "data", "ephemeral":
			for _, t := range members(r, v) {
				for _, n := range members(r, t.val) {
					for _, body := range bodies(n.val) {
						cfg.Add(r.block(typ, []string{t.key, n.key}, body))
					}
				}
			}
		case "provider", "variable", "output", "module", "check":
			for _, n := range members(r, v) {
				for _, body := range bodies(n.val) {
					cfg.Add(r.block(typ, []string{n.key}, body))
				}
			}
		case "locals", "terraform", "moved", "import", "removed":
			for _, body := range bodies(v) {
				cfg.Add(r.block(typ, nil, body))
			}
		default:
			r.errorf(v, "%q is not a Terraform block type", typ)
		}
	}
	for _, b := range cfg.Blocks {
		// Before rendering, which would write such a number out.
		for _, d := range hugeNumbers(b.Body) {
			d.Subject = &hcl.Range{Filename: f.Name}
			r.ds = append(r.ds, d)
		}
	}
	if r.ds.HasErrors() {
		return nil, r.ds
	}
	out, err := render.HCL(cfg)
	if err != nil {
		return nil, r.ds.Errorf(&hcl.Range{Filename: f.Name}, "Cannot write %s as HCL: %v", f.Name, err)
	}
	return out, r.ds
}

type member struct {
	key string
	val jsonValue
}

func members(r *jsonReader, v jsonValue) []member {
	if v.kind != 'o' {
		r.errorf(v, "expected an object")
		return nil
	}
	out := make([]member, len(v.keys))
	for i, k := range v.keys {
		out[i] = member{k, v.items[i]}
	}
	return out
}

// bodies are the bodies of a block: one object, or an array of them.
func bodies(v jsonValue) []jsonValue {
	if v.kind == 'a' {
		return v.items
	}
	return []jsonValue{v}
}

func (r *jsonReader) block(typ string, labels []string, body jsonValue) *config.Block {
	b := config.NewBlock(typ, labels...)
	b.Body = r.body([]string{typ}, body)
	return b
}

// ownBlocks are Terraform's own nested blocks by the block they are in:
// 0 labels (a plain block) or 1 (keyed by its label).
func jsonOwnBlock(types []string, name string) (int, bool) {
	last, n := types[len(types)-1], len(types)
	switch {
	case name == "dynamic" && last != "locals" && last != "variable" && last != "output" && last != "terraform":
		return 1, true
	case (last == "resource" || last == "data" || last == "ephemeral") && n == 1 && name == "lifecycle",
		(last == "resource" || last == "removed") && n == 1 && name == "connection",
		last == "provisioner" && name == "connection",
		last == "lifecycle" && (name == "precondition" || name == "postcondition"),
		last == "variable" && name == "validation",
		last == "output" && name == "precondition",
		last == "terraform" && (name == "required_providers" || name == "cloud"),
		last == "cloud" && name == "workspaces",
		last == "check" && name == "assert",
		last == "removed" && name == "lifecycle",
		last == "dynamic" && name == "content":
		return 0, true
	case (last == "resource" || last == "removed") && n == 1 && name == "provisioner",
		last == "terraform" && (name == "backend" || name == "provider_meta"):
		return 1, true
	case last == "check" && name == "data":
		return 2, true
	}
	return 0, false
}

func (r *jsonReader) body(types []string, v jsonValue) *config.Body {
	body := &config.Body{}
	if v.kind != 'o' {
		r.errorf(v, "the body of a %s block must be an object", types[len(types)-1])
		return body
	}
	last := types[len(types)-1]
	for i, k := range v.keys {
		val := v.items[i]
		if k == "//" {
			continue
		}
		if nlabels, ok := jsonOwnBlock(types, k); ok && last != "locals" {
			r.nested(body, types, k, nlabels, nil, val)
			continue
		}
		if last == "locals" || last == "required_providers" {
			body.Items = append(body.Items, &config.Attribute{Name: k, Expr: r.value(val)})
			continue
		}
		body.Items = append(body.Items, &config.Attribute{Name: k, Expr: r.attr(types, k, val)})
	}
	return body
}

// nested adds blocks of type typ with nlabels labels still to read.
func (r *jsonReader) nested(body *config.Body, types []string, typ string, nlabels int, labels []string, v jsonValue) {
	if nlabels > 0 && v.kind == 'a' {
		// provisioner: [{"local-exec": {...}}, ...] keeps their order.
		for _, it := range v.items {
			r.nested(body, types, typ, nlabels, labels, it)
		}
		return
	}
	if nlabels > 0 {
		for _, m := range members(r, v) {
			r.nested(body, types, typ, nlabels-1, append(labels[:len(labels):len(labels)], m.key), m.val)
		}
		return
	}
	for _, bv := range bodies(v) {
		nb := config.NewBlock(typ, labels...)
		nb.Body = r.body(append(types[:len(types):len(types)], typ), bv)
		body.AppendBlock(nb)
	}
}

// attr converts an argument's value, with the arguments Terraform reads
// as expressions or references rather than templates.
func (r *jsonReader) attr(types []string, name string, v jsonValue) config.Expr {
	last := types[len(types)-1]
	if last == "variable" && name == "type" && v.kind != 's' {
		// Terraform reads a type constraint from a JSON string only.
		r.errorf(v, "a variable's type is a string holding a type constraint, such as \"string\" or \"list(number)\"")
		return config.Null()
	}
	switch {
	case last == "variable" && name == "type",
		name == "depends_on", name == "provider" && (last == "resource" || last == "data" || last == "ephemeral" || last == "import"),
		last == "lifecycle" && (name == "ignore_changes" || name == "replace_triggered_by"),
		last == "provisioner" && (name == "when" || name == "on_failure"),
		last == "dynamic" && name == "iterator",
		last == "moved" && (name == "from" || name == "to"),
		last == "import" && name == "to", last == "removed" && name == "from",
		last == "module" && name == "providers":
		return r.exprValue(v)
	}
	return r.value(v)
}

// exprValue reads strings as expression text (references, keywords, type
// constraints), inside arrays and objects too.
func (r *jsonReader) exprValue(v jsonValue) config.Expr {
	switch v.kind {
	case 's':
		x, ds := config.ParseExpression(v.str, r.name, hcl.InitialPos)
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
			key, ds := config.ParseExpression(k, r.name, hcl.InitialPos)
			if ds.HasErrors() {
				key = config.String(k)
			}
			if rk, ok := key.(*config.Reference); ok && len(rk.Traversal) == 1 {
				key = config.String(k)
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
		x, ds := config.ParseTemplate(v.str, r.name, hcl.InitialPos)
		if ds.HasErrors() {
			r.ds = append(r.ds, ds...)
			return config.Null()
		}
		return x
	case 'n':
		n, err := cty.ParseNumberVal(string(v.num))
		if err != nil {
			r.errorf(v, "invalid number %s", v.num)
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
			if k == "//" {
				continue
			}
			o.Items = append(o.Items, config.ObjectItem{Key: config.String(k), Value: r.value(v.items[i])})
		}
		return o
	}
	return config.Null()
}

// isJSONFile tells a Terraform JSON file by its name.
func isJSONFile(name string) bool { return strings.HasSuffix(name, ".tf.json") }
