package render

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/internal/tfrules"
)

// jsonRenderer writes Terraform's JSON configuration syntax straight into a
// byte slice: properties keep the model's order, which encoding/json maps
// cannot, and nothing is escaped for HTML.
type jsonRenderer struct {
	out   []byte
	stack []jsonFrame
	// em writes the HCL text of expressions that JSON has no value for
	// ("${...}"), collects every diagnostic and tracks where it is.
	em      emitter
	scratch []byte
	types   []string
	// blocksTotal and blocksDone count top-level blocks, to size out.
	blocksTotal, blocksDone int
}

type jsonFrame struct {
	n     int
	close byte
}

func renderJSON(cfg *config.Config) ([]byte, error) {
	r := &jsonRenderer{out: make([]byte, 0, 64<<10), blocksTotal: len(cfg.Blocks)}
	r.em.inline = 1
	r.open('{')
	for _, g := range groupBlocks(cfg.Blocks) {
		r.blockKey(g[0], g[0].Type)
		r.blocks(g, 0)
	}
	r.end()
	r.out = append(r.out, '\n')
	if r.em.diags.HasErrors() {
		return nil, r.em.diags
	}
	return r.out, nil
}

// groupBlocks groups blocks by type, types in order of first appearance and
// blocks in declaration order within a type.
func groupBlocks(blocks []*config.Block) [][]*config.Block {
	var groups [][]*config.Block
	index := map[string]int{}
	for _, b := range blocks {
		if b == nil {
			continue
		}
		i, ok := index[b.Type]
		if !ok {
			i = len(groups)
			index[b.Type] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], b)
	}
	return groups
}

// Structural writing. Every value inside an object or array is preceded by
// item, which writes the separating comma and the indentation.

func (r *jsonRenderer) open(c byte) {
	r.out = append(r.out, c)
	close := byte('}')
	if c == '[' {
		close = ']'
	}
	r.stack = append(r.stack, jsonFrame{close: close})
}

func (r *jsonRenderer) end() {
	f := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	if f.n > 0 {
		r.indent()
	}
	r.out = append(r.out, f.close)
}

func (r *jsonRenderer) indent() {
	r.out = append(r.out, '\n')
	for i := 0; i < len(r.stack); i++ {
		r.out = append(r.out, ' ', ' ')
	}
}

func (r *jsonRenderer) item() {
	f := &r.stack[len(r.stack)-1]
	if f.n > 0 {
		r.out = append(r.out, ',')
	}
	f.n++
	r.indent()
}

func (r *jsonRenderer) key(k string) {
	r.em.checkText(k)
	r.item()
	r.out = appendJSONString(r.out, k)
	r.out = append(r.out, ':', ' ')
}

// blockKey writes b's type or one of its labels as a property name, with b
// as the place a diagnostic about it points at.
func (r *jsonRenderer) blockKey(b *config.Block, k string) {
	r.em.blocks = append(r.em.blocks, b)
	r.key(k)
	r.em.blocks = r.em.blocks[:len(r.em.blocks)-1]
}

func (r *jsonRenderer) str(s string) {
	r.em.checkText(s)
	r.out = appendJSONString(r.out, s)
}

// blocks writes blocks of one type whose labels before level are equal:
// nested objects per label level, then a body object, or an array of bodies
// for blocks with identical labels. Provisioners are written as an array of
// single-label objects, which keeps their order.
func (r *jsonRenderer) blocks(bs []*config.Block, level int) {
	if level == 0 && bs[0].Type == "provisioner" && len(bs[0].Labels) > 0 {
		r.open('[')
		for _, b := range bs {
			r.item()
			r.labelled(b, 0)
		}
		r.end()
		return
	}
	leaves := 0
	for _, b := range bs {
		if len(b.Labels) <= level {
			leaves++
		}
	}
	switch {
	case leaves == 0:
		r.open('{')
		for _, g := range groupByLabel(bs, level) {
			r.blockKey(g[0], g[0].Labels[level])
			r.blocks(g, level+1)
		}
		r.end()
	case leaves < len(bs):
		for _, b := range bs {
			if len(b.Labels) > level {
				r.em.blocks = append(r.em.blocks, b)
				r.em.fail("Inconsistent block labels", fmt.Sprintf("Blocks of type %q have different numbers of labels; JSON syntax nests blocks by label.", b.Type), "give every block of this type the same number of labels")
				r.em.blocks = r.em.blocks[:len(r.em.blocks)-1]
				break
			}
		}
		r.out = append(r.out, "null"...)
	case len(bs) == 1:
		r.body(bs[0])
	default:
		r.open('[')
		for _, b := range bs {
			r.item()
			r.body(b)
		}
		r.end()
	}
}

