package provider

import "strconv"

func strconvQuote(s string) string { return strconv.Quote(s) }
func itoa(i int64) string          { return strconv.FormatInt(i, 10) }

// Fragile is a custom type whose Decode panics on "boom": user code the
// framework calls outside any operation. It is exported for the tests of
// package provider_test too.
type Fragile struct{}

func (Fragile) Base() Type           { return String }
func (Fragile) Name() string         { return "fragile" }
func (Fragile) Validate(w any) error { return nil }
func (Fragile) Decode(w any) (any, error) {
	if w == "boom" {
		var m map[string]int
		m["x"] = 1 //lint:ignore SA5000 a nil map write: the panic under test
	}
	return w, nil
}
func (Fragile) Encode(v any) (any, error) { return v, nil }
func (Fragile) Equal(a, b any) bool       { return a == b }
