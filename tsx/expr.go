// Attribute values: JavaScript values read from the engine become model
// expressions here. Strings are Terraform templates, as in Terraform's JSON
// syntax; refs and tf helpers standing in strings arrive as placeholders
// and are replaced by the HCL text of their expressions before the string
// is parsed, so that one parser decides what the string means.

package tsx

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/internal/render"
)

// value converts an attribute value into an expression; nil after an error.
func (c *converter) value(n *node, v Value, at hcl.Range, path string) config.Expr {
	c.tick()
	switch v.Kind() {
	case Null:
		return config.Null()
	case Bool:
		return config.Bool(v.Bool())
	case Number:
		return c.number(v.Number(), at, path)
	case String:
		if !c.validText(v, at, path) {
			return nil
		}
		return c.template(n, v.Str(), at, path)
	case Undefined:
		c.errorAt(at, path, "Invalid attribute value", "The value is undefined.",
			"leave the value out, or use null for Terraform's null")
		return nil
	case Function:
		c.errorAt(at, path, "Invalid attribute value", "A function is not a value.",
			"call it, or pass what it returns")
		return nil
	case Other:
		switch name := v.TypeName(); name {
		case "JSX element":
			c.errorAt(at, path, "Invalid attribute value", "A JSX element is not a value.",
				"elements go in the tree, not in attributes")
		case "symbol", "bigint":
			c.errorAt(at, path, "Invalid attribute value", fmt.Sprintf("A %s cannot be written in Terraform.", name), "")
		default:
			hint := "use a plain object, an array, a string, a number or a boolean"
			if name == "Date" {
				hint = "use date.toISOString()"
			}
			c.errorAt(at, path, "Invalid attribute value", fmt.Sprintf("A %s is not a plain value.", name), hint)
		}
		return nil
	case Array:
		if !c.enter(v, at, path) {
			return nil
		}
		defer c.leave(v)
		items := make([]config.Expr, 0, v.Len())
		for i, it := range elements(v) {
			p := indexPath(path, i)
			if isBlockMarker(it) {
				c.errorAt(at, p, "Block in a value",
					"tf.block(...) and tf.dynamic(...) are nested blocks, so they stand directly as attributes of an element or block, not inside a list or an object.", "")
				continue
			}
			if e := c.value(n, it, at, p); e != nil {
				items = append(items, e)
			}
		}
		return &config.Tuple{Items: items}
	}
	if k := markerKind(v); k != "" {
		return c.marker(n, k, v, at, path)
	}
	if !c.enter(v, at, path) {
		return nil
	}
	defer c.leave(v)
	keys := v.Keys()
	if !c.validKeys(v, keys, at, path) {
		return nil
	}
	ms := membersOf(v, keys)
	items := make([]config.ObjectItem, 0, len(ms))
	for _, m := range ms {
		p := path + "." + m.key
		if isBlockMarker(m.val) {
			c.errorAt(at, p, "Block in a value",
				"tf.block(...) and tf.dynamic(...) are nested blocks, so they stand directly as attributes of an element or block, not inside a list or an object.",
				"if this object should be a block, write it as tf.block({...}) itself")
			continue
		}
		var key config.Expr = config.String(m.key)
		if strings.Contains(m.key, phOpen) {
			// A computed key ({ [bucket.id]: ... }): JavaScript made
			// the ref or tf helper text, its placeholder.
			p = path + "." + cleanPlaceholders(m.key)
			if key = c.objectKey(n, m.key, at, p); key == nil {
				continue
			}
		}
		c.undefinedText(n, m.key, at, p, "key")
		if e := c.value(n, m.val, at, p); e != nil {
			items = append(items, config.ObjectItem{Key: key, Value: e})
		}
	}
	return &config.Object{Items: items}
}