// groupByLabel groups blocks by their label at level, labels in order of
// first appearance, without a slice per label: one stable counting sort.
func groupByLabel(bs []*config.Block, level int) [][]*config.Block {
	ids := make(map[string]int, len(bs))
	group := make([]int, len(bs))
	var counts []int
	for i, b := range bs {
		id, ok := ids[b.Labels[level]]
		if !ok {
			id = len(counts)
			ids[b.Labels[level]] = id
			counts = append(counts, 0)
		}
		group[i] = id
		counts[id]++
	}
	if len(counts) == len(bs) {
		// Every label differs (the usual case): each block is its group.
		out := make([][]*config.Block, len(bs))
		for i := range bs {
			out[i] = bs[i : i+1 : i+1]
		}
		return out
	}
	starts := make([]int, len(counts)+1)
	for id, c := range counts {
		starts[id+1] = starts[id] + c
	}
	sorted := make([]*config.Block, len(bs))
	next := append([]int(nil), starts[:len(counts)]...)
	for i, b := range bs {
		sorted[next[group[i]]] = b
		next[group[i]]++
	}
	out := make([][]*config.Block, len(counts))
	for id := range counts {
		out[id] = sorted[starts[id]:starts[id+1]:starts[id+1]]
	}
	return out
}

// labelled writes {"label": ...{"label": body}} for one block.
func (r *jsonRenderer) labelled(b *config.Block, level int) {
	if level == len(b.Labels) {
		r.body(b)
		return
	}
	r.open('{')
	r.blockKey(b, b.Labels[level])
	r.labelled(b, level+1)
	r.end()
}

// body writes a block body as an object: properties in order of first
// appearance, nested blocks of one type gathered under one property.
func (r *jsonRenderer) body(b *config.Block) {
	if len(r.em.blocks) == 0 {
		r.out = reserve(r.out, r.blocksDone, r.blocksTotal)
		r.blocksDone++
	}
	r.types = append(r.types, b.Type)
	r.em.blocks = append(r.em.blocks, b)
	defer func() {
		r.types = r.types[:len(r.types)-1]
		r.em.blocks = r.em.blocks[:len(r.em.blocks)-1]
	}()

	r.open('{')
	if b.Body != nil {
		var nested map[string][]*config.Block
		for _, it := range b.Body.Items {
			if nb, ok := it.(*config.Block); ok && nb != nil {
				if nested == nil {
					nested = map[string][]*config.Block{}
				}
				nested[nb.Type] = append(nested[nb.Type], nb)
			}
		}
		for _, it := range b.Body.Items {
			switch it := it.(type) {
			case *config.Attribute:
				if it == nil {
					r.em.fail("Missing body item", "A body item in the configuration model is nil.", "")
					continue
				}
				r.key(it.Name)
				r.attribute(it)
			case *config.Block:
				if it == nil {
					r.em.fail("Missing body item", "A body item in the configuration model is nil.", "")
					continue
				}
				if group := nested[it.Type]; group[0] == it {
					r.blockKey(it, it.Type)
					r.blocks(group, 0)
				}
			default:
				r.em.fail("Missing body item", "A body item in the configuration model is nil.", "")
			}
		}
	}
	r.end()
}

