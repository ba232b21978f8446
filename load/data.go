package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/schema"
)

// Data sources whose results eval knows without a provider: those set by
// Options.DataValues (the idea of terraform test's override_data), and
// terraform_remote_state with the local backend, whose state file is
// read here. Every other computed attribute of a data source stays
// unknown.

// ReadDataValues reads a data values file (tfkit eval --data-values): a
// JSON object from data source addresses (data.TYPE.NAME, or one
// instance's, such as module.net.data.aws_subnet.this["a"]) to objects
// of attribute values. name is the file's name in messages, which give
// the line and column of what is wrong; keys are where each address is
// written (for Options.DataValueKeys).
func ReadDataValues(path, name string) (values map[string]cty.Value, keys map[string]hcl.Range, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil, fmt.Errorf("%s: no such file", name)
		}
		return nil, nil, fmt.Errorf("%s: %v", name, err)
	}
	if keys, err = dataValueKeys(data, name); err != nil {
		return nil, nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, fmt.Errorf("%s: not a JSON object of data source addresses: %v", name, err)
	}
	values = make(map[string]cty.Value, len(raw))
	for addr, r := range raw {
		ty, err := ctyjson.ImpliedType(r)
		if err == nil && !ty.IsObjectType() {
			err = fmt.Errorf("the value is %s, not an object of attributes", ty.FriendlyName())
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %s: %v", keys[addr], addr, err)
		}
		v, err := ctyjson.Unmarshal(r, ty)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %s: %v", keys[addr], addr, err)
		}
		values[addr] = v
	}
	return values, keys, nil
}

// dataValueKeys checks the text of a data values file (named name in
// messages): a JSON object whose values are objects, each key once; what
// is not is an error at its line and column. It returns where each key is.
func dataValueKeys(data []byte, name string) (map[string]hcl.Range, error) {
	at := func(offset int64, format string, args ...any) error {
		line, col := jsonPosition(data, offset)
		return fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...))
	}
	syntax := func(err error) error {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se) && strings.HasPrefix(se.Error(), "unexpected end of JSON input"):
			return at(int64(len(data)), "invalid JSON: the text ends before the object does")
		case errors.As(err, &se):
			return at(max(se.Offset-1, 0), "invalid JSON: %v", se)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return at(int64(len(data)), "invalid JSON: the text ends before the object does")
		}
		return fmt.Errorf("%s: invalid JSON: %v", name, err)
	}
	if !utf8.Valid(data) {
		bad := int64(len(data))
		for i := 0; i < len(data); {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				bad = int64(i)
				break
			}
			i += n
		}
		return nil, at(bad, "the file is not UTF-8 text (JSON is); save it as UTF-8")
	}
	// Syntax first, for the positions of json.Unmarshal (a Decoder's
	// are not offsets in the file); then the structure.
	if err := json.Unmarshal(data, new(any)); err != nil {
		return nil, syntax(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, syntax(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, at(valueStart(data, 0), "the file holds %s, not a JSON object of data source addresses", jsonKind(data[valueStart(data, 0):]))
	}
	seen := map[string]hcl.Range{}
	for dec.More() {
		keyAt := valueStart(data, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, syntax(err)
		}
		key, _ := tok.(string)
		if _, twice := seen[key]; twice {
			return nil, at(keyAt, "%q is given twice", key)
		}
		line, col := jsonPosition(data, keyAt)
		end := dec.InputOffset()
		_, endCol := jsonPosition(data, end)
		seen[key] = hcl.Range{Filename: name, Start: hcl.Pos{Line: line, Column: col, Byte: int(keyAt)}, End: hcl.Pos{Line: line, Column: endCol, Byte: int(end)}}
		valAt := valueStart(data, dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, syntax(err)
		}
		if raw[0] != '{' {
			return nil, at(valAt, "the value of %q is %s, not an object of attributes", key, jsonKind(raw))
		}
	}
	return seen, nil
}

// valueStart is the offset of the first byte from offset on that is not
// white space, a comma or a colon: where the next key or value starts.
func valueStart(data []byte, offset int64) int64 {
	for offset < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[offset]) >= 0 {
		offset++
	}
	return offset
}