// objectKey converts an object key holding placeholders, a key computed
// from refs or tf helpers ({ [bucket.id]: 1 }, { [`${env}-x`]: 1 }): a
// computed key, (aws_s3_bucket.b.id) = 1 or "${var.env}-x" = 1. Its text
// around the placeholders is literal, as a key without them is.
func (c *converter) objectKey(n *node, k string, at hcl.Range, path string) config.Expr {
	var b strings.Builder
	for {
		i := strings.Index(k, phOpen)
		j := strings.Index(k[max(i, 0):], phClose)
		if i < 0 || j < 0 {
			b.WriteString(config.EscapeTemplate(k))
			break
		}
		b.WriteString(config.EscapeTemplate(k[:i]))
		b.WriteString(k[i : i+j+len(phClose)])
		k = k[i+j+len(phClose):]
	}
	text, ok := c.substitute(n, b.String(), at, path, false)
	if !ok {
		return nil
	}
	e := c.parseTemplate(text, cleanPlaceholders(text), at, path)
	if tpl, ok := e.(*config.Template); ok && len(tpl.Parts) == 1 {
		if _, lit := config.LiteralString(tpl.Parts[0]); !lit {
			return tpl.Parts[0]
		}
	}
	return e
}

// number converts a JavaScript number: integers exactly, others through
// their shortest decimal form (0.1 stays 0.1).
func (c *converter) number(f float64, at hcl.Range, path string) config.Expr {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		c.errorAt(at, path, "Invalid attribute value", fmt.Sprintf("%s cannot be written in Terraform.", jsNumber(f)),
			"use a finite number")
		return nil
	case f == math.Trunc(f) && math.Abs(f) < 1<<53:
		return &config.Literal{Val: cty.NumberIntVal(int64(f))}
	}
	num, err := cty.ParseNumberVal(strconv.FormatFloat(f, 'g', -1, 64))
	if err != nil {
		panic(fmt.Sprintf("tsx: number %v: %v", f, err))
	}
	return &config.Literal{Val: num}
}

func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// marker converts a ref or tf helper.
func (c *converter) marker(n *node, kind string, v Value, at hcl.Range, path string) config.Expr {
	switch kind {
	case "ref":
		id, _ := intOf(v.Get("r"))
		return c.refExpr(n, id, elements(v.Get("p")), at, path)
	case "var", "local":
		name, _ := str(v.Get("n"))
		root := "var"
		if kind == "local" {
			root = "local"
		}
		t := hcl.Traversal{hcl.TraverseRoot{Name: root}, hcl.TraverseAttr{Name: name}}
		if !config.ValidIdentifier(name) {
			c.errorAt(at, path, fmt.Sprintf("Invalid tf.%s name", kind), fmt.Sprintf("%q is not a valid name.", name),
				"names start with a letter or underscore and contain letters, digits, underscores and dashes")
			return nil
		}
		// Read like a ref: "*" is a splat, and an expression standing
		// alone in a template literal indexes (var.m[var.k]).
		return c.refSteps(n, t, elements(v.Get("p")), false, at, path)
	case "raw":
		text, _ := str(v.Get("t"))
		if strings.Contains(text, phOpen) {
			// tf.raw(`${fleet.count} + 1`): refs and tf helpers in the
			// text are their expressions, as in innerText.
			var ok bool
			if text, ok = c.substitute(n, text, at, path, true); !ok {
				return nil
			}
		}
		e, ds := config.ParseExpression(text, "", hcl.InitialPos)
		if ds.HasErrors() {
			c.errorAt(at, path, "Invalid tf.raw expression",
				fmt.Sprintf("%q is not an HCL expression: %s", quotable(text), firstDetail(ds)), "write the expression as it would appear in a .tf file, such as tf.raw(\"count.index + 1\")")
			return nil
		}
		return e
	case "fn":
		name, _ := str(v.Get("n"))
		if !validFunctionName(name) {
			c.errorAt(at, path, "Invalid function name", fmt.Sprintf("%q is not a Terraform function name.", name), "")
			return nil
		}
		args := elements(v.Get("a"))
		call := &config.Call{Name: name, Args: make([]config.Expr, 0, len(args))}
		for i, a := range args {
			if e := c.value(n, a, at, fmt.Sprintf("%s(argument %d)", path, i+1)); e != nil {
				call.Args = append(call.Args, e)
			}
		}
		return call
	case "lit":
		s, _ := str(v.Get("v"))
		return config.String(s)
	case "unset":
		c.errorAt(at, path, "tf.unset() outside an override",
			"tf.unset() deletes what is at a path of an override prop; as a value it means nothing.",
			`leave the attribute out, or write override={{ "tags.Name": tf.unset() }}`)
		return nil
	case "block", "dynamic":
		c.errorAt(at, path, "Block in a value",
			"tf.block(...) and tf.dynamic(...) are nested blocks, so they stand directly as attributes of an element or block.", "")
		return nil
	}
	// Only an object of the program's own could carry another kind.
	c.errorAt(at, path, "Invalid attribute value",
		fmt.Sprintf("The object has the member %s = %q; tfkit reserves %s for its refs and tf helpers.", markKey, kind, markKey),
		"rename the member")
	return nil
}

