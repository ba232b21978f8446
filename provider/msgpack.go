package provider

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
)

// The engine sends and takes values as MessagePack in the layout of
// go-cty's msgpack package. tftypes decodes them into trees of
// tftypes.Value, recording an attribute path for every element; on a set
// of 10,000 blocks that costs more than everything else a plan does. So
// element values are read from and written to MessagePack directly, as
// "wire values": the Go values of Type with custom types kept as their
// base value (a NormalizedJSON is its text). User values come from wire
// values through toUser, and go back through the encoder, which takes
// user values.

// msgpackUnknown is the extension type go-cty writes for an unknown value
// (a refined unknown uses another extension type; every extension is
// read as unknown).
const msgpackUnknown = 0

var errShort = errors.New("truncated MessagePack value")

type mpReader struct {
	b []byte
	i int
}

func (r *mpReader) byte1() (byte, error) {
	if r.i >= len(r.b) {
		return 0, errShort
	}
	c := r.b[r.i]
	r.i++
	return c, nil
}

func (r *mpReader) take(n int) ([]byte, error) {
	if n < 0 || r.i+n > len(r.b) {
		return nil, errShort
	}
	s := r.b[r.i : r.i+n]
	r.i += n
	return s, nil
}

func (r *mpReader) uint(n int) (uint64, error) {
	s, err := r.take(n)
	if err != nil {
		return 0, err
	}
	switch n {
	case 1:
		return uint64(s[0]), nil
	case 2:
		return uint64(binary.BigEndian.Uint16(s)), nil
	case 4:
		return uint64(binary.BigEndian.Uint32(s)), nil
	}
	return binary.BigEndian.Uint64(s), nil
}

// header kinds
const (
	mpNil = iota
	mpBool
	mpInt
	mpUint
	mpFloat
	mpStr
	mpArray
	mpMap
	mpExt
)

// head reads the next value's header: its kind and, for the scalar kinds,
// the value; for str, array and map the length.
type mpHead struct {
	kind int
	b    bool
	i    int64
	u    uint64
	f    float64
	n    int
}

func (r *mpReader) head() (mpHead, error) {
	c, err := r.byte1()
	if err != nil {
		return mpHead{}, err
	}
	switch {
	case c <= 0x7f:
		return mpHead{kind: mpInt, i: int64(c)}, nil
	case c >= 0xe0:
		return mpHead{kind: mpInt, i: int64(int8(c))}, nil
	case c >= 0xa0 && c <= 0xbf:
		return mpHead{kind: mpStr, n: int(c & 0x1f)}, nil
	case c >= 0x90 && c <= 0x9f:
		return mpHead{kind: mpArray, n: int(c & 0x0f)}, nil
	case c >= 0x80 && c <= 0x8f:
		return mpHead{kind: mpMap, n: int(c & 0x0f)}, nil
	}
	lenOf := func(n int, kind int) (mpHead, error) {
		u, err := r.uint(n)
		// Every element takes at least one byte: a longer count is a lie
		// that must not allocate.
		if err == nil && u > uint64(len(r.b)-r.i) {
			err = errShort
		}
		return mpHead{kind: kind, n: int(u)}, err
	}
	switch c {
	case 0xc0:
		return mpHead{kind: mpNil}, nil
	case 0xc2, 0xc3:
		return mpHead{kind: mpBool, b: c == 0xc3}, nil
	case 0xcc, 0xcd, 0xce, 0xcf:
		u, err := r.uint(1 << (c - 0xcc))
		return mpHead{kind: mpUint, u: u}, err
	case 0xd0:
		u, err := r.uint(1)
		return mpHead{kind: mpInt, i: int64(int8(u))}, err
	case 0xd1:
		u, err := r.uint(2)
		return mpHead{kind: mpInt, i: int64(int16(u))}, err
	case 0xd2:
		u, err := r.uint(4)
		return mpHead{kind: mpInt, i: int64(int32(u))}, err
	case 0xd3:
		u, err := r.uint(8)
		return mpHead{kind: mpInt, i: int64(u)}, err
	case 0xca:
		u, err := r.uint(4)
		return mpHead{kind: mpFloat, f: float64(math.Float32frombits(uint32(u)))}, err
	case 0xcb:
		u, err := r.uint(8)
		return mpHead{kind: mpFloat, f: math.Float64frombits(u)}, err
	case 0xd9, 0xc4:
		return lenOf(1, mpStr)
	case 0xda, 0xc5:
		return lenOf(2, mpStr)
	case 0xdb, 0xc6:
		return lenOf(4, mpStr)
	case 0xdc:
		return lenOf(2, mpArray)
	case 0xdd:
		return lenOf(4, mpArray)
	case 0xde:
		return lenOf(2, mpMap)
	case 0xdf:
		return lenOf(4, mpMap)
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8:
		_, err := r.take(1 + 1<<(c-0xd4))
		return mpHead{kind: mpExt}, err
	case 0xc7, 0xc8, 0xc9:
		n, err := r.uint(1 << (c - 0xc7))
		if err == nil {
			_, err = r.take(int(n) + 1)
		}
		return mpHead{kind: mpExt}, err
	}
	return mpHead{}, fmt.Errorf("unsupported MessagePack byte 0x%02x", c)
}