func (r *jsonRenderer) attribute(a *config.Attribute) {
	r.em.attr = a
	defer func() { r.em.attr = nil }()
	e := a.Expr
	if e == nil {
		r.em.fail("Missing expression", "The argument has no value.", "")
		e = config.Null()
	}
	rule := tfrules.For(r.types, a.Name)
	e = r.em.static(rule, a.Name, e)
	switch rule {
	case tfrules.Ref, tfrules.Keyword, tfrules.Type:
		r.hclString(e)
	case tfrules.RefList:
		r.staticList(e, a.Name)
	case tfrules.IgnoreChanges:
		if ref, ok := unwrap(e).(*config.Reference); ok && len(ref.Traversal) == 1 && ref.Traversal.RootName() == "all" {
			r.str("all")
			return
		}
		r.staticList(e, a.Name)
	case tfrules.Providers:
		o, ok := unwrap(e).(*config.Object)
		if !ok {
			r.em.fail("Invalid providers", "Terraform reads a module's providers as a map of provider references, which JSON syntax writes as an object.", tfrules.Hint(rule, a.Name))
			r.hclString(e)
			return
		}
		r.open('{')
		for _, it := range o.Items {
			r.item()
			r.hclString(it.Key)
			r.out = append(r.out, ':', ' ')
			r.hclString(it.Value)
		}
		r.end()
	case tfrules.RequiredProvider:
		o, ok := unwrap(e).(*config.Object)
		if !ok {
			r.value(e, a.Name, true)
			return
		}
		r.open('{')
		for _, it := range o.Items {
			k := r.objectKey(it.Key, a.Name, true)
			r.key(k)
			if k == "configuration_aliases" {
				r.staticList(it.Value, k)
			} else {
				r.value(it.Value, a.Name, true)
			}
		}
		r.end()
	default:
		r.value(e, a.Name, tfrules.LiteralValue(r.types, a.Name, e))
	}
}

// staticList writes a list of references as an array of bare strings.
func (r *jsonRenderer) staticList(e config.Expr, name string) {
	t, ok := unwrap(e).(*config.Tuple)
	if !ok {
		r.em.fail("Invalid "+name, fmt.Sprintf("Terraform reads %s as a static list of references, which JSON syntax writes as an array of strings.", name), tfrules.Hint(tfrules.RefList, name))
		r.hclString(e)
		return
	}
	r.open('[')
	for _, it := range t.Items {
		r.item()
		r.hclString(it)
	}
	r.end()
}

// appendHCL appends the one-line HCL text of an expression to dst.
func (r *jsonRenderer) appendHCL(dst []byte, e config.Expr) []byte {
	r.em.reset()
	r.em.expr(e, precCond)
	r.em.layout()
	return writeTokens(dst, r.em.toks)
}

// hclString writes the HCL text of an expression as a JSON string.
func (r *jsonRenderer) hclString(e config.Expr) {
	r.scratch = r.appendHCL(r.scratch[:0], e)
	r.out = appendJSONString(r.out, r.scratch)
}

// hclText returns the HCL text of an expression (for property names).
func (r *jsonRenderer) hclText(e config.Expr) string {
	r.scratch = r.appendHCL(r.scratch[:0], e)
	return string(r.scratch)
}

// value writes an expression as a JSON value. lit says Terraform reads the
// argument literally: strings are not templates and expressions are not
// allowed.
func (r *jsonRenderer) value(e config.Expr, name string, lit bool) {
	if e == nil {
		r.em.fail("Missing expression", "An expression in the configuration model is nil.", "")
		r.out = append(r.out, "null"...)
		return
	}
	switch e := unwrap(e).(type) {
	case *config.Literal:
		r.ctyValue(e.Val, lit)
		return
	case *config.Template:
		if s, ok := config.LiteralString(e); ok {
			r.str(templateEscape(s, lit))
			return
		}
		if !lit {
			r.scratch = r.appendTemplate(r.scratch[:0], e.Parts)
			r.out = appendJSONString(r.out, r.scratch)
			return
		}
	case *config.Tuple:
		r.open('[')
		for _, it := range e.Items {
			r.item()
			r.value(it, name, lit)
		}
		r.end()
		return
	case *config.Object:
		r.open('{')
		for _, it := range e.Items {
			r.key(r.objectKey(it.Key, name, lit))
			r.value(it.Value, name, lit)
		}
		r.end()
		return
	case *config.Paren:
		r.value(e.Inner, name, lit)
		return
	case *config.UnaryOp:
		if l, ok := unwrap(e.Operand).(*config.Literal); ok && e.Op == "-" && l.Val.Type() == cty.Number && l.Val.IsKnown() && !l.Val.IsNull() && !l.Val.IsMarked() {
			r.ctyValue(cty.NumberVal(new(big.Float).Neg(l.Val.AsBigFloat())), lit)
			return
		}
	}
	if lit {
		// Operators over constants: JSON has no syntax for them, but
		// their value is known here as it is to Terraform.
		if v, ok := config.ConstValue(e); ok {
			r.ctyValue(v, lit)
			return
		}
		r.literalOnlyFail(name)
	}
	r.scratch = append(r.scratch[:0], "${"...)
	r.scratch = r.appendHCL(r.scratch, e)
	r.scratch = append(r.scratch, '}')
	r.out = appendJSONString(r.out, r.scratch)
}

