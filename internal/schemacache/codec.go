package schemacache

import (
	"encoding/binary"
	"errors"
	"hash/crc32"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/schema"
)

// The compact form: magic, format version, the stamp of the writer, the
// CRC-32C of the rest, then the rest: the distinct cty types (as cty's
// JSON, each decoded once; index 0 is cty.NilType) and the providers.
// Counts and numbers are unsigned varints; a string is its length and
// bytes; a slice is its length plus one, 0 for a nil slice, so that the
// model read back is the one written, nil slices and all; a pointer is a
// byte, 0 for nil.
const (
	magic = "tfkit-schemas\n"
	// format changes whenever the layout below does.
	format = 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var errCorrupt = errors.New("schemacache: not a usable cached schema")

type encoder struct {
	buf   []byte
	types map[string]uint64
	list  [][]byte
	// failed is set by a type with no JSON form: the copy is not stored.
	failed bool
}

// encode returns the compact form of ps, or nil when it cannot hold them.
func encode(ps []*schema.Provider, stamp string) []byte {
	e := &encoder{types: map[string]uint64{}}
	e.slice(len(ps), ps == nil)
	for _, p := range ps {
		e.provider(p)
	}
	body := e.buf
	e.buf = nil
	e.uint(uint64(len(e.list)))
	for _, t := range e.list {
		e.bytes(t)
	}
	if e.failed {
		return nil
	}
	rest := append(e.buf, body...)

	out := append([]byte(magic), format)
	out = binary.AppendUvarint(out, uint64(len(stamp)))
	out = append(out, stamp...)
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(rest, castagnoli))
	return append(out, rest...)
}

func (e *encoder) uint(v uint64)   { e.buf = binary.AppendUvarint(e.buf, v) }
func (e *encoder) int(v int64)     { e.buf = binary.AppendVarint(e.buf, v) }
func (e *encoder) str(s string)    { e.uint(uint64(len(s))); e.buf = append(e.buf, s...) }
func (e *encoder) bytes(b []byte)  { e.uint(uint64(len(b))); e.buf = append(e.buf, b...) }
func (e *encoder) flag(b bool)     { e.buf = append(e.buf, boolByte(b)) }
func (e *encoder) present(ok bool) { e.flag(ok) }