// jsonPosition is the 1-based line and column (in bytes) of offset.
func jsonPosition(data []byte, offset int64) (line, col int) {
	line, col = 1, 1
	for _, b := range data[:min(offset, int64(len(data)))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// jsonKind names the kind of the JSON value text starts with.
func jsonKind(text []byte) string {
	if len(text) == 0 {
		return "nothing"
	}
	switch text[0] {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a bool"
	case 'n':
		return "null"
	case '{':
		return "an object"
	}
	return "a number"
}

// dataResult is the value of data source instance addr (of resource
// base) once what eval can know of its result is in: the attributes
// DataValues gives, or the outputs of a local remote state.
func (e *evaluator) dataResult(r *ResourceDecl, addr, base string, v cty.Value, sch *schema.Block) cty.Value {
	given, ok := e.opts.DataValues[addr]
	if !ok {
		given, ok = e.opts.DataValues[base]
		addr = base
	}
	if ok {
		if e.usedData == nil {
			e.usedData = map[string]bool{}
		}
		e.usedData[addr] = true
		return e.setAttrs(v, given, sch, addr, r.DeclRange)
	}
	if r.Type == "terraform_remote_state" {
		return e.remoteState(v, addr, r.DeclRange)
	}
	return v
}

// setAttrs returns the object v with the attributes of given, converted
// to the schema's types when there is one.
func (e *evaluator) setAttrs(v, given cty.Value, sch *schema.Block, addr string, rng hcl.Range) cty.Value {
	uv, marks := v.Unmark()
	attrs := map[string]cty.Value{}
	if uv.IsKnown() && !uv.IsNull() && uv.Type().IsObjectType() {
		attrs = uv.AsValueMap()
		if attrs == nil {
			attrs = map[string]cty.Value{}
		}
	}
	for it := given.ElementIterator(); it.Next(); {
		k, gv := it.Element()
		name := k.AsString()
		if sch != nil {
			a := sch.Attribute(name)
			if a == nil {
				e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid data value",
					Detail: addr + " has no attribute " + QuoteOrEmpty(name) + " in its provider's schema", Subject: &rng, Path: addr + "." + name,
					Suggestion: diag.DidYouMean(name, schemaNames(sch))})
				continue
			}
			cv, err := convert.Convert(gv, a.Type)
			if err != nil {
				e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid data value",
					Detail: "the value given for " + addr + "." + name + " is not " + a.Type.FriendlyName() + ": " + err.Error(), Subject: &rng, Path: addr + "." + name})
				continue
			}
			gv = cv
			if a.Sensitive {
				gv = gv.Mark(sensitiveMark)
			}
		}
		attrs[name] = gv
	}
	return cty.ObjectVal(attrs).WithMarks(marks)
}

// checkDataValues reports DataValues addresses that named no data source
// instance of the configuration.
func (e *evaluator) checkDataValues() {
	var known []string
	for _, r := range e.view.Resources {
		if r.Mode == "data" {
			known = append(known, r.Address)
		}
	}
	for _, addr := range sortedKeys(e.opts.DataValues) {
		if e.usedData[addr] {
			continue
		}
		r, ok := e.opts.DataValueKeys[addr]
		if !ok {
			r = hcl.Range{Filename: "--data-values"}
		}
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Value for an undeclared data source",
			Detail:  "no data source instance of the configuration is " + addr + " (an address such as data.TYPE.NAME, or module.NAME.data.TYPE.NAME[KEY] for one instance)",
			Subject: &r, Path: addr, Suggestion: diag.DidYouMean(addr, known)})
	}
}

// stateFile is the part of a Terraform state file eval reads.
type stateFile struct {
	Version int `json:"version"`
	Outputs map[string]struct {
		Value     json.RawMessage `json:"value"`
		Type      json.RawMessage `json:"type"`
		Sensitive bool            `json:"sensitive"`
	} `json:"outputs"`
}

