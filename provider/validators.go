package provider

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Validator is a declarative check of an attribute's configured value,
// run when the engine validates a configuration: at every depth, so a
// validator of an attribute in a nested block checks the attribute of each
// block. A value not known yet is checked once it is known.
type Validator interface {
	// Description says what the validator requires: "between 1 and 64
	// characters long".
	Description() string
	// Validate returns what is wrong with the attribute's value, or nil.
	// The error is shown after the attribute's name ("port: must be at
	// least 1") at its path; it should say what the value must be rather
	// than quote it (the engine shows the line, and the value may be
	// sensitive).
	Validate(req ValidateRequest) error
}

// ValidateRequest is what a Validator checks.
type ValidateRequest struct {
	// Name is the attribute's name.
	Name string
	// Value is the attribute's value as operations read it: nil for null,
	// never Unknown (a validator runs on known values only).
	Value any
	// Body is the values of the body holding the attribute: the element's
	// own for a top-level attribute, else the nested block's or nested
	// object's. Its other values may be Unknown.
	Body Values

	blocks map[string]*Block
}

// isSet reports whether the body sets name: a value other than null, and
// at least one block for a block.
func (r ValidateRequest) isSet(name string) bool {
	v := r.Body[name]
	if l, ok := v.([]any); ok && r.blocks[name] != nil {
		return len(l) > 0
	}
	return v != nil
}

// checkedValidator is a Validator that Provider.Check can check against
// the attribute it is given to: typ says what is wrong with using it on a
// value of type t, or "", and names which other attributes or blocks of
// the body it names.
type checkedValidator interface {
	Validator
	check(t Type) string
	names() []string
}

// lengthValidator checks a string's length in characters.
type lengthValidator struct{ min, max int }

// LengthBetween requires a String attribute to have from min to max
// characters (Unicode characters, not bytes).
func LengthBetween(min, max int) Validator { return lengthValidator{min, max} }

// LengthAtLeast requires a String attribute to have min characters or
// more.
func LengthAtLeast(min int) Validator { return lengthValidator{min, -1} }

// LengthAtMost requires a String attribute to have max characters or
// fewer.
func LengthAtMost(max int) Validator { return lengthValidator{0, max} }

func (v lengthValidator) Description() string {
	switch {
	case v.max < 0:
		return fmt.Sprintf("at least %s long", characters(v.min))
	case v.min == 0:
		return fmt.Sprintf("at most %s long", characters(v.max))
	}
	return fmt.Sprintf("between %d and %s long", v.min, characters(v.max))
}

func characters(n int) string {
	if n == 1 {
		return "1 character"
	}
	return fmt.Sprintf("%d characters", n)
}

func (v lengthValidator) Validate(req ValidateRequest) error {
	s, ok := req.Value.(string)
	if !ok {
		return nil
	}
	if n := utf8.RuneCountInString(s); n < v.min || (v.max >= 0 && n > v.max) {
		return fmt.Errorf("must be %s", v.Description())
	}
	return nil
}

func (v lengthValidator) check(t Type) string {
	switch {
	case t != String:
		return "a length validator is for String attributes"
	case v.min < 0 || (v.max >= 0 && v.max < v.min):
		return fmt.Sprintf("the length range %d to %d is empty or negative", v.min, v.max)
	}
	return ""
}

func (lengthValidator) names() []string { return nil }

// regexValidator checks a string against a regular expression.
type regexValidator struct {
	re      *regexp.Regexp
	message string
}

// RegexMatches requires a String attribute to match re; message, when not
// empty, says in words what a value must be ("lower case letters and
// digits"), else the expression is shown.
func RegexMatches(re *regexp.Regexp, message string) Validator {
	return regexValidator{re, message}
}

func (v regexValidator) Description() string {
	if v.message != "" {
		return v.message
	}
	return "a value matching the regular expression " + v.re.String()
}

func (v regexValidator) Validate(req ValidateRequest) error {
	if s, ok := req.Value.(string); ok && !v.re.MatchString(s) {
		return fmt.Errorf("must be %s", v.Description())
	}
	return nil
}

func (v regexValidator) check(t Type) string {
	switch {
	case v.re == nil:
		return "RegexMatches was given a nil regular expression"
	case t != String:
		return "RegexMatches is for String attributes"
	}
	return ""
}

func (regexValidator) names() []string { return nil }

// oneOfValidator checks a string against the values it may take.
type oneOfValidator []string

