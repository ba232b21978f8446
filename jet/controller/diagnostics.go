package controller

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tfkit/tfkit/jet/resource"
)

// The engine's errors reach the user as condition messages. The engine
// prints its diagnostics for a person at a terminal: after "exit status 1",
// each error's summary, the line of main.tf.json it points at (a file the
// user never sees) and its detail, wrapped at 78 columns. A condition
// instead says the diagnostic itself, on one line, with the field of the
// managed resource the line holds.

// engineDiagnostic is one error of an engine command.
type engineDiagnostic struct {
	summary, detail string
	// path is the path in main.tf.json of the value the diagnostic points
	// at ("resource", type, "this", "length"); nil when it points at no
	// value (the closing brace of the resource, as errors of an apply do).
	path []any
}

// engineError is an engine command that failed, with its error
// diagnostics.
type engineError struct {
	command string
	err     error
	diags   []engineDiagnostic
}

func (e *engineError) Error() string {
	var msgs []string
	for _, d := range e.diags {
		msgs = append(msgs, d.text())
	}
	return e.command + ": " + strings.Join(msgs, "; ")
}

func (e *engineError) Unwrap() error { return e.err }

func (d engineDiagnostic) text() string {
	if d.detail == "" {
		return d.summary
	}
	return d.summary + ": " + d.detail
}

// engineFailure turns the error of an engine command, whose text holds the
// engine's output, into an engineError whose diagnostics point into src
// (main.tf.json); an error without diagnostics is returned as it is.
func engineFailure(command string, err error, output string, src []byte) error {
	if err == nil {
		return nil
	}
	diags := parseDiagnostics(output, src)
	if len(diags) == 0 {
		return err
	}
	return &engineError{command: command, err: err, diags: diags}
}

var sourceLine = regexp.MustCompile(`^  on (\S+) line (\d+)`)

// parseDiagnostics reads the error diagnostics of an engine's plain
// (-no-color) output:
//
//	Error: SUMMARY
//
//	  with TYPE.this,
//	  on main.tf.json line N, in resource.TYPE.this:
//	   N:         "length": 0,
//
//	DETAIL, wrapped
//
// Warnings are skipped. Lines of src (main.tf.json) name the values.
func parseDiagnostics(out string, src []byte) []engineDiagnostic {
	lines := strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n")
	var paths map[int][]any
	var diags []engineDiagnostic
	seen := map[string]bool{}
	for i := 0; i < len(lines); {
		isErr := strings.HasPrefix(lines[i], "Error: ")
		if !isErr && !strings.HasPrefix(lines[i], "Warning: ") {
			i++
			continue
		}
		d := engineDiagnostic{summary: strings.TrimSpace(strings.TrimPrefix(lines[i], "Error: "))}
		i++
		for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			i++
		}
		// The source section: "with", "on", the snippet, up to a blank line.
		if i < len(lines) && (strings.HasPrefix(lines[i], "  with ") || strings.HasPrefix(lines[i], "  on ")) {
			for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
				m := sourceLine.FindStringSubmatch(lines[i])
				if m == nil || m[1] != ConfigFile || src == nil {
					continue
				}
				if paths == nil {
					paths = sourcePaths(src)
				}
				n, _ := strconv.Atoi(m[2])
				d.path = paths[n]
			}
		}
		var detail []string
		for ; i < len(lines); i++ {
			if (strings.HasPrefix(lines[i], "Error: ") || strings.HasPrefix(lines[i], "Warning: ")) && (!quotes(detail) || hasSource(lines[i+1:])) {
				break
			}
			detail = append(detail, lines[i])
		}
		// One line: the wrapping was for a terminal.
		d.detail = strings.Join(strings.Fields(strings.Join(detail, " ")), " ")
		d.detail = fmtVerb.ReplaceAllString(d.detail, "$1")
		key := fmt.Sprint(d.path) + "\x00" + d.text()
		if isErr && !seen[key] {
			seen[key] = true
			diags = append(diags, d)
		}
	}
	return diags
}

// quotes says whether a diagnostic's detail so far ends with a colon: it
// quotes an error that follows, on a line of its own that starts with
// "Error: " as a diagnostic does (but without a source section). The
// plugin framework's conversion errors read so: "Please report the
// following to the provider developer:", a blank line, "Error: Value 1.5
// is not an integer."
func quotes(detail []string) bool {
	for i := len(detail) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(detail[i]); l != "" {
			return strings.HasSuffix(l, ":")
		}
	}
	return false
}

// hasSource says whether lines (after an "Error: " line) start with a
// diagnostic's source section: it is a diagnostic, not a quote.
func hasSource(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return strings.HasPrefix(l, "  with ") || strings.HasPrefix(l, "  on ")
		}
	}
	return false
}

