package project

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfkit/tfkit/diag"
)

// encoding/json drops positions, and every diagnostic about a project file
// should point at the key or value at fault, so the file is first read into
// this small tree of values that remember their byte ranges.

type valueKind int

const (
	kindObject valueKind = iota
	kindArray
	kindString
	kindNumber
	kindBool
	kindNull
)

func (k valueKind) String() string {
	return [...]string{"an object", "an array", "a string", "a number", "a boolean", "null"}[k]
}

type jsonValue struct {
	kind       valueKind
	start, end int // byte offsets of the value's text
	str        string
	members    []jsonMember // kindObject, in file order
	elems      []*jsonValue // kindArray
}

type jsonMember struct {
	key        string
	start, end int // byte offsets of the key's text, quotes included
	value      *jsonValue
}

// positions turns byte offsets of one file into hcl.Pos values.
type positions struct {
	filename string
	src      []byte
}

func (p positions) pos(off int) hcl.Pos {
	off = min(max(off, 0), len(p.src))
	line, lineStart := 1, 0
	for i, c := range p.src[:off] {
		if c == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return hcl.Pos{Line: line, Column: utf8.RuneCount(p.src[lineStart:off]) + 1, Byte: off}
}

func (p positions) rng(start, end int) *hcl.Range {
	return &hcl.Range{Filename: p.filename, Start: p.pos(start), End: p.pos(end)}
}

// parseJSON reads src as exactly one JSON value.
func parseJSON(p positions) (*jsonValue, diag.Diagnostics) {
	// encoding/json's scanner reports syntax errors at consistent offsets
	// (the rejected byte is the last one read), so it judges the syntax;
	// the tree is built only from text it accepted.
	var probe any
	if err := json.Unmarshal(p.src, &probe); err != nil {
		off := len(p.src)
		detail := "The file ends before the JSON value is complete."
		var syn *json.SyntaxError
		switch {
		case len(bytes.TrimSpace(p.src)) == 0:
			detail = "The file is empty."
		case errors.As(err, &syn) && syn.Offset > 0 && int(syn.Offset) <= len(p.src) && syn.Error() != "unexpected end of JSON input":
			off = int(syn.Offset) - 1
			detail = upperFirst(syn.Error()) + "."
		}
		return nil, diag.Diagnostics{{
			Severity:   diag.Error,
			Summary:    "Invalid JSON in " + p.filename,
			Detail:     detail,
			Subject:    p.rng(off, min(off+1, len(p.src))),
			Suggestion: syntaxHint(detail),
		}}
	}
	dec := json.NewDecoder(bytes.NewReader(p.src))
	dec.UseNumber()
	r := &treeReader{dec: dec, src: p.src}
	v, err := r.value()
	if err != nil {
		panic(fmt.Sprintf("project: decoder rejected JSON that Unmarshal accepted: %v", err))
	}
	return v, nil
}

// syntaxHint guesses the usual cause of a JSON syntax error.
func syntaxHint(detail string) string {
	switch {
	case strings.Contains(detail, "after object key:value pair"), strings.Contains(detail, "after array element"):
		return "is a comma missing before it?"
	case strings.Contains(detail, "'}' looking for beginning of object key"), strings.Contains(detail, "']' looking for beginning of value"):
		return "JSON allows no comma after the last entry"
	case strings.Contains(detail, "'/' looking for beginning"):
		return "JSON has no comments"
	case strings.Contains(detail, "'\\'' looking for beginning"):
		return "JSON strings use double quotes"
	}
	return ""
}

type treeReader struct {
	dec *json.Decoder
	src []byte
}

// skipSpace returns the offset of the next token at or after off, passing
// the separators that the decoder consumes along with tokens.
func (r *treeReader) skipSpace(off int) int {
	for off < len(r.src) {
		switch r.src[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

func (r *treeReader) token() (json.Token, int, int, error) {
	start := r.skipSpace(int(r.dec.InputOffset()))
	tok, err := r.dec.Token()
	return tok, start, int(r.dec.InputOffset()), err
}

func (r *treeReader) value() (*jsonValue, error) {
	tok, start, end, err := r.token()
	if err != nil {
		return nil, err
	}
	return r.valueFrom(tok, start, end)
}

func (r *treeReader) valueFrom(tok json.Token, start, end int) (*jsonValue, error) {
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := &jsonValue{kind: kindObject, start: start}
			for r.dec.More() {
				ktok, kstart, kend, err := r.token()
				if err != nil {
					return nil, err
				}
				key, ok := ktok.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string")
				}
				val, err := r.value()
				if err != nil {
					return nil, err
				}
				v.members = append(v.members, jsonMember{key: key, start: kstart, end: kend, value: val})
			}
			_, _, end, err := r.token() // '}'
			v.end = end
			return v, err
		case '[':
			v := &jsonValue{kind: kindArray, start: start}
			for r.dec.More() {
				e, err := r.value()
				if err != nil {
					return nil, err
				}
				v.elems = append(v.elems, e)
			}
			_, _, end, err := r.token() // ']'
			v.end = end
			return v, err
		}
		panic(fmt.Sprintf("project: unexpected delimiter %v", t))
	case string:
		return &jsonValue{kind: kindString, start: start, end: end, str: t}, nil
	case json.Number:
		return &jsonValue{kind: kindNumber, start: start, end: end, str: t.String()}, nil
	case bool:
		return &jsonValue{kind: kindBool, start: start, end: end}, nil
	case nil:
		return &jsonValue{kind: kindNull, start: start, end: end}, nil
	}
	panic(fmt.Sprintf("project: unexpected JSON token %T", tok))
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	if r >= 'a' && r <= 'z' {
		return string(r-'a'+'A') + s[n:]
	}
	return s
}
