package config

import "testing"

// TestMissingInstanceKeyWords: the engines' summary and detail, and a
// suggestion naming one instance and all of them, for count and for_each;
// Validate (TestValidateInstanceKey) and the loader give these words.
func TestMissingInstanceKeyWords(t *testing.T) {
	for _, tc := range []struct {
		addr, arg, attr, detail, suggestion string
	}{
		{"random_pet.p", "count", "id",
			"Because random_pet.p has \"count\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    random_pet.p[count.index]",
			"read one instance, such as random_pet.p[0].id, or all of them, such as random_pet.p[*].id"},
		{"data.aws_ami.a", "for_each", "",
			"Because data.aws_ami.a has \"for_each\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    data.aws_ami.a[each.key]",
			`read one instance, such as data.aws_ami.a["KEY"], or all of them, such as values(data.aws_ami.a)[*]`},
	} {
		d := MissingInstanceKey(tc.addr, tc.arg, tc.attr)
		if d.Summary != "Missing resource instance key" || d.Detail != tc.detail || d.Suggestion != tc.suggestion || d.Subject != nil {
			t.Errorf("%s %s: got %q %q %q", tc.addr, tc.arg, d.Summary, d.Detail, d.Suggestion)
		}
	}
}