func (r *mpReader) str(n int) (string, error) {
	s, err := r.take(n)
	return string(s), err
}

// decodeWire reads one value of type t as a wire value.
func decodeWire(r *mpReader, t Type, p *path) (any, error) {
	h, err := r.head()
	if err != nil {
		return nil, err
	}
	switch h.kind {
	case mpNil:
		return nil, nil
	case mpExt:
		return Unknown, nil
	}
	if ct, ok := t.(customType); ok {
		t = ct.c.Base()
	}
	switch t := t.(type) {
	case primitive:
		return decodePrimitive(r, t, h, p)
	case collection:
		if t.kind == "map" {
			if h.kind != mpMap {
				return nil, p.errorf("expected a map")
			}
			out := make(map[string]any, h.n)
			for range h.n {
				kh, err := r.head()
				if err != nil {
					return nil, err
				}
				if kh.kind != mpStr {
					return nil, p.errorf("expected a string map key")
				}
				k, err := r.str(kh.n)
				if err != nil {
					return nil, err
				}
				if out[k], err = decodeWire(r, t.elem, p); err != nil {
					return nil, under(err, path{mapKey: k, kind: stepKey})
				}
			}
			return out, nil
		}
		if h.kind != mpArray {
			return nil, p.errorf("expected a %s", t.kind)
		}
		out := make([]any, h.n)
		step := stepIndex
		if t.kind == "set" {
			step = stepSetElem
		}
		for i := range out {
			if out[i], err = decodeWire(r, t.elem, p); err != nil {
				return nil, under(err, path{pos: i, kind: step})
			}
		}
		return out, nil
	case objectType:
		if h.kind != mpMap {
			return nil, p.errorf("expected an object")
		}
		out := make(map[string]any, len(t.attrs))
		for range h.n {
			kh, err := r.head()
			if err != nil {
				return nil, err
			}
			if kh.kind != mpStr {
				return nil, p.errorf("expected an attribute name")
			}
			k, err := r.str(kh.n)
			if err != nil {
				return nil, err
			}
			at, ok := t.attrs[k]
			if !ok {
				return nil, p.attr(k).errorf("the schema has no attribute %q", k)
			}
			if out[k], err = decodeWire(r, at, p); err != nil {
				return nil, under(err, path{name: k, kind: stepAttr})
			}
		}
		for n := range t.attrs {
			if _, ok := out[n]; !ok {
				out[n] = nil
			}
		}
		return out, nil
	}
	return nil, p.errorf("unsupported type %s", t)
}

// under puts step between the root of a decoding error's path and the
// rest, as the error leaves a nested value: decodeWire passes its caller's
// path down unchanged, so that decoding allocates no path for values that
// decode fine.
func under(err error, step path) error {
	pe, ok := err.(*pathError)
	if !ok {
		return err
	}
	var below *path
	root := pe.path
	for root != nil && root.kind != stepRoot {
		below, root = root, root.parent
	}
	step.parent = root
	if below == nil {
		pe.path = &step
	} else {
		below.parent = &step
	}
	return pe
}

