package load

import (
	"sort"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// Sensitivity, as Terraform tracks it.
//
// A sensitive value carries sensitiveMark: the value of a variable
// declared sensitive, of a child module's output declared sensitive, of
// sensitive(), and of a resource attribute a provider schema declares
// sensitive. Marks travel through functions and operators as reasons do;
// nonsensitive() takes the mark off the value it is given. A root
// module output whose value holds a sensitive part without
// sensitive = true is Terraform's error "Output refers to sensitive
// values". The view lists the sensitive paths of each value, values
// themselves are printed as terraform show -json prints them.

// sensitivity is the type of sensitiveMark.
type sensitivity string

// sensitiveMark marks a sensitive value; it prints as Terraform's mark.
const sensitiveMark = sensitivity("sensitive")

// containsSensitive says whether v or a part of it is sensitive.
func containsSensitive(v cty.Value) bool {
	if !v.ContainsMarked() {
		return false
	}
	_, pvms := v.UnmarkDeepWithPaths()
	for _, pvm := range pvms {
		if _, ok := pvm.Marks[sensitiveMark]; ok {
			return true
		}
	}
	return false
}

// sensitivePaths lists the paths of the sensitive parts of v, written
// as the view writes paths ("" for the whole value), sorted; a part
// inside a sensitive part is not listed again.
func sensitivePaths(v cty.Value) []string {
	if !v.ContainsMarked() {
		return nil
	}
	_, pvms := v.UnmarkDeepWithPaths()
	var paths []cty.Path
	for _, pvm := range pvms {
		if _, ok := pvm.Marks[sensitiveMark]; ok {
			paths = append(paths, pvm.Path)
		}
	}
	set := map[string]bool{}
	for _, p := range paths {
		inner := false
		for _, q := range paths {
			if len(q) < len(p) && q.Equals(p[:len(q)]) {
				inner = true
				break
			}
		}
		if !inner {
			set[pathString(p)] = true
		}
	}
	out := sortedKeys(set)
	sort.Strings(out)
	return out
}

// pathString writes p as the view writes paths: attribute names and map
// keys joined by dots (quoted in brackets when they are not names),
// indexes in brackets.
func pathString(p cty.Path) string {
	s := ""
	for _, step := range p {
		switch x := step.(type) {
		case cty.GetAttrStep:
			s = joinPath(s, x.Name)
		case cty.IndexStep:
			k, _ := x.Key.Unmark()
			switch {
			case !k.IsKnown() || k.IsNull():
				s += "[?]"
			case k.Type() == cty.String:
				s = joinPath(s, k.AsString())
			case k.Type() == cty.Number:
				bf := k.AsBigFloat()
				i, _ := bf.Int64()
				s += "[" + itoa(int(i)) + "]"
			default:
				s += "[?]"
			}
		}
	}
	return s
}

// sensitiveFunc is sensitive(value): the value, marked sensitive.
var sensitiveFunc = function.New(&function.Spec{
	Description: "Treats the given value as sensitive.",
	Params:      []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowMarked: true, AllowDynamicType: true}},
	Type:        func(args []cty.Value) (cty.Type, error) { return args[0].Type(), nil },
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return args[0].Mark(sensitiveMark), nil
	},
})

// nonsensitiveFunc is nonsensitive(value): the value without the
// sensitive mark on it (marks on its parts stay, as in Terraform).
var nonsensitiveFunc = function.New(&function.Spec{
	Description: "Removes the sensitive marking from the given value.",
	Params:      []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowUnknown: true, AllowNull: true, AllowMarked: true, AllowDynamicType: true}},
	Type:        func(args []cty.Value) (cty.Type, error) { return args[0].Type(), nil },
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		delete(marks, sensitiveMark)
		return v.WithMarks(marks), nil
	},
})

// issensitiveFunc is issensitive(value): whether the value itself is
// marked sensitive; unknown for an unknown value, as in Terraform.
var issensitiveFunc = function.New(&function.Spec{
	Description: "Returns whether the given value is sensitive.",
	Params:      []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowNull: true, AllowMarked: true, AllowDynamicType: true}},
	Type:        function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		return cty.BoolVal(args[0].HasMark(sensitiveMark)), nil
	},
})