func (r *jsonRenderer) literalOnlyFail(name string) {
	r.em.fail("Expression in a literal argument", fmt.Sprintf("In JSON syntax Terraform reads %s literally, without evaluating expressions.", name), "use a literal value here")
}

// objectKey returns the JSON property name for an object key. Property
// names of expression objects are templates too.
func (r *jsonRenderer) objectKey(k config.Expr, name string, lit bool) string {
	if s, ok := config.LiteralString(k); ok {
		return templateEscape(s, lit)
	}
	switch k := unwrap(k).(type) {
	case *config.Literal:
		if k.Val.IsKnown() && !k.Val.IsNull() && !k.Val.IsMarked() && (k.Val.Type() == cty.Number || k.Val.Type() == cty.Bool) {
			return config.KeyString(k.Val)
		}
	case *config.Template:
		if !lit {
			return string(r.appendTemplate(nil, k.Parts))
		}
	}
	if lit {
		r.literalOnlyFail(name)
	}
	return "${" + r.hclText(k) + "}"
}

// appendTemplate appends template parts as the content of a JSON string
// that Terraform reads as a template.
func (r *jsonRenderer) appendTemplate(dst []byte, parts []config.Expr) []byte {
	start := len(dst)
	config.EachTemplateRun(parts, func(s, dollars string, more bool) {
		r.em.checkText(s)
		if len(dst) == start {
			dst, s = appendLeadingBOM(dst, s)
		}
		dst = appendJSONTemplateText(dst, s, more || dollars != "")
		dst = append(dst, config.DollarInterpolation(dollars)...)
	}, func(e config.Expr) {
		dst = append(dst, "${"...)
		dst = r.appendHCL(dst, e)
		dst = append(dst, '}')
	})
	return dst
}

// templateEscape escapes `${` and `%{` so that a template reads s back
// unchanged; lit leaves s as it is.
func templateEscape(s string, lit bool) string {
	if lit || (!strings.Contains(s, "{") && !strings.HasPrefix(s, bom)) {
		return s
	}
	dst, s := appendLeadingBOM(make([]byte, 0, len(s)+2), s)
	return string(appendJSONTemplateText(dst, s, false))
}

// bom is the byte order mark, U+FEFF.
const bom = "\ufeff"

// appendLeadingBOM writes a byte order mark that starts the text of a
// template as the interpolation ${"\ufeff"}: HCL's template parser, which
// Terraform runs on every JSON string it evaluates, drops one at the
// start of its input as it would at the start of a file.
func appendLeadingBOM(dst []byte, s string) ([]byte, string) {
	if !strings.HasPrefix(s, bom) {
		return dst, s
	}
	return append(dst, `${"\ufeff"}`...), s[len(bom):]
}

// appendJSONTemplateText appends text that Terraform reads as part of a
// template from a JSON string, escaping `${` and `%{`. HCL's template
// scanner reads everything after a lone carriage return (one not starting
// "\r\n") as literal text, escapes and interpolations included; such a
// carriage return with a template sequence after it (in s, or an
// interpolation when more is true) is written as the interpolation
// ${"\r"}, which takes in the run of `$` before it (config.SplitTrailingDollars).
func appendJSONTemplateText(dst []byte, s string, more bool) []byte {
	for {
		i := strings.IndexByte(s, '\r')
		if i < 0 {
			return config.AppendEscapedTemplate(dst, s)
		}
		rest := s[i+1:]
		if !strings.HasPrefix(rest, "\n") && (more || strings.Contains(rest, "${") || strings.Contains(rest, "%{")) {
			text, dollars := config.SplitTrailingDollars(s[:i])
			dst = config.AppendEscapedTemplate(dst, text)
			dst = append(dst, `${"`+dollars+`\r"}`...)
		} else {
			dst = config.AppendEscapedTemplate(dst, s[:i])
			dst = append(dst, '\r')
		}
		s = rest
	}
}

