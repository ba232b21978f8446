package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/internal/parallel"
)

// View is the evaluated configuration: every resource and data source
// instance, the root module's outputs and variables, and what could not be
// expanded.
type View struct {
	Resources []*Instance
	// Providers are the evaluated provider blocks by configuration
	// address (provider["registry.terraform.io/hashicorp/aws"].west,
	// module.net.provider[...]). Default configurations no block declares
	// are not listed.
	Providers map[string]*ProviderConfig
	Outputs   map[string]*Value
	Variables map[string]*Value
	// Unexpanded lists resources and module calls whose instances are not
	// in Resources: count or for_each could not be evaluated, the module
	// could not be loaded, or they are part of a dependency cycle.
	Unexpanded []*Unexpanded
}

// Instance is one resource or data source instance.
type Instance struct {
	Address  string // module.net.aws_subnet.private["a"]
	Mode     string // managed or data
	Type     string
	Name     string
	Key      cty.Value // cty.NilVal, a number (count) or a string (for_each)
	Provider string    // provider["registry.terraform.io/hashicorp/aws"].west
	Module   string    // module.net; "" for the root module
	// ProviderUnknown is why the instance of a provider configuration with
	// for_each is not known (its key is not); Provider then ends in [*].
	ProviderUnknown string
	// Attributes is the object of configured attributes; nested blocks are
	// lists of objects. Unknown parts carry a reason mark (see Unknowns).
	Attributes cty.Value
	Range      hcl.Range
}

// Unknowns lists the unknown parts of the instance's attributes: path to
// the reasons it is unknown.
func (i *Instance) Unknowns() map[string][]string { return unknowns(i.Attributes) }

// ProviderConfig is an evaluated provider block.
type ProviderConfig struct {
	Address string // provider["registry.terraform.io/hashicorp/aws"].west
	Name    string // the local name: aws
	Alias   string // "" for the default configuration
	Module  string // module.net; "" for the root module
	// Attributes is the object of configured arguments, nested blocks as
	// lists of objects (with provider schemas, shaped by the provider's
	// configuration schema). Unknown parts carry a reason mark.
	Attributes cty.Value
	Range      hcl.Range
}

// Value is an evaluated output or variable.
type Value struct {
	Value cty.Value
	Range hcl.Range
	// Sensitive is set for an output or variable declared sensitive.
	Sensitive bool
}

// SensitivePaths lists the sensitive parts of the value ("" for the
// whole value, which is all of one declared sensitive).
func (v *Value) SensitivePaths() []string {
	if v.Sensitive {
		return []string{""}
	}
	return sensitivePaths(v.Value)
}

// Unexpanded is a resource or module call whose instances could not be
// determined.
type Unexpanded struct {
	Address string
	Reason  string
	Range   hcl.Range
	// For a resource whose count or for_each is unknown (or one in a
	// module call whose count or for_each is unknown): its arguments
	// evaluated once, with count.index, each.key and each.value unknown;
	// cty.NilVal otherwise. Mode, Type, Provider and Module are set with
	// it.
	Attributes cty.Value
	Mode       string
	Type       string
	Provider   string
	Module     string
}

// Unknowns lists the unknown parts of the attributes evaluated once: path
// to the reasons it is unknown.
func (u *Unexpanded) Unknowns() map[string][]string {
	if u.Attributes == cty.NilVal {
		return nil
	}
	return unknowns(u.Attributes)
}

func (e *evaluator) collectView(root *modInst) {
	v := e.view
	defer func() {
		if e.marked {
			e.stripView()
		}
	}()
	for n, val := range root.outputs {
		o := root.mod.Outputs[n]
		v.Outputs[n] = &Value{Value: val, Range: o.DeclRange, Sensitive: o.Sensitive}
	}
	for n, val := range root.vars {
		d := root.mod.Variables[n]
		v.Variables[n] = &Value{Value: val, Range: d.DeclRange, Sensitive: d.Sensitive}
	}
	sort.SliceStable(v.Resources, func(i, j int) bool { return addrLess(v.Resources[i].Address, v.Resources[j].Address) })
	sort.SliceStable(v.Unexpanded, func(i, j int) bool { return addrLess(v.Unexpanded[i].Address, v.Unexpanded[j].Address) })
}