// fmtVerb is a value a provider formatted with a verb Go's fmt could not
// apply, %!s(*big.Float=1.5): the value is what the user needs.
var fmtVerb = regexp.MustCompile(`%!\w\([^=()]*=([^()]*)\)`)

// sourcePaths maps each line of a JSON document to the path of the value
// whose key (or, in an array, whose start) is on it; the deepest wins.
func sourcePaths(src []byte) map[int][]any {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(off int64) int {
		return sort.Search(len(starts), func(i int) bool { return int64(starts[i]) > off-1 })
	}
	type frame struct {
		obj     bool
		wantKey bool
		key     string
		idx     int
	}
	var stack []*frame
	path := func() []any {
		p := make([]any, 0, len(stack))
		for _, f := range stack {
			if f.obj {
				p = append(p, f.key)
			} else {
				p = append(p, f.idx)
			}
		}
		return p
	}
	// done advances the innermost container past a complete value.
	done := func() {
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.obj {
			top.wantKey = true
		} else {
			top.idx++
		}
	}
	out := map[int][]any{}
	dec := json.NewDecoder(bytes.NewReader(src))
	for {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		line := lineOf(dec.InputOffset())
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.obj && top.wantKey {
			if k, ok := tok.(string); ok {
				top.key, top.wantKey = k, false
				out[line] = path()
				continue
			}
		}
		if top != nil && !top.obj {
			if d, ok := tok.(json.Delim); !ok || d != ']' {
				out[line] = path()
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
}

var (
	exitStatus = regexp.MustCompile(`(?m)^(?:\w+: )?exit status \d+\s*`)
	attrWord   = regexp.MustCompile(`(?i)(?:attribute|argument) "?([a-z0-9_]+)"?`)
)

// maxMessage bounds a condition message: the API server stores it in the
// object, and a person reads it in a terminal.
const maxMessage = 1024

// explain turns an error into a condition message: an engine's diagnostics
// each as "field: summary: detail", the field being where in the managed
// resource the value the diagnostic points at is set.
func (r *Reconciler) explain(err error) string { return r.explainFor(nil, err) }

// explainFor is explain for the object mg, whose values say whether a
// field is set in spec.initProvider (nil: an object of the kind without
// values).
func (r *Reconciler) explainFor(mg resource.Terraformed, err error) string {
	var ee *engineError
	var msg string
	if !errors.As(err, &ee) {
		if diags := parseDiagnostics(err.Error(), nil); len(diags) > 0 {
			ee = &engineError{err: err, diags: diags}
		}
	}
	if ee != nil {
		if mg == nil {
			mg = r.reg.New()
		}
		var msgs []string
		for _, d := range ee.diags {
			m, _ := renameAttrLists(specFields(mg), d.text())
			if f := fieldOfDiagnostic(mg, d); f != "" {
				m = f + ": " + m
			}
			msgs = append(msgs, m)
		}
		msg = strings.Join(msgs, "; ")
	} else {
		msg = strings.TrimSpace(exitStatus.ReplaceAllString(err.Error(), ""))
	}
	return bounded(msg, maxMessage)
}

// bounded cuts s to at most n bytes, on a character boundary.
func bounded(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// fieldOfDiagnostic is the field path of mg a diagnostic is about: the
// value it points at, else an argument its text names; "" when neither.
func fieldOfDiagnostic(mg resource.Terraformed, d engineDiagnostic) string {
	if len(d.path) > 3 && d.path[0] == "resource" && d.path[2] == resourceName {
		if f := specFieldPath(mg, d.path[3:]); f != "" {
			return f
		}
	}
	fields := specFields(mg)
	for _, m := range attrWord.FindAllStringSubmatch(d.summary+" "+d.detail, -1) {
		if f, ok := fields[m[1]]; ok {
			if rest, ok := strings.CutPrefix(f, "spec.forProvider"); ok && fromInit(mg, []any{m[1]}) {
				return "spec.initProvider" + rest
			}
			return f
		}
	}
	if _, ok := renameAttrLists(fields, d.text()); ok {
		return "spec.forProvider"
	}
	return ""
}

// attrList is a list of argument names in a diagnostic of a rule over
// several arguments: the plugin framework's "At least one of these
// attributes must be configured: [a,b]", SDKv2's "one of `a,b` must be
// specified".
var attrList = regexp.MustCompile("\\[([a-z0-9_]+(?:, ?[a-z0-9_]+)*)\\]|`([a-z0-9_]+(?:, ?[a-z0-9_]+)*)`")

// renameAttrLists writes the argument names of each attrList of text whose
// names are all top-level arguments of spec.forProvider (fields, from
// specFields) as the fields' names, and says whether there was one.
func renameAttrLists(fields map[string]string, text string) (string, bool) {
	found := false
	out := attrList.ReplaceAllStringFunc(text, func(list string) string {
		open, close := list[:1], list[len(list)-1:]
		names := strings.Split(list[1:len(list)-1], ",")
		for i, n := range names {
			f, ok := fields[strings.TrimSpace(n)]
			if !ok {
				return list
			}
			names[i] = strings.TrimPrefix(f, "spec.forProvider.")
		}
		found = true
		return open + strings.Join(names, ", ") + close
	})
	return out, found
}

// specFieldPath maps a Terraform attribute path of the resource (names and
// list indices) to the path of the field of mg that sets it, such as
// spec.forProvider.ports[0].internal, by the kind's tf tags. A path that
// leaves the kind's types ends where they do; "" when its first step is
// not a field.
func specFieldPath(mg resource.Terraformed, tfPath []any) string {
	p := forProviderFieldPath(mg, tfPath)
	if rest, ok := strings.CutPrefix(p, "spec.forProvider"); ok && rest != "" && fromInit(mg, tfPath) {
		// The value came from spec.initProvider, which has the same
		// fields: the one to fix is there.
		return "spec.initProvider" + rest
	}
	return p
}

// fromInit says whether the argument at tfPath gets its value from
// spec.initProvider: spec.forProvider leaves it (or an object holding it)
// unset, and spec.initProvider sets it, as mergeInit merges them.
func fromInit(mg resource.Terraformed, tfPath []any) bool {
	ip, ok := mg.(resource.InitParameterized)
	if !ok {
		return false
	}
	if first, _ := tfPath[0].(string); len(tfPath) == 1 {
		if sel, ok := mg.GetSensitiveParameters()[first]; ok {
			// A secret key selector, in neither's Terraform JSON.
			name := sel[strings.LastIndexByte(sel, '.')+1:]
			return !selectorSet(mg, "ForProvider", name) && selectorSet(mg, "InitProvider", name)
		}
	}
	init, err := ip.GetInitParameters()
	if err != nil {
		return false
	}
	params, err := mg.GetParameters()
	if err != nil {
		return false
	}
	for _, step := range tfPath {
		k, ok := step.(string)
		if !ok {
			return false // a list: spec.forProvider's when it has one
		}
		iv, pv := init[k], params[k]
		if iv == nil {
			return false
		}
		if pv == nil {
			return true
		}
		im, iok := iv.(map[string]any)
		pm, pok := pv.(map[string]any)
		if !iok || !pok {
			return false
		}
		init, params = im, pm
	}
	return false
}

// selectorSet says whether the top-level field of JSON name jsonName of
// mg's spec.<part> (ForProvider, InitProvider) is set.
func selectorSet(mg resource.Terraformed, part, jsonName string) bool {
	v := reflect.ValueOf(mg).Elem().FieldByName("Spec").FieldByName(part)
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return false
	}
	for i := 0; i < v.NumField(); i++ {
		js, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		if js == jsonName {
			return !v.Field(i).IsZero()
		}
	}
	return false
}

// forProviderFieldPath is specFieldPath under spec.forProvider.
func forProviderFieldPath(mg resource.Terraformed, tfPath []any) string {
	first, _ := tfPath[0].(string)
	if arg := mg.GetExternalName().NameArgument; arg != "" && first == arg && len(tfPath) == 1 {
		return "metadata.annotations[" + resource.AnnotationExternalName + "]"
	}
	if len(tfPath) == 1 {
		if p, ok := mg.GetSensitiveParameters()[first]; ok {
			return p
		}
	}
	spec := reflect.ValueOf(mg).Elem().FieldByName("Spec")
	if !spec.IsValid() {
		return ""
	}
	fp, ok := spec.Type().FieldByName("ForProvider")
	if !ok {
		return ""
	}
	t := fp.Type
	out := "spec.forProvider"
	for i, step := range tfPath {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch s := step.(type) {
		case int:
			if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
				return out
			}
			out += fmt.Sprintf("[%d]", s)
			t = t.Elem()
		case string:
			switch t.Kind() {
			case reflect.Map:
				out += "[" + s + "]"
				t = t.Elem()
			case reflect.Struct:
				f, ok := fieldByTF(t, s)
				if !ok {
					if i == 0 {
						return ""
					}
					return out
				}
				js, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				out += "." + js
				t = f.Type
			default:
				return out
			}
		}
	}
	return out
}

// fieldByTF is the field of struct type t whose tf tag names the
// Terraform attribute name.
func fieldByTF(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tf, _, _ := strings.Cut(f.Tag.Get("tf"), ",")
		js, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tf == name && js != "" && js != "-" {
			return f, true
		}
	}
	return reflect.StructField{}, false
}
