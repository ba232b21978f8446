package tsx

import (
	"context"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The rendered tree comes from the engine as JSON text. encoding/json would
// lose the order of object keys, which is the order attributes were written
// in, so the tree is read by this small parser into ordered values.

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

// jvalue is one JSON value. Numbers keep their text so no precision is lost
// on the way to cty.
type jvalue struct {
	kind jkind
	b    bool
	s    string // string value, or number text
	arr  []*jvalue
	obj  []jmember
}

type jmember struct {
	key string
	val *jvalue
}

// get returns the member named key of an object, or nil.
func (v *jvalue) get(key string) *jvalue {
	if v == nil || v.kind != jObject {
		return nil
	}
	for i := range v.obj {
		if v.obj[i].key == key {
			return v.obj[i].val
		}
	}
	return nil
}

func parseJSON(data string) (*jvalue, error) {
	p := &jparser{data: data}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.data) {
		return nil, p.errorf("data after the value")
	}
	return v, nil
}

type jparser struct {
	data string
	pos  int
}

func (p *jparser) errorf(format string, args ...any) error {
	return fmt.Errorf("rendered tree: offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *jparser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

const maxDepth = 10000

func (p *jparser) value(depth int) (*jvalue, error) {
	if depth > maxDepth {
		return nil, p.errorf("nested too deeply")
	}
	if p.pos >= len(p.data) {
		return nil, p.errorf("unexpected end")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		p.pos++
		v := &jvalue{kind: jObject}
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		for {
			p.space()
			if p.pos >= len(p.data) || p.data[p.pos] != '"' {
				return nil, p.errorf("expected a key")
			}
			k, err := p.string()
			if err != nil {
				return nil, err
			}
			p.space()
			if p.pos >= len(p.data) || p.data[p.pos] != ':' {
				return nil, p.errorf("expected ':'")
			}
			p.pos++
			p.space()
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.obj = append(v.obj, jmember{k, val})
			p.space()
			if p.pos < len(p.data) && p.data[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.pos < len(p.data) && p.data[p.pos] == '}' {
				p.pos++
				return v, nil
			}
			return nil, p.errorf("expected ',' or '}'")
		}
	case c == '[':
		p.pos++
		v := &jvalue{kind: jArray}
		p.space()
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			v.arr = []*jvalue{}
			return v, nil
		}
		for {
			p.space()
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.arr = append(v.arr, val)
			p.space()
			if p.pos < len(p.data) && p.data[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.pos < len(p.data) && p.data[p.pos] == ']' {
				p.pos++
				return v, nil
			}
			return nil, p.errorf("expected ',' or ']'")
		}
	case c == '"':
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &jvalue{kind: jString, s: s}, nil
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []struct {
			text string
			v    *jvalue
		}{{"true", &jvalue{kind: jBool, b: true}}, {"false", &jvalue{kind: jBool}}, {"null", &jvalue{kind: jNull}}} {
			if len(p.data)-p.pos >= len(lit.text) && p.data[p.pos:p.pos+len(lit.text)] == lit.text {
				p.pos += len(lit.text)
				return lit.v, nil
			}
		}
		return nil, p.errorf("invalid literal")
	case c == '-' || c >= '0' && c <= '9':
		start := p.pos
		if !p.number() {
			return nil, p.errorf("invalid number %q", p.data[start:p.pos])
		}
		text := p.data[start:p.pos]
		// JavaScript numbers are float64: JSON.stringify never writes
		// one beyond that range, so such text is not the engine's.
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return nil, p.errorf("number %s is out of range", text)
		}
		return &jvalue{kind: jNumber, s: text}, nil
	}
	return nil, p.errorf("unexpected character %q", p.data[p.pos])
}

// number reads a number by JSON's grammar:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *jparser) number() bool {
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.data[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(p.data) && p.data[p.pos] == '0':
		p.pos++
	case digits() == 0:
		return false
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return false
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// string reads a quoted string; p.pos is at the opening quote. Invalid
// UTF-8 becomes U+FFFD, as encoding/json does.
func (p *jparser) string() (string, error) {
	p.pos++
	start := p.pos
	// Fast path: no escapes.
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := p.data[start:p.pos]
			p.pos++
			return s, nil
		}
		if c == '\\' || c >= utf8.RuneSelf {
			break
		}
		if c < 0x20 {
			return "", p.errorf("control character in string")
		}
		p.pos++
	}
	buf := []byte(p.data[start:p.pos])
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(buf), nil
		case c < 0x20:
			return "", p.errorf("control character in string")
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(p.data[p.pos:])
			buf = utf8.AppendRune(buf, r)
			p.pos += size
			continue
		case c != '\\':
			buf = append(buf, c)
			p.pos++
			continue
		}
		if p.pos+1 >= len(p.data) {
			return "", p.errorf("unterminated string")
		}
		e := p.data[p.pos+1]
		p.pos += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.errorf("invalid \\u escape")
			}
			if utf16.IsSurrogate(r) {
				r2 := rune(utf8.RuneError)
				if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
					save := p.pos
					p.pos += 2
					if lo, ok := p.hex4(); ok {
						if d := utf16.DecodeRune(r, lo); d != utf8.RuneError {
							r2 = d
						} else {
							p.pos = save
						}
					} else {
						p.pos = save
					}
				}
				r = r2
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", p.errorf("invalid escape \\%c", e)
		}
	}
	return "", p.errorf("unterminated string")
}

