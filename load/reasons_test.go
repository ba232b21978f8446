package load

import (
	"slices"
	"sort"
	"testing"
)

// bareUnknowns lists the unknown parts of a view that carry no reason:
// every unknown must say why (reasons.go).
func bareUnknowns(v *View) []string {
	var out []string
	check := func(where string, u map[string][]string) {
		for p, rs := range u {
			if len(rs) == 1 && rs[0] == "unknown" {
				out = append(out, where+" "+p)
			}
		}
	}
	for _, r := range v.Resources {
		check(r.Address, r.Unknowns())
	}
	for _, u := range v.Unexpanded {
		check(u.Address, u.Unknowns())
	}
	for n, p := range v.Providers {
		check(n, unknowns(p.Attributes))
	}
	for n, o := range v.Outputs {
		check("output."+n, unknowns(o.Value))
	}
	for n, x := range v.Variables {
		check("var."+n, unknowns(x.Value))
	}
	sort.Strings(out)
	return out
}

// TestReasonsOnlyTheirs: a conditional with a known condition lists the
// reasons of the result it chose, not of the other.
func TestReasonsOnlyTheirs(t *testing.T) {
	view, _ := Dir("testdata/cases/reasons", Options{})
	want := map[string][]string{
		"conditional_true":     {"aws_x.a.id is computed by the provider"},
		"conditional_false":    {"aws_x.b.id is computed by the provider"},
		"conditional_function": {"timestamp() changes on every run"},
		"merge_unknown":        {"aws_x.b.map is computed by the provider"},
		"concat_unknown":       {"aws_x.a.list is computed by the provider"},
		"for_list":             {"aws_x.a.list is computed by the provider"},
	}
	for name, w := range want {
		got := unknowns(view.Outputs[name].Value)[""]
		if len(got) != len(w) || got[0] != w[0] {
			t.Errorf("output %s: reasons %q, want %q", name, got, w)
		}
	}
	items := unknowns(view.Outputs["items_own"].Value)
	for path, w := range map[string][]string{
		"x.ids[0]": {"aws_x.a.id is computed by the provider"},
		"y.cfg":    {"aws_x.a.list is computed by the provider"},
		"y.z[0]":   {"aws_x.b.id is computed by the provider"},
		"y.z[1]":   {"aws_x.b.map is computed by the provider"},
	} {
		if got := items[path]; len(got) != len(w) || got[0] != w[0] {
			t.Errorf("output items_own, %s: reasons %q, want %q (all: %q)", path, got, w, items)
		}
	}
	for name, w := range map[string][]string{
		"call_args":   {"aws_x.a.list is computed by the provider", "aws_x.b.id is computed by the provider"},
		"call_chosen": {"aws_x.a.list is computed by the provider"},
	} {
		if got := unknowns(view.Outputs[name].Value)[""]; !slices.Equal(got, w) {
			t.Errorf("output %s: reasons %q, want %q", name, got, w)
		}
	}
	if u := unknowns(view.Outputs["known_beside_unknown"].Value); len(u) != 1 || len(u["unknown"]) != 1 {
		t.Errorf("known_beside_unknown: %q, want only the unknown part with its one reason", u)
	}
	if b := bareUnknowns(view); len(b) > 0 {
		t.Errorf("unknowns without a reason: %q", b)
	}
}