func decodePrimitive(r *mpReader, t primitive, h mpHead, p *path) (any, error) {
	switch t.kind {
	case kindString:
		if h.kind != mpStr {
			return nil, p.errorf("expected a string")
		}
		return r.str(h.n)
	case kindBool:
		if h.kind != mpBool {
			return nil, p.errorf("expected a bool")
		}
		return h.b, nil
	}
	var f *big.Float
	switch h.kind {
	case mpInt:
		if t.kind == kindInt64 {
			return h.i, nil
		}
		if t.kind == kindFloat64 {
			return float64(h.i), nil
		}
		f = new(big.Float).SetInt64(h.i)
	case mpUint:
		if t.kind == kindInt64 && h.u <= math.MaxInt64 {
			return int64(h.u), nil
		}
		if t.kind == kindFloat64 {
			return float64(h.u), nil
		}
		f = new(big.Float).SetUint64(h.u)
	case mpFloat:
		if math.IsNaN(h.f) {
			// No Terraform number is NaN (and big.Float has none).
			return nil, p.errorf("a number is NaN")
		}
		if t.kind == kindFloat64 {
			return h.f, nil
		}
		f = big.NewFloat(h.f)
	case mpStr:
		s, err := r.str(h.n)
		if err != nil {
			return nil, err
		}
		if f, _, err = big.ParseFloat(s, 10, 512, big.ToNearestEven); err != nil {
			return nil, p.valueErrorf("invalid number", "invalid number %s", quoteShort(s))
		}
	default:
		return nil, p.errorf("expected a number")
	}
	switch t.kind {
	case kindInt64:
		i, acc := f.Int64()
		if acc != big.Exact {
			return nil, p.valueErrorf("not a whole number in the int64 range", "%s is not a whole number in the int64 range", numberText(f))
		}
		return i, nil
	case kindFloat64:
		x, _ := f.Float64()
		return x, nil
	}
	return f, nil
}

// decodeObject reads a whole object (configuration, plan or state) as
// wire values; nil for null.
func decodeObject(data []byte, t objectType) (map[string]any, error) {
	r := &mpReader{b: data}
	v, err := decodeWire(r, t, &path{})
	if err != nil {
		return nil, err
	}
	if r.i != len(data) {
		return nil, errors.New("extra bytes after the MessagePack value")
	}
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("the value is unknown")
	}
	return m, nil
}

// toUser turns a wire value into the value user code sees: custom types
// decoded. Values without custom types inside are returned as they are.
func toUser(v any, t Type, p *path) (any, error) {
	if v == nil || v == Unknown || !hasCustom(t) {
		return v, nil
	}
	switch t := t.(type) {
	case customType:
		if err := t.c.Validate(v); err != nil {
			return nil, p.invalidCustom(t.c.Name(), err)
		}
		u, err := t.c.Decode(v)
		if err != nil {
			return nil, p.invalidCustom(t.c.Name(), err)
		}
		return u, nil
	case collection:
		if t.kind == "map" {
			m := v.(map[string]any)
			out := make(map[string]any, len(m))
			for k, e := range m {
				u, err := toUser(e, t.elem, p.key(k))
				if err != nil {
					return nil, err
				}
				out[k] = u
			}
			return out, nil
		}
		l := v.([]any)
		out := make([]any, len(l))
		for i, e := range l {
			ep := p.index(i)
			if t.kind == "set" {
				ep = p // a set element has no position the engine can show
			}
			u, err := toUser(e, t.elem, ep)
			if err != nil {
				return nil, err
			}
			out[i] = u
		}
		return out, nil
	case objectType:
		m := v.(map[string]any)
		out := make(map[string]any, len(m))
		for k, e := range m {
			u, err := toUser(e, t.attrs[k], p.attr(k))
			if err != nil {
				return nil, err
			}
			out[k] = u
		}
		return out, nil
	}
	return v, nil
}