func (e *encoder) slice(n int, isNil bool) {
	if isNil {
		e.uint(0)
		return
	}
	e.uint(uint64(n) + 1)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func (e *encoder) typ(t cty.Type) {
	if t == cty.NilType {
		e.uint(0)
		return
	}
	j, err := t.MarshalJSON()
	if err != nil {
		e.failed = true
		return
	}
	i, ok := e.types[string(j)]
	if !ok {
		e.list = append(e.list, j)
		i = uint64(len(e.list))
		e.types[string(j)] = i
	}
	e.uint(i)
}

func (e *encoder) provider(p *schema.Provider) {
	e.str(p.Source)
	e.block(p.Config)
	e.resources(p.Resources)
	e.resources(p.DataSources)
	e.resources(p.EphemeralResources)
	e.slice(len(p.Functions), p.Functions == nil)
	for _, f := range p.Functions {
		e.present(f != nil)
		if f == nil {
			continue
		}
		e.str(f.Name)
		e.str(f.Description)
		e.str(f.Summary)
		e.str(f.Deprecation)
		e.typ(f.ReturnType)
		e.slice(len(f.Parameters), f.Parameters == nil)
		for _, pa := range f.Parameters {
			e.parameter(pa)
		}
		e.parameter(f.Variadic)
	}
}

func (e *encoder) parameter(p *schema.Parameter) {
	e.present(p != nil)
	if p == nil {
		return
	}
	e.str(p.Name)
	e.str(p.Description)
	e.typ(p.Type)
	e.flag(p.AllowNull)
}

func (e *encoder) resources(rs []*schema.Resource) {
	e.slice(len(rs), rs == nil)
	for _, r := range rs {
		e.present(r != nil)
		if r == nil {
			continue
		}
		e.str(r.Type)
		e.int(r.Version)
		e.block(r.Block)
	}
}

func (e *encoder) block(b *schema.Block) {
	e.present(b != nil)
	if b == nil {
		return
	}
	e.attributes(b.Attributes)
	e.slice(len(b.Blocks), b.Blocks == nil)
	for _, nb := range b.Blocks {
		e.present(nb != nil)
		if nb == nil {
			continue
		}
		e.str(nb.Name)
		e.int(int64(nb.Nesting))
		e.int(int64(nb.MinItems))
		e.int(int64(nb.MaxItems))
		e.block(nb.Block)
	}
	e.str(b.Description)
	e.str(b.DescriptionKind)
	e.flag(b.Deprecated)
}

func (e *encoder) attributes(as []*schema.Attribute) {
	e.slice(len(as), as == nil)
	for _, a := range as {
		e.present(a != nil)
		if a == nil {
			continue
		}
		e.str(a.Name)
		e.typ(a.Type)
		e.present(a.NestedType != nil)
		if o := a.NestedType; o != nil {
			e.int(int64(o.Nesting))
			e.attributes(o.Attributes)
			e.int(int64(o.MinItems))
			e.int(int64(o.MaxItems))
		}
		var flags byte
		for i, f := range []bool{a.Required, a.Optional, a.Computed, a.Sensitive, a.Deprecated, a.WriteOnly} {
			if f {
				flags |= 1 << i
			}
		}
		e.buf = append(e.buf, flags)
		e.str(a.Description)
		e.str(a.DescriptionKind)
	}
}

// decoder reads the compact form; the first problem makes every later
// read return zero values, and decode reports it.
type decoder struct {
	b     []byte
	s     string // b as a string, so that strings are slices of one copy
	off   int
	bad   bool
	types []cty.Type
}

func decode(data []byte, stamp string) ([]*schema.Provider, error) {
	d := &decoder{b: data}
	if len(data) < len(magic)+1 || string(data[:len(magic)]) != magic || data[len(magic)] != format {
		return nil, errCorrupt
	}
	d.off = len(magic) + 1
	if got := d.rawString(); d.bad || got != stamp {
		return nil, errCorrupt
	}
	if d.off+4 > len(data) {
		return nil, errCorrupt
	}
	sum := binary.LittleEndian.Uint32(data[d.off:])
	d.off += 4
	if crc32.Checksum(data[d.off:], castagnoli) != sum {
		return nil, errCorrupt
	}
	d.s = string(data)
	n := d.count()
	d.types = make([]cty.Type, 1, n+1) // 0: cty.NilType
	for range n {
		raw := d.byteString()
		if d.bad {
			return nil, errCorrupt
		}
		var t cty.Type
		if err := t.UnmarshalJSON(raw); err != nil {
			return nil, errCorrupt
		}
		d.types = append(d.types, t)
	}
	var ps []*schema.Provider
	if n, ok := d.sliceLen(); ok {
		ps = make([]*schema.Provider, 0, n)
		for range n {
			ps = append(ps, d.provider())
		}
	}
	if d.bad || d.off != len(data) {
		return nil, errCorrupt
	}
	return ps, nil
}

func (d *decoder) uint() uint64 {
	if d.bad {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.bad = true
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) int() int64 {
	if d.bad {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.bad = true
		return 0
	}
	d.off += n
	return v
}

// count reads a number of items that each take at least one byte.
func (d *decoder) count() int {
	v := d.uint()
	if v > uint64(len(d.b)-d.off) {
		d.bad = true
		return 0
	}
	return int(v)
}

// sliceLen reads a slice length; ok is false for a nil slice.
func (d *decoder) sliceLen() (int, bool) {
	v := d.uint()
	if v == 0 || d.bad {
		return 0, false
	}
	if v-1 > uint64(len(d.b)-d.off) {
		d.bad = true
		return 0, false
	}
	return int(v - 1), true
}

func (d *decoder) span() (int, int) {
	n := d.count()
	if d.bad {
		return 0, 0
	}
	from := d.off
	d.off += n
	return from, d.off
}

// rawString reads a string before d.s is set (the header).
func (d *decoder) rawString() string {
	from, to := d.span()
	return string(d.b[from:to])
}

func (d *decoder) byteString() []byte {
	from, to := d.span()
	return d.b[from:to]
}

func (d *decoder) str() string {
	from, to := d.span()
	if from == to {
		return ""
	}
	return d.s[from:to]
}

func (d *decoder) flag() bool {
	if d.bad || d.off >= len(d.b) {
		d.bad = true
		return false
	}
	c := d.b[d.off]
	d.off++
	if c > 1 {
		d.bad = true
	}
	return c == 1
}

func (d *decoder) small() int {
	v := d.int()
	if int64(int(v)) != v {
		d.bad = true
	}
	return int(v)
}

func (d *decoder) typ() cty.Type {
	i := d.uint()
	if i >= uint64(len(d.types)) {
		d.bad = true
		return cty.NilType
	}
	return d.types[i]
}

func (d *decoder) provider() *schema.Provider {
	p := &schema.Provider{Source: d.str()}
	p.Config = d.block()
	p.Resources = d.resources()
	p.DataSources = d.resources()
	p.EphemeralResources = d.resources()
	if n, ok := d.sliceLen(); ok {
		p.Functions = make([]*schema.Function, 0, n)
		for range n {
			if !d.flag() {
				p.Functions = append(p.Functions, nil)
				continue
			}
			f := &schema.Function{Name: d.str(), Description: d.str(), Summary: d.str(), Deprecation: d.str()}
			f.ReturnType = d.typ()
			if n, ok := d.sliceLen(); ok {
				f.Parameters = make([]*schema.Parameter, 0, n)
				for range n {
					f.Parameters = append(f.Parameters, d.parameter())
				}
			}
			f.Variadic = d.parameter()
			p.Functions = append(p.Functions, f)
		}
	}
	return p
}

func (d *decoder) parameter() *schema.Parameter {
	if !d.flag() {
		return nil
	}
	p := &schema.Parameter{Name: d.str(), Description: d.str()}
	p.Type = d.typ()
	p.AllowNull = d.flag()
	return p
}

func (d *decoder) resources() []*schema.Resource {
	n, ok := d.sliceLen()
	if !ok {
		return nil
	}
	out := make([]*schema.Resource, 0, n)
	for range n {
		if !d.flag() {
			out = append(out, nil)
			continue
		}
		r := &schema.Resource{Type: d.str()}
		r.Version = d.int()
		r.Block = d.block()
		out = append(out, r)
	}
	return out
}

func (d *decoder) block() *schema.Block {
	if !d.flag() {
		return nil
	}
	b := &schema.Block{Attributes: d.attributes()}
	if n, ok := d.sliceLen(); ok {
		b.Blocks = make([]*schema.NestedBlock, 0, n)
		for range n {
			if !d.flag() {
				b.Blocks = append(b.Blocks, nil)
				continue
			}
			nb := &schema.NestedBlock{Name: d.str()}
			nb.Nesting = schema.Nesting(d.small())
			nb.MinItems = d.small()
			nb.MaxItems = d.small()
			nb.Block = d.block()
			b.Blocks = append(b.Blocks, nb)
		}
	}
	b.Description = d.str()
	b.DescriptionKind = d.str()
	b.Deprecated = d.flag()
	return b
}

func (d *decoder) attributes() []*schema.Attribute {
	n, ok := d.sliceLen()
	if !ok {
		return nil
	}
	out := make([]*schema.Attribute, 0, n)
	for range n {
		if !d.flag() {
			out = append(out, nil)
			continue
		}
		a := &schema.Attribute{Name: d.str()}
		a.Type = d.typ()
		if d.flag() {
			o := &schema.Object{}
			o.Nesting = schema.Nesting(d.small())
			o.Attributes = d.attributes()
			o.MinItems = d.small()
			o.MaxItems = d.small()
			a.NestedType = o
		}
		var flags byte
		if d.off < len(d.b) && !d.bad {
			flags = d.b[d.off]
			d.off++
		} else {
			d.bad = true
		}
		if flags >= 1<<6 {
			d.bad = true
		}
		a.Required, a.Optional, a.Computed = flags&1 != 0, flags&2 != 0, flags&4 != 0
		a.Sensitive, a.Deprecated, a.WriteOnly = flags&8 != 0, flags&16 != 0, flags&32 != 0
		a.Description = d.str()
		a.DescriptionKind = d.str()
		out = append(out, a)
	}
	return out
}