// OneOf requires a String attribute to be one of values.
func OneOf(values ...string) Validator { return oneOfValidator(values) }

func (v oneOfValidator) Description() string {
	q := make([]string, len(v))
	for i, s := range v {
		q[i] = strconv.Quote(s)
	}
	return "one of " + orList(q)
}

func (v oneOfValidator) Validate(req ValidateRequest) error {
	s, ok := req.Value.(string)
	if !ok {
		return nil
	}
	for _, w := range v {
		if s == w {
			return nil
		}
	}
	return fmt.Errorf("must be %s", v.Description())
}

func (v oneOfValidator) check(t Type) string {
	switch {
	case len(v) == 0:
		return "OneOf was given no values"
	case t != String:
		return "OneOf is for String attributes"
	}
	return ""
}

func (oneOfValidator) names() []string { return nil }

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// rangeValidator checks a number against bounds; a nil bound is open.
type rangeValidator struct{ min, max *big.Float }

// Between requires a number attribute (Int64, Float64 or Number) to be
// from min to max, both included.
func Between(min, max float64) Validator {
	return rangeValidator{big.NewFloat(min), big.NewFloat(max)}
}

// AtLeast requires a number attribute to be min or more.
func AtLeast(min float64) Validator { return rangeValidator{min: big.NewFloat(min)} }

// AtMost requires a number attribute to be max or less.
func AtMost(max float64) Validator { return rangeValidator{max: big.NewFloat(max)} }

func (v rangeValidator) Description() string {
	switch {
	case v.max == nil:
		return "at least " + numberText(v.min)
	case v.min == nil:
		return "at most " + numberText(v.max)
	}
	return "between " + numberText(v.min) + " and " + numberText(v.max)
}

func (v rangeValidator) Validate(req ValidateRequest) error {
	f, ok := toBigFloat(req.Value)
	if ok && ((v.min != nil && f.Cmp(v.min) < 0) || (v.max != nil && f.Cmp(v.max) > 0)) {
		return fmt.Errorf("must be %s", v.Description())
	}
	return nil
}

func (v rangeValidator) check(t Type) string {
	switch {
	case t != Int64 && t != Float64 && t != Number:
		return "a number range is for Int64, Float64 and Number attributes"
	case v.min != nil && v.max != nil && v.max.Cmp(v.min) < 0:
		return fmt.Sprintf("the range %s to %s is empty", numberText(v.min), numberText(v.max))
	}
	return ""
}

func (rangeValidator) names() []string { return nil }

// combination is how a combinationValidator counts the attributes it
// names together with its own.
type combination int

const (
	conflictsWith combination = iota
	requiresWith
	exactlyOneOf
	atLeastOneOf
)

// combinationValidator checks which of the attributes or blocks of one
// body are set.
type combinationValidator struct {
	kind  combination
	other []string
}

// ConflictsWith refuses the attribute together with any of the other
// attributes or blocks of its body named.
func ConflictsWith(names ...string) Validator { return combinationValidator{conflictsWith, names} }

// RequiresWith requires the other attributes or blocks of its body named
// whenever the attribute is set (AlsoRequires, in
// terraform-plugin-framework).
func RequiresWith(names ...string) Validator { return combinationValidator{requiresWith, names} }

// ExactlyOneOf requires exactly one of the attribute and the other
// attributes or blocks of its body named to be set.
func ExactlyOneOf(names ...string) Validator { return combinationValidator{exactlyOneOf, names} }

// AtLeastOneOf requires one or more of the attribute and the other
// attributes or blocks of its body named to be set.
func AtLeastOneOf(names ...string) Validator { return combinationValidator{atLeastOneOf, names} }

func (v combinationValidator) Description() string {
	others := orList(v.other)
	switch v.kind {
	case conflictsWith:
		return "not set together with " + others
	case requiresWith:
		return "set only together with " + strings.Join(v.other, " and ")
	case exactlyOneOf:
		return "exactly one of this and " + others + " is set"
	}
	return "at least one of this and " + others + " is set"
}