// mpWriter writes MessagePack. reshaped records that encode met a value
// not in the form decoding gives (a []string, map[string]string or Values,
// a number of another Go type, a set's repeated element): the encoding,
// decoded, is then the only form to compare.
type mpWriter struct {
	b        []byte
	reshaped bool
}

func (w *mpWriter) nil()     { w.b = append(w.b, 0xc0) }
func (w *mpWriter) unknown() { w.b = append(w.b, 0xd4, msgpackUnknown, 0) }
func (w *mpWriter) bool(v bool) {
	if v {
		w.b = append(w.b, 0xc3)
	} else {
		w.b = append(w.b, 0xc2)
	}
}

func (w *mpWriter) int(v int64) {
	switch {
	case v >= 0 && v <= 0x7f:
		w.b = append(w.b, byte(v))
	case v < 0 && v >= -32:
		w.b = append(w.b, byte(int8(v)))
	case v >= math.MinInt32 && v <= math.MaxInt32:
		w.b = append(w.b, 0xd2)
		w.b = binary.BigEndian.AppendUint32(w.b, uint32(int32(v)))
	default:
		w.b = append(w.b, 0xd3)
		w.b = binary.BigEndian.AppendUint64(w.b, uint64(v))
	}
}

func (w *mpWriter) float(v float64) {
	w.b = append(w.b, 0xcb)
	w.b = binary.BigEndian.AppendUint64(w.b, math.Float64bits(v))
}

func (w *mpWriter) str(s string) {
	n := len(s)
	switch {
	case n <= 31:
		w.b = append(w.b, 0xa0|byte(n))
	case n <= 0xff:
		w.b = append(w.b, 0xd9, byte(n))
	case n <= 0xffff:
		w.b = append(w.b, 0xda)
		w.b = binary.BigEndian.AppendUint16(w.b, uint16(n))
	default:
		w.b = append(w.b, 0xdb)
		w.b = binary.BigEndian.AppendUint32(w.b, uint32(n))
	}
	w.b = append(w.b, s...)
}

func (w *mpWriter) header(n int, fix, b16, b32 byte) {
	switch {
	case n <= 15:
		w.b = append(w.b, fix|byte(n))
	case n <= 0xffff:
		w.b = append(w.b, b16)
		w.b = binary.BigEndian.AppendUint16(w.b, uint16(n))
	default:
		w.b = append(w.b, b32)
		w.b = binary.BigEndian.AppendUint32(w.b, uint32(n))
	}
}

func (w *mpWriter) array(n int) { w.header(n, 0x90, 0xdc, 0xdd) }
func (w *mpWriter) mapn(n int)  { w.header(n, 0x80, 0xde, 0xdf) }

func (w *mpWriter) number(f *big.Float) {
	if f.IsInt() {
		if i, acc := f.Int64(); acc == big.Exact {
			w.int(i)
			return
		}
	}
	if x, acc := f.Float64(); acc == big.Exact {
		w.float(x)
		return
	}
	w.str(f.Text('f', -1))
}