// remoteState sets the outputs of a terraform_remote_state data source
// with the local backend from its state file, as terraform plan reads it
// (path relative to the root module, terraform.tfstate by default);
// other backends leave them unknown.
func (e *evaluator) remoteState(v cty.Value, addr string, rng hcl.Range) cty.Value {
	// Marks stay where they were (a sensitive variable in config marks
	// config, not the outputs read with it).
	uv, marks := v.UnmarkDeepWithPaths()
	if !uv.IsKnown() || uv.IsNull() || !uv.Type().IsObjectType() {
		return v
	}
	attrs := uv.AsValueMap()
	set := func(outputs cty.Value) cty.Value {
		attrs["outputs"] = outputs
		kept := marks[:0:0]
		for _, pm := range marks {
			if len(pm.Path) > 0 {
				if ga, ok := pm.Path[0].(cty.GetAttrStep); ok && ga.Name == "outputs" {
					continue // the configured outputs (null) are replaced
				}
			}
			kept = append(kept, pm)
		}
		return cty.ObjectVal(attrs).MarkWithPaths(kept)
	}
	backend, ok := attrs["backend"]
	if !ok || !backend.IsKnown() || backend.IsNull() || backend.Type() != cty.String {
		return v
	}
	if b := backend.AsString(); b != "local" {
		return set(unknown(addr + ".outputs: the " + b + " backend is read only by terraform; give the outputs with --data-values"))
	}
	if ws, ok := attrs["workspace"]; ok && !(ws.IsKnown() && (ws.IsNull() || (ws.Type() == cty.String && ws.AsString() == "default"))) {
		return set(unknown(addr + ".outputs: the state of a workspace other than default is not read"))
	}
	path := "terraform.tfstate"
	if c, ok := attrs["config"]; ok && !c.IsNull() {
		if !c.IsWhollyKnown() {
			return v
		}
		var p cty.Value
		switch {
		case c.Type().IsObjectType() && c.Type().HasAttribute("path"):
			p = c.GetAttr("path")
		case c.Type().IsMapType() && c.HasIndex(cty.StringVal("path")).True():
			p = c.Index(cty.StringVal("path"))
		}
		if p != cty.NilVal {
			if p.IsNull() || p.Type() != cty.String {
				e.errorf(&rng, addr+".config.path", "Invalid remote state configuration", "the local backend's path must be a string")
				return set(unknown(addr + ".outputs: invalid config.path"))
			}
			path = p.AsString()
		}
	}
	full := path
	if !filepath.IsAbs(full) {
		full = filepath.Join(e.rootDir, full)
	}
	data, err := os.ReadFile(full)
	if err != nil {
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Unable to find remote state",
			Detail: "No stored state was found for the given workspace in the given backend: " + path + ": " + err.Error(), Subject: &rng, Path: addr})
		return set(unknown(addr + ".outputs: no state at " + path))
	}
	var st stateFile
	if err := json.Unmarshal(data, &st); err != nil || st.Version != 4 {
		detail := path + " is not a version 4 state file"
		if err != nil {
			detail += ": " + err.Error()
		}
		e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid remote state", Detail: detail, Subject: &rng, Path: addr})
		return set(unknown(addr + ".outputs: unreadable state at " + path))
	}
	outs := map[string]cty.Value{}
	if d, ok := attrs["defaults"]; ok && d.IsWhollyKnown() && !d.IsNull() && (d.Type().IsObjectType() || d.Type().IsMapType()) {
		for k, dv := range d.AsValueMap() {
			outs[k] = dv
		}
	}
	names := make([]string, 0, len(st.Outputs))
	for n := range st.Outputs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		o := st.Outputs[n]
		var ty cty.Type
		if err := ty.UnmarshalJSON(o.Type); err != nil {
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid remote state",
				Detail: path + ": output " + QuoteOrEmpty(n) + " has an invalid type: " + err.Error(), Subject: &rng, Path: addr})
			continue
		}
		ov, err := ctyjson.Unmarshal(o.Value, ty)
		if err != nil {
			e.diags = append(e.diags, &diag.Diagnostic{Severity: diag.Error, Summary: "Invalid remote state",
				Detail: path + ": output " + QuoteOrEmpty(n) + ": " + err.Error(), Subject: &rng, Path: addr})
			continue
		}
		if o.Sensitive {
			ov = ov.Mark(sensitiveMark)
		}
		outs[n] = ov
	}
	return set(cty.ObjectVal(outs))
}