// addrLess orders addresses with numeric indexes compared as numbers.
func addrLess(a, b string) bool {
	for a != "" && b != "" {
		ia, ib := strings.IndexByte(a, '['), strings.IndexByte(b, '[')
		if ia < 0 || ib < 0 || a[:ia] != b[:ib] {
			return a < b
		}
		a, b = a[ia+1:], b[ib+1:]
		ja, jb := strings.IndexByte(a, ']'), strings.IndexByte(b, ']')
		if ja < 0 || jb < 0 {
			return a < b
		}
		na, oka := index(a[:ja])
		nb, okb := index(b[:jb])
		switch {
		case oka && okb && na != nb:
			return na < nb
		case oka != okb:
			return oka
		case a[:ja] != b[:jb]:
			return a[:ja] < b[:jb]
		}
		a, b = a[ja+1:], b[jb+1:]
	}
	return len(a) < len(b)
}

// index reads a count index, a non-negative decimal number.
func index(s string) (int, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// unknowns walks v and returns, for each unknown part, its path and the
// sorted reasons marked on it or on what contains it.
func unknowns(v cty.Value) map[string][]string {
	out, _ := describeMarks(v)
	return out
}

// describeMarks walks v once and returns what the view lists of it: for
// each unknown part its path and the sorted reasons marked on it or on
// what contains it, and the sorted paths of its sensitive parts (a part
// inside a sensitive one not listed again).
func describeMarks(v cty.Value) (map[string][]string, []string) {
	out := map[string][]string{}
	if v.IsWhollyKnown() && !v.ContainsMarked() {
		return out, nil // reasons are kept only for unknown values
	}
	var sensitive []string
	var walk func(v cty.Value, path string, inherited []string, inSensitive bool)
	walk = func(v cty.Value, path string, inherited []string, inSensitive bool) {
		uv, marks := v.Unmark()
		rs := inherited
		for m := range marks {
			if r, ok := m.(reason); ok {
				rs = append(append([]string(nil), rs...), string(r))
			}
		}
		if _, ok := marks[sensitiveMark]; ok && !inSensitive {
			sensitive = append(sensitive, path)
			inSensitive = true
		}
		if !uv.IsKnown() {
			set := map[string]bool{}
			for _, r := range rs {
				set[r] = true
			}
			list := sortedKeys(set)
			if len(list) == 0 {
				list = []string{"unknown"}
			}
			out[path] = list
			return
		}
		if uv.IsNull() {
			return
		}
		t := uv.Type()
		switch {
		case t.IsObjectType() || t.IsMapType():
			for it := uv.ElementIterator(); it.Next(); {
				k, ev := it.Element()
				walk(ev, joinPath(path, k.AsString()), rs, inSensitive)
			}
		case t.IsListType() || t.IsTupleType() || t.IsSetType():
			i := 0
			for it := uv.ElementIterator(); it.Next(); {
				_, ev := it.Element()
				walk(ev, path+"["+itoa(i)+"]", rs, inSensitive)
				i++
			}
		}
	}
	walk(v, "", nil, false)
	sort.Strings(sensitive)
	return out, sensitive
}

func joinPath(path, key string) string {
	if isIdent(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + quote(key) + "]"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-')
		if !ok {
			return false
		}
	}
	return true
}

func quote(s string) string {
	if plain(s) {
		return "\"" + s + "\""
	}
	if ascii(s) {
		var b bytes.Buffer
		b.Grow(len(s) + 8)
		writeASCII(&b, s)
		return b.String()
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// plain reports whether s is written in JSON as it is, between quotes.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// ascii reports whether s is ASCII text.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// writeASCII writes the ASCII text s quoted as encoding/json writes it
// (without HTML escaping): addresses with string keys hold quotes, and
// the encoder's reflection is most of what quoting them would cost.
func writeASCII(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	from := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b.WriteString(s[from:i])
		switch c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		}
		from = i + 1
	}
	b.WriteString(s[from:])
	b.WriteByte('"')
}

// writeQuoted writes quote(s) without building it first.
func writeQuoted(b *bytes.Buffer, s string) {
	if !plain(s) {
		if ascii(s) {
			writeASCII(b, s)
			return
		}
		b.WriteString(quote(s))
		return
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}

// JSON renders the view deterministically: keys sorted, unknown values as
// null with their paths and reasons listed under "unknown".
func (v *View) JSON() []byte {
	// The resources, the bulk of the text, are written in pieces on all
	// processors and joined in order.
	pieces := make([][]byte, (len(v.Resources)+jsonPiece-1)/jsonPiece)
	write := func(p int) { pieces[p] = v.resourcesJSON(p*jsonPiece, min((p+1)*jsonPiece, len(v.Resources))) }
	parallel.Each(len(pieces), write)
	rest := v.restJSON()
	size := len(rest) + 32
	for _, p := range pieces {
		size += len(p)
	}
	out := make([]byte, 0, size)
	out = append(out, "{\n  \"resources\": ["...)
	for _, p := range pieces {
		out = append(out, p...)
	}
	return append(out, rest...)
}

// jsonPiece is how many resources one piece of the view's JSON holds.
const jsonPiece = 256

// resourcesJSON writes the resources from the lo-th to before the hi-th,
// each after a comma but the first of all.
func (v *View) resourcesJSON(lo, hi int) []byte {
	var b bytes.Buffer
	// About what a resource of a few attributes takes, so that the
	// buffer seldom grows.
	b.Grow((hi - lo) * 768)
	for i := lo; i < hi; i++ {
		r := v.Resources[i]
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    {")
		fieldQuoted(&b, "address", r.Address, true)
		fieldQuoted(&b, "mode", r.Mode, false)
		fieldQuoted(&b, "type", r.Type, false)
		fieldQuoted(&b, "name", r.Name, false)
		if r.Key != cty.NilVal {
			b.WriteString(`, "index": `)
			writeValue(&b, r.Key)
		}
		fieldQuoted(&b, "_provider", r.Provider, false)
		if r.ProviderUnknown != "" {
			fieldQuoted(&b, "_provider_unknown", r.ProviderUnknown, false)
		}
		fieldQuoted(&b, "module", r.Module, false)
		b.WriteString(`, "range": `)
		writeRange(&b, r.Range)
		b.WriteString(`, "attributes": `)
		var sens []string
		if unknown, marked := writeMarked(&b, r.Attributes); unknown || marked {
			var u map[string][]string
			u, sens = describeMarks(r.Attributes)
			if len(u) > 0 {
				field(&b, "unknown", unknownJSON(u), false)
			}
		}
		sensitiveField(&b, sens)
		b.WriteString("}")
	}
	return b.Bytes()
}

// restJSON writes what follows the resources.
func (v *View) restJSON() []byte {
	var b bytes.Buffer
	if len(v.Resources) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("],\n  \"providers\": ")
	providersJSON(&b, v.Providers)
	b.WriteString(",\n  \"outputs\": ")
	valuesJSON(&b, v.Outputs)
	b.WriteString(",\n  \"variables\": ")
	valuesJSON(&b, v.Variables)
	b.WriteString(",\n  \"unexpanded\": [")
	for i, u := range v.Unexpanded {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    {")
		field(&b, "address", quote(u.Address), true)
		field(&b, "reason", quote(u.Reason), false)
		field(&b, "range", quote(rangeString(u.Range)), false)
		if u.Attributes != cty.NilVal {
			field(&b, "mode", quote(u.Mode), false)
			field(&b, "type", quote(u.Type), false)
			field(&b, "_provider", quote(u.Provider), false)
			field(&b, "module", quote(u.Module), false)
			field(&b, "attributes", valueJSON(u.Attributes), false)
			un, sens := describeMarks(u.Attributes)
			if len(un) > 0 {
				field(&b, "unknown", unknownJSON(un), false)
			}
			sensitiveField(&b, sens)
		}
		b.WriteString("}")
	}
	if len(v.Unexpanded) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

func valuesJSON(b *bytes.Buffer, m map[string]*Value) {
	objectsJSON(b, m, func(val *Value) {
		field(b, "value", valueJSON(val.Value), true)
		if u := unknowns(val.Value); len(u) > 0 {
			field(b, "unknown", unknownJSON(u), false)
		}
		sensitiveField(b, val.SensitivePaths())
		field(b, "range", quote(rangeString(val.Range)), false)
	})
}

func providersJSON(b *bytes.Buffer, m map[string]*ProviderConfig) {
	objectsJSON(b, m, func(p *ProviderConfig) {
		field(b, "name", quote(p.Name), true)
		if p.Alias != "" {
			field(b, "alias", quote(p.Alias), false)
		}
		field(b, "module", quote(p.Module), false)
		field(b, "range", quote(rangeString(p.Range)), false)
		field(b, "attributes", valueJSON(p.Attributes), false)
		u, sens := describeMarks(p.Attributes)
		if len(u) > 0 {
			field(b, "unknown", unknownJSON(u), false)
		}
		sensitiveField(b, sens)
	})
}

// objectsJSON writes m as a JSON object in key order, one line a key,
// each value an object whose fields fields writes.
func objectsJSON[V any](b *bytes.Buffer, m map[string]V, fields func(V)) {
	if len(m) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{")
	for i, n := range sortedKeys(m) {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(b, "\n    %s: {", quote(n))
		fields(m[n])
		b.WriteString("}")
	}
	b.WriteString("\n  }")
}

// fieldQuoted is field(b, name, quote(val), first) without building the
// quoted value first.
func fieldQuoted(b *bytes.Buffer, name, val string, first bool) {
	if !first {
		b.WriteString(", ")
	}
	writeQuoted(b, name)
	b.WriteString(": ")
	writeQuoted(b, val)
}

func field(b *bytes.Buffer, name, val string, first bool) {
	if !first {
		b.WriteString(", ")
	}
	writeQuoted(b, name)
	b.WriteString(": ")
	b.WriteString(val)
}

// sensitiveField writes "sensitive": the paths of the sensitive parts,
// when there are any.
func sensitiveField(b *bytes.Buffer, paths []string) {
	if len(paths) == 0 {
		return
	}
	var s bytes.Buffer
	s.WriteString("[")
	for i, p := range paths {
		if i > 0 {
			s.WriteString(", ")
		}
		s.WriteString(quote(p))
	}
	s.WriteString("]")
	field(b, "sensitive", s.String(), false)
}

func unknownJSON(u map[string][]string) string {
	var b bytes.Buffer
	b.WriteString("{")
	for i, p := range sortedKeys(u) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quote(p))
		b.WriteString(": [")
		for j, r := range u[p] {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote(r))
		}
		b.WriteString("]")
	}
	b.WriteString("}")
	return b.String()
}

func rangeString(r hcl.Range) string {
	if r.Filename == "" {
		return ""
	}
	return string(appendRange(make([]byte, 0, len(r.Filename)+24), r))
}

// writeRange writes quote(rangeString(r)), without building either when
// the file name needs no escaping.
func writeRange(b *bytes.Buffer, r hcl.Range) {
	if r.Filename == "" || !plain(r.Filename) {
		writeQuoted(b, rangeString(r))
		return
	}
	var buf [128]byte
	b.WriteByte('"')
	b.Write(appendRange(buf[:0], r))
	b.WriteByte('"')
}

// appendRange appends r as fmt.Sprintf("%s:%d,%d-%d,%d", ...) writes it,
// for every instance.
func appendRange(out []byte, r hcl.Range) []byte {
	out = append(out, r.Filename...)
	out = append(out, ':')
	out = strconv.AppendInt(out, int64(r.Start.Line), 10)
	out = append(out, ',')
	out = strconv.AppendInt(out, int64(r.Start.Column), 10)
	out = append(out, '-')
	out = strconv.AppendInt(out, int64(r.End.Line), 10)
	out = append(out, ',')
	out = strconv.AppendInt(out, int64(r.End.Column), 10)
	return out
}

// valueJSON renders a value as compact JSON with sorted keys; unknown
// parts become null.
func valueJSON(v cty.Value) string {
	var b bytes.Buffer
	writeValue(&b, v)
	return b.String()
}

// writeValue writes v as valueJSON does and reports whether v holds an
// unknown value (written as null).
func writeValue(b *bytes.Buffer, v cty.Value) (unknown bool) {
	unknown, _ = writeMarked(b, v)
	return unknown
}

// writeMarked is writeValue that also reports whether v or a value in it
// is marked (cty's ContainsMarked, without a second walk).
func writeMarked(b *bytes.Buffer, v cty.Value) (unknown, marked bool) {
	v, marks := v.Unmark()
	marked = len(marks) > 0
	if !v.IsKnown() || v.IsNull() {
		b.WriteString("null")
		return !v.IsKnown(), marked
	}
	t := v.Type()
	switch {
	case t == cty.String:
		writeQuoted(b, v.AsString())
	case t == cty.Number:
		// As terraform show -json writes a planned number, which the plan
		// stored as an integer, a float64 or a decimal string: the digits
		// of an int64; the fewest digits a float64 reads back from for a
		// fraction that is one; else the fewest at the number's own
		// precision, so pow(2, 64), a float, is 18446744073709550000 and
		// not the float's exact 18446744073709551616.
		bf := v.AsBigFloat()
		if i, acc := bf.Int64(); acc == big.Exact {
			var buf [24]byte
			b.Write(strconv.AppendInt(buf[:0], i, 10))
		} else if f, acc := bf.Float64(); acc == big.Exact && !bf.IsInt() {
			b.WriteString(big.NewFloat(f).Text('f', -1))
		} else {
			b.WriteString(bf.Text('f', -1))
		}
	case t == cty.Bool:
		if v.True() {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case t.IsObjectType():
		// In key order, as cty iterates objects, without the iterator's
		// keys as values.
		ats := t.AttributeTypes()
		var buf [16]string
		names := buf[:0]
		for k := range ats {
			names = append(names, k)
		}
		slices.Sort(names)
		b.WriteString("{")
		for i, k := range names {
			if i > 0 {
				b.WriteString(", ")
			}
			writeQuoted(b, k)
			b.WriteString(": ")
			u, m := writeMarked(b, v.GetAttr(k))
			unknown, marked = unknown || u, marked || m
		}
		b.WriteString("}")
	case t.IsMapType():
		// cty iterates maps in key order (sort.Strings).
		b.WriteString("{")
		i := 0
		for it := v.ElementIterator(); it.Next(); {
			k, ev := it.Element()
			if i > 0 {
				b.WriteString(", ")
			}
			writeQuoted(b, k.AsString())
			b.WriteString(": ")
			u, m := writeMarked(b, ev)
			unknown, marked = unknown || u, marked || m
			i++
		}
		b.WriteString("}")
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		b.WriteString("[")
		i := 0
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			if i > 0 {
				b.WriteString(", ")
			}
			u, m := writeMarked(b, ev)
			unknown, marked = unknown || u, marked || m
			i++
		}
		b.WriteString("]")
	default:
		b.WriteString("null")
	}
	return unknown, marked
}