// firstDetail is the message of the first diagnostic, for quoting.
func firstDetail(ds diag.Diagnostics) string {
	if len(ds) == 0 {
		return ""
	}
	if d := ds[0]; d.Detail != "" {
		return strings.TrimSuffix(d.Detail, ".")
	}
	return ds[0].Summary
}

// validFunctionName accepts Terraform function names, including
// provider-defined ones (provider::aws::arn_parse).
func validFunctionName(name string) bool {
	for _, part := range strings.Split(name, "::") {
		if !config.ValidIdentifier(part) {
			return false
		}
	}
	return name != ""
}

// appendStep adds a path step: numbers (and strings of digits) index, names
// are attributes, other strings are string keys.
func appendStep(t hcl.Traversal, s Value) hcl.Traversal {
	switch s.Kind() {
	case Number:
		if i, ok := intOf(s); ok {
			return append(t, hcl.TraverseIndex{Key: cty.NumberIntVal(int64(i))})
		}
	case String:
		name := s.Str()
		if isIndex(name) {
			n, _ := strconv.Atoi(name)
			return append(t, hcl.TraverseIndex{Key: cty.NumberIntVal(int64(n))})
		}
		if config.ValidIdentifier(name) {
			return append(t, hcl.TraverseAttr{Name: name})
		}
		return append(t, hcl.TraverseIndex{Key: cty.StringVal(name)})
	}
	return t
}

func isIndex(s string) bool {
	if s == "" || len(s) > 9 || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// template converts an attribute string: `${...}` is a Terraform
// interpolation (as in Terraform's JSON syntax), and placeholders of refs
// and tf helpers become interpolations of their expressions.
func (c *converter) template(n *node, s string, at hcl.Range, path string) config.Expr {
	if strings.Contains(s, "[object Object]") {
		c.errorAt(at, path, "Object turned into text",
			fmt.Sprintf("%q holds [object Object]: JavaScript turned an object into text, in a template literal or a string concatenation.", cleanPlaceholders(s)),
			"interpolate one of the object's fields, or pass the object itself as the value")
		return nil
	}
	c.undefinedText(n, s, at, path, "")
	if !strings.Contains(s, phOpen) {
		if !strings.Contains(s, "${") && !strings.Contains(s, "%{") {
			return config.String(s)
		}
		return c.parseTemplate(s, s, at, path)
	}
	text, ok := c.substitute(n, s, at, path, false)
	if !ok {
		return nil
	}
	return c.parseTemplate(text, s, at, path)
}

func (c *converter) parseTemplate(text, shown string, at hcl.Range, path string) config.Expr {
	e, ds := config.ParseTemplate(text, "", hcl.InitialPos)
	if ds.HasErrors() {
		what, hint := "${...} that is not a valid Terraform interpolation", "for a literal ${ write $${, or use tf.literal(...)"
		if strings.Contains(text, "%{") {
			what, hint = "%{...} that is not a valid Terraform directive", "for a literal %{ write %%{, or use tf.literal(...)"
			if strings.Contains(text, "${") {
				what, hint = "${...} or %{...} that is not valid Terraform", "for a literal ${ write $${ and for a literal %{ write %%{, or use tf.literal(...)"
			}
		}
		c.errorAt(at, path, "Invalid interpolation in a string",
			fmt.Sprintf("%q holds %s: %s", cleanPlaceholders(shown), what, firstDetail(ds)), hint)
		return nil
	}
	return e
}

// cleanPlaceholders shows a string with placeholders as ${...}.
func cleanPlaceholders(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, phOpen)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.Index(s[i:], phClose)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString("${...}")
		s = s[i+j+len(phClose):]
	}
}

