package providertest

import (
	"strings"
	"testing"
)

// TestPathRange: ErrorAttribute names an attribute of the block the error
// is in, a nested block chosen by its index; a path into an attribute's
// value is the attribute.
func TestPathRange(t *testing.T) {
	const src = `resource "x_thing" "a" {
  name = "a"
  tags = { env = "dev" }
  rule {
    port = 1
  }
  rule {
    port = 2
  }
}
resource "x_thing" "b" {
  name = "b"
}
`
	inA := strings.Index(src, `name = "a"`)
	inB := strings.Index(src, `name = "b"`)
	line := func(needle string) int { return strings.Count(src[:strings.Index(src, needle)], "\n") + 1 }
	for _, tc := range []struct {
		at       int
		path     string
		ok       bool
		wantLine int
	}{
		{inA, "name", true, line(`name = "a"`)},
		{inB, "name", true, line(`name = "b"`)},
		{inA, `tags["env"]`, true, line("tags")},
		{inA, "rule[1].port", true, line("port = 2")},
		{inA, "rule.port", true, line("port = 1")},
		{inA, "rule[0]", true, line("rule {")},
		{inA, "rule[2].port", false, 0},
		{inA, "nope", false, 0},
		{inB, "rule[0].port", false, 0},
	} {
		rng, ok, known := pathRange(src, tc.at, tc.path)
		if !known || ok != tc.ok || ok && rng.Start.Line != tc.wantLine {
			t.Errorf("%s at byte %d: line %d, ok %v, known %v; want line %d, ok %v", tc.path, tc.at, rng.Start.Line, ok, known, tc.wantLine, tc.ok)
		}
	}
	if _, _, known := pathRange(src, len(src)+5, "name"); known {
		t.Error("an offset outside every block is known")
	}
	if _, _, known := pathRange("resource {", 0, "name"); known {
		t.Error("a configuration that does not parse is known")
	}
}