func (r *jsonRenderer) ctyValue(v cty.Value, lit bool) {
	switch {
	case v.IsMarked():
		r.em.fail("Marked value", "A literal value carries marks (such as sensitive); configuration text cannot hold them.", "unmark the value before building the configuration")
	case !v.IsKnown():
		r.em.fail("Unknown value", "A literal value is unknown; configuration text can only hold known values.", "use a reference or expression instead of an unknown value")
	case v.IsNull():
	default:
		t := v.Type()
		switch {
		case t == cty.String:
			r.str(templateEscape(v.AsString(), lit))
			return
		case t == cty.Number:
			bf := v.AsBigFloat()
			if bf.IsInf() {
				r.em.fail("Infinite number", "JSON has no syntax for infinity.", "")
				break
			}
			if bf.Signbit() {
				r.out = append(r.out, '-')
				bf = new(big.Float).Neg(bf)
			}
			r.out = appendNumber(r.out, bf)
			return
		case t == cty.Bool:
			if v.True() {
				r.out = append(r.out, "true"...)
			} else {
				r.out = append(r.out, "false"...)
			}
			return
		case t.IsListType() || t.IsSetType() || t.IsTupleType():
			r.open('[')
			for it := v.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				r.item()
				r.ctyValue(ev, lit)
			}
			r.end()
			return
		case t.IsMapType() || t.IsObjectType():
			r.open('{')
			for it := v.ElementIterator(); it.Next(); {
				k, ev := it.Element()
				r.key(templateEscape(k.AsString(), lit))
				r.ctyValue(ev, lit)
			}
			r.end()
			return
		default:
			r.em.fail("Unsupported value", fmt.Sprintf("A literal of type %s cannot be written as configuration.", t.FriendlyName()), "")
		}
	}
	r.out = append(r.out, "null"...)
}

// appendJSONString appends s as a JSON string. Only what JSON requires is
// escaped (no HTML escaping); invalid UTF-8 becomes U+FFFD.
func appendJSONString[T string | []byte](b []byte, s T) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"':
				b = append(b, '\\', '"')
			case c == '\\':
				b = append(b, '\\', '\\')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		rn, size := utf8.DecodeRune([]byte(s[i:min(i+utf8.UTFMax, len(s))]))
		if rn == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else if graphemePrepend(rn) {
			b = appendUnicodeEscape(b, rn)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// graphemePrepend reports the characters Unicode's grapheme cluster rules
// join to the character after them (property Prepend). HCL's JSON reader
// splits its input into grapheme clusters, so one of them written as is
// before a closing quote hides the quote; they are written escaped.
func graphemePrepend(r rune) bool {
	switch {
	case r >= 0x0600 && r <= 0x0605, r == 0x06DD, r == 0x070F, r == 0x0890, r == 0x0891,
		r == 0x08E2, r == 0x0D4E, r == 0x110BD, r == 0x110CD, r == 0x111C2, r == 0x111C3,
		r == 0x1193F, r == 0x11941, r == 0x11A3A, r >= 0x11A84 && r <= 0x11A89,
		r == 0x11D46, r == 0x11F02:
		return true
	}
	return false
}

// appendUnicodeEscape writes r as a JSON \u escape, as a surrogate pair
// beyond the Basic Multilingual Plane.
func appendUnicodeEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	one := func(b []byte, u rune) []byte {
		return append(b, '\\', 'u', hex[u>>12&0xf], hex[u>>8&0xf], hex[u>>4&0xf], hex[u&0xf])
	}
	if r > 0xFFFF {
		hi, lo := utf16.EncodeRune(r)
		return one(one(b, hi), lo)
	}
	return one(b, r)
}