func (p *jparser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(p.data[p.pos:p.pos+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(n), true
}

// jvalue implements Value, so that an engine can hand over the tree as JSON.

func (v *jvalue) Kind() Kind {
	switch v.kind {
	case jNull:
		return Null
	case jBool:
		return Bool
	case jNumber:
		return Number
	case jString:
		return String
	case jArray:
		return Array
	}
	return Object
}

func (v *jvalue) Bool() bool { return v.kind == jBool && v.b }

func (v *jvalue) Number() float64 {
	if v.kind != jNumber {
		return 0
	}
	f, _ := strconv.ParseFloat(v.s, 64)
	return f
}

func (v *jvalue) Str() string {
	if v.kind != jString {
		return ""
	}
	return v.s
}

func (v *jvalue) Len() int { return len(v.arr) }

func (v *jvalue) Index(i int) Value {
	if i < 0 || i >= len(v.arr) {
		return undefinedValue{}
	}
	return v.arr[i]
}

func (v *jvalue) Keys() []string {
	keys := make([]string, len(v.obj))
	for i, m := range v.obj {
		keys[i] = m.key
	}
	return keys
}

func (v *jvalue) Get(key string) Value {
	if m := v.get(key); m != nil {
		return m
	}
	return undefinedValue{}
}

func (v *jvalue) TypeName() string { return "" }

func (v *jvalue) StrAt(key string) (string, bool) { return str(v.Get(key)) }

func (v *jvalue) IntAt(key string) (int, bool) { return intOf(v.Get(key)) }

func (v *jvalue) Site() (string, int, int, bool) { return "", 0, 0, false }

// undefinedValue is a missing member of a JSON value.
type undefinedValue struct{}

func (undefinedValue) Kind() Kind                     { return Undefined }
func (undefinedValue) Bool() bool                     { return false }
func (undefinedValue) Number() float64                { return 0 }
func (undefinedValue) Str() string                    { return "" }
func (undefinedValue) Len() int                       { return 0 }
func (undefinedValue) Index(int) Value                { return undefinedValue{} }
func (undefinedValue) Keys() []string                 { return nil }
func (undefinedValue) Get(string) Value               { return undefinedValue{} }
func (undefinedValue) TypeName() string               { return "" }
func (undefinedValue) StrAt(string) (string, bool)    { return "", false }
func (undefinedValue) IntAt(string) (int, bool)       { return 0, false }
func (undefinedValue) Site() (string, int, int, bool) { return "", 0, 0, false }

// JSONEngine adapts an engine that prints the rendered tree as JSON text,
// such as node running the bundle with a line that prints
// JSON.stringify(globalThis.__tfkitOutput). Values are not checked as
// strictly on that path (JSON has no undefined or functions), and refs have
// no recorded sites.
func JSONEngine(run func(ctx context.Context, s Script) (string, error)) Engine {
	return jsonEngine(run)
}

type jsonEngine func(ctx context.Context, s Script) (string, error)

func (e jsonEngine) Run(ctx context.Context, s Script) (Value, error) {
	out, err := e(ctx, s)
	if err != nil {
		return nil, err
	}
	v, err := parseJSON(out)
	if err != nil {
		return nil, err
	}
	return v, nil
}
