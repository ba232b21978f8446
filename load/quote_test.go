package load

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// jsonQuote is what quote must return: encoding/json's text of s,
// without HTML escaping.
func jsonQuote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// TestQuoteIsJSONs: quote and writeQuoted give encoding/json's text for
// every ASCII byte, among others, and for text beyond ASCII.
func TestQuoteIsJSONs(t *testing.T) {
	var cases []string
	for c := range 0x80 {
		cases = append(cases, string(rune(c)), "a"+string(rune(c))+"b")
	}
	cases = append(cases, `module.m["k"].null_resource.r["a\b"]`, "<&>", "é\u2028\"x\"", "\xff\"", "")
	for _, s := range cases {
		want := jsonQuote(s)
		if got := quote(s); got != want {
			t.Errorf("quote(%q) = %s, want %s", s, got, want)
		}
		var b bytes.Buffer
		writeQuoted(&b, s)
		if got := b.String(); got != want {
			t.Errorf("writeQuoted(%q) = %s, want %s", s, got, want)
		}
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{`a"b`, "a\\b", "\x00\x1f\x7f", "é", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := jsonQuote(s)
		if got := quote(s); got != want {
			t.Errorf("quote(%q) = %s, want %s", s, got, want)
		}
		var b bytes.Buffer
		writeQuoted(&b, s)
		if got := b.String(); got != want {
			t.Errorf("writeQuoted(%q) = %s, want %s", s, got, want)
		}
	})
}