// encode writes v, a user value (raw: a wire value) of type t. Sets are
// written without repeated elements.
func encode(w *mpWriter, v any, t Type, p *path, raw bool) error {
	if v == nil {
		w.nil()
		return nil
	}
	if _, ok := v.(unknown); ok {
		w.unknown()
		return nil
	}
	if rw, ok := v.(rawWire); ok {
		w.b = append(w.b, rw...)
		return nil
	}
	switch t := t.(type) {
	case customType:
		if !raw {
			wv, err := t.c.Encode(v)
			if err != nil {
				return p.errorf("cannot encode %T as %s: %v", v, t.c.Name(), err)
			}
			v = wv
		}
		return encode(w, v, t.c.Base(), p, raw)
	case primitive:
		switch t.kind {
		case kindString:
			s, ok := v.(string)
			if !ok {
				return p.mismatch(t, v)
			}
			w.str(s)
		case kindBool:
			b, ok := v.(bool)
			if !ok {
				return p.mismatch(t, v)
			}
			w.bool(b)
		default:
			switch v.(type) {
			case int64:
				w.reshaped = w.reshaped || t.kind != kindInt64
			case float64:
				w.reshaped = w.reshaped || t.kind != kindFloat64
			case *big.Float:
				w.reshaped = w.reshaped || t.kind != kindNumber
			default:
				w.reshaped = true
			}
			switch n := v.(type) {
			case int64:
				w.int(n)
				return nil
			case int:
				w.int(int64(n))
				return nil
			case float64:
				if math.IsNaN(n) || math.IsInf(n, 0) {
					return p.valueErrorf("not a number Terraform can hold", "%v is not a number Terraform can hold", n)
				}
				if t.kind == kindInt64 {
					if n != math.Trunc(n) {
						return p.valueErrorf("not a whole number", "%v is not a whole number", n)
					}
					// -2^63 is the smallest int64; 2^63 is one past the largest.
					if n < -(1<<63) || n >= 1<<63 {
						return p.valueErrorf("not a whole number in the int64 range", "%s is not a whole number in the int64 range", numberText(big.NewFloat(n)))
					}
				}
				w.float(n)
				return nil
			}
			f, ok := toBigFloat(v)
			if !ok {
				return p.notNumber(t, v)
			}
			if t.kind == kindInt64 {
				if err := checkInt64(f, p); err != nil {
					return err
				}
			}
			w.number(f)
		}
		return nil
	case collection:
		if t.kind == "map" {
			m, ok := asMap(v)
			if !ok {
				return p.mismatch(t, v)
			}
			if _, wire := v.(map[string]any); !wire {
				w.reshaped = true
			}
			keys := make([]string, 0, len(m))
			for k := range m {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			w.mapn(len(m))
			for _, k := range keys {
				w.str(k)
				if err := encode(w, m[k], t.elem, p.key(k), raw); err != nil {
					return err
				}
			}
			return nil
		}
		l, ok := asList(v)
		if !ok {
			return p.mismatch(t, v)
		}
		if _, wire := v.([]any); !wire {
			w.reshaped = true
		}
		if t.kind == "set" {
			return encodeSet(w, l, t.elem, p, raw)
		}
		w.array(len(l))
		for i, e := range l {
			if err := encode(w, e, t.elem, p.index(i), raw); err != nil {
				return err
			}
		}
		return nil
	case objectType:
		m, ok := asMap(v)
		if !ok {
			return p.mismatch(t, v)
		}
		if _, wire := v.(map[string]any); !wire {
			w.reshaped = true
		}
		for k := range m {
			if _, known := t.attrs[k]; !known {
				return p.attr(k).errorf("the schema has no attribute %q%s", k, suggest(k, t.sortedNames()))
			}
		}
		names := t.sortedNames()
		w.mapn(len(names))
		for _, n := range names {
			w.str(n)
			if err := encode(w, m[n], t.attrs[n], p.attr(n), raw); err != nil {
				return err
			}
		}
		return nil
	}
	return p.errorf("unsupported type %s", t)
}

// encodeSet writes each distinct element once: elements are encoded one
// by one and compared by their bytes.
func encodeSet(w *mpWriter, l []any, elem Type, p *path, raw bool) error {
	var body mpWriter
	body.b = make([]byte, 0, 32*len(l))
	seen := make(map[string]struct{}, len(l))
	n := 0
	for i, e := range l {
		start := len(body.b)
		if err := encode(&body, e, elem, p.elem("set", i), raw); err != nil {
			return err
		}
		k := string(body.b[start:])
		if _, dup := seen[k]; dup {
			body.b = body.b[:start]
			w.reshaped = true
			continue
		}
		seen[k] = struct{}{}
		n++
	}
	w.array(n)
	w.b = append(w.b, body.b...)
	w.reshaped = w.reshaped || body.reshaped
	return nil
}

func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case Values:
		return m, true
	case map[string]string:
		out := make(map[string]any, len(m))
		for k, s := range m {
			out[k] = s
		}
		return out, true
	}
	return nil, false
}

func asList(v any) ([]any, bool) {
	switch s := v.(type) {
	case []any:
		return s, true
	case []string:
		out := make([]any, len(s))
		for i, x := range s {
			out[i] = x
		}
		return out, true
	case []map[string]any:
		out := make([]any, len(s))
		for i, x := range s {
			out[i] = x
		}
		return out, true
	}
	return nil, false
}

