package tffile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// jsonValue is a JSON value with object keys in their order and where it
// is in the file: Terraform gives order no meaning, but the model keeps
// it, and diagnostics name lines and columns.
type jsonValue struct {
	kind  byte // 's', 'n', 'b', '0' (null), 'a', 'o'
	str   string
	num   json.Number
	b     bool
	items []jsonValue
	keys  []jsonKey // for objects, parallel to items
	// offset is where the value starts in the file, perhaps before the
	// blanks, colon or comma that precede it; end is just past it.
	offset, end int64
}

// jsonKey is an object key and where it starts (perhaps before blanks or
// a comma).
type jsonKey struct {
	name   string
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
	v.offset, v.end = off, dec.InputOffset()
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
				off := dec.InputOffset()
				kt, err := dec.Token()
				if err != nil {
					return v, err
				}
				k, _ := kt.(string)
				item, err := readJSON(dec)
				if err != nil {
					return v, err
				}
				v.keys = append(v.keys, jsonKey{k, off})
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

// positions turns byte offsets of one file into lines and columns.
type positions struct {
	name  string
	src   []byte
	lines []int // byte offset of the start of each line
}

func newPositions(name string, src []byte) *positions {
	p := &positions{name: name, src: src, lines: []int{0}}
	for i, b := range src {
		if b == '\n' {
			p.lines = append(p.lines, i+1)
		}
	}
	return p
}

// skip moves an offset past the blanks, colon or comma before a value.
func (p *positions) skip(offset int64) int {
	o := min(max(int(offset), 0), len(p.src))
	for o < len(p.src) && strings.IndexByte(" \t\r\n:,", p.src[o]) >= 0 {
		o++
	}
	return o
}

// pos is the position of byte offset o (columns count characters).
func (p *positions) pos(o int) hcl.Pos {
	o = min(max(o, 0), len(p.src))
	line := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > o }) - 1
	return hcl.Pos{Line: line + 1, Column: utf8.RuneCount(p.src[p.lines[line]:o]) + 1, Byte: o}
}

// at is the one-character range of what starts at offset, past the blanks,
// colon or comma before it.
func (p *positions) at(offset int64) hcl.Range {
	start := p.pos(p.skip(offset))
	end := start
	end.Column++
	end.Byte++
	return hcl.Range{Filename: p.name, Start: start, End: end}
}

// span is the range from what starts at offset to end.
func (p *positions) span(offset, end int64) hcl.Range {
	r := p.at(offset)
	if e := p.pos(int(end)); e.Byte > r.Start.Byte {
		r.End = e
	}
	return r
}