// substitute replaces the placeholders in s by the HCL text of their
// expressions. In attribute strings (bare false) a placeholder in literal
// text becomes ${expr} and one inside an interpolation just expr; in
// innerText (bare true) every placeholder becomes expr.
func (c *converter) substitute(n *node, s string, at hcl.Range, path string, bare bool) (string, bool) {
	var b strings.Builder
	ok := true
	depth := 0       // brace depth inside ${...}
	inQuote := false // inside a quoted string within an interpolation
	var ctxs map[int]textContext
	if bare {
		ctxs = placeholderContexts(s)
	}
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], phOpen) {
			j := strings.Index(s[i+len(phOpen):], phClose)
			idx, err := strconv.Atoi(s[i+len(phOpen) : i+len(phOpen)+max(j, 0)])
			if j < 0 || err != nil || idx < 0 || idx >= len(c.ph) {
				b.WriteString(phOpen)
				i += len(phOpen)
				continue
			}
			ctx := ctxs[i]
			i += len(phOpen) + j + len(phClose)
			m := c.ph[idx]
			if ctx == ctxLabel && markerKind(m) != "lit" {
				what := "an expression"
				if markerKind(m) == "ref" {
					id, _ := intOf(m.Get("r"))
					what = c.refName(id)
				}
				c.errorAt(at, path, "Reference in a block label",
					fmt.Sprintf("The innerText of %s reads %s in a block label; Terraform block labels are fixed names, never references.", n.addr, what),
					"write the label itself; to make blocks from data, use a dynamic block with for_each")
				ok = false
				continue
			}
			interp := !bare && (depth == 0 || inQuote)
			if bare && (ctx == ctxQuoted || ctx == ctxHeredoc || ctx == ctxLabel) {
				// innerText: a ref in the literal text of a string or
				// heredoc is interpolated, as in an attribute string.
				interp = true
			}
			var text string
			good := true
			if bare && ctx == ctxHeredoc && markerKind(m) == "lit" {
				v, _ := str(m.Get("v"))
				text = config.EscapeTemplate(v)
			} else {
				text, good = c.placeholderText(n, m, at, path, bare && !interp, interp)
			}
			if !good {
				ok = false
				continue
			}
			if interp && markerKind(m) != "lit" {
				if cur := b.String(); strings.HasSuffix(cur, "$") {
					text, dollars := config.SplitTrailingDollars(cur)
					b.Reset()
					b.WriteString(text)
					b.WriteString(config.DollarInterpolation(dollars))
				}
				b.WriteString("${")
				b.WriteString(text)
				b.WriteString("}")
			} else {
				b.WriteString(text)
			}
			continue
		}
		ch := s[i]
		if !bare {
			switch {
			case depth == 0:
				if strings.HasPrefix(s[i:], "$${") || strings.HasPrefix(s[i:], "%%{") {
					b.WriteString(s[i : i+3])
					i += 3
					continue
				}
				if strings.HasPrefix(s[i:], "${") || strings.HasPrefix(s[i:], "%{") {
					depth = 1
					b.WriteString(s[i : i+2])
					i += 2
					continue
				}
			case inQuote:
				if ch == '\\' && i+1 < len(s) {
					b.WriteString(s[i : i+2])
					i += 2
					continue
				}
				if ch == '"' {
					inQuote = false
				}
			default:
				switch ch {
				case '"':
					inQuote = true
				case '{':
					depth++
				case '}':
					depth--
				}
			}
		}
		b.WriteByte(ch)
		i++
	}
	return b.String(), ok
}

// placeholderText is the HCL text of a placeholder's expression. In literal
// template text (interp) a tf.literal is escaped text, elsewhere a quoted
// string.
func (c *converter) placeholderText(n *node, m Value, at hcl.Range, path string, bare, interp bool) (string, bool) {
	kind := markerKind(m)
	if kind == "lit" {
		s, _ := str(m.Get("v"))
		if interp {
			return config.EscapeTemplateText(s), true
		}
		return config.QuoteString(s), true
	}
	e := c.marker(n, kind, m, at, path)
	if e == nil {
		return "", false
	}
	return strings.TrimSpace(string(render.Expr(e))), true
}

// indexPath names item i of the value at path: path[i].
func indexPath(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// quotable shortens text that a message quotes to its first and last 40
// bytes (on UTF-8 boundaries) when it is longer than 100.
func quotable(text string) string {
	if len(text) <= 100 {
		return text
	}
	head, tail := 40, len(text)-40
	for head > 0 && !utf8.RuneStart(text[head]) {
		head--
	}
	for tail < len(text) && !utf8.RuneStart(text[tail]) {
		tail++
	}
	return text[:head] + "..." + text[tail:]
}