// wireEqual reports whether two wire values of type t mean the same:
// custom types by their Equal, sets in any order.
func wireEqual(a, b any, t Type) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	ra, aRaw := a.(rawWire)
	rb, bRaw := b.(rawWire)
	if aRaw && bRaw && bytes.Equal(ra, rb) {
		return true
	}
	if aRaw || bRaw {
		x, errA := full(a, t)
		y, errB := full(b, t)
		return errA == nil && errB == nil && wireEqual(x, y, t)
	}
	_, ua := a.(unknown)
	_, ub := b.(unknown)
	if ua || ub {
		return ua && ub
	}
	switch t := t.(type) {
	case customType:
		if a == b {
			return true
		}
		x, err1 := toUser(a, t, &path{})
		y, err2 := toUser(b, t, &path{})
		return err1 == nil && err2 == nil && t.c.Equal(x, y)
	case primitive:
		switch t.kind {
		case kindNumber, kindInt64, kindFloat64:
			if a == b {
				return true
			}
			x, ok1 := toBigFloat(a)
			y, ok2 := toBigFloat(b)
			return ok1 && ok2 && numbersEqual(x, y)
		}
		return a == b
	case collection:
		if t.kind == "map" {
			x, y := a.(map[string]any), b.(map[string]any)
			if len(x) != len(y) {
				return false
			}
			for k, xv := range x {
				yv, ok := y[k]
				if !ok || !wireEqual(xv, yv, t.elem) {
					return false
				}
			}
			return true
		}
		x, y := a.([]any), b.([]any)
		if len(x) != len(y) {
			return false
		}
		inOrder := true
		for i := range x {
			if !wireEqual(x[i], y[i], t.elem) {
				inOrder = false
				break
			}
		}
		if inOrder || t.kind == "list" {
			return inOrder
		}
		counts := make(map[string]int, len(x))
		for _, e := range x {
			counts[wireKey(e, t.elem)]++
		}
		for _, e := range y {
			k := wireKey(e, t.elem)
			if counts[k] == 0 {
				return false
			}
			counts[k]--
		}
		return true
	case objectType:
		x, y := a.(map[string]any), b.(map[string]any)
		for n, at := range t.attrs {
			if !wireEqual(x[n], y[n], at) {
				return false
			}
		}
		return true
	}
	return false
}

// numbersEqual compares numbers as the engines do (cty's Equals): whole
// numbers exactly, others at the lower of the two precisions (53 bits at
// least), so the float64 nearest to the configuration's 0.3, which an API
// that keeps float64 gives back, is the same 0.3 and never a change.
func numbersEqual(x, y *big.Float) bool {
	if c := x.Cmp(y); c == 0 || x.Sign() != y.Sign() {
		return c == 0
	}
	xi, xAcc := x.Int(nil)
	yi, yAcc := y.Int(nil)
	if xAcc != yAcc {
		return false
	}
	if xAcc == big.Exact {
		return xi.Cmp(yi) == 0
	}
	prec := min(x.Prec(), y.Prec())
	if prec < 53 {
		prec = 53
	}
	return new(big.Float).SetPrec(prec).Set(x).Cmp(new(big.Float).SetPrec(prec).Set(y)) == 0
}

// wireKey is the MessagePack encoding of a wire value: equal values have
// equal keys (numbers are written in one canonical form; sets are not
// sorted, so sets inside sets compare by order).
func wireKey(v any, t Type) string {
	var w mpWriter
	if err := encode(&w, v, t, &path{}, true); err != nil {
		return "\x00invalid:" + strconv.Quote(fmt.Sprint(v))
	}
	return string(w.b)
}