func (v combinationValidator) Validate(req ValidateRequest) error {
	for _, n := range v.other {
		if !IsKnown(req.Body[n]) {
			return nil // checked once known
		}
	}
	var set, unset []string
	for _, n := range v.other {
		if req.isSet(n) {
			set = append(set, n)
		} else {
			unset = append(unset, n)
		}
	}
	self := req.Value != nil
	all := append([]string{req.Name}, v.other...)
	switch {
	case v.kind == conflictsWith && self && len(set) > 0:
		return fmt.Errorf("cannot be set together with %s: remove one of them", orList(set))
	case v.kind == requiresWith && self && len(unset) > 0:
		return fmt.Errorf("needs %s to be set too: set %s, or leave %s out", strings.Join(unset, " and "), strings.Join(unset, " and "), req.Name)
	case v.kind == exactlyOneOf && self && len(set) > 0:
		return fmt.Errorf("cannot be set together with %s: set exactly one of %s", orList(set), orList(all))
	case v.kind == exactlyOneOf && len(set) > 1:
		return fmt.Errorf("%s are set together: set exactly one of %s", strings.Join(set, " and "), orList(all))
	case (v.kind == exactlyOneOf || v.kind == atLeastOneOf) && !self && len(set) == 0:
		return fmt.Errorf("one of %s must be set", orList(all))
	}
	return nil
}

func (combinationValidator) check(Type) string { return "" }

func (v combinationValidator) names() []string { return v.other }

// validateBody runs the Validators of attrs over body, the values of a
// configuration's body at p, and those of the nested blocks and nested
// attributes inside it, adding an error at the path of each value one
// refuses; a value not wholly known is left for a later validation.
func validateBody(attrs map[string]*Attribute, blocks map[string]*Block, body map[string]any, p *path, summary string, ds *Diagnostics) {
	for _, n := range sortedKeys(attrs) {
		a, v, at := attrs[n], body[n], p.attr(n)
		req := ValidateRequest{Name: n, Value: v, Body: body, blocks: blocks}
		for _, val := range a.Validators {
			if !IsKnown(v) {
				break
			}
			if err := val.Validate(req); err != nil {
				*ds = append(*ds, Diagnostic{Severity: Error, Summary: summary, Detail: n + ": " + err.Error(), Path: at.String()})
			}
		}
		if a.Nested != nil {
			eachObject(a.Nested.Nesting, v, at, func(obj map[string]any, p *path) {
				validateBody(a.Nested.Attributes, nil, obj, p, summary, ds)
			})
		}
	}
	for _, n := range sortedKeys(blocks) {
		b := blocks[n]
		eachObject(b.Nesting, body[n], p.attr(n), func(obj map[string]any, p *path) {
			validateBody(b.Attributes, b.Blocks, obj, p, summary, ds)
		})
	}
}

// eachObject calls f with each object of a block's or nested attribute's
// value v at p, and its path.
func eachObject(nesting Nesting, v any, p *path, f func(map[string]any, *path)) {
	switch v := v.(type) {
	case map[string]any:
		if nesting == NestingMap {
			for _, k := range sortedKeys(v) {
				if obj, ok := v[k].(map[string]any); ok {
					f(obj, p.key(k))
				}
			}
			return
		}
		f(v, p)
	case []any:
		for i, e := range v {
			if obj, ok := e.(map[string]any); ok {
				f(obj, p.elem(nesting.String(), i))
			}
		}
	}
}

// checkValidators returns the problems of the Validators of attrs, the
// attributes of one body (with blocks, at prefix): a nil one, one given
// to an attribute of a type it cannot check, and names that are not in
// the body.
func checkValidators(element, prefix string, attrs map[string]*Attribute, blocks map[string]*Block) []string {
	var errs []string
	for _, n := range sortedKeys(attrs) {
		a := attrs[n]
		if a == nil {
			continue
		}
		for i, v := range a.Validators {
			fail := func(format string, args ...any) {
				errs = append(errs, fmt.Sprintf("%s: attribute %s%s: Validators[%d]: ", element, prefix, n, i)+fmt.Sprintf(format, args...))
			}
			cv, ok := v.(checkedValidator)
			if v == nil {
				fail("is nil")
			}
			if !ok {
				continue
			}
			if p := cv.check(a.Type); p != "" {
				fail("%s", p)
			} else if a.Default != nil && len(cv.names()) == 0 {
				// The default is planned without validation whenever the
				// configuration leaves the attribute out.
				if err := v.Validate(ValidateRequest{Name: n, Value: a.Default}); err != nil {
					fail("the Default does not pass it (%v): change the Default or the validator", err)
				}
			}
			for _, o := range cv.names() {
				_, attr := attrs[o]
				_, block := blocks[o]
				switch {
				case o == n:
					fail("names the attribute itself")
				case !attr && !block:
					fail("%q is not an attribute or block beside %s; name attributes and blocks of the same body", o, n)
				}
			}
		}
	}
	return errs
}