// fromUser turns a user value into a wire value: custom types encoded.
// Values without custom types inside are returned as they are (the
// encoder checks them).
func fromUser(v any, t Type, p *path) (any, error) {
	if v == nil || v == Unknown || !hasCustom(t) {
		return v, nil
	}
	switch t := t.(type) {
	case customType:
		w, err := t.c.Encode(v)
		if err != nil {
			return nil, p.errorf("cannot encode %T as %s: %v", v, t.c.Name(), err)
		}
		return w, nil
	case collection:
		if t.kind == "map" {
			m, ok := asMap(v)
			if !ok {
				return nil, p.mismatch(t, v)
			}
			out := make(map[string]any, len(m))
			for _, k := range sortedKeys(m) {
				e := m[k]
				w, err := fromUser(e, t.elem, p.key(k))
				if err != nil {
					return nil, err
				}
				out[k] = w
			}
			return out, nil
		}
		l, ok := asList(v)
		if !ok {
			return nil, p.mismatch(t, v)
		}
		out := make([]any, len(l))
		for i, e := range l {
			w, err := fromUser(e, t.elem, p.elem(t.kind, i))
			if err != nil {
				return nil, err
			}
			out[i] = w
		}
		return out, nil
	case objectType:
		m, ok := asMap(v)
		if !ok {
			return nil, p.mismatch(t, v)
		}
		out := make(map[string]any, len(m))
		for _, k := range sortedKeys(m) {
			e := m[k]
			at, known := t.attrs[k]
			if !known {
				return nil, p.attr(k).errorf("the schema has no attribute %q%s", k, suggest(k, t.sortedNames()))
			}
			w, err := fromUser(e, at, p.attr(k))
			if err != nil {
				return nil, err
			}
			out[k] = w
		}
		return out, nil
	}
	return v, nil
}

// rawWire is a value still in its MessagePack encoding (a slice of the
// request). Planning decodes a request's top-level attributes this lazily:
// a large nested value that did not change is compared byte for byte and
// written back as is, never turned into Go values.
type rawWire []byte

// skip moves past one value.
func (r *mpReader) skip() error {
	h, err := r.head()
	if err != nil {
		return err
	}
	switch h.kind {
	case mpStr:
		_, err = r.take(h.n)
	case mpArray:
		for i := 0; i < h.n && err == nil; i++ {
			err = r.skip()
		}
	case mpMap:
		for i := 0; i < 2*h.n && err == nil; i++ {
			err = r.skip()
		}
	}
	return err
}

// decodeObjectLazy reads an object's attributes as rawWire values (nil
// for null, Unknown for unknown); nil for a null object.
func decodeObjectLazy(data []byte, t objectType) (map[string]any, error) {
	r := &mpReader{b: data}
	h, err := r.head()
	if err != nil {
		return nil, err
	}
	switch h.kind {
	case mpNil:
		return nil, nil
	case mpExt:
		return nil, errors.New("the value is unknown")
	case mpMap:
	default:
		return nil, errors.New("expected an object")
	}
	out := make(map[string]any, len(t.attrs))
	for range h.n {
		kh, err := r.head()
		if err != nil {
			return nil, err
		}
		if kh.kind != mpStr {
			return nil, errors.New("expected an attribute name")
		}
		k, err := r.str(kh.n)
		if err != nil {
			return nil, err
		}
		if _, ok := t.attrs[k]; !ok {
			return nil, (&path{}).attr(k).errorf("the schema has no attribute %q", k)
		}
		start := r.i
		if err := r.skip(); err != nil {
			return nil, err
		}
		b := data[start:r.i]
		switch {
		case len(b) == 1 && b[0] == 0xc0:
			out[k] = nil
		case b[0] >= 0xc7 && b[0] <= 0xc9, b[0] >= 0xd4 && b[0] <= 0xd8:
			out[k] = Unknown
		default:
			out[k] = rawWire(b)
		}
	}
	if r.i != len(data) {
		return nil, errors.New("extra bytes after the MessagePack value")
	}
	for n := range t.attrs {
		if _, ok := out[n]; !ok {
			out[n] = nil
		}
	}
	return out, nil
}

// full decodes a rawWire value; other values are returned as they are.
func full(v any, t Type) (any, error) {
	raw, ok := v.(rawWire)
	if !ok {
		return v, nil
	}
	return decodeWire(&mpReader{b: raw}, t, &path{})
}
